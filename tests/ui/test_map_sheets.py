"""The printed map on several sheets (issue #18): the title block and the legend on a
first page of their own, at most a page wide (never cut at a page edge); the table
centred on the sheets (no sheet with a thin strip of it), blank sheets left out and
the plan of how the sheets go together still right; terrain kinds keyed; figure
names on plates so they read over the overlays."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
from PIL import Image

from game.engine import Game
from game.i18n import set_language
from game.loading import load_scenario
from game.state import Figure
from game.ui import mapexport, mapprint
from game.ui.defence import compute_overlays
from game.ui.render.figures import Marks, name_label

ROOT = Path(__file__).resolve().parents[2]
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
DPI = 75


def _ink(image: Image.Image) -> float:
    """The share of a picture that is not white paper."""
    return float((np.asarray(image.convert("L")) < 250).mean())


def test_a_tiled_map_has_a_page_for_its_title_and_legend(tmp_path: Path) -> None:
    game = Game(load_scenario(HORDE), seed=1)
    overlays = compute_overlays(game, ["fire", "dead", "threat"])
    surface, lay = mapexport.render_map(game, overlays, dpi=DPI, palette_name="print")
    printable = mapprint.printable(DPI)
    assert lay.title.width <= printable[0] and lay.legend.width <= printable[0]
    assert "terrain_wall" in lay.keys and "terrain_rubble" in lay.keys
    out = tmp_path / "horde.pdf"
    count = mapexport.save_map(surface, lay, out, "Horde")
    image = mapexport.to_image(surface)
    pages = mapprint.sheets(
        image, DPI, "Horde", "1:1", mapexport._rect4(lay.sheet), mapexport._blocks(lay)
    )
    assert count == len(pages)
    grid = mapprint.page_grid(lay.sheet.size, DPI)
    assert count == 1 + grid.count  # the first page, then every sheet (none is blank)
    margin = grid.margin
    for page in pages[1:]:  # every sheet holds a good part of the table
        inside = page.crop((margin, margin, page.width - margin, page.height - margin))
        assert _ink(inside) > 0.2  # a corner sheet: about half its width, a third down
    front = pages[0].crop((margin, margin, pages[0].width - margin, pages[0].height - margin))
    assert 0.05 < _ink(front) < 0.6  # the title block, the legend and the plan


def test_the_table_is_centred_and_blank_sheets_are_left_out() -> None:
    tile = mapprint.page_grid((10, 10), DPI).tile
    size = (tile[0] * 2 + 40, tile[1] + 20)  # just over 2 × 1 tiles: 3 × 2 sheets
    image = Image.new("RGB", (size[0], size[1] + 100), "white")
    image.paste((40, 40, 40), (0, 0, tile[0], size[1]))  # the right column stays blank
    image.paste((10, 10, 10), (0, size[1], 80, size[1] + 100))  # a "legend" under it
    grid = mapprint.page_grid(size, DPI).centred()
    assert (grid.cols, grid.rows) == (3, 2)
    assert grid.offset == ((3 * tile[0] - size[0]) // 2, (2 * tile[1] - size[1]) // 2)
    left = grid.box(0, 0)
    assert left[2] - left[0] == tile[0] - grid.offset[0]  # half a tile, not a strip
    pages = mapprint.sheets(
        image, DPI, "T", "1:1", (0, 0, *size), [(0, size[1], 80, size[1] + 100)]
    )
    assert len(pages) == 1 + 4  # the right column's two sheets are plain paper


def test_names_on_the_print_sit_on_a_plate() -> None:
    pygame.font.init()
    game = Game(load_scenario(HORDE), seed=1)
    fig: Figure = next(f for f in game.state.figures.values() if f.on_table)
    window = name_label(fig, (100.0, 100.0), 20.0, Marks())
    printed = name_label(fig, (100.0, 100.0), 20.0, Marks(), 21)
    on_screen, on_paper = window.options[0].image, printed.options[0].image
    assert on_screen.get_at((0, on_screen.get_height() // 2)).a == 0
    assert on_paper.get_at((1, on_paper.get_height() // 2)).a > 100


def test_the_terrain_key_says_what_each_kind_does() -> None:
    game = Game(load_scenario(HORDE), seed=1)
    entries = {e.key: e.label for e in mapexport.terrain_entries(game)}
    assert entries["terrain_rubble"] == "Rubble: Light cover; difficult ground"
    set_language("de")
    try:
        german = {e.key: e.label for e in mapexport.terrain_entries(game)}
    finally:
        set_language("en")
    assert german["terrain_rubble"].startswith("Trümmer")
