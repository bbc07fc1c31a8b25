"""Run vaulting over thin low walls (docs/RULES.md §10, P: +5 cm, walls ≤ 1 cm thick).

Every expected number is worked out by hand. The walls are grown by the base
radius like all solid terrain: by G = R + corner_slack(R) cm (`freespace`), so a
straight path across a wall x0..x1 vaults from x0 − G to x1 + G."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString, Point, Polygon

from game.board.freespace import corner_slack, free_space
from game.board.paths import PathResult, VaultRule, find_path, truncate_path
from game.board.polyline import point_at
from game.board.terrain import Board, make_piece
from game.board.vaults import thickness, vaultable_walls

R = 1.25
G = R + corner_slack(R)
RULE = VaultRule(cost=5.0, max_thickness=1.0)
START, GOAL = (20.0, 30.0), (40.0, 30.0)


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def table(*pieces: tuple[str, str, list[tuple[float, float]]]) -> Board:
    board = Board(60.0, 60.0)
    for pid, kind, poly in pieces:
        board.add(make_piece(pid, kind, poly))
    return board


LONG_WALL = ("w", "low_wall", rect(29.5, 10, 30.5, 50))  # 1 cm thick, 40 cm long


def run(board: Board, rule: VaultRule = RULE) -> PathResult:
    return find_path(board, START, GOAL, radius=R, vault=rule)


def move(board: Board) -> PathResult:
    return find_path(board, START, GOAL, radius=R)


def keeps_clear(path: PathResult, polygon: list[tuple[float, float]]) -> bool:
    """Does the base never overlap the piece along the path?"""
    return LineString(path.points).distance(Polygon(polygon)) >= R - 1e-6


def test_thickness_is_the_diameter_of_the_largest_inscribed_circle() -> None:
    assert thickness(make_piece("a", "low_wall", rect(0, 0, 40, 1))) == pytest.approx(1.0)
    assert thickness(make_piece("b", "low_wall", rect(0, 0, 2, 40))) == pytest.approx(2.0)
    # a 1 cm wall at 45°: still 1 cm thick
    h = math.sqrt(0.5)
    diagonal = [(0, 0), (20, 20), (20 - h, 20 + h), (-h, h)]
    assert thickness(make_piece("c", "low_wall", diagonal)) == pytest.approx(1.0, abs=2e-4)
    # right triangle 3-4-5: inradius (3 + 4 - 5) / 2 = 1, so 2 cm thick
    triangle = [(0, 0), (4, 0), (0, 3)]
    assert thickness(make_piece("d", "low_wall", triangle)) == pytest.approx(2.0, abs=2e-4)


def test_only_thin_low_walls_are_vaultable() -> None:
    board = table(
        LONG_WALL,
        ("thick", "low_wall", rect(5, 5, 7, 20)),
        ("barricade", "barricade", rect(10, 5, 11, 20)),
        ("wreck", "wreck", rect(15, 5, 16, 20)),
    )
    assert vaultable_walls(board, 1.0) == ("w",)
    assert vaultable_walls(board, 2.0) == ("w", "thick")
    assert vaultable_walls(board, 0.5) == ()


def test_a_run_vaults_a_thin_wall_for_length_plus_five() -> None:
    board = table(LONG_WALL)
    found = run(board)
    assert found.points == (START, GOAL)
    assert found.length_cm == pytest.approx(20.0)
    assert found.cost_cm == pytest.approx(25.0)
    assert found.vaults == (pytest.approx((9.5 - G, 10.5 + G)),)
    assert found.vault_cm == pytest.approx(5.0)
    assert found.to_dict()["vaults"] == 1


def test_a_move_goes_around_the_same_wall() -> None:
    board = table(LONG_WALL)
    found = move(board)
    assert found.reachable and found.vaults == ()
    assert keeps_clear(found, LONG_WALL[2])
    # around an end (y = 50 or 10): at least two straight legs from (20, 30) and
    # (40, 30) to the grown corner 20 + R cm away in y and 9.5 - R cm in x
    assert found.length_cm > 2 * math.hypot(9.5 - R, 20 + R)
    assert found.cost_cm == pytest.approx(found.length_cm)


@pytest.mark.parametrize(
    ("kind", "poly"),
    [("low_wall", rect(29, 10, 31, 50)), ("barricade", rect(29.5, 10, 30.5, 50))],
    ids=["2 cm low wall", "barricade"],
)
def test_thick_low_walls_and_barricades_stay_solid(
    kind: str, poly: list[tuple[float, float]]
) -> None:
    board = table(("p", kind, poly))
    found = run(board)
    assert found.vaults == () and keeps_clear(found, poly)
    assert found.points == move(board).points
    assert found.cost_cm == pytest.approx(found.length_cm)


def test_going_around_a_short_wall_is_cheaper_than_vaulting_it() -> None:
    # a 4 cm wall: around its end costs about 2 · hypot(10, 2 + G) ≈ 21.1 < 25
    short = ("w", "low_wall", rect(29.5, 28, 30.5, 32))
    board = table(short)
    found = run(board)
    assert found.vaults == () and keeps_clear(found, short[2])
    assert found.points == move(board).points
    assert 2 * math.hypot(10 - 0.5 - G, 2 + G) < found.cost_cm < 20.0 + 5.0


def test_the_vault_cost_decides_between_over_and_around() -> None:
    board = table(LONG_WALL)
    assert run(board, VaultRule(2.0, 1.0)).cost_cm == pytest.approx(22.0)
    around = move(board)
    # dearer than going around: the Run goes around like a Move
    dear = run(board, VaultRule(around.cost_cm - 20.0 + 1.0, 1.0))
    assert dear.vaults == () and dear.points == around.points
    assert run(board, VaultRule(5.0, 0.9)).vaults == ()  # the wall is too thick now


def test_each_wall_crossed_is_one_vault() -> None:
    board = table(
        ("w1", "low_wall", rect(24.5, 5, 25.5, 55)), ("w2", "low_wall", rect(34.5, 5, 35.5, 55))
    )
    found = run(board)
    assert found.points == (START, GOAL)
    assert found.cost_cm == pytest.approx(20.0 + 2 * 5.0)
    assert found.vaults == (
        pytest.approx((4.5 - G, 5.5 + G)),
        pytest.approx((14.5 - G, 15.5 + G)),
    )


def test_leaving_a_wall_one_touches_is_no_vault() -> None:
    board = table(LONG_WALL)
    touching = (29.5 - R, 30.0)
    found = find_path(board, touching, (20.0, 30.0), radius=R, vault=RULE)
    assert found.vaults == () and found.cost_cm == pytest.approx(29.5 - R - 20.0)


def test_the_allowance_runs_out_before_the_wall() -> None:
    board = table(LONG_WALL)
    walk = truncate_path(board, run(board), 12.0)
    # the vault begins 9.5 - G cm along; landing would cost 10.5 + G + 5 > 12
    assert walk.points == (START, pytest.approx((20.0 + 9.5 - G, 30.0)))
    assert walk.cost_cm == pytest.approx(9.5 - G)
    assert not walk.complete and walk.vaults == ()
    assert free_space(board, R).problem(walk.points[-1]) is None
    assert Polygon(LONG_WALL[2]).distance(Point(walk.points[-1])) >= R


def test_an_allowance_that_pays_the_vault_lands_on_the_far_side() -> None:
    board = table(LONG_WALL)
    landing = 10.5 + G + 5.0
    walk = truncate_path(board, run(board), landing + 3.0)
    # over the wall (10.5 + G cm and 5 cm for the vault), then 3 cm more
    assert walk.points[-1] == pytest.approx((20.0 + 10.5 + G + 3.0, 30.0))
    assert walk.cost_cm == pytest.approx(landing + 3.0)
    assert walk.length_cm == pytest.approx(10.5 + G + 3.0)
    assert len(walk.vaults) == 1 and not walk.complete
    assert free_space(board, R).problem(walk.points[-1]) is None
    full = truncate_path(board, run(board), 25.0)
    assert full.complete and full.points[-1] == pytest.approx(GOAL)
    assert full.cost_cm == pytest.approx(25.0)


def test_one_run_vaults_a_long_wall_and_goes_around_a_short_one() -> None:
    long = ("a", "low_wall", rect(24.5, 5, 25.5, 55))
    short = ("b", "low_wall", rect(34.5, 28, 35.5, 32))
    board = table(long, short)
    found = run(board)
    [(begin, end)] = found.vaults  # over the long wall: from x = 24.5 - G to 25.5 + G
    assert point_at(found.points, begin)[0] == pytest.approx(24.5 - G)
    assert point_at(found.points, end)[0] == pytest.approx(25.5 + G)
    assert keeps_clear(found, short[2])
    # past the short wall's end: somewhere in x 34.5..35.5 at |y - 30| >= 2 + R
    assert found.length_cm >= math.hypot(14.5, 2 + R) + math.hypot(4.5, 2 + R)
    assert found.cost_cm == pytest.approx(found.length_cm + 5.0)
    assert found.cost_cm < 20.0 + 2 * 5.0  # cheaper than vaulting both
