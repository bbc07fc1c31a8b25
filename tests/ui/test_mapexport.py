"""`main.py map`: the printed refuge map — sizes at a DPI and scale, A4 tiling, the
command line's errors."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from PIL import Image

from game.engine import Game
from game.loading import load_scenario
from game.ui import mapexport, mapprint
from game.ui.defence import DefenceOverlays, compute_overlays
from main import main

ROOT = Path(__file__).resolve().parents[2]
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
RAIDERS = ROOT / "scenarios" / "refuge_raiders.toml"
MINI = ROOT / "tests" / "overlays" / "data" / "mini_raid.toml"
PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")

Image.MAX_IMAGE_PIXELS = None


def game_at(path: Path) -> Game:
    return Game(load_scenario(path), seed=1)


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    """Page sizes (pt) of a PDF written by Pillow."""
    data = path.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert len(boxes) == len(PAGE.findall(data))
    return [(float(w), float(h)) for w, h in boxes]


def test_scales_parse() -> None:
    assert mapexport.parse_scale("1:1") == 1.0
    assert mapexport.parse_scale("1:2") == 0.5
    assert mapexport.parse_scale("2:1") == 2.0
    assert mapexport.scale_text(0.25) == "1:4"
    for bad in ("1", "1:0", "a:b", "1:2:3", "-1:2", "1:inf"):
        with pytest.raises(ValueError):
            mapexport.parse_scale(bad)


def test_a_true_size_png_has_the_board_at_the_dpi(tmp_path: Path) -> None:
    out = tmp_path / "horde.png"
    code = main(["map", str(HORDE), "-o", str(out), "--overlay", "fire", "--dpi", "150"])
    assert code == 0
    image = Image.open(out)
    board_px = round(120 / 2.54 * 150)  # 7087 px: 120 cm at 150 dpi, 1:1
    lay = mapexport.plan_layout(game_at(HORDE), [], 150, 1.0)
    assert lay.board.size == (board_px, board_px)
    assert image.size[0] > board_px and image.size[1] > board_px
    assert image.info["dpi"] == pytest.approx((150, 150), abs=0.05)  # stored per metre
    # The table starts where the layout says: paper just outside, table just inside
    # (5 cm off the middle, between the cm ticks).
    rgb = image.convert("RGB")
    mid = lay.board.centery + round(5 / 2.54 * 150)
    assert rgb.getpixel((lay.board.left - 4, mid)) == mapexport.PAPER
    assert rgb.getpixel((lay.board.right + 3, mid)) == mapexport.PAPER
    assert rgb.getpixel((lay.board.left + 3, mid)) != mapexport.PAPER
    assert rgb.getpixel((lay.board.right - 3, mid)) != mapexport.PAPER


def test_the_board_scales_with_dpi_and_scale() -> None:
    game = game_at(MINI)  # 60 × 60 cm
    assert mapexport.plan_layout(game, [], 100, 1.0).board.size == (2362, 2362)
    assert mapexport.plan_layout(game, [], 100, 0.5).board.size == (1181, 1181)
    assert mapexport.plan_layout(game, [], 300, 0.25).board.size == (1772, 1772)


def test_render_draws_every_overlay_and_its_legend() -> None:
    game = game_at(RAIDERS)
    overlays = compute_overlays(game, ["fire", "dead", "threat"])
    surface, lay = mapexport.render_map(game, overlays, dpi=60, scale=0.5)
    assert surface.get_size() == lay.size
    keys = [entry.key for row in lay.rows for entry, _ in row]
    assert keys == [
        "fire_normal",
        "fire_long",
        "fire_each",
        "dead",
        "lanes",
        "goal",
        "defenders",
        "entry",
    ]
    bare, _ = mapexport.render_map(game, DefenceOverlays(), dpi=60, scale=0.5)
    board = lay.board
    changed = sum(
        surface.get_at((x, y)) != bare.get_at((x, y))
        for x in range(board.left, board.right, 7)
        for y in range(board.top, board.bottom, 7)
    )
    assert changed > 0.5 * (board.width // 7) * (board.height // 7)


def test_a_true_size_pdf_is_tiled_onto_a4_pages(tmp_path: Path) -> None:
    out = tmp_path / "mini.pdf"
    assert main(["map", str(MINI), "-o", str(out), "--overlay", "fire,dead", "--dpi", "150"]) == 0
    # A4 at 150 dpi: 1240 × 1754 px pages, 10 mm (59 px) margins: tiles 1122 × 1636 px.
    grid = mapprint.page_grid((3700, 3000), 150)
    assert (grid.page, grid.margin, grid.tile) == ((1240, 1754), 59, (1122, 1636))
    assert (grid.cols, grid.rows) == (4, 2)  # ceil(3700/1122), ceil(3000/1636)
    sizes = pdf_pages(out)
    game = game_at(MINI)
    _, lay = mapexport.render_map(game, compute_overlays(game, ["fire", "dead"]), dpi=150)
    w, h = lay.size  # the 60 cm board is 3543 px at 150 dpi, more with the margins
    assert w > 3543 and h > 3543
    expected = -(-w // 1122) * -(-h // 1636)
    assert len(sizes) == expected > 1
    for pw, ph in sizes:  # A4 portrait: 595.3 × 841.9 pt
        assert pw == pytest.approx(595.28, abs=0.3)
        assert ph == pytest.approx(841.89, abs=0.3)


def test_pages_carry_cut_marks_and_labels() -> None:
    image = Image.new("RGB", (2000, 1000), (40, 40, 40))
    pages = mapprint.pages(image, 150, "Test", "1:1")
    assert len(pages) == 2
    first = pages[0]
    # A cut mark left of the tile's top-left corner, in the margin, on the edge's line.
    m = 59
    assert first.getpixel((m - 10, m)) == (0, 0, 0)
    assert first.getpixel((m - 10, m + 20)) == (255, 255, 255)
    # The page label sits in the bottom margin.
    strip = first.crop((0, 1754 - m, 1240, 1754)).convert("L")
    assert strip.getextrema()[0] < 100
    # A tile of plain paper gets no page; the others are numbered without it.
    sparse = Image.new("RGB", (2000, 2000), (255, 255, 255))
    sparse.paste((40, 40, 40), (0, 0, 2000, 1000))
    assert len(mapprint.pages(sparse, 150, "Test", "1:1")) == 2  # of 2 × 2 tiles
    # A map that fits on one page gets no cut marks.
    (single,) = mapprint.pages(Image.new("RGB", (500, 400), (40, 40, 40)), 150, "T", "1:1")
    assert single.getpixel((m - 10, m)) == (255, 255, 255)


def test_heat_with_a_few_raids_lands_on_the_map(tmp_path: Path) -> None:
    out = tmp_path / "heat.png"
    args = ["map", str(MINI), "-o", str(out), "--overlay", "heat", "--games", "2"]
    assert main([*args, "--dpi", "40", "--workers", "1", "--seed", "3"]) == 0
    assert Image.open(out).size[0] > round(60 / 2.54 * 40)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--overlay", "fire,smoke"], "unknown overlay 'smoke'"),
        (["--scale", "one to one"], "--scale must look like 1:1"),
        (["--scale", "1:0"], "--scale must look like 1:1"),
        (["--dpi", "0"], "--dpi must be between"),
        (["--games", "0"], "--games must be at least 1"),
        (["--seed", "-1"], "--seed must be 0 or more"),
        (["--workers", "0"], "--workers must be 1 or more"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    out = tmp_path / "map.png"
    assert main(["map", str(HORDE), "-o", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_unwritable_or_odd_outputs_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        (tmp_path / "missing" / "map.png", "does not exist"),
        (tmp_path / "map.jpg", "must end in .png or .pdf"),
        (tmp_path, "must end in .png or .pdf"),
    ]
    for path, message in cases:
        assert main(["map", str(HORDE), "-o", str(path)]) == 2
        assert message in capsys.readouterr().err
    folder = tmp_path / "folder.png"
    folder.mkdir()
    assert main(["map", str(HORDE), "-o", str(folder)]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_a_bad_scenario_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[scenario]\nname = 'x'\n")
    assert main(["map", str(bad), "-o", str(tmp_path / "m.png")]) == 2
    assert "bad.toml" in capsys.readouterr().err


def test_render_needs_no_display() -> None:
    pygame.display.quit()
    game = game_at(MINI)
    surface, lay = mapexport.render_map(game, DefenceOverlays(), dpi=30)
    assert pygame.display.get_surface() is None
    assert surface.get_size() == lay.size
