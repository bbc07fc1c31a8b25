"""numba kernels of the movement grid: Dijkstra over a stencil, sampling a field,
the descent down it, seed cells, other bases stamped on, straight-line checks."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from game.board.jit import heap_grow, heap_pop, heap_push, njit

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]


@njit
def grid_dijkstra(
    free: BoolArray,
    kind: NDArray[np.uint8],
    kind_weight: FloatArray,
    seeds: IntArray,
    seed_dist: FloatArray,
    step: IntArray,
    step_len: FloatArray,
    via: IntArray,
    via_count: IntArray,
    limit: float,
) -> tuple[FloatArray, IntArray]:
    """Costs from the seeds over a padded flat grid (blocked border), and each cell's
    predecessor (-1 for seeds). A cell weighs kind_weight[kind[cell]] (one byte per
    cell keeps the sweep in cache). A move by step[k] costs step_len[k] × the mean
    weight of the cells it crosses (the end cells count half: they are shared with
    the next steps); it needs the cells via[k, :via_count[k]] free too."""
    n = free.shape[0]
    dist = np.full(n, np.inf)
    parent = np.full(n, -1, np.int32)
    keys = np.empty(4096, np.float64)
    vals = np.empty(4096, np.int64)
    size = 0
    for s in range(seeds.shape[0]):
        c = seeds[s]
        if free[c] and seed_dist[s] < dist[c]:
            dist[c] = seed_dist[s]
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, seed_dist[s], c)
    n_steps = step.shape[0]
    while size > 0:
        d, c, size = heap_pop(keys, vals, size)
        if d > dist[c]:  # a stale entry: every push lowers a cell's key
            continue
        wc = kind_weight[kind[c]]
        for k in range(n_steps):
            b = c + step[k]
            db = dist[b]
            if d + step_len[k] >= db or not free[b]:  # settled cells fail the first test
                continue
            ok = True
            w_sum = 0.5 * (wc + kind_weight[kind[b]])
            for m in range(via_count[k]):
                f = c + via[k, m]
                if not free[f]:
                    ok = False
                    break
                w_sum += kind_weight[kind[f]]
            if not ok:
                continue
            nd = d + step_len[k] * w_sum / (1 + via_count[k])
            if nd >= db or nd > limit:
                continue
            dist[b] = nd
            parent[b] = c
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, nd, b)
    return dist, parent.astype(np.int64)


@njit
def grid_clear(
    free: BoolArray,
    stride: int,
    x0: float,
    y0: float,
    cell: float,
    ax: float,
    ay: float,
    bx: float,
    by: float,
    skip: int,
) -> bool:
    """Are all cells under the segment a→b free (sampled every quarter cell), except
    perhaps the cell `skip` (-1: none)?"""
    length = np.hypot(bx - ax, by - ay)
    steps = int(np.ceil(length / (0.25 * cell))) + 1
    for s in range(steps + 1):
        t = s / steps
        i = int(np.floor((ax + t * (bx - ax) - x0) / cell))
        j = int(np.floor((ay + t * (by - ay) - y0) / cell))
        f = i * stride + j
        if not free[f] and f != skip:
            return False
    return True


@njit
def line_costs(
    free: BoolArray,
    weight: FloatArray,
    stride: int,
    x0: float,
    y0: float,
    cell: float,
    sx: float,
    sy: float,
    cells: IntArray,
) -> FloatArray:
    """Cost of the straight move from (sx, sy) to each cell's centre, integrating the
    cell weights every quarter cell; inf where it crosses a blocked cell."""
    out = np.full(cells.shape[0], np.inf)
    for k in range(cells.shape[0]):
        c = cells[k]
        i = c // stride
        j = c - i * stride
        bx = x0 + (i + 0.5) * cell
        by = y0 + (j + 0.5) * cell
        length = np.hypot(bx - sx, by - sy)
        steps = int(np.ceil(length / (0.25 * cell))) + 1
        ds = length / steps
        total = 0.0
        ok = True
        for s in range(steps):
            t = (s + 0.5) / steps
            ci = int(np.floor((sx + t * (bx - sx) - x0) / cell))
            cj = int(np.floor((sy + t * (by - sy) - y0) / cell))
            f = ci * stride + cj
            if not free[f]:
                ok = False
                break
            total += weight[f] * ds
        if ok:
            out[k] = total
    return out


@njit
def grid_sample(
    dist: FloatArray,
    free: BoolArray,
    weight: FloatArray,
    nx: int,
    ny: int,
    x0: float,
    y0: float,
    cell: float,
    points: FloatArray,
) -> FloatArray:
    """`MoveGrid.sample` point by point (the same arithmetic in the same order)."""
    out = np.empty(points.shape[0])
    value = np.empty(4)
    near = np.empty(4)
    for p in range(points.shape[0]):
        px, py = points[p, 0], points[p, 1]
        fi = (px - x0) / cell - 0.5
        fj = (py - y0) / cell - 0.5
        i0 = min(max(int(np.floor(fi)), 0), nx - 2)
        j0 = min(max(int(np.floor(fj)), 0), ny - 2)
        u = min(max(fi - i0, 0.0), 1.0)
        v = min(max(fj - j0, 0.0), 1.0)
        nearest = np.inf
        smooth = True
        for k in range(4):
            ii = i0 + (k >> 1)
            jj = j0 + (k & 1)
            c = ii * ny + jj
            d = math.hypot(px - (x0 + (ii + 0.5) * cell), py - (y0 + (jj + 0.5) * cell))
            value[k] = dist[c] if free[c] else np.inf
            near[k] = value[k] + d * weight[c]
            nearest = min(nearest, near[k])
            smooth = smooth and math.isfinite(value[k])
        if smooth:
            blend = (1 - u) * (1 - v) * value[0]
            blend += (1 - u) * v * value[1]
            blend += u * (1 - v) * value[2]
            blend += u * v * value[3]
            out[p] = min(blend, nearest)
        else:
            out[p] = nearest
    return out


@njit
def grid_descend(
    dist: FloatArray,
    parent: IntArray,
    free: BoolArray,
    nx: int,
    ny: int,
    x0: float,
    y0: float,
    cell: float,
    px: float,
    py: float,
    budget: float,
) -> tuple[FloatArray, FloatArray, float]:
    """Down a field from a point: the centres of the cells its predecessor chain
    passes (until `budget` + 1 below the start's cost) and the cost at the point
    (inf, no cells: no reached cell within two cells of it).

    The point joins the field at the free, reached cell around it (a cell, else two
    cells) with the least cost plus the way to its centre; first such cell in
    row order on ties."""
    i0 = int(np.floor((px - x0) / cell))
    j0 = int(np.floor((py - y0) / cell))
    start = -1
    lead = 0.0
    for reach in range(1, 3):
        best = np.inf
        for ii in range(i0 - reach, i0 + reach + 1):
            for jj in range(j0 - reach, j0 + reach + 1):
                if ii < 0 or ii >= nx or jj < 0 or jj >= ny:
                    continue
                c = ii * ny + jj
                if not free[c]:
                    continue
                gap = math.hypot(x0 + (ii + 0.5) * cell - px, y0 + (jj + 0.5) * cell - py)
                total = dist[c] + gap
                if total < best:
                    best, start, lead = total, c, gap
        if math.isfinite(best):
            break
        start = -1
    if start < 0:
        return np.empty(0), np.empty(0), np.inf
    top = dist[start]
    limit = top - budget - 1.0
    chain = []
    c = start
    while c >= 0:
        chain.append(c)
        if dist[c] < limit:
            break
        c = parent[c]
    xs = np.empty(len(chain))
    ys = np.empty(len(chain))
    for k in range(len(chain)):
        xs[k] = x0 + (chain[k] // ny + 0.5) * cell
        ys[k] = y0 + (chain[k] % ny + 0.5) * cell
    return xs, ys, top + lead


@njit
def stamp_circles(
    cover: NDArray[np.int16],
    circles: FloatArray,
    delta: int,
    x0: float,
    y0: float,
    cell: float,
) -> None:
    """Add `delta` to the cover count of every cell whose centre lies strictly inside
    one of the circles (rows x, y, radius)."""
    nx, ny = cover.shape
    for k in range(circles.shape[0]):
        bx, by, big = circles[k, 0], circles[k, 1], circles[k, 2]
        i0 = max(int(np.floor((bx - big - x0) / cell)), 0)
        j0 = max(int(np.floor((by - big - y0) / cell)), 0)
        i1 = min(int(np.floor((bx + big - x0) / cell)) + 1, nx - 1)
        j1 = min(int(np.floor((by + big - y0) / cell)) + 1, ny - 1)
        for i in range(i0, i1 + 1):
            dx = x0 + (i + 0.5) * cell - bx
            for j in range(j0, j1 + 1):
                dy = y0 + (j + 0.5) * cell - by
                if dx * dx + dy * dy < big * big:
                    cover[i, j] += delta


@njit
def seed_cells(
    free: BoolArray, nx: int, ny: int, x0: float, y0: float, cell: float, px: float, py: float
) -> IntArray:
    """The free cells within two cells of a point that a straight move from it
    reaches over free cells (the point's own cell may be blocked), in row order."""
    i = int(np.floor((px - x0) / cell))
    j = int(np.floor((py - y0) / cell))
    own = i * ny + j
    out = np.empty(25, np.int64)
    count = 0
    for ii in range(i - 2, i + 3):
        for jj in range(j - 2, j + 3):
            if not (0 <= ii < nx and 0 <= jj < ny):
                continue
            c = ii * ny + jj
            if not free[c]:
                continue
            cx, cy = x0 + (ii + 0.5) * cell, y0 + (jj + 0.5) * cell
            if grid_clear(free, ny, x0, y0, cell, px, py, cx, cy, own):
                out[count] = c
                count += 1
    return out[:count].copy()
