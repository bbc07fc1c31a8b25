"""Rendering: the cached terrain layer, kinds told apart without colour, side
shapes, markers, and frames of every shipped scenario."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest
from table_kit import make_app, shot

from game.board.terrain import Board, TerrainKind, make_piece
from game.state import NoiseMarker, OverwatchZone
from game.ui.camera import Camera
from game.ui.render import draw, style, terrain
from game.ui.render.figures import Marks, draw_figure

K = TerrainKind
HATCHED = [
    K.WALL, K.BUILDING, K.BARRICADE, K.LOW_WALL, K.WRECK, K.RUBBLE, K.HEDGE, K.FENCE,
    K.CRATES, K.SMOKE, K.BURNING, K.GATE, K.WATCHTOWER, K.MINEFIELD,
]  # fmt: skip


def _grey(surface: pygame.Surface) -> np.ndarray:
    rgb = pygame.surfarray.array3d(surface).astype(float)
    return rgb @ np.array([0.299, 0.587, 0.114])


def _kind_picture(kind: TerrainKind) -> np.ndarray:
    """A 20 × 20 cm piece of one kind at 4 px/cm, in grey, without its outline."""
    board = Board(40.0, 40.0)
    board.add(make_piece("p", kind, [(10, 10), (30, 10), (30, 30), (10, 30)]))
    frame = terrain.Frame(0.0, 40.0, 4.0)
    layer = terrain.render_layer((161, 161), frame, board, [])
    return _grey(layer.subsurface(pygame.Rect(44, 44, 72, 72)))


def test_terrain_kinds_differ_in_pattern_not_only_in_colour() -> None:
    """Each kind's fill, reduced to grey and to light/dark around its own median,
    differs from every other kind's in a good share of the pixels."""
    pictures = {k: _kind_picture(k) for k in HATCHED}
    patterns = {k: p > np.median(p) for k, p in pictures.items()}
    for a, b in itertools.combinations(HATCHED, 2):
        pattern_diff = float(np.mean(patterns[a] != patterns[b]))
        grey_diff = float(np.mean(np.abs(pictures[a] - pictures[b]) > 12))
        assert max(pattern_diff, grey_diff) > 0.08, (a, b, pattern_diff, grey_diff)


def test_every_module_has_an_icon_and_a_label() -> None:
    for kind in (
        K.ARSENAL,
        K.INFIRMARY,
        K.RADIO,
        K.STORAGE,
        K.SHELTER,
        K.MINEFIELD,
        K.WATCHTOWER,
        K.GATE,
    ):
        assert kind in terrain.ICON_OF
        assert terrain.kind_label(kind)
    assert len({terrain.ICON_OF[k] for k in terrain.ICON_OF}) == len(terrain.ICON_OF)


def test_terrain_layer_is_cached_per_board_version_and_zoom() -> None:
    app = make_app("table")
    layer = app.table.terrain
    app.render()
    app.render()
    assert layer.renders == 1
    app.camera.pan(20, 0)
    app.render()
    assert layer.renders == 1  # the whole table fits in one layer: panning is free
    app.camera.zoom_at(1.3, (600, 500))
    app.render()
    assert layer.renders == 2
    app.game.state.board.add_zone(
        K.SMOKE, make_piece("s", K.SMOKE, [(0, 0), (5, 0), (5, 5)]).polygon, 3
    )
    app.render()
    assert layer.renders == 3


def test_close_zoom_renders_only_the_view() -> None:
    app = make_app("table")
    app.camera.zoom_at(40.0, (600, 500))
    app.render()
    assert app.table.terrain._surface.get_size() == app.layout.table.size


def _glyph_mask(side: int) -> np.ndarray:
    surf = pygame.Surface((60, 60))
    surf.fill((0, 0, 0))
    draw.draw_glyph(surf, style.side_shape(side), (30, 30), 20, (255, 255, 255))
    return pygame.surfarray.array2d(surf) != 0


def test_sides_differ_by_shape_as_well_as_colour() -> None:
    masks = [_glyph_mask(i) for i in range(4)]
    for a, b in itertools.combinations(range(4), 2):
        assert np.mean(masks[a] != masks[b]) > 0.03
    assert len(set(style.SIDE_COLOURS)) == len(style.SIDE_COLOURS)


def test_status_icons_are_drawn_around_the_base() -> None:
    app = make_app("table")
    fig = app.game.state.figures["mira"]
    surf = pygame.Surface((120, 120))
    surf.fill((0, 0, 0))
    draw_figure(surf, fig, (60, 60), 20, 0, Marks())
    plain = pygame.surfarray.array3d(surf).copy()
    fig.aimed, fig.took_cover, fig.suppressed, fig.infected, fig.loot = 2, True, True, True, 1
    surf.fill((0, 0, 0))
    draw_figure(surf, fig, (60, 60), 20, 0, Marks())
    marked = pygame.surfarray.array3d(surf)
    assert np.mean(np.any(plain != marked, axis=2)) > 0.015


def test_markers_sectors_and_burning_zones_are_drawn() -> None:
    app = make_app("table")
    st = app.game.state
    before = pygame.surfarray.array3d(_frame(app)).copy()
    st.noise.append(NoiseMarker(30.0, 10.0, 12.0, "firearm", st.round))
    mira = st.figures["mira"]
    mira.overwatch = OverwatchZone(mira.x, mira.y, 0.0, 60.0, 30.0, "Hunting rifle", st.round)
    burning = make_piece("fire", K.BURNING, [(45, 8), (52, 8), (52, 15), (45, 15)]).polygon
    st.board.add_zone(K.BURNING, burning, st.round + 1)
    after = pygame.surfarray.array3d(_frame(app))
    changed = np.any(before != after, axis=2)
    assert changed.mean() > 0.03
    path = shot(app, "render_markers.png")
    assert path.is_file()


def _frame(app) -> pygame.Surface:
    app.render()
    return app.screen


@pytest.mark.parametrize("name", ["refuge_horde", "refuge_raiders", "open_skirmish", "dense"])
def test_every_scenario_renders_a_full_frame(name: str) -> None:
    app = make_app(name, panels=True)
    app.update(1 / 60)
    surf = _frame(app)
    assert surf.get_size() == (1600, 1000)
    pixels = pygame.surfarray.array3d(surf)
    colours = len(np.unique(pixels.reshape(-1, 3)[::7], axis=0))
    assert colours > 40 and pixels.std() > 20
    assert app.panel_errors == []
    shot(app, f"render_{name}.png")


def test_inches_show_on_the_scale_bar() -> None:
    app = make_app("table", units="in")
    shot(app, "render_inches.png")
    cam = Camera.fitting((60.0, 60.0), (0, 0, 800, 600))
    assert cam.scale > 0
