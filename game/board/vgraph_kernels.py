"""numba kernels of the visibility graph: bitangent candidate pairs and A*."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.board.jit import heap_grow, heap_pop, heap_push, njit, python_path
from game.board.segments import circle_blocks

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]


@njit
def _tangent(
    px: float, py: float, dx: float, dy: float, ax: float, ay: float, bx: float, by: float
) -> bool:
    """Does the line through p along d keep both ring neighbours a, b on one side?"""
    s1 = dx * (ay - py) - dy * (ax - px)
    s2 = dx * (by - py) - dy * (bx - px)
    m1 = abs(ax - px) + abs(ay - py)
    m2 = abs(bx - px) + abs(by - py)
    # twice a bound on the tolerances below: past it, no square root is needed
    loose = 2e-12 * (abs(dx) + abs(dy))
    if abs(s1) > loose * m1 and abs(s2) > loose * m2:
        return (s1 > 0.0) == (s2 > 0.0)
    scale = np.sqrt(dx * dx + dy * dy)
    t1 = 1e-12 * scale * (abs(ax - px) + abs(ay - py))
    t2 = 1e-12 * scale * (abs(bx - px) + abs(by - py))
    if abs(s1) <= t1 or abs(s2) <= t2:
        return True
    return (s1 > 0.0) == (s2 > 0.0)


@njit
def tangent_from(
    px: float,
    py: float,
    nodes: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> IntArray:
    """The nodes a shortest path from the free point p may go to straight away."""
    out = np.empty(nodes.shape[0], np.int64)
    count = 0
    for k in range(nodes.shape[0]):
        j = nodes[k]
        dx = pos[j, 0] - px
        dy = pos[j, 1] - py
        if dx == 0.0 and dy == 0.0:
            continue
        if tang[j] and not _tangent(
            pos[j, 0], pos[j, 1], dx, dy, prv[j, 0], prv[j, 1], nxt[j, 0], nxt[j, 1]
        ):
            continue
        out[count] = j
        count += 1
    return out[:count]


@njit
def bitangent_pairs(
    rows: IntArray,
    cols: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
    upper: bool,
) -> tuple[IntArray, IntArray]:
    """Pairs (i in rows, j in cols) whose segment is tangent at both ends (only j > i
    when `upper`): the only segments a shortest path can use between two corners."""
    cap = max(1024, rows.shape[0] * 8)
    out_i = np.empty(cap, np.int64)
    out_j = np.empty(cap, np.int64)
    count = 0
    for a in range(rows.shape[0]):
        i = rows[a]
        for b in range(cols.shape[0]):
            j = cols[b]
            if i == j or (upper and j <= i):
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            if dx == 0.0 and dy == 0.0:
                continue
            if tang[i] and not _tangent(
                pos[i, 0], pos[i, 1], dx, dy, prv[i, 0], prv[i, 1], nxt[i, 0], nxt[i, 1]
            ):
                continue
            if tang[j] and not _tangent(
                pos[j, 0], pos[j, 1], dx, dy, prv[j, 0], prv[j, 1], nxt[j, 0], nxt[j, 1]
            ):
                continue
            if count >= cap:
                cap *= 2
                grown_i = np.empty(cap, np.int64)
                grown_j = np.empty(cap, np.int64)
                grown_i[:count] = out_i[:count]
                grown_j[:count] = out_j[:count]
                out_i = grown_i
                out_j = grown_j
            out_i[count] = i
            out_j[count] = j
            count += 1
    return out_i[:count], out_j[:count]


@njit
def astar(
    indptr: IntArray,
    indices: IntArray,
    weights: FloatArray,
    pos: FloatArray,
    start_nodes: IntArray,
    start_cost: FloatArray,
    goal_cost: FloatArray,
    goal_x: float,
    goal_y: float,
    direct: float,
) -> tuple[float, IntArray]:
    """Cheapest start→goal cost over the graph plus the start/goal links, and the
    predecessor array (index n is the goal; -2 marks "from the start")."""
    n = pos.shape[0]
    goal = n
    dist = np.full(n + 1, np.inf)
    prev = np.full(n + 1, -1, np.int64)
    closed = np.zeros(n + 1, np.bool_)
    keys = np.empty(256, np.float64)
    vals = np.empty(256, np.int64)
    size = 0
    if direct < np.inf:
        dist[goal] = direct
        prev[goal] = -2
        size = heap_push(keys, vals, size, direct, goal)
    for k in range(start_nodes.shape[0]):
        v = start_nodes[k]
        if start_cost[k] < dist[v]:
            dist[v] = start_cost[k]
            prev[v] = -2
            h = np.hypot(pos[v, 0] - goal_x, pos[v, 1] - goal_y)
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, dist[v] + h, v)
    while size > 0:
        _f, u, size = heap_pop(keys, vals, size)
        if closed[u]:
            continue
        closed[u] = True
        if u == goal:
            break
        du = dist[u]
        if goal_cost[u] < np.inf and du + goal_cost[u] < dist[goal]:
            dist[goal] = du + goal_cost[u]
            prev[goal] = u
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, float(dist[goal]), goal)
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            nd = du + weights[e]
            if nd < dist[v] and not closed[v]:
                dist[v] = nd
                prev[v] = u
                h = np.hypot(pos[v, 0] - goal_x, pos[v, 1] - goal_y)
                keys, vals = heap_grow(keys, vals, size)
                size = heap_push(keys, vals, size, nd + h, v)
    return float(dist[goal]), prev


@njit
def dijkstra_from(
    indptr: IntArray,
    indices: IntArray,
    weights: FloatArray,
    n: int,
    start_nodes: IntArray,
    start_cost: FloatArray,
    limit: float,
) -> FloatArray:
    """Costs from a point linked to start_nodes to every node (inf beyond limit)."""
    dist = np.full(n, np.inf)
    done = np.zeros(n, np.bool_)
    keys = np.empty(256, np.float64)
    vals = np.empty(256, np.int64)
    size = 0
    for k in range(start_nodes.shape[0]):
        v = start_nodes[k]
        if start_cost[k] < dist[v] and start_cost[k] <= limit:
            dist[v] = start_cost[k]
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, start_cost[k], v)
    while size > 0:
        d, u, size = heap_pop(keys, vals, size)
        if done[u]:
            continue
        done[u] = True
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            nd = d + weights[e]
            if nd < dist[v] and nd <= limit:
                dist[v] = nd
                keys, vals = heap_grow(keys, vals, size)
                size = heap_push(keys, vals, size, nd, v)
    return dist


@njit
def bump_blocks(
    eu: IntArray,
    ev: IntArray,
    ealive: BoolArray,
    pos: FloatArray,
    eblock: NDArray[np.int32],
    circle: FloatArray,
    delta: int,
) -> None:
    """Add `delta` to the block count of every live edge the circle (x, y, r) blocks
    (in place; the test of `segments.circle_block_counts`)."""
    cx = circle[0]
    cy = circle[1]
    r = circle[2]
    for e in range(eu.shape[0]):
        if not ealive[e]:
            continue
        px = pos[eu[e], 0]
        py = pos[eu[e], 1]
        qx = pos[ev[e], 0]
        qy = pos[ev[e], 1]
        if cx + r < min(px, qx) or cx - r > max(px, qx):
            continue
        if cy + r < min(py, qy) or cy - r > max(py, qy):
            continue
        if circle_blocks(px, py, qx - px, qy - py, cx, cy, r):
            eblock[e] += delta


@njit
def usable_csr(
    eu: IntArray, ev: IntArray, ecost: FloatArray, usable: BoolArray, n: int
) -> tuple[IntArray, IntArray, FloatArray]:
    """CSR adjacency (both directions) of the usable edges: per node, first the
    edges it starts, then those it ends, each in edge order."""
    counts = np.zeros(n + 1, np.int64)
    for e in range(eu.shape[0]):
        if usable[e]:
            counts[eu[e] + 1] += 1
            counts[ev[e] + 1] += 1
    for i in range(n):
        counts[i + 1] += counts[i]
    indptr = counts.copy()
    fill = counts[:-1].copy()
    indices = np.empty(indptr[n], np.int64)
    weights = np.empty(indptr[n], np.float64)
    for e in range(eu.shape[0]):
        if usable[e]:
            u = eu[e]
            indices[fill[u]] = ev[e]
            weights[fill[u]] = ecost[e]
            fill[u] += 1
    for e in range(eu.shape[0]):
        if usable[e]:
            v = ev[e]
            indices[fill[v]] = eu[e]
            weights[fill[v]] = ecost[e]
            fill[v] += 1
    return indptr, indices, weights


@njit
def tangent_pairs(
    points: FloatArray,
    nodes: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> tuple[IntArray, IntArray]:
    """`tangent_from` for many free points at once: pairs (point k, node j)."""
    cap = max(1024, points.shape[0] * 16)
    out_k = np.empty(cap, np.int64)
    out_j = np.empty(cap, np.int64)
    count = 0
    for k in range(points.shape[0]):
        found = tangent_from(points[k, 0], points[k, 1], nodes, pos, prv, nxt, tang)
        if count + found.shape[0] > cap:
            cap = 2 * (count + found.shape[0])
            grown_k = np.empty(cap, np.int64)
            grown_j = np.empty(cap, np.int64)
            grown_k[:count] = out_k[:count]
            grown_j[:count] = out_j[:count]
            out_k = grown_k
            out_j = grown_j
        for m in range(found.shape[0]):
            out_k[count] = k
            out_j[count] = found[m]
            count += 1
    return out_k[:count], out_j[:count]


# -- the interim path: the same answers in numpy -----------------------------------


def tangent_many(
    px: FloatArray,
    py: FloatArray,
    dx: FloatArray,
    dy: FloatArray,
    ax: FloatArray,
    ay: FloatArray,
    bx: FloatArray,
    by: FloatArray,
) -> BoolArray:
    """`_tangent` of many lines at once: the same operations in the same order."""
    s1 = dx * (ay - py) - dy * (ax - px)
    s2 = dx * (by - py) - dy * (bx - px)
    m1 = np.abs(ax - px) + np.abs(ay - py)
    m2 = np.abs(bx - px) + np.abs(by - py)
    loose = 2e-12 * (np.abs(dx) + np.abs(dy))
    same = (s1 > 0.0) == (s2 > 0.0)
    sure = (np.abs(s1) > loose * m1) & (np.abs(s2) > loose * m2)
    scale = np.sqrt(dx * dx + dy * dy)
    t1 = 1e-12 * scale * (np.abs(ax - px) + np.abs(ay - py))
    t2 = 1e-12 * scale * (np.abs(bx - px) + np.abs(by - py))
    flat = (np.abs(s1) <= t1) | (np.abs(s2) <= t2)
    return np.asarray(np.where(sure, same, flat | same), np.bool_)


def _tangent_at(
    j: IntArray, dx: FloatArray, dy: FloatArray, pos: FloatArray, prv: FloatArray, nxt: FloatArray
) -> BoolArray:
    """Is the line along d through node j tangent there (both ring neighbours on one side)?"""
    return tangent_many(pos[j, 0], pos[j, 1], dx, dy, prv[j, 0], prv[j, 1], nxt[j, 0], nxt[j, 1])


@python_path(bitangent_pairs)
def bitangent_pairs_numpy(
    rows: IntArray,
    cols: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
    upper: bool,
) -> tuple[IntArray, IntArray]:
    """`bitangent_pairs` while it compiles: every pair at once, in the kernel's order."""
    i = np.repeat(rows, cols.shape[0])
    j = np.tile(cols, rows.shape[0])
    keep = (i != j) & ~(upper & (j <= i))
    i, j = i[keep], j[keep]
    dx = pos[j, 0] - pos[i, 0]
    dy = pos[j, 1] - pos[i, 1]
    keep = ~((dx == 0.0) & (dy == 0.0))
    i, j, dx, dy = i[keep], j[keep], dx[keep], dy[keep]
    keep = ~tang[i] | _tangent_at(i, dx, dy, pos, prv, nxt)
    keep &= ~tang[j] | _tangent_at(j, dx, dy, pos, prv, nxt)
    return i[keep].astype(np.int64), j[keep].astype(np.int64)


@python_path(tangent_pairs)
def tangent_pairs_numpy(
    points: FloatArray,
    nodes: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> tuple[IntArray, IntArray]:
    """`tangent_pairs` while it compiles: every (point, node) pair at once."""
    k = np.repeat(np.arange(points.shape[0], dtype=np.int64), nodes.shape[0])
    j = np.tile(nodes, points.shape[0])
    dx = pos[j, 0] - points[k, 0]
    dy = pos[j, 1] - points[k, 1]
    keep = ~((dx == 0.0) & (dy == 0.0))
    k, j, dx, dy = k[keep], j[keep], dx[keep], dy[keep]
    keep = ~tang[j] | _tangent_at(j, dx, dy, pos, prv, nxt)
    return k[keep], j[keep].astype(np.int64)


@python_path(tangent_from)
def tangent_from_numpy(
    px: float,
    py: float,
    nodes: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> IntArray:
    """`tangent_from` while it compiles."""
    point = np.array([[px, py]], np.float64)
    return tangent_pairs_numpy(point, nodes, pos, prv, nxt, tang)[1]
