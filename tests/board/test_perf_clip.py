"""The clipping kernel (`game.board.clip`) against shapely: lengths of segments
strictly inside difficult ground, and the exact orientation predicate."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.spatial import cKDTree

from game.board.clip import crossing, inside_lengths, orient, polygon_edges
from game.board.freespace import DifficultGround, difficult_ground
from game.board.paths import nav_graph
from game.board.terrain import Board, make_piece
from game.loading import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENES = [ROOT / "scenarios" / f"{name}.toml" for name in ("refuge_horde", "refuge_raiders")]

coord = st.integers(0, 400).map(lambda v: v / 4)


def _exact_sign(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> int:
    ax, ay, bx, by, cx, cy = (Fraction(v) for v in (*a, *b, *c))
    det = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx)
    return (det > 0) - (det < 0)


table_cm = st.floats(0, 120).map(lambda v: round(v, 9))
"""Coordinates on a table (no subnormals: their products underflow)."""


@st.composite
def near_collinear(draw: st.DrawFn) -> tuple[tuple[float, float], ...]:
    a = (draw(table_cm), draw(table_cm))
    b = (draw(table_cm), draw(table_cm))
    t = draw(st.floats(-1, 2))
    nudge = draw(st.sampled_from([0.0, 1e-15, -1e-15, 1e-12, -3e-10]))
    c = (a[0] + t * (b[0] - a[0]) + nudge, a[1] + t * (b[1] - a[1]))
    return a, b, c


@settings(max_examples=400, deadline=None)
@given(near_collinear())
def test_orientation_sign_is_exact(abc: tuple[tuple[float, float], ...]) -> None:
    a, b, c = abc
    assert orient(*a, *b, *c) == _exact_sign(a, b, c)


@st.composite
def crossing_segments(draw: st.DrawFn) -> tuple[float, ...]:
    """Two segments through one point, often at a tiny angle to each other."""
    cx, cy = draw(st.floats(20, 100)), draw(st.floats(20, 100))
    a = draw(st.floats(0, 2 * math.pi))
    turn = draw(st.sampled_from([1e-9, -1e-7, 1e-4, draw(st.floats(0.01, 3.1))]))
    ends = [draw(st.floats(0.5, 20)) for _ in range(4)]
    out: list[float] = []
    for angle, (back, ahead) in ((a, ends[:2]), (a + turn, ends[2:])):
        ux, uy = math.cos(angle), math.sin(angle)
        out += [cx - back * ux, cy - back * uy, cx + ahead * ux, cy + ahead * uy]
    return tuple(round(v, 9) for v in out)


@settings(max_examples=400, deadline=None)
@given(crossing_segments())
def test_crossing_points_are_the_ones_geos_computes(seg: tuple[float, ...]) -> None:
    p1, p2, q1, q2 = seg[0:2], seg[2:4], seg[4:6], seg[6:8]
    signs = [orient(*p1, *p2, *q1), orient(*p1, *p2, *q2), orient(*q1, *q2, *p1)]
    signs.append(orient(*q1, *q2, *p2))
    assume(signs[0] * signs[1] < 0 and signs[2] * signs[3] < 0)  # a proper crossing
    point = shapely.intersection(shapely.LineString([p1, p2]), shapely.LineString([q1, q2]))
    assert point.geom_type == "Point"
    assert crossing(*seg) == (point.x, point.y)


@st.composite
def ground_and_segments(draw: st.DrawFn) -> tuple[Board, np.ndarray, np.ndarray]:
    """A board with a few (possibly overlapping, rotated) difficult pieces, and
    segments between vertices, points on edges (rounded like the graph's extra
    nodes) and free points."""
    board = Board(100.0, 100.0)
    for k in range(draw(st.integers(1, 6))):
        x, y = draw(coord) * 0.8, draw(coord) * 0.8
        w, h = draw(st.floats(1, 20)), draw(st.floats(1, 20))
        angle = draw(st.sampled_from([0.0, 30.0, 45.0, draw(st.floats(0, 90))]))
        box = shapely.affinity.rotate(shapely.box(x, y, x + w, y + h), angle, origin="centroid")
        kind = draw(st.sampled_from(["rubble", "crates", "hedge"]))
        board.add(make_piece(f"p{k}", kind, box))
    ground = DifficultGround(board)
    rings = [np.asarray(r.coords) for r in shapely.get_rings(shapely.get_parts(ground.geometry))]
    pool: list[tuple[float, float]] = []
    for ring in rings:
        for a, b in itertools.pairwise(ring):
            pool.append((float(a[0]), float(a[1])))
            t = draw(st.sampled_from([0.25, 0.5, 1 / 3, draw(st.floats(0, 1))]))
            on = np.round(a + t * (b - a), 9)
            pool.append((float(on[0]), float(on[1])))
    n = draw(st.integers(1, 25))
    idx = st.integers(0, len(pool) - 1)
    p = np.empty((n, 2))
    q = np.empty((n, 2))
    for k in range(n):
        for arr in (p, q):
            if draw(st.booleans()):
                arr[k] = pool[draw(idx)]
            else:
                arr[k] = (draw(coord), draw(coord))
    return board, p, q


@settings(max_examples=300, deadline=None)
@given(ground_and_segments())
def test_inside_length_matches_shapely(case: tuple[Board, np.ndarray, np.ndarray]) -> None:
    board, p, q = case
    ground = DifficultGround(board)
    fast = ground.inside_length(p, q)
    slow = ground.inside_length_shapely(p, q)
    length = np.hypot(*(q - p).T)
    assert np.all(fast >= 0) and np.all(fast <= length + 1e-9)
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-9)
    backwards = ground.inside_length(q, p)
    np.testing.assert_allclose(backwards, fast, rtol=0, atol=1e-9)


@pytest.mark.parametrize("scene", SCENES, ids=lambda p: p.stem)
def test_graph_edges_over_scenario_ground_match_shapely(scene: Path) -> None:
    """Segments between the graph's nodes (many on the edges of difficult ground,
    some running along them) and the ground's own corners."""
    board = Board.from_scenario(load_scenario(scene))
    ground = difficult_ground(board)
    table = polygon_edges(ground.geometry)
    points = np.vstack([nav_graph(board, 1.25)._pos, table.edges[:, :2]])
    pairs = np.array(sorted(cKDTree(points).query_pairs(6.0)))
    rng = np.random.default_rng(7)
    pairs = pairs[rng.choice(len(pairs), size=min(len(pairs), 1500), replace=False)]
    p, q = points[pairs[:, 0]], points[pairs[:, 1]]
    fast = ground.inside_length(p, q)
    slow = ground.inside_length_shapely(p, q)
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-9)
    assert (slow > 0).sum() > 50 and (slow == 0).sum() > 50  # both kinds were tested


def test_kernel_handles_holes_and_degenerate_segments() -> None:
    ring = shapely.Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(3, 3), (7, 3), (7, 7), (3, 7)]])
    table = polygon_edges(ring)
    p = np.array([[-1.0, 5.0], [0.0, 0.0], [5.0, 5.0], [2.0, 2.0], [1.0, 1.0]])
    q = np.array([[11.0, 5.0], [10.0, 0.0], [5.0, 5.0], [8.0, 8.0], [1.0, 9.0]])
    got = inside_lengths(p, q, table.edges, table.start, table.boxes)
    diag = math.hypot(1, 1)
    assert got == pytest.approx([6.0, 0.0, 0.0, 2 * diag, 8.0])
