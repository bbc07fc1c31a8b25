"""Overlay drawing (game/ui/overlay_draw.py): fills with holes and islands, tiles
that line up, heat hotspots, threat lines, legend lines."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from shapely.geometry import Polygon, box

from game.overlays.dead_ground import DeadGround
from game.overlays.heat import HeatMap
from game.overlays.heat_raids import HeatPoints, heat_map
from game.overlays.threat import Streamline, Threat
from game.ui import overlay_draw as od
from game.ui.camera import Camera
from game.ui.defence import DefenceOverlays, draw_overlays, legend_entries

BLANK = (50, 50, 50)


def canvas(w: int = 400, h: int = 300, scale: float = 5.0) -> tuple[pygame.Surface, Camera]:
    """A plain surface showing a 80 × 60 cm table at 5 px per cm."""
    surface = pygame.Surface((w, h))
    surface.fill(BLANK)
    cam = Camera((80.0, 60.0), (0, 0, w, h), scale, (w / (2 * scale), 60.0 - h / (2 * scale)))
    return surface, cam


def changed(surface: pygame.Surface) -> np.ndarray:
    """(w, h) booleans: pixels no longer blank."""
    rgb = pygame.surfarray.array3d(surface)
    return np.asarray((rgb != BLANK).any(axis=2))


def test_a_fill_covers_the_polygon_but_not_its_hole() -> None:
    surface, cam = canvas()
    ring = box(10, 10, 30, 30).difference(box(15, 15, 25, 25))
    od.fill_geometry(surface, cam, ring, od.FIRE_NORMAL)
    hit = changed(surface)
    assert hit.sum() == pytest.approx(ring.area * 25, rel=0.05)  # 5 px per cm
    x, y = cam.to_screen(20, 20)  # in the hole
    assert not hit[x, y]
    x, y = cam.to_screen(12, 12)
    assert hit[x, y]


def test_an_island_in_a_hole_is_filled() -> None:
    surface, cam = canvas()
    ring = box(10, 10, 40, 40).difference(box(15, 15, 35, 35))
    island = box(20, 20, 30, 30)
    od.fill_geometry(surface, cam, island.union(ring), od.DEAD)
    hit = changed(surface)
    for point, inside in (((25, 25), True), ((17, 17), False), ((12, 12), True)):
        x, y = cam.to_screen(*point)
        assert hit[x, y] == inside, point


def test_tiles_line_up(monkeypatch: pytest.MonkeyPatch) -> None:
    shape = Polygon([(5, 5), (70, 8), (60, 55), (8, 40)])
    one, cam = canvas()
    od.fill_geometry(one, cam, shape, od.FIRE_LONG)
    monkeypatch.setattr(od, "TILE", 37)
    many, cam = canvas()
    od.fill_geometry(many, cam, shape, od.FIRE_LONG)
    assert (pygame.surfarray.array3d(one) == pygame.surfarray.array3d(many)).all()


def test_hatch_lines_thicken_for_print() -> None:
    screen = Camera((10.0, 10.0), (0, 0, 60, 60), 6.0, (5.0, 5.0))
    paper = Camera((10.0, 10.0), (0, 0, 600, 600), 60.0, (5.0, 5.0))
    assert od.line_width(screen) == 1
    assert od.line_width(paper) == 2
    assert od.spacing(paper, od.FIRE_NORMAL) > od.spacing(screen, od.FIRE_NORMAL)
    lines = od.pattern("grid", np.arange(20)[None, :], np.arange(20)[:, None], 10, 2)
    assert lines.sum() == 20 * 20 - 16 * 16


def test_heat_colours_the_table_where_figures_fell() -> None:
    points = HeatPoints(1, {"attackers": [(20.0, 30.0)] * 3, "defenders": [], "breaches": []})
    heat = heat_map(points, 80.0, 60.0)
    surface, cam = canvas()
    od.draw_heat(surface, cam, heat)
    hit = changed(surface)
    x, y = cam.to_screen(20, 30)
    assert hit[x, y]
    assert tuple(surface.get_at((x, y)))[:3] != BLANK
    far = cam.to_screen(60, 10)
    assert not hit[far]
    assert hit.sum() < 0.1 * hit.size


def test_an_empty_heat_map_draws_nothing() -> None:
    grids = {name: np.zeros((60, 80)) for name in ("attackers", "defenders", "breaches")}
    heat = HeatMap(80.0, 60.0, 1.0, 3, grids, dict.fromkeys(grids, 0))
    surface, cam = canvas()
    od.draw_heat(surface, cam, heat)
    assert not changed(surface).any()


def test_streamlines_are_drawn_in_the_threat_colour() -> None:
    goal = box(60, 20, 70, 30)
    line = Streamline("north", ((10.0, 50.0), (40.0, 40.0), (60.0, 25.0)))
    threat = Threat("horde", "infected", "shelter", goal, (line,))
    surface, cam = canvas()
    od.draw_threat(surface, cam, [threat])
    x, y = cam.to_screen(25, 45)
    colours = {tuple(surface.get_at((x, y + dy)))[:3] for dy in range(-3, 4)}
    assert od.THREAT in colours


def test_legend_lines_follow_the_overlays() -> None:
    goal = box(60, 20, 70, 30)
    threat = Threat("horde", "infected", "shelter", goal, (Streamline("n", ((0, 0), (1, 1))),))
    grids = {name: np.ones((2, 2)) for name in ("attackers", "defenders", "breaches")}
    heat = HeatMap(2.0, 2.0, 1.0, 5, grids, {"attackers": 4, "defenders": 2, "breaches": 1})
    overlays = DefenceOverlays(threat=(threat,), heat=heat)
    keys = [e.key for e in legend_entries(overlays)]
    assert keys == ["heat_attackers", "heat_defenders", "heat_breaches", "streamlines", "goal"]
    labels = [e.label for e in legend_entries(overlays)]
    assert labels[0] == "Attackers fell: 4 in 5 raids"
    assert [e.key for e in legend_entries(overlays, shown=["threat"])] == [
        "streamlines",
        "goal",
    ]


def test_overlays_stay_on_the_table() -> None:
    surface = pygame.Surface((300, 300))
    surface.fill(BLANK)
    cam = Camera((40.0, 40.0), (0, 0, 300, 300), 5.0, (20.0, 20.0))  # table 200 px wide
    dead = box(-10, -10, 50, 50)
    ground = DeadGround(box(10, 10, 30, 30), dead, Polygon(), dead, 5.0)
    draw_overlays(surface, cam, DefenceOverlays(dead=ground))
    hit = changed(surface)
    table = pygame.Rect(cam.board_rect())
    assert hit[table.centerx, table.centery]
    assert not hit[table.left - 5, table.centery]
    assert surface.get_clip() == surface.get_rect()
