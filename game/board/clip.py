"""Segment–polygon clipping (numba): how much of each segment lies strictly inside
a set of disjoint polygons (difficult ground, §10).

The same answer as shapely's `length(intersection(line, area)) − length(
intersection(line, boundary))`, computed per segment against only the polygons
whose bounding boxes it meets, the way GEOS's overlay gets it: the segment is cut
where it meets an edge (crossing points computed as GEOS's line intersector does,
in double-double arithmetic, so a crossing that rounds onto a vertex *is* that
vertex); a piece running exactly along an edge is boundary, which counts as
outside; any other piece is inside or outside as a whole, judged by its direction
where it leaves the boundary, or by ray crossing from an end of the segment off
the boundary. Orientation signs are exact (a float filter, then an error-free
expansion as in Shewchuk's `orient2d`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.board.jit import njit, python_path, twin

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
Num = TypeVar("Num", float, FloatArray)

_EPS = 2.0**-53
_FILTER = (3.0 + 16.0 * _EPS) * _EPS
"""Shewchuk's ccwerrboundA: a float orientation farther from 0 than this share of
its terms has the right sign."""
_SPLITTER = 134217729.0
"""2^27 + 1: Dekker's split of a double into two 26-bit halves."""


@dataclass(frozen=True)
class PolygonEdges:
    """The ring edges of disjoint polygons, grouped by polygon, with their boxes."""

    edges: FloatArray
    """(m, 4) ax, ay, bx, by of every ring edge (exteriors counter-clockwise, holes
    clockwise: the inside is on the left of every edge)."""
    start: IntArray
    """(k + 1,) CSR offsets: polygon i owns edges[start[i]:start[i + 1]]."""
    boxes: FloatArray
    """(k, 4) minx, miny, maxx, maxy of each polygon."""


def polygon_edges(geometry: BaseGeometry) -> PolygonEdges:
    """The edge table of a (multi)polygon's parts."""
    parts = [g for g in shapely.get_parts(geometry) if isinstance(g, Polygon) and not g.is_empty]
    chunks: list[FloatArray] = [np.empty((0, 4))]
    start = [0]
    for part in parts:
        for ring in shapely.get_rings(shapely.orient_polygons(part)):
            xy = np.asarray(ring.coords, np.float64)[:, :2]
            chunks.append(np.hstack([xy[:-1], xy[1:]]))
        start.append(sum(len(c) for c in chunks))
    boxes = shapely.bounds(np.asarray(parts, dtype=object)) if parts else np.empty((0, 4))
    return PolygonEdges(
        np.ascontiguousarray(np.vstack(chunks), np.float64),
        np.asarray(start, np.int64),
        np.ascontiguousarray(np.asarray(boxes, np.float64).reshape(-1, 4)),
    )


# -- exact orientation -------------------------------------------------------------


@njit
def _two_sum(a: float, b: float) -> tuple[float, float]:
    x = a + b
    bv = x - a
    av = x - bv
    return x, (a - av) + (b - bv)


@njit
def _split(a: float) -> tuple[float, float]:
    c = _SPLITTER * a
    big = c - a
    hi = c - big
    return hi, a - hi


@njit
def _two_prod(a: float, b: float) -> tuple[float, float]:
    x = a * b
    ahi, alo = _split(a)
    bhi, blo = _split(b)
    err = alo * blo - (((x - ahi * bhi) - alo * bhi) - ahi * blo)
    return x, err


@njit
def _exact_det(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    """(a − c) × (b − c) to within an ulp, with its exact sign (error-free
    transformations summed as a non-overlapping expansion)."""
    terms = np.empty(16, np.float64)
    x1, x0 = _two_sum(ax, -cx)
    y1, y0 = _two_sum(by, -cy)
    u1, u0 = _two_sum(ay, -cy)
    v1, v0 = _two_sum(bx, -cx)
    k = 0
    for a in (x1, x0):
        for b in (y1, y0):
            hi, lo = _two_prod(a, b)
            terms[k] = hi
            terms[k + 1] = lo
            k += 2
    for a in (u1, u0):
        for b in (v1, v0):
            hi, lo = _two_prod(a, b)
            terms[k] = -hi
            terms[k + 1] = -lo
            k += 2
    # grow an expansion (increasing magnitude, non-overlapping) term by term
    expansion = np.zeros(17, np.float64)
    size = 0
    for t in range(16):
        q = terms[t]
        for i in range(size):
            q, h = _two_sum(q, expansion[i])
            expansion[i] = h
        expansion[size] = q
        size += 1
    value = 0.0
    for i in range(size):
        value += expansion[i]
    return value


@njit
def orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    """Exact sign of (a − c) × (b − c) (> 0: a, b, c turn left)."""
    left = (ax - cx) * (by - cy)
    right = (ay - cy) * (bx - cx)
    det = left - right
    if abs(det) > _FILTER * (abs(left) + abs(right)):
        return 1 if det > 0.0 else -1
    exact = _exact_det(ax, ay, bx, by, cx, cy)
    return 1 if exact > 0.0 else (-1 if exact < 0.0 else 0)


# -- crossing points as GEOS computes them ----------------------------------------


@njit
def _quick_two_sum(a: float, b: float) -> tuple[float, float]:
    s = a + b
    return s, b - (s - a)


@njit
def _dd_add(ah: float, al: float, bh: float, bl: float) -> tuple[float, float]:
    s, e = _two_sum(ah, bh)
    t, f = _two_sum(al, bl)
    e += t
    s, e = _quick_two_sum(s, e)
    e += f
    return _quick_two_sum(s, e)


@njit
def _dd_mul(ah: float, al: float, bh: float, bl: float) -> tuple[float, float]:
    p, e = _two_prod(ah, bh)
    e += ah * bl + al * bh
    return _quick_two_sum(p, e)


@njit
def _dd_div(ah: float, al: float, bh: float, bl: float) -> tuple[float, float]:
    q1 = ah / bh
    mh, ml = _dd_mul(q1, 0.0, bh, bl)
    rh, rl = _dd_add(ah, al, -mh, -ml)
    q2 = rh / bh
    mh, ml = _dd_mul(q2, 0.0, bh, bl)
    rh, rl = _dd_add(rh, rl, -mh, -ml)
    q3 = rh / bh
    qh, ql = _quick_two_sum(q1, q2)
    return _dd_add(qh, ql, q3, 0.0)


@njit
def _dd_cross(
    ah: float, al: float, bh: float, bl: float, ch: float, cl: float, dh: float, dl: float
) -> tuple[float, float]:
    """a·b − c·d in double-double."""
    xh, xl = _dd_mul(ah, al, bh, bl)
    yh, yl = _dd_mul(ch, cl, dh, dl)
    return _dd_add(xh, xl, -yh, -yl)


@njit
def _point_segment_distance(
    x: float, y: float, ax: float, ay: float, bx: float, by: float
) -> float:
    dx = bx - ax
    dy = by - ay
    dd = dx * dx + dy * dy
    t = 0.0 if dd == 0.0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / dd))
    return float(np.hypot(x - (ax + t * dx), y - (ay + t * dy)))


@njit
def crossing(
    p1x: float,
    p1y: float,
    p2x: float,
    p2y: float,
    q1x: float,
    q1y: float,
    q2x: float,
    q2y: float,
) -> tuple[float, float]:
    """The crossing point of two properly crossing segments as GEOS's line
    intersector computes it: the line-line intersection in double-double,
    rounded, or the endpoint nearest the other segment if that falls outside the
    segments' boxes (nearly parallel segments)."""
    pxh, pxl = _two_sum(p1y, -p2y)
    pyh, pyl = _two_sum(p2x, -p1x)
    pwh, pwl = _dd_cross(p1x, 0.0, p2y, 0.0, p2x, 0.0, p1y, 0.0)
    qxh, qxl = _two_sum(q1y, -q2y)
    qyh, qyl = _two_sum(q2x, -q1x)
    qwh, qwl = _dd_cross(q1x, 0.0, q2y, 0.0, q2x, 0.0, q1y, 0.0)
    xh, xl = _dd_cross(pyh, pyl, qwh, qwl, qyh, qyl, pwh, pwl)
    yh, yl = _dd_cross(qxh, qxl, pwh, pwl, pxh, pxl, qwh, qwl)
    wh, wl = _dd_cross(pxh, pxl, qyh, qyl, qxh, qxl, pyh, pyl)
    x = _dd_div(xh, xl, wh, wl)[0]
    y = _dd_div(yh, yl, wh, wl)[0]
    inside = (
        np.isfinite(x)
        and np.isfinite(y)
        and min(p1x, p2x) <= x <= max(p1x, p2x)
        and min(p1y, p2y) <= y <= max(p1y, p2y)
        and min(q1x, q2x) <= x <= max(q1x, q2x)
        and min(q1y, q2y) <= y <= max(q1y, q2y)
    )
    if inside:
        return x, y
    best_x, best_y = p1x, p1y
    best = _point_segment_distance(p1x, p1y, q1x, q1y, q2x, q2y)
    d = _point_segment_distance(p2x, p2y, q1x, q1y, q2x, q2y)
    if d < best:
        best, best_x, best_y = d, p2x, p2y
    d = _point_segment_distance(q1x, q1y, p1x, p1y, p2x, p2y)
    if d < best:
        best, best_x, best_y = d, q1x, q1y
    d = _point_segment_distance(q2x, q2y, p1x, p1y, p2x, p2y)
    if d < best:
        best_x, best_y = q2x, q2y
    return best_x, best_y


# -- clipping ----------------------------------------------------------------------


BOX_SLACK = 1e-6
"""cm a polygon's box is grown by before a segment is said to miss it."""
OFF = 0
"""A node of the segment off the boundary (an end of the segment)."""
ON = 1
"""A node exactly on the boundary: a vertex or a point of an edge."""
CROSS = 2
"""A computed crossing with the edge of the node's `edge` column."""


@njit
def _add_node(nodes: FloatArray, n: int, t: float, x: float, y: float, kind: int, edge: int) -> int:
    nodes[n, 0] = t
    nodes[n, 1] = x
    nodes[n, 2] = y
    nodes[n, 3] = kind
    nodes[n, 4] = edge
    return n + 1


@njit
def _on_an_edge(
    x0: float, y0: float, x1: float, y1: float, edges: FloatArray, lo: int, hi: int
) -> bool:
    """Does the piece x0,y0 → x1,y1 run exactly along one of edges[lo:hi]?"""
    mx = 0.5 * (x0 + x1)
    my = 0.5 * (y0 + y1)
    for e in range(lo, hi):
        ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
        if max(ax, bx) < min(x0, x1) or min(ax, bx) > max(x0, x1):
            continue
        if max(ay, by) < min(y0, y1) or min(ay, by) > max(y0, y1):
            continue
        if orient(ax, ay, bx, by, x0, y0) != 0 or orient(ax, ay, bx, by, x1, y1) != 0:
            continue
        along = (mx - ax) * (bx - ax) + (my - ay) * (by - ay)
        if 0.0 <= along <= (bx - ax) * (bx - ax) + (by - ay) * (by - ay):
            return True
    return False


@njit
def _in_ring_set(mx: float, my: float, edges: FloatArray, lo: int, hi: int) -> bool:
    """Even-odd ray crossing of the point against edges[lo:hi] (exact signs)."""
    inside = False
    for e in range(lo, hi):
        ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
        if (ay > my) == (by > my):
            continue
        # the ray from m towards +x crosses the edge if m is left of it going up
        s = orient(ax, ay, bx, by, mx, my)
        if s != 0 and (s > 0) == (by > ay):
            inside = not inside
    return inside


@njit
def _wedge(
    ux: float, uy: float, vx: float, vy: float, wx: float, wy: float, x: float, y: float
) -> bool:
    """Does the direction from corner v towards (x, y) point inside, where the
    boundary comes from u and goes on to w (inside on the left)?"""
    left_in = orient(ux, uy, vx, vy, x, y) > 0
    left_out = orient(vx, vy, wx, wy, x, y) > 0
    turn = orient(ux, uy, vx, vy, wx, wy)
    if turn > 0:
        return left_in and left_out
    if turn < 0:
        return left_in or left_out
    return left_in


@njit
def _leaves_inwards(
    vx: float, vy: float, x: float, y: float, edges: FloatArray, lo: int, hi: int
) -> int:
    """Where a piece leaving the boundary point v towards (x, y) goes, as GEOS
    labels it by its direction at a node: 1 inside, 0 outside, -1 v is not exactly
    on the boundary."""
    into = -1
    out = -1
    for e in range(lo, hi):
        if edges[e, 2] == vx and edges[e, 3] == vy and into < 0:
            into = e
        if edges[e, 0] == vx and edges[e, 1] == vy and out < 0:
            out = e
    if into >= 0 and out >= 0:
        ux, uy = edges[into, 0], edges[into, 1]
        wx, wy = edges[out, 2], edges[out, 3]
        return 1 if _wedge(ux, uy, vx, vy, wx, wy, x, y) else 0
    for e in range(lo, hi):
        ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
        within = min(ax, bx) <= vx <= max(ax, bx) and min(ay, by) <= vy <= max(ay, by)
        if within and orient(ax, ay, bx, by, vx, vy) == 0:
            return 1 if orient(ax, ay, bx, by, x, y) > 0 else 0
    return -1


@njit
def _piece_inside(nodes: FloatArray, k0: int, k1: int, edges: FloatArray, lo: int, hi: int) -> bool:
    """Is the piece between two consecutive nodes (no edge crosses it) inside?"""
    x0, y0, x1, y1 = nodes[k0, 1], nodes[k0, 2], nodes[k1, 1], nodes[k1, 2]
    if nodes[k0, 3] == OFF:
        return _in_ring_set(x0, y0, edges, lo, hi)
    if nodes[k1, 3] == OFF:
        return _in_ring_set(x1, y1, edges, lo, hi)
    if nodes[k0, 3] == CROSS:
        e = int(nodes[k0, 4])
        ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
        return _wedge(ax, ay, x0, y0, bx, by, x1, y1)
    side = _leaves_inwards(x0, y0, x1, y1, edges, lo, hi)
    if side >= 0:
        return side == 1
    return _in_ring_set(0.5 * (x0 + x1), 0.5 * (y0 + y1), edges, lo, hi)


@njit
def _inside_part(
    px: float,
    py: float,
    qx: float,
    qy: float,
    edges: FloatArray,
    lo: int,
    hi: int,
    nodes: FloatArray,
) -> float:
    """Length of p→q strictly inside the polygon of edges[lo:hi] (nodes: scratch of
    at least 2·(hi − lo) + 2 rows).

    Like GEOS's overlay: the segment is cut at the points where it meets an edge
    (computed as GEOS does, so a crossing that rounds onto a vertex is that
    vertex); a piece that
    runs exactly along an edge is boundary, any other is inside or outside as a
    whole, judged by its direction where it leaves the boundary."""
    dx = qx - px
    dy = qy - py
    dd = dx * dx + dy * dy
    p_on = False
    q_on = False
    n = 2
    for e in range(lo, hi):
        ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
        if max(ax, bx) < min(px, qx) or min(ax, bx) > max(px, qx):
            continue
        if max(ay, by) < min(py, qy) or min(ay, by) > max(py, qy):
            continue
        sp = orient(ax, ay, bx, by, px, py)
        sq = orient(ax, ay, bx, by, qx, qy)
        ta = ((ax - px) * dx + (ay - py) * dy) / dd
        tb = ((bx - px) * dx + (by - py) * dy) / dd
        if sp == 0 and sq == 0:
            # collinear: the edge's own vertices within the segment cut it
            if max(ta, tb) < 0.0 or min(ta, tb) > 1.0:
                continue
            if 0.0 < ta < 1.0:
                n = _add_node(nodes, n, ta, ax, ay, ON, e)
            if 0.0 < tb < 1.0:
                n = _add_node(nodes, n, tb, bx, by, ON, e)
            p_on = p_on or min(ta, tb) <= 0.0
            q_on = q_on or max(ta, tb) >= 1.0
            continue
        if sp * sq > 0:
            continue
        sa = orient(px, py, qx, qy, ax, ay)
        sb = orient(px, py, qx, qy, bx, by)
        if sa * sb > 0:
            continue
        if sp == 0:
            p_on = True
            continue
        if sq == 0:
            q_on = True
            continue
        if sa == 0:
            n = _add_node(nodes, n, ta, ax, ay, ON, e)
            continue
        if sb == 0:
            n = _add_node(nodes, n, tb, bx, by, ON, e)
            continue
        x, y = crossing(px, py, qx, qy, ax, ay, bx, by)
        if x == px and y == py:
            p_on = True
        elif x == qx and y == qy:
            q_on = True
        elif (x == ax and y == ay) or (x == bx and y == by):
            n = _add_node(nodes, n, ((x - px) * dx + (y - py) * dy) / dd, x, y, ON, e)
        else:
            t = min(1.0, max(0.0, ((x - px) * dx + (y - py) * dy) / dd))
            n = _add_node(nodes, n, t, x, y, CROSS, e)
    # the segment's ends sort outside every crossing (one may round onto an end)
    _add_node(nodes, 0, -1.0, px, py, ON if p_on else OFF, -1)
    _add_node(nodes, 1, 2.0, qx, qy, ON if q_on else OFF, -1)
    order = np.argsort(nodes[:n, 0], kind="mergesort")
    total = 0.0
    for i in range(n - 1):
        k0 = order[i]
        k1 = order[i + 1]
        x0, y0 = nodes[k0, 1], nodes[k0, 2]
        x1, y1 = nodes[k1, 1], nodes[k1, 2]
        if x0 == x1 and y0 == y1:
            continue
        if _on_an_edge(x0, y0, x1, y1, edges, lo, hi):
            continue
        if _piece_inside(nodes, k0, k1, edges, lo, hi):
            total += np.hypot(x1 - x0, y1 - y0)
    return total


@njit
def _slab(p: float, d: float, lo: float, hi: float, t0: float, t1: float) -> tuple[float, float]:
    """The part t0..t1 of a line p + t·d (one axis) between lo and hi grown by
    BOX_SLACK (empty when t0 > t1)."""
    lo -= BOX_SLACK
    hi += BOX_SLACK
    if d == 0.0:
        return (t0, t1) if lo <= p <= hi else (1.0, 0.0)
    ta = (lo - p) / d
    tb = (hi - p) / d
    return max(t0, min(ta, tb)), min(t1, max(ta, tb))


@njit
def _misses_box(
    px: float, py: float, qx: float, qy: float, x0: float, y0: float, x1: float, y1: float
) -> bool:
    """Does the segment p→q surely pass outside the box (x0, y0)–(x1, y1)? (Slab
    clipping on the box grown by BOX_SLACK cm, far above its rounding: a segment
    that may touch the box is never called a miss.)"""
    t0, t1 = _slab(px, qx - px, x0, x1, 0.0, 1.0)
    if t0 > t1:
        return True
    t0, t1 = _slab(py, qy - py, y0, y1, t0, t1)
    return t0 > t1


@njit
def inside_lengths(
    p: FloatArray, q: FloatArray, edges: FloatArray, start: IntArray, boxes: FloatArray
) -> FloatArray:
    """For each segment p[k]→q[k]: its length strictly inside the polygons (a table
    from `polygon_edges`)."""
    n_seg = p.shape[0]
    out = np.zeros(n_seg)
    widest = 0
    for i in range(boxes.shape[0]):
        widest = max(widest, start[i + 1] - start[i])
    nodes = np.empty((2 * widest + 2, 5), np.float64)
    for k in range(n_seg):
        px, py, qx, qy = p[k, 0], p[k, 1], q[k, 0], q[k, 1]
        if px == qx and py == qy:
            continue
        x0, x1 = min(px, qx), max(px, qx)
        y0, y1 = min(py, qy), max(py, qy)
        total = 0.0
        for i in range(boxes.shape[0]):
            if boxes[i, 0] > x1 or boxes[i, 2] < x0 or boxes[i, 1] > y1 or boxes[i, 3] < y0:
                continue
            if _misses_box(px, py, qx, qy, boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3]):
                continue  # no length inside: the same total without the exact work
            total += _inside_part(px, py, qx, qy, edges, start[i], start[i + 1], nodes)
        out[k] = total
    return out


# -- the interim path: the same answers in numpy -----------------------------------


def _sum_and_error(a: Num, b: Num) -> tuple[Num, Num]:
    """`_two_sum` of numbers or of arrays, element by element."""
    x = a + b
    bv = x - a
    av = x - bv
    return x, (a - av) + (b - bv)


def _product_and_error(a: Num, b: Num) -> tuple[Num, Num]:
    """`_two_prod` of numbers or of arrays, element by element (Dekker, no FMA)."""
    x = a * b
    c = _SPLITTER * a
    ahi = c - (c - a)
    alo = a - ahi
    c = _SPLITTER * b
    bhi = c - (c - b)
    blo = b - bhi
    return x, alo * blo - (((x - ahi * bhi) - alo * bhi) - ahi * blo)


def _exact_det_v(
    ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, cx: FloatArray, cy: FloatArray
) -> FloatArray:
    """`_exact_det` of many points at once: the same operations in the same order."""
    x1, x0 = _sum_and_error(ax, -cx)
    y1, y0 = _sum_and_error(by, -cy)
    u1, u0 = _sum_and_error(ay, -cy)
    v1, v0 = _sum_and_error(bx, -cx)
    terms: list[FloatArray] = []
    for a in (x1, x0):
        for b in (y1, y0):
            terms += _product_and_error(a, b)
    for a in (u1, u0):
        for b in (v1, v0):
            hi, lo = _product_and_error(a, b)
            terms += (-hi, -lo)
    expansion: list[FloatArray] = []
    for q in terms:
        for i, e in enumerate(expansion):
            q, expansion[i] = _sum_and_error(q, e)
        expansion.append(q)
    value = np.zeros_like(ax)
    for e in expansion:
        value = value + e
    return value


def orient_many(
    ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, cx: FloatArray, cy: FloatArray
) -> IntArray:
    """`orient` of many points at once (-1, 0, 1 each): the same float filter, and
    the same exact determinant where the filter is not sure."""
    left = (ax - cx) * (by - cy)
    right = (ay - cy) * (bx - cx)
    det = left - right
    sign = np.where(det > 0.0, 1, -1).astype(np.int64)
    unsure = ~(np.abs(det) > _FILTER * (np.abs(left) + np.abs(right)))
    if unsure.any():
        at = np.flatnonzero(unsure)
        exact = _exact_det_v(ax[at], ay[at], bx[at], by[at], cx[at], cy[at])
        sign[at] = (exact > 0.0).astype(np.int64) - (exact < 0.0)
    return sign


@python_path(orient)
def orient_python(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    """`orient` while it compiles, on Python floats: the same float filter; where it
    is not sure, the exact determinant's sign from its error-free terms summed
    exactly (`math.fsum`, rounded once: the sign is exact, as the kernel's)."""
    ax, ay, bx, by, cx, cy = float(ax), float(ay), float(bx), float(by), float(cx), float(cy)
    left = (ax - cx) * (by - cy)
    right = (ay - cy) * (bx - cx)
    det = left - right
    if abs(det) > _FILTER * (abs(left) + abs(right)):
        return 1 if det > 0.0 else -1
    terms: list[float] = []
    for a, b, sign in (
        (_sum_and_error(ax, -cx), _sum_and_error(by, -cy), 1.0),
        (_sum_and_error(ay, -cy), _sum_and_error(bx, -cx), -1.0),
    ):
        for x in a:
            for y in b:
                hi, lo = _product_and_error(x, y)
                terms += (sign * hi, sign * lo)
    exact = math.fsum(terms)
    return 1 if exact > 0.0 else (-1 if exact < 0.0 else 0)


def _pairs(p: FloatArray, q: FloatArray, boxes: FloatArray) -> tuple[IntArray, IntArray]:
    """(segment, polygon) pairs whose boxes meet, in the kernel's loop order."""
    px, py, qx, qy = p[:, 0], p[:, 1], q[:, 0], q[:, 1]
    x0, x1 = np.minimum(px, qx)[:, None], np.maximum(px, qx)[:, None]
    y0, y1 = np.minimum(py, qy)[:, None], np.maximum(py, qy)[:, None]
    meet = ~(
        (boxes[None, :, 0] > x1)
        | (boxes[None, :, 2] < x0)
        | (boxes[None, :, 1] > y1)
        | (boxes[None, :, 3] < y0)
    )
    meet &= ~((px == qx) & (py == qy))[:, None]
    seg, poly = np.nonzero(meet)
    return seg.astype(np.int64), poly.astype(np.int64)


@python_path(inside_lengths)
def inside_lengths_numpy(
    p: FloatArray, q: FloatArray, edges: FloatArray, start: IntArray, boxes: FloatArray
) -> FloatArray:
    """`inside_lengths` while it compiles: a segment that meets no edge of a polygon
    (no edge both in its box and crossing or touching it) is inside or outside it as
    a whole, which numpy settles for all of them at once; the pairs that do meet an
    edge go through the kernel's own `_inside_part` as Python. Bit for bit the
    kernel's answers (the tests compare them)."""
    p = np.asarray(p, np.float64).reshape(-1, 2)
    q = np.asarray(q, np.float64).reshape(-1, 2)
    out = np.zeros(p.shape[0])
    seg, poly = _pairs(p, q, boxes)
    if seg.size == 0:
        return out
    lo, hi = start[poly], start[poly + 1]
    row_pair = np.repeat(np.arange(seg.size), hi - lo)
    first = np.repeat(lo - np.concatenate(([0], np.cumsum(hi - lo)[:-1])), hi - lo)
    e = first + np.arange(row_pair.size)
    ax, ay, bx, by = edges[e, 0], edges[e, 1], edges[e, 2], edges[e, 3]
    s = seg[row_pair]
    px, py, qx, qy = p[s, 0], p[s, 1], q[s, 0], q[s, 1]
    miss = (np.maximum(ax, bx) < np.minimum(px, qx)) | (np.minimum(ax, bx) > np.maximum(px, qx))
    miss |= (np.maximum(ay, by) < np.minimum(py, qy)) | (np.minimum(ay, by) > np.maximum(py, qy))
    sp = orient_many(ax, ay, bx, by, px, py)
    sq = orient_many(ax, ay, bx, by, qx, qy)
    sa = orient_many(px, py, qx, qy, ax, ay)
    sb = orient_many(px, py, qx, qy, bx, by)
    apart = ~((sp == 0) & (sq == 0)) & ((sp * sq > 0) | (sa * sb > 0))
    meets = np.bincount(row_pair, weights=~(miss | apart), minlength=seg.size) > 0
    # a pair meeting no edge: inside when its start is (the kernel's ray crossing)
    ray = ((ay > py) != (by > py)) & (sp != 0) & ((sp > 0) == (by > ay))
    inside = np.bincount(row_pair, weights=ray, minlength=seg.size).astype(np.int64) % 2 == 1
    whole = np.hypot(q[seg, 0] - p[seg, 0], q[seg, 1] - p[seg, 1])
    part = np.where(inside, whole, 0.0)
    if meets.any():
        widest = int(np.max(start[1:] - start[:-1]))
        nodes = np.empty((2 * widest + 2, 5), np.float64)
        clip_part = twin(_inside_part)
        for j in np.flatnonzero(meets):
            k, i = seg[j], poly[j]
            part[j] = clip_part(
                p[k, 0], p[k, 1], q[k, 0], q[k, 1], edges, start[i], start[i + 1], nodes
            )
    order = np.flatnonzero(part != 0.0)
    counts = np.bincount(seg[order], minlength=p.shape[0])
    single = order[counts[seg[order]] == 1]
    out[seg[single]] = part[single]
    for j in order[counts[seg[order]] > 1]:  # several parts: added in the kernel's order
        out[seg[j]] += part[j]
    return out
