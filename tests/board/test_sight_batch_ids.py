"""A batch's full results (with the piece ids) on a dense scene: the same answers as
single-pair `line_of_sight`, and ids that agree with a plain shapely reference.

The scene: a seeded 120 × 120 cm table with 70 pieces of every sight-relevant kind
(walls, buildings, barricades, low walls, wrecks, crates, hedges, smoke, closed and
open gates, watchtowers), rotated and overlapping, and 60 bases, some of them on a
watchtower or in contact with cover.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from shapely import affinity
from shapely.geometry import LineString, Point, box

from game.board.sight import LosResult, SightParams, line_of_sight, line_of_sight_batch
from game.board.terrain import OVERLOOKED_FROM_PLATFORM, Board, TerrainKind, make_piece

K = TerrainKind
KINDS = [
    K.WALL,
    K.BUILDING,
    K.BARRICADE,
    K.LOW_WALL,
    K.WRECK,
    K.CRATES,
    K.HEDGE,
    K.SMOKE,
    K.GATE,
    K.WATCHTOWER,
]
MODULES = {K.GATE, K.WATCHTOWER, K.BARRICADE}


@cache
def dense_scene() -> tuple[Board, np.ndarray, np.ndarray]:
    """(board, base centres, base radii), seeded."""
    rng = np.random.default_rng(2024)
    board = Board(120.0, 120.0)
    for i in range(70):
        kind = KINDS[i % len(KINDS)]
        x, y = rng.uniform(0, 112, 2)
        w, h = rng.uniform(0.5, 9, 2)
        poly = affinity.rotate(box(x, y, x + w, y + h), float(rng.uniform(0, 180)))
        piece = make_piece(f"{kind}-{i}", kind, poly, is_module=kind in MODULES)
        if kind is K.GATE and i % 20 == 8:
            piece = make_piece(piece.id, kind, poly, is_module=True, open=True)
        board.add(piece)
    points = rng.uniform(3, 117, (60, 2))
    towers = [p for p in board if p.is_platform]
    for n, tower in enumerate(towers[:4]):  # some bases stand on a tower
        c = tower.polygon.representative_point()
        points[n] = (c.x, c.y)
    radii = np.where(np.arange(60) % 3 == 0, 2.0, 1.25)
    return board, points, radii


def reference_ids(
    board: Board, res: LosResult, viewer_radius: float, gap: float
) -> tuple[set[str], set[str]]:
    """(blocking, cover_from) by the naive shapely loop over every piece and line:
    blockers met by any line; cover the viewer does not ignore met by a clear line;
    the tower under a visible target."""
    centre = Point(res.origin)
    on_tower = any(p.is_platform and p.polygon.intersects(centre) for p in board)
    lines = [LineString([res.origin, tuple(end)]) for end in res.line_ends]
    clear = [line for line, hit in zip(lines, res.line_blocked, strict=True) if not hit]
    blocking: list[str] = []
    cover_from: list[str] = []
    for piece in board:
        if piece.blocks_sight:
            if any(line.intersects(piece.polygon) for line in lines):
                blocking.append(piece.id)
        elif piece.cover > 0:
            ignored = piece.polygon.distance(centre) <= viewer_radius + gap
            ignored |= on_tower and piece.kind in OVERLOOKED_FROM_PLATFORM
            if not ignored and any(line.intersects(piece.polygon) for line in clear):
                cover_from.append(piece.id)
    target = Point(res.line_ends.mean(axis=0))
    towers = [p.id for p in board if p.is_platform and p.polygon.intersects(target)]
    if res.visible and towers:
        cover_from.append(towers[0])
    return set(blocking), set(cover_from)


def same(a: LosResult, b: LosResult) -> bool:
    return (
        a.to_dict() == b.to_dict()
        and a.terrain_cover == b.terrain_cover
        and np.array_equal(a.line_blocked, b.line_blocked)
        and np.array_equal(a.line_cover, b.line_cover)
        and np.array_equal(a.line_ends, b.line_ends)
        and (a.viewer_on_platform, a.target_on_platform)
        == (b.viewer_on_platform, b.target_on_platform)
    )


@pytest.mark.parametrize("viewer_index", [0, 1, 5, 17, 33, 48])
def test_batch_results_equal_single_pair_results(viewer_index: int) -> None:
    board, points, radii = dense_scene()
    viewer, vr = points[viewer_index], float(radii[viewer_index])
    targets = np.delete(points, viewer_index, axis=0)
    tr = np.delete(radii, viewer_index)
    eager = line_of_sight_batch(
        board, viewer, targets, viewer_radius=vr, target_radii=tr, ids=True
    ).results()
    lazy_batch = line_of_sight_batch(board, viewer, targets, viewer_radius=vr, target_radii=tr)
    one_by_one = [lazy_batch.result(i) for i in range(len(targets))]  # a trace each
    lazy = lazy_batch.results()  # one trace for all
    hits = covered = 0
    for i, target in enumerate(targets):
        single = line_of_sight(board, viewer, target, viewer_radius=vr, target_radius=tr[i])
        assert same(eager[i], single), i
        assert same(lazy[i], single), i
        assert same(one_by_one[i], single), i
        assert (set(single.blocking), set(single.cover_from)) == reference_ids(
            board, single, vr, 0.5
        )
        hits += bool(single.blocking)
        covered += bool(single.cover_from)
    assert hits > 5 and covered > 0  # the scene exercises both lists


def test_the_scene_has_towers_cover_and_blocked_views() -> None:
    board, points, _ = dense_scene()
    towers = [p for p in board if p.is_platform]
    on = [any(t.polygon.intersects(Point(p)) for t in towers) for p in points]
    assert len(towers) >= 4 and sum(on) >= 4
    results = [
        r
        for v in range(0, 60, 6)
        for r in line_of_sight_batch(board, points[v], np.delete(points, v, axis=0)).results()
    ]
    assert any(t.id in r.cover_from for r in results for t in towers)
    assert any(not r.visible for r in results) and any(r.cover_from for r in results)


def test_knobs_reach_the_batch_results() -> None:
    board, points, _ = dense_scene()
    params = SightParams(sight_lines=7, cover_share=0.3, contact_gap=0.0)
    batch = line_of_sight_batch(board, points[3], points[10:30], params=params, ids=True)
    for i, res in enumerate(batch.results()):
        single = line_of_sight(board, points[3], points[10 + i], params=params)
        assert same(res, single) and res.line_ends.shape == (7, 2)


def test_the_back_fraction_is_the_targets_own_fan() -> None:
    board, points, radii = dense_scene()
    batch = line_of_sight_batch(board, points[2], points[20:40], target_radii=radii[20:40])
    for i, res in enumerate(batch.results()):
        back = line_of_sight(
            board, points[20 + i], points[2], viewer_radius=radii[20 + i], target_radius=1.25
        )
        assert res.visible_fraction_back == back.visible_fraction
        assert res.visible == (res.visible_fraction > 0 or back.visible_fraction > 0)
    one_way = line_of_sight_batch(board, points[2], points[20:22], symmetric=False)
    assert one_way.result(0).visible_fraction_back is None
    assert one_way.result(0).to_dict()["visible_fraction_back"] is None
