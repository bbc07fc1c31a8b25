"""Exact paths in cm (RULES.md §4 Move, §10 difficult ground, §1.4 bases)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import minimize
from shapely.geometry import LineString, Point

from game.board.freespace import Circle
from game.board.paths import find_path, nav_graph, path_cost, truncate_path
from game.board.terrain import Board, make_piece
from game.loading import load_scenario

DATA = Path(__file__).parent / "data"
R = 1.25


def board(name: str) -> Board:
    return Board.from_scenario(load_scenario(DATA / f"paths_{name}.toml"))


def around_wall_end(a: tuple[float, float], corner: tuple[float, float], r: float) -> float:
    """Tangent from a to the circle of radius r at the corner, plus the arc that
    turns the path to run horizontally over the wall's end."""
    d = math.dist(a, corner)
    tangent = math.sqrt(d * d - r * r)
    heading = math.atan2(corner[1] - a[1], corner[0] - a[0]) + math.asin(r / d)
    return tangent + r * heading


def test_path_around_a_single_wall_matches_tangent_geometry() -> None:
    b = board("wall")
    # wall x 49..51, y 10..50: the path crosses over its top end (shorter); the wall
    # is symmetric about x = 50, so the far side is the near side mirrored
    result = find_path(b, (30, 30), (70, 34), radius=R)
    exact = around_wall_end((30, 30), (49, 50), R) + 2.0 + around_wall_end((30, 34), (49, 50), R)
    assert result.reachable
    assert result.length_cm == pytest.approx(exact, rel=0.005)
    assert result.length_cm >= exact - 1e-9  # never shorter than the true path
    assert result.cost_cm == pytest.approx(result.length_cm)
    assert result.points[0] == (30, 30) and result.points[-1] == (70, 34)


def test_straight_line_in_the_open_and_symmetry() -> None:
    b = board("wall")
    result = find_path(b, (10, 55), (90, 55), radius=R)
    assert result.points == ((10, 55), (90, 55))
    assert result.length_cm == pytest.approx(80.0)
    there = find_path(b, (20, 20), (80, 25), radius=R)
    back = find_path(b, (80, 25), (20, 20), radius=R)
    assert there.length_cm == pytest.approx(back.length_cm, rel=1e-9)


def test_a_bigger_base_keeps_farther_from_the_wall() -> None:
    b = board("wall")
    small = find_path(b, (30, 30), (70, 30), radius=1.25)
    big = find_path(b, (30, 30), (70, 30), radius=2.0)
    assert big.length_cm > small.length_cm
    solid = b.solid_geometry()
    for res, r in ((small, 1.25), (big, 2.0)):
        assert LineString(res.points).distance(solid) >= r - 1e-6


def test_board_edges_are_a_boundary() -> None:
    b = board("wall")
    # Wall 49..51 x 10..50 leaves a gap of 10 cm to the top edge: fine for r = 1.25
    result = find_path(b, (45, 56), (55, 56), radius=R)
    ys = [y for _, y in result.points]
    assert max(ys) <= 60 - R + 1e-9
    # Both gaps between the wall's ends and the table edges are 10 cm wide: a 10 cm
    # base still passes, an 11 cm base does not
    fits = find_path(b, (40, 54), (60, 54), radius=4.9)
    assert fits.reachable
    assert max(y for _, y in fits.points) <= 60 - 4.9 + 1e-9
    too_big = find_path(b, (40, 54), (60, 54), radius=5.5)
    assert not too_big.reachable and too_big.reason == "no way through"


def test_difficult_band_doubles_the_cost() -> None:
    b = board("rubble")
    result = find_path(b, (10, 20), (40, 20), radius=R)
    assert result.length_cm == pytest.approx(30.0)
    assert result.cost_cm == pytest.approx(40.0)  # 10 cm of rubble cost 20
    length, cost = path_cost(b, [(22, 5), (28, 5)])
    assert (length, cost) == pytest.approx((6.0, 12.0))


def test_the_difficult_cost_knob_prices_every_cm_of_rubble() -> None:
    """`move.difficult_cost` = 3 (a scenario knob): path, polyline cost and the cut
    at an allowance all use it."""
    b = board("rubble")
    result = find_path(b, (10, 20), (40, 20), radius=R, difficult_cost=3.0)
    assert result.length_cm == pytest.approx(30.0)
    assert result.cost_cm == pytest.approx(50.0)  # 10 cm of rubble cost 30
    assert path_cost(b, [(22, 5), (28, 5)], difficult_cost=3.0) == pytest.approx((6.0, 18.0))
    # 10 cm of open ground, then 5 cm of allowance buys 5 / 3 cm of rubble
    cut = truncate_path(b, result, 15.0, difficult_cost=3.0)
    assert cut.end == pytest.approx((20.0 + 5.0 / 3.0, 20.0))
    assert (cut.length_cm, cut.cost_cm) == pytest.approx((10.0 + 5.0 / 3.0, 15.0))


def test_crossing_difficult_ground_refracts_nearly_optimally() -> None:
    b = board("rubble")
    start, goal = (10.0, 6.0), (40.0, 34.0)

    def cost(ys: np.ndarray) -> float:
        y1, y2 = ys
        return float(
            math.hypot(10, y1 - start[1])
            + 2 * math.hypot(10, y2 - y1)
            + math.hypot(10, goal[1] - y2)
        )

    best = minimize(cost, np.array([15.0, 25.0]), method="Nelder-Mead", options={"xatol": 1e-9})
    result = find_path(b, start, goal, radius=R)
    assert result.cost_cm >= best.fun - 1e-6
    assert result.cost_cm == pytest.approx(best.fun, rel=0.005)


def test_walks_around_crates_when_that_is_cheaper() -> None:
    b = board("rubble")
    # crates 44..46 x 28..32: straight through costs 10 + 2 = 12, skirting 10.94
    result = find_path(b, (40, 30), (50, 30), radius=R)
    skirt = 2 * math.hypot(4, 2) + 2
    assert result.cost_cm == pytest.approx(skirt, rel=1e-6)
    assert result.length_cm == pytest.approx(skirt, rel=1e-6)


def test_enclosed_target_is_an_answer_not_an_exception() -> None:
    b = board("enclosed")
    inside = find_path(b, (60, 30), (40, 30), radius=R)
    assert not inside.reachable
    assert inside.points == ()
    assert "no way" in inside.reason
    b.set_gate("yard-gate", True)
    opened = find_path(b, (60, 30), (40, 30), radius=R)
    assert opened.reachable
    assert opened.length_cm == pytest.approx(20.0)


@pytest.mark.parametrize(
    ("start", "goal", "reason"),
    [
        ((31, 30), (60, 30), "start overlaps solid terrain"),
        ((60, 30), (49, 24), "goal overlaps solid terrain"),
        ((60, 30), (79.5, 30), "goal off the table"),
        ((-5, 30), (60, 30), "start off the table"),
    ],
)
def test_illegal_end_points(
    start: tuple[float, float], goal: tuple[float, float], reason: str
) -> None:
    result = find_path(board("enclosed"), start, goal, radius=R)
    assert not result.reachable
    assert result.reason == reason


def test_other_bases_are_obstacles() -> None:
    b = board("wall")
    # Two bases 4 cm apart (gap 1.5 cm) block the way over the wall's top for r = 1.25
    wall_top = [Circle(50.0, 52.0, 1.25), Circle(50.0, 56.0, 1.25), Circle(50.0, 59.0, 1.0)]
    free = find_path(b, (40, 55), (60, 55), radius=R)
    blocked = find_path(b, (40, 55), (60, 55), radius=R, obstacles=wall_top)
    assert free.length_cm == pytest.approx(20.0)
    assert blocked.reachable and min(y for _, y in blocked.points) < 10
    for base in wall_top:
        line = LineString(blocked.points)
        assert line.distance(Point(base.centre)) >= base.radius + R - 1e-6
    goal_taken = find_path(b, (40, 55), (50, 56.5), radius=R, obstacles=wall_top)
    assert goal_taken.reason == "goal overlaps another base"


def test_a_base_in_contact_may_move_away() -> None:
    b = board("wall")
    other = Circle(20.0, 30.0, 1.25)
    start = (22.5, 30.0)  # exactly in base contact (gap 0)
    result = find_path(b, start, (30, 30), radius=R, obstacles=[other])
    assert result.reachable
    assert result.length_cm == pytest.approx(7.5, abs=1e-5)
    hugging_wall = find_path(b, (47.75, 30), (47.75, 5), radius=R)  # touching the wall
    assert hugging_wall.reachable
    assert hugging_wall.length_cm == pytest.approx(25.0, abs=0.05)


def test_incremental_bases_match_a_fresh_graph() -> None:
    rng = np.random.default_rng(7)
    b = board("wall")
    scratch = board("wall")
    pool = [Circle(float(x), float(y), 1.25) for x, y in rng.uniform([5, 5], [95, 55], (30, 2))]
    for _ in range(6):
        chosen = [pool[i] for i in sorted(rng.choice(len(pool), 12, replace=False))]
        start = (3.0, 3.0 + 54.0 * float(rng.random()))
        goal = (97.0, 3.0 + 54.0 * float(rng.random()))
        warm = find_path(b, start, goal, radius=R, obstacles=chosen)
        scratch.add_zone("smoke", Point(0, 0).buffer(0.1), None)  # fresh caches
        cold = find_path(scratch, start, goal, radius=R, obstacles=chosen)
        assert warm.reachable == cold.reachable
        assert warm.cost_cm == pytest.approx(cold.cost_cm, rel=1e-9)


def test_paths_keep_clear_of_everything() -> None:
    rng = np.random.default_rng(3)
    b = board("enclosed")
    b.set_gate("yard-gate", True)
    bases = [Circle(float(x), float(y), 1.25) for x, y in rng.uniform(3, [77, 57], (25, 2))]
    solid = b.solid_geometry()
    checked = 0
    for _ in range(40):
        s, g = (tuple(float(v) for v in rng.uniform(2, [78, 58])) for _ in range(2))
        res = find_path(b, s, g, radius=R, obstacles=bases)
        if not res.reachable:
            continue
        checked += 1
        line = LineString(res.points)
        assert line.distance(solid) >= R - 1e-6
        for base in bases:
            assert line.distance(Point(base.centre)) >= base.radius + R - 1e-6
        xs, ys = np.asarray(res.points).T
        assert xs.min() >= R - 1e-6 and xs.max() <= 80 - R + 1e-6
        assert ys.min() >= R - 1e-6 and ys.max() <= 60 - R + 1e-6
    assert checked >= 10


def test_truncate_by_cost_stops_inside_difficult_ground() -> None:
    b = board("rubble")
    full = find_path(b, (10, 20), (40, 20), radius=R)
    cut = truncate_path(b, full, 15.0)
    # 10 cm of open ground, then 5 cm of allowance buys 2.5 cm of rubble
    assert not cut.complete
    assert cut.end == pytest.approx((22.5, 20.0))
    assert cut.cost_cm == pytest.approx(15.0)
    assert cut.length_cm == pytest.approx(12.5)
    whole = truncate_path(b, full, 100.0)
    assert whole.complete and whole.points == full.points


def test_truncate_a_bent_path_at_its_allowance() -> None:
    b = board("wall")
    full = find_path(b, (30, 30), (70, 30), radius=R)
    cut = truncate_path(b, full, 15.0)
    assert cut.length_cm == pytest.approx(15.0)
    assert cut.end is not None
    assert math.dist(cut.end, (30, 30)) == pytest.approx(15.0)  # still on the first leg
    later = truncate_path(b, full, 30.0)
    assert later.length_cm == pytest.approx(30.0)
    assert later.end is not None and later.end[0] > 50  # past the wall's end


def test_graph_is_cached_per_movement_geometry() -> None:
    b = board("wall")
    first = nav_graph(b, R)
    assert nav_graph(b, R) is first
    assert nav_graph(b, 2.0) is not first
    b.add_zone("smoke", Point(5, 5).buffer(1), None)  # movement does not change
    assert nav_graph(b, R) is first
    b.add(make_piece("crate", "crates", [(60, 60), (64, 60), (64, 64), (60, 64)]))
    assert nav_graph(b, R) is not first
