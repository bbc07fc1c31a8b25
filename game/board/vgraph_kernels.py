"""numba kernels of the visibility graph: bitangent candidate pairs, the edge lists,
and A* and Dijkstra searches that stop at a node whose edges are not known yet."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.board.jit import heap_grow, heap_pop, heap_push, njit, python_path
from game.board.segments import circle_blocks

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]

_NUMPY_PAIRS = 1 << 20
"""Pairs `bitangent_pairs_numpy` tests at once (bounds its memory)."""


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
    in_rows: BoolArray,
    owner: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> tuple[IntArray, IntArray]:
    """Pairs of a node in rows and one in cols (a pair of two rows once) whose segment
    is tangent at both ends: the only segments a shortest path can use between two
    corners. Each comes oriented as `edge_ends` says: (from, to)."""
    cap = max(1024, rows.shape[0] * 8)
    out_i = np.empty(cap, np.int64)
    out_j = np.empty(cap, np.int64)
    count = 0
    for a in range(rows.shape[0]):
        r = rows[a]
        for b in range(cols.shape[0]):
            c = cols[b]
            if r == c or (in_rows[c] and c < r):
                continue
            i, j = edge_ends(r, c, owner)
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
def edge_ends(a: int, b: int, owner: IntArray) -> tuple[int, int]:
    """The (from, to) of the edge between nodes a and b: from the lower index to the
    higher between nodes of one owner (terrain, or one base), else from the newer
    node (higher index) to the older one. Costs and tests run in this direction."""
    lo = min(a, b)
    hi = max(a, b)
    if owner[lo] == owner[hi]:
        return lo, hi
    return hi, lo


@njit
def link_edges(
    head: IntArray, link: IntArray, eu: IntArray, ev: IntArray, first: int, count: int
) -> None:
    """Thread edges first..count-1 onto their nodes' lists (in place): half-edge 2e
    is edge e seen from eu[e], 2e + 1 from ev[e]; head[node] starts a list, link[h]
    goes on (-1 ends it)."""
    for e in range(first, count):
        h = 2 * e
        link[h] = head[eu[e]]
        head[eu[e]] = h
        link[h + 1] = head[ev[e]]
        head[ev[e]] = h + 1


@njit
def neighbours(
    u: int,
    head: IntArray,
    link: IntArray,
    eu: IntArray,
    ev: IntArray,
    ecost: FloatArray,
    eblock: NDArray[np.int32],
    ealive: BoolArray,
    owner: IntArray,
) -> tuple[IntArray, FloatArray]:
    """The nodes u's usable edges lead to and their costs, in a fixed order that does
    not depend on when the edges were found: first the nodes of u's owner above u,
    then older owners' nodes, then u's owner's below u, then newer owners' nodes,
    each by index (the order a graph built all at once, owner by owner, lists them)."""
    n = owner.shape[0]
    count = 0
    h = head[u]
    while h >= 0:
        count += 1
        h = link[h]
    keys = np.empty(count, np.int64)
    nbr = np.empty(count, np.int64)
    w = np.empty(count, np.float64)
    m = 0
    h = head[u]
    while h >= 0:
        e = h >> 1
        if ealive[e] and eblock[e] == 0:
            v = ev[e] if (h & 1) == 0 else eu[e]
            same = owner[v] == owner[u]
            rank = (0 if same else 3) if v > u else (2 if same else 1)
            keys[m] = rank * n + v
            nbr[m] = v
            w[m] = ecost[e]
            m += 1
        h = link[h]
    order = np.argsort(keys[:m])
    return nbr[order], w[order]


@njit
def astar_begin(
    pos: FloatArray,
    start_nodes: IntArray,
    start_cost: FloatArray,
    goal_x: float,
    goal_y: float,
    direct: float,
) -> tuple[FloatArray, IntArray, BoolArray, FloatArray, IntArray, int]:
    """The state of an A* search before its first step (see `astar_resume`): costs,
    predecessors (index n is the goal; -2 marks "from the start"), closed flags and
    the heap (keys, values, size)."""
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
    return dist, prev, closed, keys, vals, size


@njit
def astar_resume(
    head: IntArray,
    link: IntArray,
    eu: IntArray,
    ev: IntArray,
    ecost: FloatArray,
    eblock: NDArray[np.int32],
    ealive: BoolArray,
    owner: IntArray,
    done: BoolArray,
    pos: FloatArray,
    goal_cost: FloatArray,
    goal_x: float,
    goal_y: float,
    dist: FloatArray,
    prev: IntArray,
    closed: BoolArray,
    keys: FloatArray,
    vals: IntArray,
    size: int,
    pending: int,
) -> tuple[int, FloatArray, IntArray, int]:
    """Run the A* search (state from `astar_begin`, updated in place) until it ends
    (returns -1: the goal's cost is dist[n]) or takes a node whose edges are not
    all known yet (`done` false: returns it; find its edges, then resume with it
    as `pending`, which the search then takes first)."""
    n = pos.shape[0]
    goal = n
    while True:
        if pending >= 0:
            u = pending
            pending = -1
        else:
            if size == 0:
                return -1, keys, vals, size
            _f, u, size = heap_pop(keys, vals, size)
            if closed[u]:
                continue
            if u != goal and not done[u]:
                return u, keys, vals, size
        closed[u] = True
        if u == goal:
            return -1, keys, vals, size
        du = dist[u]
        if goal_cost[u] < np.inf and du + goal_cost[u] < dist[goal]:
            dist[goal] = du + goal_cost[u]
            prev[goal] = u
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, float(dist[goal]), goal)
        nbr, w = neighbours(u, head, link, eu, ev, ecost, eblock, ealive, owner)
        for k in range(nbr.shape[0]):
            v = nbr[k]
            nd = du + w[k]
            if nd < dist[v] and not closed[v]:
                dist[v] = nd
                prev[v] = u
                h = np.hypot(pos[v, 0] - goal_x, pos[v, 1] - goal_y)
                keys, vals = heap_grow(keys, vals, size)
                size = heap_push(keys, vals, size, nd + h, v)


@njit
def dijkstra_begin(
    n: int, start_nodes: IntArray, start_cost: FloatArray, limit: float
) -> tuple[FloatArray, BoolArray, FloatArray, IntArray, int]:
    """The state of a search out of a point linked to start_nodes (see
    `dijkstra_resume`): costs, settled flags and the heap."""
    dist = np.full(n, np.inf)
    settled = np.zeros(n, np.bool_)
    keys = np.empty(256, np.float64)
    vals = np.empty(256, np.int64)
    size = 0
    for k in range(start_nodes.shape[0]):
        v = start_nodes[k]
        if start_cost[k] < dist[v] and start_cost[k] <= limit:
            dist[v] = start_cost[k]
            keys, vals = heap_grow(keys, vals, size)
            size = heap_push(keys, vals, size, start_cost[k], v)
    return dist, settled, keys, vals, size


@njit
def dijkstra_resume(
    head: IntArray,
    link: IntArray,
    eu: IntArray,
    ev: IntArray,
    ecost: FloatArray,
    eblock: NDArray[np.int32],
    ealive: BoolArray,
    owner: IntArray,
    done: BoolArray,
    dist: FloatArray,
    settled: BoolArray,
    keys: FloatArray,
    vals: IntArray,
    size: int,
    pending: int,
    pending_cost: float,
    limit: float,
) -> tuple[int, float, FloatArray, IntArray, int]:
    """Run the search (state from `dijkstra_begin`, updated in place; inf beyond
    limit) until it ends (returns -1) or takes a node whose edges are not all known
    yet (returns it and its cost: resume with them as pending, as in `astar_resume`)."""
    while True:
        if pending >= 0:
            u = pending
            d = pending_cost
            pending = -1
        else:
            if size == 0:
                return -1, 0.0, keys, vals, size
            d, u, size = heap_pop(keys, vals, size)
            if settled[u]:
                continue
            if not done[u]:
                return u, d, keys, vals, size
        settled[u] = True
        nbr, w = neighbours(u, head, link, eu, ev, ecost, eblock, ealive, owner)
        for k in range(nbr.shape[0]):
            v = nbr[k]
            nd = d + w[k]
            if nd < dist[v] and nd <= limit:
                dist[v] = nd
                keys, vals = heap_grow(keys, vals, size)
                size = heap_push(keys, vals, size, nd, v)


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
    dist, prev, closed, keys, vals, size = astar_begin(
        pos, start_nodes, start_cost, goal_x, goal_y, direct
    )
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
    dist, done, keys, vals, size = dijkstra_begin(n, start_nodes, start_cost, limit)
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
    in_rows: BoolArray,
    owner: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> tuple[IntArray, IntArray]:
    """`bitangent_pairs` while it compiles: the pairs of a few rows at a time at once,
    in the kernel's order."""
    step = max(1, _NUMPY_PAIRS // max(1, cols.shape[0]))
    found = [
        _bitangent_rows(rows[k : k + step], cols, in_rows, owner, pos, prv, nxt, tang)
        for k in range(0, rows.shape[0], step)
    ]
    if not found:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    return np.concatenate([f[0] for f in found]), np.concatenate([f[1] for f in found])


def _bitangent_rows(
    rows: IntArray,
    cols: IntArray,
    in_rows: BoolArray,
    owner: IntArray,
    pos: FloatArray,
    prv: FloatArray,
    nxt: FloatArray,
    tang: BoolArray,
) -> tuple[IntArray, IntArray]:
    r = np.repeat(rows, cols.shape[0])
    c = np.tile(cols, rows.shape[0])
    keep = (r != c) & ~(in_rows[c] & (c < r))
    r, c = r[keep], c[keep]
    lo, hi = np.minimum(r, c), np.maximum(r, c)
    same = owner[lo] == owner[hi]
    i, j = np.where(same, lo, hi), np.where(same, hi, lo)
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
