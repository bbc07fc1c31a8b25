"""Properties of the sight kernel on random boards, against a plain shapely reference.

The reference traces every sight line with `LineString.intersects` over every piece
(the naive loop the kernel replaces): a line is blocked if it meets a sight blocker
(or starts inside one), and takes the best cover of the cover pieces it meets that
the viewer does not ignore (base contact within the gap, or overlooked from a
watchtower). Visibility is symmetric (docs/RULES.md §10); cover is not, because of the
viewer-contact and watchtower exceptions and because the two fans differ.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from game.board.sight import (
    SightParams,
    line_of_sight,
    line_of_sight_batch,
    sight_matrix,
)
from game.board.terrain import OVERLOOKED_FROM_PLATFORM, Board, TerrainKind, make_piece

KINDS = [
    TerrainKind.WALL,
    TerrainKind.BUILDING,
    TerrainKind.BARRICADE,
    TerrainKind.LOW_WALL,
    TerrainKind.CRATES,
    TerrainKind.HEDGE,
    TerrainKind.SMOKE,
    TerrainKind.WATCHTOWER,
]
coord = st.integers(0, 80).map(lambda v: v / 2)


@st.composite
def pieces(draw: st.DrawFn) -> tuple[TerrainKind, Polygon]:
    kind = draw(st.sampled_from(KINDS))
    x, y = draw(coord), draw(coord)
    w = draw(st.integers(1, 16)) / 2
    h = draw(st.integers(1, 16)) / 2
    poly = box(x, y, x + w, y + h)
    angle = draw(st.sampled_from([0, 0, 30, 45, 90, 117]))
    if draw(st.booleans()):
        # An L-shape: non-convex pieces must work too.
        poly = poly.difference(box(x + w / 2, y + h / 2, x + w + 1, y + h + 1))
    return kind, affinity.rotate(poly, angle, origin="centroid")


@st.composite
def boards(draw: st.DrawFn) -> Board:
    board = Board(40.0, 40.0)
    for i, (kind, poly) in enumerate(draw(st.lists(pieces(), min_size=1, max_size=7))):
        board.add(make_piece(f"p{i}", kind, poly, is_module=kind is TerrainKind.WATCHTOWER))
    return board


points = st.tuples(coord, coord)


def reference_lines(
    board: Board, viewer: tuple[float, float], ends: np.ndarray, radius: float, gap: float
) -> tuple[np.ndarray, np.ndarray]:
    """(blocked, level) per line by the naive shapely loop."""
    centre = Point(viewer)
    on_tower = any(p.is_platform and p.polygon.intersects(centre) for p in board)
    blocked, level = [], []
    for end in ends:
        line = LineString([viewer, tuple(end)])
        hit_block = False
        best = 0
        for piece in board:
            if piece.blocks_sight:
                if line.intersects(piece.polygon) or piece.polygon.contains(centre):
                    hit_block = True
            elif piece.cover > 0 and line.intersects(piece.polygon):
                ignored = piece.polygon.distance(centre) <= radius + gap
                ignored |= on_tower and piece.kind in OVERLOOKED_FROM_PLATFORM
                if not ignored:
                    best = max(best, int(piece.cover))
        blocked.append(hit_block)
        level.append(2 if hit_block else best)
    return np.array(blocked), np.array(level)


@given(boards(), points, st.lists(points, min_size=1, max_size=6))
def test_kernel_matches_naive_shapely_loop(board: Board, viewer, targets) -> None:  # type: ignore[no-untyped-def]
    targets = [t for t in targets if t != viewer] or [(viewer[0] + 3, viewer[1] + 1)]
    batch = line_of_sight_batch(board, viewer, targets)
    for i in range(len(targets)):
        blocked, level = reference_lines(board, viewer, batch.line_ends[i], 1.25, 0.5)
        assert batch.line_blocked[i].tolist() == blocked.tolist()
        assert batch.line_cover[i].tolist() == level.tolist()
        res = batch.result(i)
        assert res.visible_fraction == 1 - blocked.mean()
        assert set(res.blocking) == {
            p.id
            for p in board
            if p.blocks_sight
            and any(LineString([viewer, tuple(e)]).intersects(p.polygon) for e in res.line_ends)
        }


@given(boards(), points, points)
def test_visibility_is_symmetric_for_equal_bases(board: Board, a, b) -> None:  # type: ignore[no-untyped-def]
    if a == b:
        return
    ab = line_of_sight(board, a, b)
    ba = line_of_sight(board, b, a)
    assert ab.visible == ba.visible
    # Either fan's clear lines are enough; no clear line anywhere means hidden.
    assert ab.visible == (ab.visible_fraction > 0 or ba.visible_fraction > 0)


@given(boards(), st.lists(points, min_size=2, max_size=7, unique=True))
def test_matrix_agrees_with_single_queries(board: Board, figures) -> None:  # type: ignore[no-untyped-def]
    matrix = sight_matrix(board, figures)
    assert (matrix.visible == matrix.visible.T).all()
    assert not matrix.visible.diagonal().any()
    for i, a in enumerate(figures):
        for j, b in enumerate(figures):
            if i == j:
                continue
            res = line_of_sight(board, a, b)
            assert matrix.visible[i, j] == res.visible
            assert matrix.visible_fraction[i, j] == res.visible_fraction
            assert matrix.cover[i, j] == int(res.cover)


@given(boards(), points, st.lists(points, min_size=1, max_size=5))
def test_batch_radii_and_knobs_agree_with_single_queries(board: Board, viewer, targets) -> None:  # type: ignore[no-untyped-def]
    targets = [t for t in targets if t != viewer] or [(viewer[0] + 5, viewer[1])]
    radii = [1.25 + 0.75 * (i % 2) for i in range(len(targets))]
    params = SightParams(sight_lines=7, cover_share=0.4, contact_gap=0.3)
    batch = line_of_sight_batch(
        board, viewer, targets, viewer_radius=2.0, target_radii=radii, params=params
    )
    for i, target in enumerate(targets):
        single = line_of_sight(
            board, viewer, target, viewer_radius=2.0, target_radius=radii[i], params=params
        )
        assert batch.result(i).to_dict() == single.to_dict()
        assert batch.line_ends.shape == (len(targets), 7, 2)
