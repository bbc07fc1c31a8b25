"""Visibility polygons (fields of fire) agree with single sight lines."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, box

from game.board.terrain import Board, TerrainKind, make_piece
from game.board.visibility import visibility_polygon


def test_open_board_is_the_clipped_disc() -> None:
    board = Board(60.0, 60.0)
    assert visibility_polygon(board, (30, 30), 10).area == pytest.approx(math.pi * 100, rel=0.01)
    corner = visibility_polygon(board, (0, 0), 10)
    assert corner.area == pytest.approx(math.pi * 100 / 4, rel=0.01)


def test_wall_shadow_and_cover_does_not_shade() -> None:
    board = Board(60.0, 60.0)
    board.add(make_piece("wall", TerrainKind.WALL, box(20, 25, 22, 35)))
    board.add(make_piece("crates", TerrainKind.CRATES, box(10, 40, 14, 44)))
    seen = visibility_polygon(board, (10, 30), 30)
    assert seen.contains(Point(18, 30)) and not seen.contains(Point(30, 30))
    assert seen.contains(Point(12, 50))  # behind the crates: still in sight
    assert not seen.intersects(Point(21, 30))  # inside the wall
    # The shadow is the wedge through the wall's near corners (20, 25) and (20, 35):
    # at x = 36 it spans y = 30 ± 5·26/10 = 17..43.
    assert not seen.contains(Point(36, 42.5)) and seen.contains(Point(36, 43.5))


def test_inside_a_blocker_sees_nothing() -> None:
    board = Board(60.0, 60.0)
    board.add(make_piece("bldg", TerrainKind.BUILDING, box(20, 20, 30, 30)))
    assert visibility_polygon(board, (25, 25), 10).is_empty
    with pytest.raises(ValueError):
        visibility_polygon(board, (5, 5), 0)


@st.composite
def walls(draw: st.DrawFn) -> Board:
    board = Board(50.0, 50.0)
    for i in range(draw(st.integers(1, 6))):
        x, y = draw(st.integers(0, 45)), draw(st.integers(0, 45))
        w, h = draw(st.integers(1, 12)), draw(st.integers(1, 3))
        shape = box(x, y, x + w, y + h) if draw(st.booleans()) else box(x, y, x + h, y + w)
        board.add(make_piece(f"w{i}", TerrainKind.WALL, shape))
    return board


@given(walls(), st.tuples(st.floats(0.5, 49.5), st.floats(0.5, 49.5)))
def test_polygon_matches_sight_lines(board: Board, origin: tuple[float, float]) -> None:
    poly = visibility_polygon(board, origin, 25.0)
    blockers = [p.polygon for p in board]
    if any(b.intersects(Point(origin)) for b in blockers):
        assert poly.is_empty
        return
    probes = np.random.default_rng(3).uniform(0, 50, (60, 2))
    for q in probes:
        pt = Point(q)
        if pt.distance(Point(origin)) > 24.9 or poly.boundary.distance(pt) < 1e-6:
            continue  # outside the radius, or on the boundary
        clear = not any(LineString([origin, tuple(q)]).intersects(b) for b in blockers)
        assert poly.contains(pt) == clear
