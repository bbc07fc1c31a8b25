"""Flow fields for the horde, checked against exact paths (RULES.md §8, §12)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import LineString, box

from game.board.fields import FlowField
from game.board.freespace import Circle, free_space
from game.board.paths import find_path
from game.board.terrain import Board
from game.loading import load_scenario

DATA = Path(__file__).parent / "data"
R = 1.25


def board(name: str) -> Board:
    return Board.from_scenario(load_scenario(DATA / f"paths_{name}.toml"))


def sample(b: Board, n: int, seed: int) -> list[tuple[float, float]]:
    rng = np.random.default_rng(seed)
    space = free_space(b, R)
    pts = [(float(x), float(y)) for x, y in rng.uniform(0, [b.width, b.height], (n, 2))]
    return [p for p in pts if space.problem(p) is None]


@pytest.mark.parametrize(("neighbours", "tolerance"), [(16, 0.045), (32, 0.03)])
def test_field_matches_exact_paths(neighbours: int, tolerance: float) -> None:
    b = board("maze")
    goal = (80.0, 10.0)
    field = FlowField(b, [goal], radius=R, neighbours=neighbours)
    pts = sample(b, 300, seed=21)
    values = field.distance_at(np.asarray(pts))
    for p, value in zip(pts, values, strict=True):
        exact = find_path(b, goal, p, radius=R)
        if exact.reachable and exact.cost_cm > 3:
            assert value == pytest.approx(exact.cost_cm, rel=tolerance), p
    assert field.distance_at(goal) == pytest.approx(0.0, abs=0.5)  # within a cell


def test_nearest_of_several_goals_and_area_goals() -> None:
    b = board("wall")
    left, right = (10.0, 30.0), (90.0, 30.0)
    both = FlowField(b, [left, right], radius=R)
    only_left = FlowField(b, [left], radius=R)
    only_right = FlowField(b, [right], radius=R)
    pts = np.asarray(sample(b, 100, seed=2))
    expected = np.minimum(only_left.distance_at(pts), only_right.distance_at(pts))
    assert np.allclose(both.distance_at(pts), expected)
    shelter = FlowField(b, [box(80, 20, 90, 40)], radius=R)
    assert shelter.distance_at((85.0, 30.0)) == 0.0
    assert shelter.distance_at((70.0, 30.0)) == pytest.approx(10.0, rel=0.02)


def test_vectorised_and_single_lookups_agree() -> None:
    b = board("maze")
    field = FlowField(b, [(80.0, 10.0)], radius=R)
    pts = sample(b, 50, seed=4)
    many = field.distance_at(np.asarray(pts))
    assert [field.distance_at(p) for p in pts] == pytest.approx(list(many))


def test_step_goes_downhill_by_the_allowance() -> None:
    b = board("maze")
    goal = (80.0, 10.0)
    field = FlowField(b, [goal], radius=R)
    solid = b.solid_geometry()
    for p in sample(b, 40, seed=9):
        before = field.distance_at(p)
        if not np.isfinite(before) or before < 12:
            continue
        step = field.step(p, 10.0)
        assert step.reachable and step.points[0] == p
        assert step.cost_cm == pytest.approx(10.0, abs=1e-6)
        after = field.distance_at(step.points[-1])
        assert after <= before - 10.0 * 0.9
        assert LineString(step.points).distance(solid) >= R - 0.3
    near = field.step((78.0, 10.0), 10.0)
    assert near.complete and near.end == pytest.approx(goal, abs=0.5)


def test_unreachable_goal_and_blocking_bases() -> None:
    b = board("enclosed")
    yard = FlowField(b, [(40.0, 30.0)], radius=R)
    assert yard.distance_at((60.0, 30.0)) == np.inf
    assert not yard.step((60.0, 30.0), 10.0).reachable
    b.set_gate("yard-gate", True)
    opened = FlowField(b, [(40.0, 30.0)], radius=R)
    assert opened.distance_at((60.0, 30.0)) == pytest.approx(20.0, rel=0.02)
    gate_guard = [Circle(49.0, 30.0, 1.25)]
    guarded = FlowField(b, [(40.0, 30.0)], radius=R, obstacles=gate_guard)
    assert guarded.distance_at((60.0, 30.0)) > 25  # the gap beside the guard is too narrow


def test_sampling_is_bilinear_in_the_open_and_nearest_cell_at_walls() -> None:
    """The compiled sampler against the rule written out with numpy: bilinear between
    the 4 surrounding cells where all are reached, else min of cost + distance."""
    b = board("maze")
    field = FlowField(b, [(80.0, 10.0)], radius=R, obstacles=[Circle(40.0, 30.0, R)])
    grid = field.grid
    pts = np.random.default_rng(4).uniform(-1, [b.width + 1, b.height + 1], (5000, 2))
    cells, d, bilinear = grid.around(pts)
    value = np.where(field.free[cells], field.dist[cells], np.inf)
    nearest = (value + d * grid.weight[cells]).min(axis=1)
    smooth = np.isfinite(value).all(axis=1)
    blend = (np.where(smooth[:, None], value, 0.0) * bilinear).sum(axis=1)
    want = np.where(smooth, np.minimum(blend, nearest), nearest)
    assert np.array_equal(field.distance_at(pts), want)
    assert 0 < smooth.sum() < len(pts)  # both rules are exercised
    assert np.isinf(field.distance_at(np.array([[np.nan, 3.0]]))).all()
