"""Reachable area on the movement grid, checked against exact paths (RULES.md §4)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import Point

from game.board.freespace import Circle, free_space
from game.board.grid import stencil
from game.board.paths import find_path
from game.board.reach import reachable_area
from game.board.terrain import Board
from game.loading import load_scenario

DATA = Path(__file__).parent / "data"
R = 1.25


def board(name: str) -> Board:
    return Board.from_scenario(load_scenario(DATA / f"paths_{name}.toml"))


def free_points(b: Board, n: int, seed: int) -> list[tuple[float, float]]:
    rng = np.random.default_rng(seed)
    space = free_space(b, R)
    out: list[tuple[float, float]] = []
    while len(out) < n:
        p = (float(rng.uniform(0, b.width)), float(rng.uniform(0, b.height)))
        if space.problem(p) is None:
            out.append(p)
    return out


def test_stencils_have_16_and_32_unique_steps() -> None:
    for size in (16, 32):
        steps = stencil(size)
        assert len(set(steps)) == size
        assert all(max(abs(a), abs(b)) <= 3 for a, b in steps)


def test_grid_costs_agree_with_exact_paths_within_3_percent() -> None:
    b = board("maze")
    start = (10.0, 30.0)
    area = reachable_area(b, start, 40.0, radius=R)
    compared = 0
    for p in free_points(b, 500, seed=11):
        exact = find_path(b, start, p, radius=R)
        if not exact.reachable or not 2.0 < exact.cost_cm < 39.0:
            continue
        compared += 1
        grid = float(area.cost_at([p])[0])
        assert grid == pytest.approx(exact.cost_cm, rel=0.03), (p, exact.points)
    assert compared > 80


def test_area_polygon_matches_exact_reachability() -> None:
    b = board("maze")
    start, allowance = (45.0, 30.0), 15.0
    area = reachable_area(b, start, allowance, radius=R, obstacles=[Circle(50.0, 26.0, 1.25)])
    polygon = area.polygon
    assert polygon.area > 100
    checked = 0
    for p in free_points(b, 600, seed=12):
        if polygon.boundary.distance(Point(p)) < 0.5:
            continue  # within a cell of the area's edge
        exact = find_path(b, start, p, radius=R, obstacles=[Circle(50.0, 26.0, 1.25)])
        inside = polygon.contains(Point(p))
        if inside:
            checked += 1
            assert exact.reachable and exact.cost_cm <= allowance * 1.03 + 0.5
        elif exact.reachable and exact.cost_cm < allowance * 0.97 - 0.5:
            pytest.fail(f"{p} costs {exact.cost_cm:.2f} but is outside the area")
    assert checked > 10


def test_difficult_ground_halves_the_reach() -> None:
    b = board("rubble")
    area = reachable_area(b, (10.0, 20.0), 20.0, radius=R)
    # 10 cm of open ground to the rubble at x = 20, then 10 cm buy 5 cm of rubble
    assert area.contains((24.5, 20.0))
    assert not area.contains((25.8, 20.0))
    assert area.cost_at([(22.0, 20.0)])[0] == pytest.approx(14.0, rel=0.01)
    assert area.contains((10.0, 29.5))  # 9.5 cm up, open ground
    assert not area.contains((10.0, 38.7)) or area.cost_at([(10.0, 38.7)])[0] <= 20.0


def test_enclosure_and_bases_limit_the_area() -> None:
    b = board("enclosed")
    outside = reachable_area(b, (60.0, 30.0), 30.0, radius=R)
    assert not outside.contains((40.0, 30.0))  # inside the closed yard
    assert outside.contains((60.0, 50.0))
    hemmed = [
        Circle(60.0 + 3.0 * np.cos(a), 30.0 + 3.0 * np.sin(a), 1.25)
        for a in np.linspace(0, 2 * np.pi, 9)[:-1]
    ]
    boxed_in = reachable_area(b, (60.0, 30.0), 30.0, radius=R, obstacles=hemmed)
    assert boxed_in.polygon.area < 2.0
    assert not boxed_in.contains((60.0, 40.0))


def test_blocked_start_has_an_empty_area() -> None:
    b = board("enclosed")
    area = reachable_area(b, (31.0, 30.0), 10.0, radius=R)
    assert area.polygon.is_empty
    assert not area.contains((31.0, 30.0))
