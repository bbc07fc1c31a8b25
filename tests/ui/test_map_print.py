"""The printed map reads on paper: each defender's field outlined and named, entry
zones labelled on boxes that grow with the print's scale, a light "print" palette
(the default for a PDF or a true-size map) and a PDF of lossless, small pages."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pygame
import pytest
import shapely
from PIL import Image

from game.board.terrain import TerrainKind
from game.ui import mapexport
from game.ui.camera import Camera
from game.ui.defence import DefenceOverlays, compute_overlays, draw_overlays
from game.ui.overlay_draw import (
    FIRE_DARK,
    FIRE_LONG,
    FIRE_NORMAL,
    FIRE_PALE,
    entry_tags,
    field_edge,
    field_tags,
)
from game.ui.render import style
from main import main
from tests.overlays.overlay_kit import HORDE, MINI_RAID, game_at

Image.MAX_IMAGE_PIXELS = None


def table_camera(game, px_per_cm: float) -> Camera:  # type: ignore[no-untyped-def]
    board = game.state.board
    w, h = round(board.width * px_per_cm), round(board.height * px_per_cm)
    return mapexport.board_camera(game, pygame.Rect(0, 0, w, h), px_per_cm)


def inner_edges(fire, samples: int = 200) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    """Points on a defender's field edge that lie inside another defender's field
    (the union's fill shows no edge there: only the defender's own outline does)."""
    out = []
    for field in fire.each:
        for part in shapely.get_parts(field.normal):
            ring = part.exterior
            for i in range(samples):
                p = ring.interpolate(i / samples, normalized=True)
                others = [o for o in fire.each if o is not field]
                if any(o.normal.buffer(-1.0).contains(p) for o in others):
                    out.append((p.x, p.y))
    return out


def near_colour(surface: pygame.Surface, at: tuple[int, int], colour: tuple[int, int, int]) -> bool:
    x, y = at
    return any(
        tuple(surface.get_at((x + dx, y + dy)))[:3] == colour
        for dx in range(-2, 3)
        for dy in range(-2, 3)
        if 0 <= x + dx < surface.get_width() and 0 <= y + dy < surface.get_height()
    )


def test_each_defenders_field_is_outlined_where_the_union_shows_no_edge() -> None:
    game = game_at(HORDE)
    overlays = compute_overlays(game, ["fire"])
    assert overlays.fire is not None and len(overlays.fire.each) >= 5
    points = inner_edges(overlays.fire)
    assert len(points) > 50
    paper = style.palette("print")
    cam = table_camera(game, 8.0)
    found = {}
    for each in (False, True):
        surface = pygame.Surface(cam.view[2:])
        surface.fill(paper.table)
        draw_overlays(surface, cam, overlays, each_field=each, palette=paper)
        hits = [near_colour(surface, cam.to_screen(*p), FIRE_DARK) for p in points]
        found[each] = sum(hits) / len(hits)
    assert found[False] == 0.0
    assert found[True] > 0.9


def test_each_field_is_named_on_its_own_outline() -> None:
    game = game_at(HORDE)
    fire = compute_overlays(game, ["fire"]).fire
    assert fire is not None
    cam = table_camera(game, 150 / 2.54)
    names = {f.id: f.name for f in game.state.figures.values()}
    tags = field_tags(cam, fire, names)
    assert len(tags) == len(fire.each)
    for tag, field in zip(tags, fire.each, strict=True):
        assert tag.spots
        for spot in tag.spots:  # every spot sits on the field's outline, on the table
            x, y = cam.to_board(*spot.center)
            assert field.normal.exterior.distance(shapely.Point(x, y)) < 0.2 or any(
                ring.distance(shapely.Point(x, y)) < 0.2
                for part in shapely.get_parts(field.normal)
                for ring in [part.exterior]
            )
            assert 0 < x < 120 and 0 < y < 120
    assert {tag.image.get_height() for tag in tags} == {tags[0].image.get_height()}


def test_entry_labels_grow_with_the_print_and_sit_on_a_box() -> None:
    game = game_at(HORDE)
    zones = mapexport.entry_zones(game)
    heights = []
    for scale in (1.0, 0.5):
        cam = table_camera(game, 150 / 2.54 * scale)
        size = mapexport.text_px(cam, mapexport.ENTRY_TEXT_CM, 12)
        tags = entry_tags(cam, zones, size)
        heights.append(tags[0].image.get_height())
        table = pygame.Rect(cam.board_rect())
        assert all(table.contains(spot) for tag in tags for spot in tag.spots)  # not cut off
    assert heights[0] == pytest.approx(2 * heights[1], rel=0.15)
    assert heights[0] >= 0.45 * 150 / 2.54  # at least the text's 4.5 mm at 1:1
    # on the map: the label's white box over the zone (the screen's table is dark)
    fire = compute_overlays(game, ["fire"])
    surface, lay = mapexport.render_map(game, fire, dpi=60, palette_name="screen")
    cam = mapexport.board_camera(game, lay.board, lay.page.px_per_cm)
    south = next(z for z in zones if z.polygon[0][1] < 10)
    xs, ys = [p[0] for p in south.polygon], [p[1] for p in south.polygon]
    left, top = cam.to_screen(min(xs), max(ys))
    right, bottom = cam.to_screen(max(xs), min(ys))
    pixels = pygame.surfarray.pixels3d(surface)[left:right, top:bottom]
    white = np.all(pixels == 255, axis=2).sum()
    assert white > 0.25 * heights[0] / 150 * 60 * 60  # a real box, not a stray pixel


def test_the_print_palette_is_a_white_table_and_is_put_back() -> None:
    game = game_at(MINI_RAID)
    before = (style.TABLE, dict(style.TERRAIN))
    printed, lay = mapexport.render_map(game, DefenceOverlays(), dpi=40, palette_name="print")
    screen, _ = mapexport.render_map(game, DefenceOverlays(), dpi=40, palette_name="screen")
    cam = mapexport.board_camera(game, lay.board, lay.page.px_per_cm)
    corner = cam.to_screen(5.0, 5.0)  # open table near the corner
    assert tuple(printed.get_at(corner))[:3] == mapexport.PAPER
    assert tuple(screen.get_at(corner))[:3] == before[0]
    assert (style.TABLE, dict(style.TERRAIN)) == before  # the window's colours untouched


def test_the_print_palette_is_its_own_and_the_screen_one_follows_the_settings() -> None:
    paper = style.palette("print")
    assert paper is style.PRINT and paper.light and paper.table == mapexport.PAPER
    wall, building = TerrainKind.WALL, TerrainKind.BUILDING
    assert paper.terrain_style(wall) == style.terrain_style(wall)  # walls stay dark
    assert paper.terrain_style(building).fill == (183, 178, 174, 255)  # 55 % lighter
    assert style.palette("screen") == style.screen() and not style.screen().light
    try:
        style.use_palette("high-contrast")
        contrast = style.palette("screen")
        assert contrast.table == (52, 52, 52)
        assert contrast.terrain_style(building).outline == style.WHITE
        assert style.palette("print") is paper  # paper keeps its own colours
    finally:
        style.use_palette("okabe-ito")


def test_the_long_range_is_a_lighter_shade_of_the_field_colour() -> None:
    def over(table: tuple[int, int, int], fill: tuple[int, int, int, int]) -> np.ndarray:
        a = fill[3] / 255
        return np.array(fill[:3]) * a + np.array(table) * (1 - a)

    def lightness(rgb: np.ndarray) -> float:
        return float(rgb @ [0.299, 0.587, 0.114])

    for table in (style.TABLE, mapexport.PAPER):
        normal, long = over(table, FIRE_NORMAL.fill), over(table, FIRE_LONG.fill)
        assert lightness(long) > lightness(normal) + 10
        assert long[1] == max(long)  # still green
    assert FIRE_LONG.hatch == FIRE_NORMAL.hatch and FIRE_LONG.spacing > FIRE_NORMAL.spacing
    assert field_edge(style.PRINT) == FIRE_DARK
    assert field_edge() == field_edge(style.screen()) == FIRE_PALE


@pytest.mark.parametrize(
    ("name", "args", "table"),
    [
        ("map.pdf", [], "print"),
        ("map.png", [], "print"),
        ("map.png", ["--scale", "1:2"], "screen"),
        ("map.png", ["--palette", "screen"], "screen"),
    ],
)
def test_the_palette_follows_the_output_unless_chosen(
    name: str, args: list[str], table: str, tmp_path: Path
) -> None:
    assert mapexport.default_palette(Path("x.pdf"), 0.5) == "print"
    out = tmp_path / name
    code = main(["map", str(MINI_RAID), "-o", str(out), "--overlay", "none", "--dpi", "30", *args])
    assert code == 0
    if out.suffix == ".pdf":
        data = out.read_bytes()
        assert b"/FlateDecode" in data and b"/DCTDecode" not in data
        return
    with Image.open(out) as image:
        grey = np.asarray(image.convert("L"))
    light = float((grey > 200).mean())  # the paper around the table is white in both
    assert (light > 0.7) == (table == "print"), light


def test_a_true_size_pdf_is_small_and_lossless(tmp_path: Path) -> None:
    out = tmp_path / "mini.pdf"
    assert main(["map", str(MINI_RAID), "-o", str(out), "--overlay", "fire,dead"]) == 0
    data = out.read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
    assert pages > 1
    assert len(data) / pages < 250_000  # JPEG pages were ~1.4 MB each
    assert b"/DCTDecode" not in data
