"""Sight-line kernel: fans of segments against the terrain's edges (numba).

Sight lines come in *fans*: the K lines of fan f start at one origin and end at K
points across a target base. Broad phase: a uniform grid over the edges of every
piece that matters for sight; the cells a fan's triangle meets are exactly the
cells its three sides pass through (the cell is wider than any base, so no cell
lies wholly inside the triangle), walked with a DDA. Narrow phase: an exact,
closed segment-segment test (orientation signs; touching and collinear overlap
count) of each candidate edge against the K lines. A sight blocker edge that
crosses both extreme lines of a fan crosses every line of it (it is a chord that
separates the origin from the target), which settles most blocked fans with two
tests per candidate when piece ids are not wanted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.board.jit import njit
from game.board.terrain import OVERLOOKED_FROM_PLATFORM, Board, TerrainPiece

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]
Int8Array = NDArray[np.int8]

DEFAULT_CELL = 5.0
"""Grid cell size in cm (at least a base's width; see `grid_for`)."""
_EDGE_PAD = 1e-7

# -- the edge table and its grid --------------------------------------------------


@dataclass(frozen=True, slots=True)
class EdgeTable:
    """Edges of every piece that blocks sight or gives cover, with piece attributes."""

    a: FloatArray  # (E, 2)
    b: FloatArray  # (E, 2)
    piece: IntArray  # (E,) index into `pieces`
    pieces: tuple[TerrainPiece, ...]
    blocks: BoolArray  # (P,) blocks sight
    cover: Int8Array  # (P,) cover level a crossing gives (0 for blockers)
    overlooked: BoolArray  # (P,) ignored by a viewer on a watchtower
    blocker_union: BaseGeometry  # prepared union of the sight blockers
    ids: tuple[str, ...]  # piece ids, in `pieces` order


def _rings(poly: Polygon) -> list[FloatArray]:
    rings = [poly.exterior, *poly.interiors]
    return [np.asarray(ring.coords, dtype=np.float64)[:, :2] for ring in rings]


def build_edges(board: Board) -> EdgeTable:
    """The sight edge table of the board as it is now."""
    pieces = tuple(p for p in board if p.blocks_sight or p.cover > 0)
    a_parts: list[FloatArray] = [np.zeros((0, 2))]
    b_parts: list[FloatArray] = [np.zeros((0, 2))]
    owner: list[IntArray] = [np.zeros(0, dtype=np.int64)]
    for index, piece in enumerate(pieces):
        for ring in _rings(piece.polygon):
            a_parts.append(ring[:-1])
            b_parts.append(ring[1:])
            owner.append(np.full(len(ring) - 1, index, dtype=np.int64))
    blockers = [p.polygon for p in pieces if p.blocks_sight]
    union = shapely.union_all(blockers) if blockers else Polygon()
    shapely.prepare(union)
    return EdgeTable(
        a=np.ascontiguousarray(np.concatenate(a_parts)),
        b=np.ascontiguousarray(np.concatenate(b_parts)),
        piece=np.concatenate(owner),
        pieces=pieces,
        blocks=np.array([p.blocks_sight for p in pieces], dtype=np.bool_),
        cover=np.array([0 if p.blocks_sight else int(p.cover) for p in pieces], dtype=np.int8),
        overlooked=np.array([p.kind in OVERLOOKED_FROM_PLATFORM for p in pieces], dtype=np.bool_),
        blocker_union=union,
        ids=tuple(p.id for p in pieces),
    )


def edge_table(board: Board) -> EdgeTable:
    """The edge table of the board's current version (cached)."""
    return board.cache("sight.edges", lambda: build_edges(board))


@dataclass(frozen=True, slots=True)
class Grid:
    """Edges bucketed by the grid cells their (slightly padded) boxes meet."""

    x0: float
    y0: float
    cell: float
    nx: int
    ny: int
    start: IntArray  # (nx * ny + 1,) CSR offsets
    items: IntArray  # edge indices


@njit
def _bucket(
    a: FloatArray, b: FloatArray, x0: float, y0: float, cell: float, nx: int, ny: int
) -> tuple[IntArray, IntArray]:
    n = a.shape[0]
    lo_i = np.empty(n, np.int64)
    hi_i = np.empty(n, np.int64)
    lo_j = np.empty(n, np.int64)
    hi_j = np.empty(n, np.int64)
    start = np.zeros(nx * ny + 1, np.int64)
    for e in range(n):
        lo_i[e] = max(0, math.floor((min(a[e, 0], b[e, 0]) - _EDGE_PAD - x0) / cell))
        hi_i[e] = min(nx - 1, math.floor((max(a[e, 0], b[e, 0]) + _EDGE_PAD - x0) / cell))
        lo_j[e] = max(0, math.floor((min(a[e, 1], b[e, 1]) - _EDGE_PAD - y0) / cell))
        hi_j[e] = min(ny - 1, math.floor((max(a[e, 1], b[e, 1]) + _EDGE_PAD - y0) / cell))
        for j in range(lo_j[e], hi_j[e] + 1):
            for i in range(lo_i[e], hi_i[e] + 1):
                start[j * nx + i + 1] += 1
    for c in range(nx * ny):
        start[c + 1] += start[c]
    fill = start[:-1].copy()
    items = np.empty(start[-1], np.int64)
    for e in range(n):
        for j in range(lo_j[e], hi_j[e] + 1):
            for i in range(lo_i[e], hi_i[e] + 1):
                items[fill[j * nx + i]] = e
                fill[j * nx + i] += 1
    return start, items


def build_grid(table: EdgeTable, board: Board, cell: float) -> Grid:
    """A grid over the board and every edge, one cell of margin around."""
    pts = np.concatenate([table.a, table.b, [[0.0, 0.0], [board.width, board.height]]])
    x0, y0 = pts.min(axis=0) - cell
    x1, y1 = pts.max(axis=0) + cell
    nx = max(1, math.ceil((x1 - x0) / cell))
    ny = max(1, math.ceil((y1 - y0) / cell))
    start, items = _bucket(table.a, table.b, float(x0), float(y0), cell, nx, ny)
    return Grid(float(x0), float(y0), cell, nx, ny, start, items)


def grid_for(board: Board, max_radius: float) -> Grid:
    """The cached grid whose cells are wider than a base of `max_radius`."""
    cell = DEFAULT_CELL
    while cell <= 2.0 * max_radius:
        cell *= 2.0
    table = edge_table(board)
    return board.cache(f"sight.grid.{cell:g}", lambda: build_grid(table, board, cell))


# -- exact tests -----------------------------------------------------------------


@njit
def segments_meet(
    cx: float, cy: float, px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> bool:
    """Do the closed segments c-p and a-b share a point?"""
    dx = px - cx
    dy = py - cy
    o1 = dx * (ay - cy) - dy * (ax - cx)
    o2 = dx * (by - cy) - dy * (bx - cx)
    if o1 * o2 > 0.0:
        return False
    ex = bx - ax
    ey = by - ay
    o3 = ex * (cy - ay) - ey * (cx - ax)
    o4 = ex * (py - ay) - ey * (px - ax)
    if o3 * o4 > 0.0:
        return False
    if o1 == 0.0 and o2 == 0.0:
        full = dx * dx + dy * dy
        if full == 0.0:
            return (
                o3 == 0.0 and min(ax, bx) <= cx <= max(ax, bx) and min(ay, by) <= cy <= max(ay, by)
            )
        sa = (ax - cx) * dx + (ay - cy) * dy
        sb = (bx - cx) * dx + (by - cy) * dy
        return max(min(sa, sb), 0.0) <= min(max(sa, sb), full)
    return True


@njit
def _line_meets(
    cx: float, cy: float, ends: FloatArray, f: int, q: int, a: FloatArray, b: FloatArray, e: int
) -> bool:
    """Does line q of fan f (from c) meet edge e?"""
    return segments_meet(cx, cy, ends[f, q, 0], ends[f, q, 1], a[e, 0], a[e, 1], b[e, 0], b[e, 1])


@njit
def _meets_triangle(
    cx: float,
    cy: float,
    px: float,
    py: float,
    qx: float,
    qy: float,
    a: FloatArray,
    b: FloatArray,
    e: int,
) -> bool:
    """Does edge e meet the closed triangle c, p, q (a fan's hull)?"""
    ax: float = a[e, 0]
    ay: float = a[e, 1]
    bx: float = b[e, 0]
    by: float = b[e, 1]
    if (
        segments_meet(cx, cy, px, py, ax, ay, bx, by)
        or segments_meet(cx, cy, qx, qy, ax, ay, bx, by)
        or segments_meet(px, py, qx, qy, ax, ay, bx, by)
    ):
        return True
    # Wholly inside or wholly outside: where its first end lies decides.
    d1 = (px - cx) * (ay - cy) - (py - cy) * (ax - cx)
    d2 = (qx - px) * (ay - py) - (qy - py) * (ax - px)
    d3 = (cx - qx) * (ay - qy) - (cy - qy) * (ax - qx)
    return (d1 >= 0.0 and d2 >= 0.0 and d3 >= 0.0) or (d1 <= 0.0 and d2 <= 0.0 and d3 <= 0.0)


# -- broad phase -----------------------------------------------------------------


@njit
def _walk(
    sx: float,
    sy: float,
    ex: float,
    ey: float,
    x0: float,
    y0: float,
    cell: float,
    nx: int,
    ny: int,
    start: IntArray,
    items: IntArray,
    stamp: IntArray,
    stamp_id: int,
    found: IntArray,
    n_found: int,
) -> int:
    """Add the not yet stamped edges of every cell the segment s-e passes to `found`."""
    dx = ex - sx
    dy = ey - sy
    t0 = 0.0
    t1 = 1.0
    x1 = x0 + nx * cell
    y1 = y0 + ny * cell
    # Clip to the grid box (Liang-Barsky).
    for p, q in ((-dx, sx - x0), (dx, x1 - sx), (-dy, sy - y0), (dy, y1 - sy)):
        if p == 0.0:
            if q < 0.0:
                return n_found
        else:
            r = q / p
            if p < 0.0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    if t0 > t1:
        return n_found
    i = min(nx - 1, max(0, math.floor((sx + t0 * dx - x0) / cell)))
    j = min(ny - 1, max(0, math.floor((sy + t0 * dy - y0) / cell)))
    inf = math.inf
    if dx > 0.0:
        step_i, t_next_x, t_dx = 1, (x0 + (i + 1) * cell - sx) / dx, cell / dx
    elif dx < 0.0:
        step_i, t_next_x, t_dx = -1, (x0 + i * cell - sx) / dx, -cell / dx
    else:
        step_i, t_next_x, t_dx = 0, inf, inf
    if dy > 0.0:
        step_j, t_next_y, t_dy = 1, (y0 + (j + 1) * cell - sy) / dy, cell / dy
    elif dy < 0.0:
        step_j, t_next_y, t_dy = -1, (y0 + j * cell - sy) / dy, -cell / dy
    else:
        step_j, t_next_y, t_dy = 0, inf, inf
    for _ in range(nx + ny + 2):
        c = j * nx + i
        for s in range(start[c], start[c + 1]):
            e = items[s]
            if stamp[e] != stamp_id:
                stamp[e] = stamp_id
                found[n_found] = e
                n_found += 1
        if t_next_x < t_next_y:
            if t_next_x > t1:
                break
            i += step_i
            t_next_x += t_dx
        else:
            if t_next_y > t1:
                break
            j += step_j
            t_next_y += t_dy
        if i < 0 or i >= nx or j < 0 or j >= ny:
            break
    return n_found


# -- the fan kernel ----------------------------------------------------------------


@njit
def _record(
    hit_fan: IntArray,
    hit_piece: IntArray,
    hit_block: BoolArray,
    n_hits: int,
    f: int,
    p: int,
    blocks: bool,
) -> tuple[IntArray, IntArray, BoolArray]:
    """The record buffers with (f, p, blocks) written at n_hits (doubled if full)."""
    if n_hits == hit_fan.shape[0]:
        grow = max(64, n_hits)
        hit_fan = np.concatenate((hit_fan, np.empty(grow, np.int64)))
        hit_piece = np.concatenate((hit_piece, np.empty(grow, np.int64)))
        hit_block = np.concatenate((hit_block, np.empty(grow, np.bool_)))
    hit_fan[n_hits] = f
    hit_piece[n_hits] = p
    hit_block[n_hits] = blocks
    return hit_fan, hit_piece, hit_block


@njit
def _trace_fans(
    origins: FloatArray,
    group: IntArray,
    ends: FloatArray,
    origin_blocked: BoolArray,
    ignore: BoolArray,
    row: IntArray,
    a: FloatArray,
    b: FloatArray,
    edge_piece: IntArray,
    piece_blocks: BoolArray,
    piece_cover: Int8Array,
    x0: float,
    y0: float,
    cell: float,
    nx: int,
    ny: int,
    start: IntArray,
    items: IntArray,
    n_collect: int,
) -> tuple[BoolArray, Int8Array, IntArray, IntArray, BoolArray]:
    n_fans = ends.shape[0]
    k = ends.shape[1]
    n_edges = a.shape[0]
    n_pieces = piece_blocks.shape[0]
    blocked = np.zeros((n_fans, k), np.bool_)
    level = np.zeros((n_fans, k), np.int8)
    stamp = np.full(n_edges, -1, np.int64)
    found = np.empty(n_edges, np.int64)
    crossed = np.zeros((n_edges, k), np.bool_)
    block_stamp = np.full(n_pieces, -1, np.int64)
    cover_stamp = np.full(n_pieces, -1, np.int64)
    hit_fan = np.empty(64, np.int64)
    hit_piece = np.empty(64, np.int64)
    hit_block = np.empty(64, np.bool_)
    n_hits = 0
    for f in range(n_fans):
        g = group[f]
        cx = origins[g, 0]
        cy = origins[g, 1]
        collect = f < n_collect
        if origin_blocked[g] and not collect:
            blocked[f, :] = True
            continue
        first_x = ends[f, 0, 0]
        first_y = ends[f, 0, 1]
        last_x = ends[f, k - 1, 0]
        last_y = ends[f, k - 1, 1]
        n = _walk(cx, cy, first_x, first_y, x0, y0, cell, nx, ny, start, items, stamp, f, found, 0)
        if k > 1:
            n = _walk(
                cx, cy, last_x, last_y, x0, y0, cell, nx, ny, start, items, stamp, f, found, n
            )
            n = _walk(
                first_x,
                first_y,
                last_x,
                last_y,
                x0,
                y0,
                cell,
                nx,
                ny,
                start,
                items,
                stamp,
                f,
                found,
                n,
            )
        # A blocker edge crossing both extreme lines blocks the whole fan.
        whole = origin_blocked[g]
        if not whole:
            for s in range(n):
                e = found[s]
                if (
                    piece_blocks[edge_piece[e]]
                    and _line_meets(cx, cy, ends, f, 0, a, b, e)
                    and _line_meets(cx, cy, ends, f, k - 1, a, b, e)
                ):
                    whole = True
                    break
        if whole:
            blocked[f, :] = True
            if collect:
                # No clear line, so no cover to name: only the blockers any line meets.
                for s in range(n):
                    e = found[s]
                    p = edge_piece[e]
                    if not piece_blocks[p] or block_stamp[p] == f:
                        continue
                    if not _meets_triangle(cx, cy, first_x, first_y, last_x, last_y, a, b, e):
                        continue
                    for q in range(k):
                        if _line_meets(cx, cy, ends, f, q, a, b, e):
                            block_stamp[p] = f
                            hit_fan, hit_piece, hit_block = _record(
                                hit_fan, hit_piece, hit_block, n_hits, f, p, True
                            )
                            n_hits += 1
                            break
            continue
        r = row[f]
        for s in range(n):
            e = found[s]
            p = edge_piece[e]
            counted = piece_cover[p] > 0 and not ignore[r, p]
            if not (piece_blocks[p] or counted):
                continue
            for q in range(k):
                hit = _line_meets(cx, cy, ends, f, q, a, b, e)
                crossed[s, q] = hit
                if hit:
                    if piece_blocks[p]:
                        blocked[f, q] = True
                    elif piece_cover[p] > level[f, q]:
                        level[f, q] = piece_cover[p]
        if not collect:
            continue
        for s in range(n):
            e = found[s]
            p = edge_piece[e]
            counted = piece_cover[p] > 0 and not ignore[r, p]
            if not (piece_blocks[p] or counted):
                continue
            for q in range(k):
                if not crossed[s, q]:
                    continue
                if piece_blocks[p]:
                    emit = block_stamp[p] != f
                    block_stamp[p] = f
                elif not blocked[f, q]:
                    emit = cover_stamp[p] != f
                    cover_stamp[p] = f
                else:
                    emit = False
                if emit:
                    hit_fan, hit_piece, hit_block = _record(
                        hit_fan, hit_piece, hit_block, n_hits, f, p, piece_blocks[p]
                    )
                    n_hits += 1
    return blocked, level, hit_fan[:n_hits], hit_piece[:n_hits], hit_block[:n_hits]


@dataclass(frozen=True, slots=True)
class Fans:
    """F fans of K sight lines; fan f starts at `origins[group[f]]`."""

    origins: FloatArray  # (G, 2)
    group: IntArray  # (F,)
    ends: FloatArray  # (F, K, 2)


@dataclass(frozen=True, slots=True)
class Trace:
    """Per-line outcome of tracing fans, and (if collected) which pieces mattered."""

    blocked: BoolArray  # (F, K)
    level: Int8Array  # (F, K) cover a clear line takes from counted cover (0/1/2)
    hit_fan: IntArray  # fan of each (fan, piece) record
    hit_piece: IntArray  # piece index: a blocker crossing any line, or cover
    hit_blocks: BoolArray  # crossing a clear line (ignored cover left out)


def trace(
    board: Board,
    fans: Fans,
    ignore: BoolArray,
    row: IntArray,
    *,
    max_radius: float,
    collect_fans: int = 0,
) -> Trace:
    """Trace every line of every fan against the board.

    `ignore[row[f], piece]` marks cover pieces fan f disregards. A fan whose origin
    lies inside a sight blocker is blocked. For the first `collect_fans` fans the
    (fan, piece) records of blockers and of counted cover on clear lines are
    returned (in fan order); the other fans stop early when fully blocked, and the
    cover levels of their lines are then not computed.
    """
    table = edge_table(board)
    grid = grid_for(board, max_radius)
    origins = np.ascontiguousarray(fans.origins, dtype=np.float64)
    inside = shapely.contains_xy(table.blocker_union, origins[:, 0], origins[:, 1])
    blocked, level, hit_fan, hit_piece, hit_block = _trace_fans(
        origins,
        np.ascontiguousarray(fans.group, dtype=np.int64),
        np.ascontiguousarray(fans.ends, dtype=np.float64),
        np.asarray(inside, dtype=np.bool_),
        np.ascontiguousarray(ignore, dtype=np.bool_),
        np.ascontiguousarray(row, dtype=np.int64),
        table.a,
        table.b,
        table.piece,
        table.blocks,
        table.cover,
        grid.x0,
        grid.y0,
        grid.cell,
        grid.nx,
        grid.ny,
        grid.start,
        grid.items,
        int(collect_fans),
    )
    return Trace(blocked, level, hit_fan, hit_piece, hit_block)
