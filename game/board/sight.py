"""Line of sight and cover between bases (RULES.md §10).

K sight lines run from the viewer's base centre to K points spread evenly across
the target base's width, perpendicular to the line of fire (the centres of K equal
strips: offsets r·(2i+1−K)/K, so no line grazes the base's tangent points).

Decisions (documented in the report and tested):
- *Touching blocks.* A line that touches a sight blocker — grazes a building
  corner, runs along a wall face — is blocked; segments are closed, exactly like
  shapely's `intersects`. Two buildings meeting at a corner leave no gap.
- *Crossing vs starting inside.* A line crosses a piece if it meets its boundary.
  A line starting inside cover (the viewer stands in rubble) is ignored anyway: that
  piece is in base contact with the viewer. A line starting inside a sight blocker
  is blocked.
- *Symmetry.* Sight lines fan out from the viewer's centre, so the fans A→B and B→A
  differ; a base peeking past a corner can be seen by a figure it cannot see with
  its own fan. RULES.md §10 demands symmetric line of sight, so `visible` is true
  when a line of EITHER fan is clear. `visible_fraction`, per-line outcomes and
  cover come from the viewer's fan; when only the target's fan is clear the result
  is visible with fraction 0 and heavy cover (blocked lines count heavy).
- Cover of an invisible target is reported by the same rule (heavy), for
  completeness; it never matters.
- Base contact: cover terrain whose distance to the viewer's base is ≤ contact_gap
  is ignored (the viewer fires over its own barricade).
- Watchtower: a viewer whose centre is on one ignores barricades and low walls; a
  visible target whose centre is on one gets heavy cover (`platform_cover`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import shapely
from numpy.typing import ArrayLike, NDArray

from game.board.sight_kernel import (
    BoolArray,
    EdgeTable,
    Fans,
    FloatArray,
    Trace,
    edge_table,
    trace,
)
from game.board.terrain import Board, TerrainPiece
from game.cover import Cover

DEFAULT_SIGHT_LINES = 16
DEFAULT_COVER_SHARE = 0.5
DEFAULT_CONTACT_GAP = 0.5
DEFAULT_BASE_RADIUS = 1.25

Vec = tuple[float, float]


@dataclass(frozen=True, slots=True)
class SightParams:
    """The rules-data knobs line of sight depends on (RULES.md §10, §1.4)."""

    sight_lines: int = DEFAULT_SIGHT_LINES
    cover_share: float = DEFAULT_COVER_SHARE
    contact_gap: float = DEFAULT_CONTACT_GAP
    platform_cover: bool = True

    def __post_init__(self) -> None:
        if self.sight_lines < 1:
            raise ValueError("sight_lines must be at least 1")
        if not 0.0 < self.cover_share <= 1.0:
            raise ValueError("cover_share must be in (0, 1]")
        if self.contact_gap < 0:
            raise ValueError("contact_gap must not be negative")

    @classmethod
    def from_knobs(cls, knobs: Mapping[str, Any]) -> SightParams:
        """From knob values (`sight_lines`, `cover_share`, `base_contact_gap`)."""
        return cls(
            sight_lines=int(knobs.get("sight_lines", DEFAULT_SIGHT_LINES)),
            cover_share=float(knobs.get("cover_share", DEFAULT_COVER_SHARE)),
            contact_gap=float(knobs.get("base_contact_gap", DEFAULT_CONTACT_GAP)),
        )


DEFAULT_PARAMS = SightParams()


@cache
def sample_offsets(k: int) -> FloatArray:
    """Offsets of the K sample points across a base, in units of its radius
    (read-only)."""
    offsets = (2.0 * np.arange(k) + 1.0 - k) / k
    offsets.flags.writeable = False
    return offsets


def fan_ends(origins: FloatArray, targets: FloatArray, radii: FloatArray, k: int) -> FloatArray:
    """(N, K, 2) sample points across each target base, perpendicular to the line
    of fire from the matching origin."""
    d = targets - origins
    length = np.hypot(d[:, 0], d[:, 1])
    zero = length == 0.0
    length[zero] = 1.0
    normal = np.empty_like(d)
    normal[:, 0] = -d[:, 1] / length
    normal[:, 1] = d[:, 0] / length
    normal[zero] = (0.0, 1.0)
    scaled = sample_offsets(k)[None, :] * radii[:, None]  # (N, K)
    ends: FloatArray = targets[:, None, :] + scaled[:, :, None] * normal[:, None, :]
    return ends


def cover_from_counts(
    heavy: ArrayLike, covered: ArrayLike, k: int, share: float
) -> NDArray[np.int8]:
    """The cover_share rule: `heavy` lines (blocked count heavy) and `covered`
    lines (light or heavy) out of K → Cover values (vectorised)."""
    need = share * k - 1e-9
    h = np.asarray(heavy)
    c = np.asarray(covered)
    level = np.where(h >= need, int(Cover.HEAVY), np.where(c >= need, int(Cover.LIGHT), 0))
    return level.astype(np.int8)


def _as_points(points: ArrayLike) -> FloatArray:
    arr = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return arr


def _radii(radius: float | ArrayLike, n: int) -> FloatArray:
    if isinstance(radius, int | float):
        return np.full(n, float(radius))
    return np.broadcast_to(np.asarray(radius, dtype=np.float64), (n,)).astype(np.float64)


def platforms_under(board: Board, points: FloatArray) -> BoolArray:
    """Which points stand on a watchtower (boundary included)."""
    result = np.zeros(len(points), dtype=bool)
    for tower in board.platforms():
        result |= shapely.intersects_xy(tower.polygon, points[:, 0], points[:, 1])
    return result


def ignored_cover(
    table: EdgeTable, board: Board, viewers: FloatArray, radii: FloatArray, gap: float
) -> BoolArray:
    """(V, P): cover pieces each viewer disregards — in base contact with it, or
    barricades/low walls when it stands on a watchtower."""
    n, p = len(viewers), len(table.pieces)
    ignore = np.zeros((n, p), dtype=bool)
    cover_idx = np.nonzero(table.cover > 0)[0]
    if n and len(cover_idx):
        polys = np.array([table.pieces[i].polygon for i in cover_idx], dtype=object)
        pts = shapely.points(viewers)
        near = shapely.dwithin(pts[:, None], polys[None, :], (radii + gap)[:, None])
        ignore[:, cover_idx] = near
    on_tower = platforms_under(board, viewers)
    if on_tower.any():
        ignore[np.ix_(on_tower, table.overlooked)] = True
    return ignore


@dataclass(frozen=True)
class LosResult:
    """Line of sight from one viewer base to one target base."""

    visible: bool
    visible_fraction: float
    cover: Cover
    terrain_cover: Cover
    blocking: tuple[str, ...]
    cover_from: tuple[str, ...]
    line_blocked: BoolArray = field(repr=False)
    line_cover: NDArray[np.int8] = field(repr=False)
    line_ends: FloatArray = field(repr=False)
    origin: Vec
    distance: float
    viewer_on_platform: bool = False
    target_on_platform: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The CLI / JSON form."""
        return {
            "visible": self.visible,
            "visible_fraction": round(self.visible_fraction, 6),
            "cover": self.cover.label,
            "blocking": list(self.blocking),
            "cover_from": list(self.cover_from),
            "distance_cm": round(self.distance, 6),
        }


@dataclass(frozen=True)
class SightBatch:
    """One viewer against N targets; arrays indexed by target.

    The ids of blocking and covering pieces are traced on demand by `result(i)`,
    against a snapshot of the board taken when the batch was computed.
    """

    origin: Vec
    targets: FloatArray  # (N, 2)
    distance: FloatArray  # (N,)
    visible: BoolArray  # (N,) symmetric: either fan has a clear line
    visible_fraction: FloatArray  # (N,) clear lines of the viewer's fan / K
    cover: NDArray[np.int8]  # (N,) final cover (Cover values)
    terrain_cover: NDArray[np.int8]  # (N,) cover from the sight lines alone
    line_blocked: BoolArray  # (N, K)
    line_cover: NDArray[np.int8]  # (N, K) 0/1/2; blocked lines count 2
    line_ends: FloatArray  # (N, K, 2)
    viewer_on_platform: bool
    target_on_platform: BoolArray  # (N,)
    snapshot: Board = field(repr=False)
    ignore: BoolArray = field(repr=False)  # (1, P) cover pieces the viewer ignores
    max_radius: float = field(repr=False)

    def __len__(self) -> int:
        return len(self.targets)

    def piece_ids(self, i: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(blocking, cover_from) ids for target i: sight blockers met by any of its
        lines, and counted cover met by a clear line."""
        table = edge_table(self.snapshot)
        fans = Fans(np.asarray([self.origin]), np.zeros(1, np.int64), self.line_ends[i : i + 1])
        tr = trace(
            self.snapshot,
            fans,
            self.ignore,
            np.zeros(1, np.int64),
            max_radius=self.max_radius,
            collect=True,
        )
        blocking = tuple(table.ids[p] for p in np.unique(tr.hit_piece[tr.hit_blocks]))
        cover_from = tuple(table.ids[p] for p in np.unique(tr.hit_piece[~tr.hit_blocks]))
        return blocking, cover_from

    def result(self, i: int) -> LosResult:
        """The full result for target i (with blocking / cover ids)."""
        blocking, cover_from = self.piece_ids(i)
        return LosResult(
            visible=bool(self.visible[i]),
            visible_fraction=float(self.visible_fraction[i]),
            cover=Cover(int(self.cover[i])),
            terrain_cover=Cover(int(self.terrain_cover[i])),
            blocking=blocking,
            cover_from=cover_from,
            line_blocked=self.line_blocked[i],
            line_cover=self.line_cover[i],
            line_ends=self.line_ends[i],
            origin=self.origin,
            distance=float(self.distance[i]),
            viewer_on_platform=self.viewer_on_platform,
            target_on_platform=bool(self.target_on_platform[i]),
        )

    def results(self) -> list[LosResult]:
        return [self.result(i) for i in range(len(self))]


def _line_cover(tr: Trace) -> NDArray[np.int8]:
    """Per-line cover level; blocked lines count heavy."""
    level = tr.level.copy()
    level[tr.blocked] = int(Cover.HEAVY)
    return level


def _finish_cover(
    line_level: NDArray[np.int8],
    visible: BoolArray,
    on_platform: BoolArray,
    params: SightParams,
) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
    """(final cover, terrain cover) from per-line levels (cover_share rule)."""
    k = line_level.shape[-1]
    heavy = (line_level == int(Cover.HEAVY)).sum(axis=-1)
    covered = (line_level > 0).sum(axis=-1)
    terrain = cover_from_counts(heavy, covered, k, params.cover_share)
    final = terrain.copy()
    if params.platform_cover:
        final[visible & on_platform] = int(Cover.HEAVY)
    return final, terrain


def line_of_sight_batch(
    board: Board,
    viewer: Sequence[float] | ArrayLike,
    targets: ArrayLike,
    *,
    viewer_radius: float = DEFAULT_BASE_RADIUS,
    target_radii: float | ArrayLike = DEFAULT_BASE_RADIUS,
    params: SightParams = DEFAULT_PARAMS,
    symmetric: bool = True,
) -> SightBatch:
    """Line of sight and cover from one viewer to many targets in one vectorised pass.

    With `symmetric` (the default, RULES.md §10) a target is visible if a line of its
    own fan back to the viewer is clear, too; templates trace from a point and turn
    it off.
    """
    fans = _trace_fans(board, viewer, targets, viewer_radius, target_radii, params, symmetric)
    c, pts, k, n = fans.viewer, fans.targets, params.sight_lines, len(fans.targets)
    tr = fans.trace
    fwd = Trace(tr.blocked[:n], tr.level[:n], tr.hit_fan, tr.hit_piece, tr.hit_blocks)
    fwd_clear = ~fwd.blocked
    visible = fans.visible()
    line_level = _line_cover(fwd)
    on_platform = platforms_under(board, pts)
    final, terrain = _finish_cover(line_level, visible, on_platform, params)
    d = pts - c
    return SightBatch(
        origin=(float(c[0]), float(c[1])),
        targets=pts,
        distance=np.hypot(d[:, 0], d[:, 1]),
        visible=visible,
        visible_fraction=fwd_clear.sum(axis=1) / k,
        cover=final,
        terrain_cover=terrain,
        line_blocked=fwd.blocked,
        line_cover=line_level,
        line_ends=fans.forward_ends,
        viewer_on_platform=bool(platforms_under(board, c[None, :])[0]),
        target_on_platform=on_platform,
        snapshot=board.clone(),
        ignore=fans.ignore[:1],
        max_radius=fans.max_radius,
    )


def visible_batch(
    board: Board,
    viewer: Sequence[float] | ArrayLike,
    targets: ArrayLike,
    *,
    viewer_radius: float = DEFAULT_BASE_RADIUS,
    target_radii: float | ArrayLike = DEFAULT_BASE_RADIUS,
    params: SightParams = DEFAULT_PARAMS,
) -> BoolArray:
    """Only `line_of_sight_batch(...).visible` (symmetric), without the cover work."""
    return _trace_fans(board, viewer, targets, viewer_radius, target_radii, params, True).visible()


@dataclass(frozen=True)
class _TracedFans:
    """The sight lines of one viewer against many targets, traced."""

    viewer: FloatArray
    targets: FloatArray
    forward_ends: FloatArray
    ignore: BoolArray
    max_radius: float
    trace: Trace
    symmetric: bool

    def visible(self) -> BoolArray:
        """A target is seen when a line of its fan is clear (or, symmetric, a line of
        its own fan back to the viewer)."""
        n = len(self.targets)
        visible: BoolArray = np.asarray((~self.trace.blocked[:n]).any(axis=1))
        if self.symmetric:
            visible |= ~self.trace.blocked[n:].all(axis=1)
        return visible


def _trace_fans(
    board: Board,
    viewer: Sequence[float] | ArrayLike,
    targets: ArrayLike,
    viewer_radius: float,
    target_radii: float | ArrayLike,
    params: SightParams,
    symmetric: bool,
) -> _TracedFans:
    c = _as_points(viewer)[0]
    pts = _as_points(targets)
    n, k = len(pts), params.sight_lines
    radii = _radii(target_radii, n)
    table = edge_table(board)
    centre = np.repeat(c[None, :], n, axis=0)
    fwd_ends = fan_ends(centre, pts, radii, k)
    origins, group, ends = c[None, :], np.zeros(n, dtype=np.int64), fwd_ends
    if symmetric:
        rev_ends = fan_ends(pts, centre, np.full(n, viewer_radius), k)
        origins = np.concatenate([origins, pts])
        group = np.concatenate([group, np.arange(1, n + 1, dtype=np.int64)])
        ends = np.concatenate([fwd_ends, rev_ends])
    ignore = np.zeros((2, len(table.pieces)), dtype=bool)
    ignore[0] = ignored_cover(
        table, board, c[None, :], np.array([viewer_radius]), params.contact_gap
    )[0]
    rows = (group > 0).astype(np.int64)
    max_radius = float(max(viewer_radius, radii.max(initial=0.0)))
    tr = trace(board, Fans(origins, group, ends), ignore, rows, max_radius=max_radius)
    return _TracedFans(c, pts, fwd_ends, ignore, max_radius, tr, symmetric)


def line_of_sight(
    board: Board,
    viewer: Sequence[float],
    target: Sequence[float],
    *,
    viewer_radius: float = DEFAULT_BASE_RADIUS,
    target_radius: float = DEFAULT_BASE_RADIUS,
    params: SightParams = DEFAULT_PARAMS,
) -> LosResult:
    """Line of sight and cover from the viewer's base to the target's base (§10)."""
    batch = line_of_sight_batch(
        board,
        viewer,
        [target],
        viewer_radius=viewer_radius,
        target_radii=target_radius,
        params=params,
    )
    return batch.result(0)


@dataclass(frozen=True)
class SightMatrix:
    """Who sees whom: row = viewer, column = target."""

    visible: BoolArray  # (N, N) symmetric; the diagonal is False
    visible_fraction: FloatArray  # (N, N)
    cover: NDArray[np.int8]  # (N, N) Cover values


def sight_matrix(
    board: Board,
    points: ArrayLike,
    radii: float | ArrayLike = DEFAULT_BASE_RADIUS,
    *,
    params: SightParams = DEFAULT_PARAMS,
) -> SightMatrix:
    """Line of sight and cover between all pairs of figures in one vectorised pass."""
    pts = _as_points(points)
    n, k = len(pts), params.sight_lines
    r = _radii(radii, n)
    table = edge_table(board)
    vi, ti = np.nonzero(~np.eye(n, dtype=bool))
    ends = fan_ends(pts[vi], pts[ti], r[ti], k)
    ignore = ignored_cover(table, board, pts, r, params.contact_gap)
    max_radius = float(r.max(initial=0.0))
    tr = trace(board, Fans(pts, vi, ends), ignore, vi, max_radius=max_radius)
    clear = ~tr.blocked
    fwd = np.zeros((n, n), dtype=bool)
    fwd[vi, ti] = clear.any(axis=1)
    visible = fwd | fwd.T
    fraction = np.zeros((n, n))
    fraction[vi, ti] = clear.sum(axis=1) / k
    final, _ = _finish_cover(
        _line_cover(tr), visible[vi, ti], platforms_under(board, pts)[ti], params
    )
    cover = np.zeros((n, n), dtype=np.int8)
    cover[vi, ti] = final
    return SightMatrix(visible=visible, visible_fraction=fraction, cover=cover)


def on_platform(board: Board, point: Sequence[float]) -> TerrainPiece | None:
    """The watchtower the point stands on, if any (its heavy cover, §10)."""
    hits = [p for p in board.pieces_at((float(point[0]), float(point[1]))) if p.is_platform]
    return hits[0] if hits else None
