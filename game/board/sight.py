"""Line of sight and cover between bases (docs/RULES.md §10).

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
  its own fan. docs/RULES.md §10 demands symmetric line of sight, so `visible` is true
  when a line of EITHER fan is clear. `visible_fraction`, per-line outcomes and
  cover come from the viewer's fan (the shooter's, as §10 counts cover); when only
  the target's fan is clear the result is visible with fraction 0 and heavy cover
  (blocked lines count heavy). `visible_fraction_back` reports the clear share of
  the target's own fan, so such a result explains itself.
- Cover of an invisible target is reported by the same rule (heavy), for
  completeness; it never matters.
- Base contact: cover terrain whose distance to the viewer's base is ≤ contact_gap
  is ignored (the viewer fires over its own barricade).
- Watchtower: a viewer whose centre is on one ignores barricades and low walls; a
  visible target whose centre is on one gets heavy cover (`platform_cover`), and
  the tower is listed in `cover_from`.
- Piece ids (`blocking`, `cover_from`) of a whole batch come from one collecting
  trace of all its fans (`SightBatch.results`, or at once with `ids=True`).
"""

from __future__ import annotations

import math
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
    IntArray,
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
COVERS = tuple(Cover)
"""Cover levels by value (Cover(0), Cover(1), Cover(2))."""

Vec = tuple[float, float]


@dataclass(frozen=True, slots=True)
class SightParams:
    """The rules-data knobs line of sight depends on (docs/RULES.md §10, §1.4)."""

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


def platform_index(board: Board, points: FloatArray) -> IntArray:
    """Per point, the index in `board.platforms()` of the watchtower it stands on
    (boundary included; the first in board order), -1 where there is none."""
    result = np.full(len(points), -1, dtype=np.int64)
    for index, tower in enumerate(board.platforms()):
        on = shapely.intersects_xy(tower.polygon, points[:, 0], points[:, 1])
        result[on & (result < 0)] = index
    return result


def platforms_under(board: Board, points: FloatArray) -> BoolArray:
    """Which points stand on a watchtower (boundary included)."""
    return platform_index(board, points) >= 0


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
    visible_fraction_back: float | None = None
    """Clear share of the target's own fan back to the viewer (symmetric sight);
    None when only the viewer's fan was traced (templates)."""

    def to_dict(self) -> dict[str, Any]:
        """The CLI / JSON form."""
        back = self.visible_fraction_back
        return {
            "visible": self.visible,
            "visible_fraction": round(self.visible_fraction, 6),
            "visible_fraction_back": None if back is None else round(back, 6),
            "cover": self.cover.label,
            "blocking": list(self.blocking),
            "cover_from": list(self.cover_from),
            "distance_cm": round(self.distance, 6),
        }


PieceIds = list[tuple[str, ...]]


def group_piece_ids(tr: Trace, n: int, names: Sequence[str]) -> tuple[PieceIds, PieceIds]:
    """(blocking, cover_from) ids of fans 0..n-1 from a collecting trace's records,
    each in piece order: one sort, no loop over sight lines or pieces."""
    keep = tr.hit_fan < n
    fan, piece, blocks = tr.hit_fan[keep], tr.hit_piece[keep], tr.hit_blocks[keep]
    out: list[PieceIds] = []
    for mask in (blocks, ~blocks):
        f, p = fan[mask], piece[mask]
        order = np.lexsort((p, f))
        bounds = np.searchsorted(f[order], np.arange(n + 1)).tolist()
        ids = [names[i] for i in p[order].tolist()]
        out.append([tuple(ids[bounds[i] : bounds[i + 1]]) for i in range(n)])
    return out[0], out[1]


@dataclass(frozen=True)
class SightBatch:
    """One viewer against N targets; arrays indexed by target.

    The ids of blocking and covering pieces are collected by the batch's own trace
    when asked for (`line_of_sight_batch(..., ids=True)`); otherwise `results()`
    traces all targets' fans once and `result(i)` target i's alone, against a
    snapshot of the board taken when the batch was computed.
    """

    origin: Vec
    targets: FloatArray  # (N, 2)
    distance: FloatArray  # (N,)
    visible: BoolArray  # (N,) symmetric: either fan has a clear line
    visible_fraction: FloatArray  # (N,) clear lines of the viewer's fan / K
    visible_fraction_back: FloatArray  # (N,) clear lines of the target's fan / K (NaN: untraced)
    cover: NDArray[np.int8]  # (N,) final cover (Cover values)
    terrain_cover: NDArray[np.int8]  # (N,) cover from the sight lines alone
    line_blocked: BoolArray  # (N, K)
    line_cover: NDArray[np.int8]  # (N, K) 0/1/2; blocked lines count 2
    line_ends: FloatArray  # (N, K, 2)
    viewer_on_platform: bool
    target_on_platform: BoolArray  # (N,)
    platform_cover_from: tuple[str | None, ...]  # (N,) the tower giving heavy cover
    snapshot: Board = field(repr=False)
    ignore: BoolArray = field(repr=False)  # (1, P) cover pieces the viewer ignores
    max_radius: float = field(repr=False)
    found: dict[str, PieceIds] = field(default_factory=dict, repr=False, compare=False)
    """Piece ids of every target ("blocking", "cover_from"), once collected."""

    def __len__(self) -> int:
        return len(self.targets)

    def _trace_ids(self, first: int, stop: int) -> tuple[PieceIds, PieceIds]:
        """Piece ids of targets first..stop-1, by one collecting trace of their fans."""
        table = edge_table(self.snapshot)
        count = stop - first
        group = np.zeros(count, np.int64)
        fans = Fans(np.asarray([self.origin]), group, self.line_ends[first:stop])
        tr = trace(
            self.snapshot,
            fans,
            self.ignore,
            group,
            max_radius=self.max_radius,
            collect_fans=count,
        )
        return group_piece_ids(tr, count, table.ids)

    def _with_platform(self, i: int, cover_from: tuple[str, ...]) -> tuple[str, ...]:
        tower = self.platform_cover_from[i]
        return cover_from if tower is None or tower in cover_from else (*cover_from, tower)

    def collect_ids(self) -> None:
        """Collect the piece ids of every target (one trace; a no-op once done)."""
        if not self.found:
            blocking, cover_from = self._trace_ids(0, len(self))
            self.found.update(blocking=blocking, cover_from=cover_from)

    def piece_ids(self, i: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(blocking, cover_from) ids for target i: sight blockers met by any of its
        lines, counted cover met by a clear line, and the watchtower it stands on
        when that gives it heavy cover."""
        if self.found:
            blocking, cover_from = self.found["blocking"][i], self.found["cover_from"][i]
        else:
            ([blocking], [cover_from]) = self._trace_ids(i, i + 1)
        return blocking, self._with_platform(i, cover_from)

    def result(self, i: int) -> LosResult:
        """The full result for target i (with blocking / cover ids)."""
        return self._build(range(i, i + 1))[0]

    def results(self) -> list[LosResult]:
        """Every target's full result; the piece ids come from one trace."""
        self.collect_ids()
        return self._build(range(len(self)))

    def _build(self, index: range) -> list[LosResult]:
        """The results of the targets in `index` (a run of them), each column
        converted once."""
        part = slice(index.start, index.stop)
        ids = [self.piece_ids(i) for i in index]
        back = [None if math.isnan(v) else v for v in self.visible_fraction_back[part].tolist()]
        columns = zip(
            self.visible[part].tolist(),
            self.visible_fraction[part].tolist(),
            self.cover[part].tolist(),
            self.terrain_cover[part].tolist(),
            ids,
            self.line_blocked[part],
            self.line_cover[part],
            self.line_ends[part],
            self.distance[part].tolist(),
            self.target_on_platform[part].tolist(),
            back,
            strict=True,
        )
        return [
            LosResult(
                visible=seen,
                visible_fraction=fraction,
                cover=COVERS[cover],
                terrain_cover=COVERS[terrain],
                blocking=blocking,
                cover_from=cover_from,
                line_blocked=blocked,
                line_cover=level,
                line_ends=ends,
                origin=self.origin,
                distance=distance,
                viewer_on_platform=self.viewer_on_platform,
                target_on_platform=on_tower,
                visible_fraction_back=fraction_back,
            )
            for (
                seen,
                fraction,
                cover,
                terrain,
                (blocking, cover_from),
                blocked,
                level,
                ends,
                distance,
                on_tower,
                fraction_back,
            ) in columns
        ]


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
    ids: bool = False,
) -> SightBatch:
    """Line of sight and cover from one viewer to many targets in one vectorised pass.

    With `symmetric` (the default, docs/RULES.md §10) a target is visible if a line of its
    own fan back to the viewer is clear, too; templates trace from a point and turn
    it off. With `ids` the same pass collects the blocking and covering pieces of
    every target (for `results()`); without, they are traced when first asked for.
    """
    fans = _trace_fans(
        board, viewer, targets, viewer_radius, target_radii, params, symmetric, collect=ids
    )
    c, pts, k, n = fans.viewer, fans.targets, params.sight_lines, len(fans.targets)
    tr = fans.trace
    fwd = Trace(tr.blocked[:n], tr.level[:n], tr.hit_fan, tr.hit_piece, tr.hit_blocks)
    visible = fans.visible()
    line_level = _line_cover(fwd)
    tower = platform_index(board, pts)
    on_platform = tower >= 0
    final, terrain = _finish_cover(line_level, visible, on_platform, params)
    d = pts - c
    batch = SightBatch(
        origin=(float(c[0]), float(c[1])),
        targets=pts,
        distance=np.hypot(d[:, 0], d[:, 1]),
        visible=visible,
        visible_fraction=(~fwd.blocked).sum(axis=1) / k,
        visible_fraction_back=(
            (~tr.blocked[n:]).sum(axis=1) / k if symmetric else np.full(n, np.nan)
        ),
        cover=final,
        terrain_cover=terrain,
        line_blocked=fwd.blocked,
        line_cover=line_level,
        line_ends=fans.forward_ends,
        viewer_on_platform=bool(platforms_under(board, c[None, :])[0]),
        target_on_platform=on_platform,
        platform_cover_from=_platform_cover_from(board, tower, visible, params),
        snapshot=board.clone(),
        ignore=fans.ignore[:1],
        max_radius=fans.max_radius,
    )
    if ids:
        blocking, cover_from = group_piece_ids(tr, n, edge_table(board).ids)
        batch.found.update(blocking=blocking, cover_from=cover_from)
    return batch


def _platform_cover_from(
    board: Board, tower: IntArray, visible: BoolArray, params: SightParams
) -> tuple[str | None, ...]:
    """Per target, the id of the watchtower that gives it heavy cover (§10), if any."""
    if not params.platform_cover or not (tower >= 0).any():
        return (None,) * len(tower)
    names = [p.id for p in board.platforms()]
    return tuple(
        names[t] if t >= 0 and seen else None
        for t, seen in zip(tower.tolist(), visible.tolist(), strict=True)
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
    *,
    collect: bool = False,
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
    fans = Fans(origins, group, ends)
    tr = trace(board, fans, ignore, rows, max_radius=max_radius, collect_fans=n if collect else 0)
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
        ids=True,
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
