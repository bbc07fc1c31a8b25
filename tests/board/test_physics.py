"""Bases that never overlap (RULES.md §1.4, §5.3 Wuchtig push)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import Point, box

from game.board.physics import BaseSpace, PlacementError
from game.board.terrain import Board
from game.loading import load_scenario

DATA = Path(__file__).parent / "data"
R = 1.25


def board(name: str) -> Board:
    return Board.from_scenario(load_scenario(DATA / f"paths_{name}.toml"))


def test_no_overlaps_after_1000_random_moves() -> None:
    rng = np.random.default_rng(2024)
    b = board("maze")
    space = BaseSpace(b)
    placed = 0
    while placed < 40:
        xy = (float(rng.uniform(0, 90)), float(rng.uniform(0, 70)))
        radius = R if placed % 5 else 2.0  # a few 40 mm bases
        if space.problem(xy, radius) is None:
            space.add_base(f"f{placed}", xy, radius)
            placed += 1
    ids = sorted(space.positions())
    for _ in range(1000):
        fid = ids[int(rng.integers(len(ids)))]
        x, y = space.position(fid)
        legs = rng.uniform(-8, 8, (int(rng.integers(1, 4)), 2)).cumsum(axis=0) + np.array([x, y])
        space.move_along(fid, [tuple(p) for p in legs])
        if rng.random() < 0.3:
            space.push(fid, tuple(rng.normal(size=2)), 3.0)
    assert space.overlaps() == []
    solid = b.solid_geometry()
    pos = space.positions()
    for fid, (x, y) in pos.items():
        assert solid.distance(Point(x, y)) >= space.radius(fid) - 1e-6
        for other, (ox, oy) in pos.items():
            if other < fid:
                assert math.hypot(x - ox, y - oy) >= space.radius(fid) + space.radius(other) - 1e-6


def test_move_stops_in_base_contact_and_can_leave_it() -> None:
    space = BaseSpace(board("wall"))
    space.add_base("a", (10, 30), R)
    space.add_base("b", (20, 30), R)
    end = space.move_along("a", [(30, 30)])
    assert end[0] == pytest.approx(17.5, abs=1e-6)
    assert space.gap("a", "b") >= -1e-6
    assert space.in_contact("a", "b")
    back = space.move_along("a", [(5, 30)])
    assert back == pytest.approx((5, 30))
    assert not space.in_contact("a", "b")


def test_contact_gap_is_half_a_centimetre() -> None:
    space = BaseSpace(board("wall"))
    space.add_base("a", (10, 30), R)
    space.add_base("b", (12.9, 30), R)  # gap 0.4
    space.add_base("c", (10, 33.1), R)  # gap 0.6
    assert space.in_contact("a", "b")
    assert not space.in_contact("a", "c")


def test_push_stops_at_a_wall() -> None:
    space = BaseSpace(board("wall"))  # wall x 49..51, y 10..50
    space.add_base("hit", (46, 30), R)
    end = space.push("hit", (1, 0), 3.0)
    assert end[0] == pytest.approx(49 - R, abs=1e-6)
    assert end[1] == pytest.approx(30)
    assert space.overlaps() == []
    free = space.push("hit", (-1, 0), 3.0)
    assert free[0] == pytest.approx(49 - R - 3.0)


def test_push_stops_at_another_base_and_at_the_table_edge() -> None:
    space = BaseSpace(board("wall"))
    space.add_base("a", (10, 10), R)
    space.add_base("b", (13, 10), R)
    assert space.push("a", (1, 0), 3.0)[0] == pytest.approx(13 - 2 * R, abs=1e-6)
    space.add_base("edge", (2, 50), R)
    assert space.push("edge", (-1, 0), 3.0)[0] == pytest.approx(R, abs=1e-6)


def test_moving_along_a_path_stops_before_terrain_corners() -> None:
    space = BaseSpace(board("wall"))
    space.add_base("a", (30, 30), R)
    end = space.move_along("a", [(70, 30)])  # straight into the wall
    assert end[0] == pytest.approx(49 - R, abs=1e-6)


def test_placement_is_checked() -> None:
    space = BaseSpace(board("wall"))
    space.add_base("a", (10, 30), R)
    with pytest.raises(PlacementError, match="overlaps base a"):
        space.add_base("b", (11, 30), R)
    with pytest.raises(PlacementError, match="solid terrain"):
        space.add_base("c", (50, 30), R)  # deep inside the wall
    with pytest.raises(PlacementError, match="off the table"):
        space.add_base("d", (0.5, 30), R)


def test_spawn_finds_a_free_spot_or_reports_none() -> None:
    space = BaseSpace(board("wall"))
    zone = box(0, 0, 10, 5)
    spots = []
    for k in range(20):
        spot = space.spawn(f"s{k}", zone, R)
        if spot is None:
            break
        spots.append(spot)
        assert zone.contains(Point(spot))
    assert 3 <= len(spots) < 20  # the zone fills up
    assert space.spawn("late", zone, R) is None
    assert space.overlaps() == []
    near = space.spawn("near", box(0, 0, 100, 60), R, near=(90, 55))
    assert near is not None and math.dist(near, (90, 55)) < 0.3


def test_terrain_is_rebuilt_when_the_board_changes() -> None:
    b = board("enclosed")
    space = BaseSpace(b)
    space.add_base("a", (60, 30), R)
    assert space.move_along("a", [(40, 30)])[0] == pytest.approx(50 + R, abs=1e-6)
    b.set_gate("yard-gate", True)
    assert space.move_along("a", [(40, 30)]) == pytest.approx((40, 30))
