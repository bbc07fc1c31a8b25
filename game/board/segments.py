"""Fast segment tests for movement: a uniform grid over obstacle edges and circles.

A move segment is *blocked by an edge* when it meets the edge at a point strictly
inside the segment (touching a vertex counts, running along the edge does not);
contact at the segment's own end points is allowed, so a segment may start or end on
a boundary. It is *blocked by a circle* when it passes closer than the circle's
radius to its centre (less a tolerance). The grid only prunes: the tests are exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.board.jit import njit

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

TOUCH_TOL = 1e-9
"""cm: contact this close to a segment's end point counts as at the end point."""
CIRCLE_TOL = 1e-9
"""cm: a segment must pass at least radius − this from a circle's centre."""


@dataclass(frozen=True)
class UniformGrid:
    """Items (edges or circles) bucketed by the grid cells their bounding boxes meet."""

    x0: float
    y0: float
    cell: float
    nx: int
    ny: int
    start: IntArray
    """CSR offsets per cell (length nx * ny + 1)."""
    items: IntArray


def build_grid(
    lo: FloatArray, hi: FloatArray, x0: float, y0: float, width: float, height: float, cell: float
) -> UniformGrid:
    """Bucket items with bounding boxes lo[i]..hi[i] (shape (n, 2)) into cells."""
    nx = max(1, int(np.ceil(width / cell)))
    ny = max(1, int(np.ceil(height / cell)))
    start, items = _bucket(
        np.ascontiguousarray(lo, np.float64),
        np.ascontiguousarray(hi, np.float64),
        x0,
        y0,
        cell,
        nx,
        ny,
    )
    return UniformGrid(x0, y0, cell, nx, ny, start, items)


@njit
def _cell_range(lo: float, hi: float, origin: float, cell: float, n: int) -> tuple[int, int]:
    margin = 1e-6
    a = max(0, min(n - 1, int(np.floor((lo - margin - origin) / cell))))
    b = max(0, min(n - 1, int(np.floor((hi + margin - origin) / cell))))
    return a, b


@njit
def _bucket(
    lo: FloatArray, hi: FloatArray, x0: float, y0: float, cell: float, nx: int, ny: int
) -> tuple[IntArray, IntArray]:
    n = lo.shape[0]
    start = np.zeros(nx * ny + 1, np.int64)
    for k in range(n):
        i0, i1 = _cell_range(lo[k, 0], hi[k, 0], x0, cell, nx)
        j0, j1 = _cell_range(lo[k, 1], hi[k, 1], y0, cell, ny)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                start[i * ny + j + 1] += 1
    for c in range(nx * ny):
        start[c + 1] += start[c]
    fill = start[:-1].copy()
    items = np.empty(start[-1], np.int64)
    for k in range(n):
        i0, i1 = _cell_range(lo[k, 0], hi[k, 0], x0, cell, nx)
        j0, j1 = _cell_range(lo[k, 1], hi[k, 1], y0, cell, ny)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                c = i * ny + j
                items[fill[c]] = k
                fill[c] += 1
    return start, items


@njit
def _edge_blocks(
    px: float,
    py: float,
    dx: float,
    dy: float,
    seg_len: float,
    ax: float,
    ay: float,
    bx: float,
    by: float,
) -> bool:
    ex = bx - ax
    ey = by - ay
    elen = np.sqrt(ex * ex + ey * ey)
    if elen == 0.0 or seg_len == 0.0:
        return False
    denom = dx * ey - dy * ex
    if abs(denom) <= 1e-12 * seg_len * elen:
        return False  # parallel: disjoint, or running along the boundary
    wx = ax - px
    wy = ay - py
    t = (wx * ey - wy * ex) / denom
    u = (wx * dy - wy * dx) / denom
    t_tol = TOUCH_TOL / seg_len
    u_tol = TOUCH_TOL / elen
    return t_tol < t < 1.0 - t_tol and -u_tol <= u <= 1.0 + u_tol


@njit
def circle_blocks(
    px: float, py: float, dx: float, dy: float, cx: float, cy: float, radius: float
) -> bool:
    """Does the segment p → p + d pass closer than radius − CIRCLE_TOL to c?"""
    wx = cx - px
    wy = cy - py
    dd = dx * dx + dy * dy
    t = 0.0 if dd == 0.0 else max(0.0, min(1.0, (wx * dx + wy * dy) / dd))
    ox = px + t * dx - cx
    oy = py + t * dy - cy
    lim = radius - CIRCLE_TOL
    return lim > 0.0 and ox * ox + oy * oy < lim * lim


@njit
def _blocked_on_walk(
    px: float,
    py: float,
    qx: float,
    qy: float,
    geo: FloatArray,
    start: IntArray,
    items: IntArray,
    stamp: IntArray,
    k: int,
    edges: FloatArray,
    circles: FloatArray,
) -> bool:
    """Does an item in the grid cells the segment passes block it? The cells are
    walked from p on (Amanatides–Woo) and the walk stops at the first item
    that blocks: edges (ax, ay, bx, by) when `circles` is empty, else circles."""
    dx = qx - px
    dy = qy - py
    seg_len = np.sqrt(dx * dx + dy * dy)
    x0, y0, cell, nx, ny = geo[0], geo[1], geo[2], int(geo[3]), int(geo[4])
    fx = (px - x0) / cell
    fy = (py - y0) / cell
    gx = (qx - x0) / cell
    gy = (qy - y0) / cell
    ix = max(0, min(nx - 1, int(np.floor(fx))))
    iy = max(0, min(ny - 1, int(np.floor(fy))))
    jx = max(0, min(nx - 1, int(np.floor(gx))))
    jy = max(0, min(ny - 1, int(np.floor(gy))))
    wx = gx - fx
    wy = gy - fy
    step_x = 1 if wx > 0 else -1
    step_y = 1 if wy > 0 else -1
    inf = np.inf
    t_max_x = inf if wx == 0 else ((ix + (1 if wx > 0 else 0)) - fx) / wx
    t_max_y = inf if wy == 0 else ((iy + (1 if wy > 0 else 0)) - fy) / wy
    t_dx = inf if wx == 0 else abs(1.0 / wx)
    t_dy = inf if wy == 0 else abs(1.0 / wy)
    use_circles = circles.shape[0] > 0
    while True:
        c = ix * ny + iy
        for s in range(start[c], start[c + 1]):
            item = items[s]
            if stamp[item] == k:
                continue
            stamp[item] = k
            if use_circles:
                if circle_blocks(
                    px, py, dx, dy, circles[item, 0], circles[item, 1], circles[item, 2]
                ):
                    return True
            elif _edge_blocks(
                px,
                py,
                dx,
                dy,
                seg_len,
                edges[item, 0],
                edges[item, 1],
                edges[item, 2],
                edges[item, 3],
            ):
                return True
        if ix == jx and iy == jy:
            break
        if t_max_x < t_max_y:
            if t_max_x > 1.0:
                break
            ix += step_x
            t_max_x += t_dx
        else:
            if t_max_y > 1.0:
                break
            iy += step_y
            t_max_y += t_dy
        if ix < 0 or iy < 0 or ix >= nx or iy >= ny:
            break
    return False


@njit
def segments_clear(
    p: FloatArray,
    q: FloatArray,
    edges: FloatArray,
    e_start: IntArray,
    e_items: IntArray,
    e_geo: FloatArray,
    circles: FloatArray,
    c_start: IntArray,
    c_items: IntArray,
    c_geo: FloatArray,
) -> NDArray[np.bool_]:
    """For each segment p[k]→q[k]: True if no edge and no circle blocks it.

    edges: (m, 4) ax, ay, bx, by; circles: (n, 3) x, y, radius; *_geo: grid
    (x0, y0, cell, nx, ny) of the edge / circle buckets.
    """
    n_seg = p.shape[0]
    out = np.ones(n_seg, np.bool_)
    e_stamp = np.full(max(edges.shape[0], 1), -1, np.int64)
    c_stamp = np.full(max(circles.shape[0], 1), -1, np.int64)
    no_circles = np.empty((0, 3))
    for k in range(n_seg):
        px, py, qx, qy = p[k, 0], p[k, 1], q[k, 0], q[k, 1]
        blocked = circles.shape[0] > 0 and _blocked_on_walk(
            px, py, qx, qy, c_geo, c_start, c_items, c_stamp, k, edges, circles
        )
        if not blocked and edges.shape[0] > 0:
            blocked = _blocked_on_walk(
                px, py, qx, qy, e_geo, e_start, e_items, e_stamp, k, edges, no_circles
            )
        out[k] = not blocked
    return out


@njit
def circle_block_counts(p: FloatArray, q: FloatArray, circles: FloatArray) -> NDArray[np.int32]:
    """For each segment: how many of the circles block it (a direct test, no grid)."""
    n_seg = p.shape[0]
    out = np.zeros(n_seg, np.int32)
    for k in range(n_seg):
        px = p[k, 0]
        py = p[k, 1]
        dx = q[k, 0] - px
        dy = q[k, 1] - py
        minx = min(px, q[k, 0])
        maxx = max(px, q[k, 0])
        miny = min(py, q[k, 1])
        maxy = max(py, q[k, 1])
        for c in range(circles.shape[0]):
            r = circles[c, 2]
            cx = circles[c, 0]
            cy = circles[c, 1]
            if cx + r < minx or cx - r > maxx or cy + r < miny or cy - r > maxy:
                continue
            if circle_blocks(px, py, dx, dy, cx, cy, r):
                out[k] += 1
    return out
