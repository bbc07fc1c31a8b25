"""The visibility graph as it was before edges were found lazily (every edge built
when the graph is made, searches on a CSR copy of the usable edges): the reference
`test_lazy_graph` compares `game.board.vgraph.NavGraph` with, path for path."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import TOL, Circle, FreeSpace, Point2
from game.board.jit import heap_grow, heap_pop, heap_push, njit
from game.board.segments import _edge_blocks, build_grid, circle_block_counts, circle_blocks
from game.board.vgraph import (
    BASE_SIDES,
    CIRCLE_CELL,
    EDGE_CELL,
    STEINER_SPACING,
    GraphPath,
    _grid_geo,
    reflex_corners,
)
from game.board.vgraph_kernels import _tangent, bump_blocks, tangent_from, tangent_pairs

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]
_ROW_CHUNK = 512


@njit
def _walk(
    px: float,
    py: float,
    qx: float,
    qy: float,
    x0: float,
    y0: float,
    cell: float,
    nx: int,
    ny: int,
    cells: IntArray,
) -> int:
    """Grid cells a segment passes (Amanatides–Woo); writes them to `cells`, returns
    how many (cells may need growing: returns -1 if it is too small)."""
    fx = (px - x0) / cell
    fy = (py - y0) / cell
    gx = (qx - x0) / cell
    gy = (qy - y0) / cell
    ix = max(0, min(nx - 1, int(np.floor(fx))))
    iy = max(0, min(ny - 1, int(np.floor(fy))))
    jx = max(0, min(nx - 1, int(np.floor(gx))))
    jy = max(0, min(ny - 1, int(np.floor(gy))))
    dx = gx - fx
    dy = gy - fy
    step_x = 1 if dx > 0 else -1
    step_y = 1 if dy > 0 else -1
    inf = np.inf
    t_max_x = inf if dx == 0 else ((ix + (1 if dx > 0 else 0)) - fx) / dx
    t_max_y = inf if dy == 0 else ((iy + (1 if dy > 0 else 0)) - fy) / dy
    t_dx = inf if dx == 0 else abs(1.0 / dx)
    t_dy = inf if dy == 0 else abs(1.0 / dy)
    count = 0
    limit = cells.shape[0]
    while True:
        if count >= limit:
            return -1
        cells[count] = ix * ny + iy
        count += 1
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
    return count


@njit
def segments_clear_reference(
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
    """`segments.segments_clear` as it was: every cell walked first, then checked.

    edges: (m, 4) ax, ay, bx, by; circles: (n, 3) x, y, radius; *_geo: grid
    (x0, y0, cell, nx, ny) of the edge / circle buckets.
    """
    n_seg = p.shape[0]
    out = np.ones(n_seg, np.bool_)
    e_stamp = np.full(max(edges.shape[0], 1), -1, np.int64)
    c_stamp = np.full(max(circles.shape[0], 1), -1, np.int64)
    cells = np.empty(4096, np.int64)
    for k in range(n_seg):
        px = p[k, 0]
        py = p[k, 1]
        dx = q[k, 0] - px
        dy = q[k, 1] - py
        seg_len = np.sqrt(dx * dx + dy * dy)
        blocked = False
        if circles.shape[0] > 0:
            nc = _walk(
                px,
                py,
                q[k, 0],
                q[k, 1],
                c_geo[0],
                c_geo[1],
                c_geo[2],
                int(c_geo[3]),
                int(c_geo[4]),
                cells,
            )
            while nc < 0:
                cells = np.empty(cells.shape[0] * 2, np.int64)
                nc = _walk(
                    px,
                    py,
                    q[k, 0],
                    q[k, 1],
                    c_geo[0],
                    c_geo[1],
                    c_geo[2],
                    int(c_geo[3]),
                    int(c_geo[4]),
                    cells,
                )
            for ci in range(nc):
                c = cells[ci]
                for s in range(c_start[c], c_start[c + 1]):
                    item = c_items[s]
                    if c_stamp[item] == k:
                        continue
                    c_stamp[item] = k
                    if circle_blocks(
                        px, py, dx, dy, circles[item, 0], circles[item, 1], circles[item, 2]
                    ):
                        blocked = True
                        break
                if blocked:
                    break
        if not blocked and edges.shape[0] > 0:
            nc = _walk(
                px,
                py,
                q[k, 0],
                q[k, 1],
                e_geo[0],
                e_geo[1],
                e_geo[2],
                int(e_geo[3]),
                int(e_geo[4]),
                cells,
            )
            while nc < 0:
                cells = np.empty(cells.shape[0] * 2, np.int64)
                nc = _walk(
                    px,
                    py,
                    q[k, 0],
                    q[k, 1],
                    e_geo[0],
                    e_geo[1],
                    e_geo[2],
                    int(e_geo[3]),
                    int(e_geo[4]),
                    cells,
                )
            for ci in range(nc):
                c = cells[ci]
                for s in range(e_start[c], e_start[c + 1]):
                    item = e_items[s]
                    if e_stamp[item] == k:
                        continue
                    e_stamp[item] = k
                    if _edge_blocks(
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
                        blocked = True
                        break
                if blocked:
                    break
        out[k] = not blocked
    return out


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


class EagerNavGraph:
    """The graph as it was built before: every edge when it is made."""

    def __init__(self, space: FreeSpace, difficult_cost: float) -> None:
        self.space = space
        self.radius = space.radius
        self.difficult_cost = float(difficult_cost)
        edges = space.edges()
        self._edges = edges
        lo = np.minimum(edges[:, :2], edges[:, 2:]) if len(edges) else np.empty((0, 2))
        hi = np.maximum(edges[:, :2], edges[:, 2:]) if len(edges) else np.empty((0, 2))
        grid = build_grid(lo, hi, 0.0, 0.0, space.width, space.height, EDGE_CELL)
        self._e_start, self._e_items, self._e_geo = grid.start, grid.items, _grid_geo(grid)
        # nodes
        self._pos = np.empty((0, 2))
        self._prv = np.empty((0, 2))
        self._nxt = np.empty((0, 2))
        self._tang = np.empty(0, np.bool_)
        self._owner = np.empty(0, np.int64)
        self._alive = np.empty(0, np.bool_)
        # edges
        self._eu = np.empty(0, np.int64)
        self._ev = np.empty(0, np.int64)
        self._ecost = np.empty(0)
        self._eblock = np.empty(0, np.int32)
        self._ealive = np.empty(0, np.bool_)
        # bases
        self._bases: dict[Circle, int] = {}
        self._slot_circle: dict[int, tuple[float, float, float]] = {}
        self._next_slot = 0
        self._circles = np.empty((0, 3))
        self._c_start = np.zeros(1, np.int64)
        self._c_items = np.empty(0, np.int64)
        self._c_geo = np.array([0.0, 0.0, CIRCLE_CELL, 1, 1], np.float64)
        self._csr: tuple[IntArray, IntArray, FloatArray] | None = None
        self._add_terrain_nodes()

    # -- building -------------------------------------------------------------
    def _add_nodes(
        self, pos: FloatArray, prv: FloatArray, nxt: FloatArray, tang: bool, owner: int
    ) -> IntArray:
        first = len(self._pos)
        n = len(pos)
        self._pos = np.vstack([self._pos, pos])
        self._prv = np.vstack([self._prv, prv])
        self._nxt = np.vstack([self._nxt, nxt])
        self._tang = np.concatenate([self._tang, np.full(n, tang)])
        self._owner = np.concatenate([self._owner, np.full(n, owner, np.int64)])
        self._alive = np.concatenate([self._alive, np.ones(n, np.bool_)])
        return np.arange(first, first + n, dtype=np.int64)

    def _terrain_corners(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """The corner nodes of the terrain: positions and their ring neighbours."""
        return reflex_corners(self.space.rings())

    def _keep(self, pos: FloatArray) -> NDArray[np.bool_]:
        """Which candidate node positions may be nodes (strictly free points)."""
        return np.asarray(shapely.contains_xy(self.space.inner, pos[:, 0], pos[:, 1]))

    def _add_terrain_nodes(self) -> None:
        pos, prv, nxt = self._terrain_corners()
        if len(pos):
            self._add_nodes(pos, prv, nxt, True, -1)
        steiner = self._difficult_points()
        if len(steiner):
            self._add_nodes(steiner, steiner, steiner, False, -1)
        nodes = np.arange(len(self._pos), dtype=np.int64)
        self._connect(nodes, nodes, upper=True)

    def _difficult_points(self) -> FloatArray:
        geom = self.space.difficult.geometry
        if geom.is_empty:
            return np.empty((0, 2))
        pts: list[FloatArray] = []
        for ring in shapely.get_rings(shapely.get_parts(geom)):
            coords = np.asarray(ring.coords, np.float64)
            for a, b in itertools.pairwise(coords):
                steps = max(1, math.ceil(float(np.hypot(*(b - a))) / STEINER_SPACING))
                t = np.arange(steps)[:, None] / steps
                pts.append(a + t * (b - a))
        cand = np.asarray(np.unique(np.round(np.vstack(pts), 9), axis=0), np.float64)
        return cand[self._keep(cand)]

    def _connect(self, rows: IntArray, cols: IntArray, upper: bool) -> None:
        """Add the visible bitangent edges between rows and cols."""
        if len(rows) == 0 or len(cols) == 0:
            return
        for k in range(0, len(rows), _ROW_CHUNK):
            i, j = bitangent_pairs(
                rows[k : k + _ROW_CHUNK],
                cols,
                self._pos,
                self._prv,
                self._nxt,
                self._tang,
                upper,
            )
            if len(i) == 0:
                continue
            p, q = self._pos[i], self._pos[j]
            clear = self._clear(p, q, with_bases=False)
            i, j, p, q = i[clear], j[clear], p[clear], q[clear]
            if len(i) == 0:
                continue
            blocks = (
                circle_block_counts(p, q, self._circles)
                if len(self._circles)
                else np.zeros(len(i), np.int32)
            )
            self._eu = np.concatenate([self._eu, i])
            self._ev = np.concatenate([self._ev, j])
            self._ecost = np.concatenate([self._ecost, self.costs(p, q)])
            self._eblock = np.concatenate([self._eblock, blocks])
            self._ealive = np.concatenate([self._ealive, np.ones(len(i), np.bool_)])
        self._csr = None

    def costs(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """Movement cost of segments (difficult ground costs extra)."""
        return np.asarray(np.hypot(*(q - p).T) + self.extra_costs(p, q))

    def extra_costs(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """What segments cost beyond their length (difficult ground)."""
        return np.asarray((self.difficult_cost - 1.0) * self.space.difficult.inside_length(p, q))

    def _clear(self, p: FloatArray, q: FloatArray, with_bases: bool) -> NDArray[np.bool_]:
        circles = self._circles if with_bases else np.empty((0, 3))
        return np.asarray(
            segments_clear_reference(
                np.ascontiguousarray(p),
                np.ascontiguousarray(q),
                self._edges,
                self._e_start,
                self._e_items,
                self._e_geo,
                circles,
                self._c_start,
                self._c_items,
                self._c_geo,
            )
        )

    # -- other bases ----------------------------------------------------------
    def set_bases(self, bases: Iterable[Circle]) -> None:
        """Make exactly these bases (true radius) the obstacles."""
        wanted = set(bases)
        for base in [b for b in self._bases if b not in wanted]:
            self._remove_base(base)
        added = sorted(b for b in wanted if b not in self._bases)
        for base in added:
            self._bases[base] = self._next_slot
            self._slot_circle[self._next_slot] = (base.x, base.y, base.radius + self.radius)
            self._next_slot += 1
        if added:
            for base in added:
                self._bump_blocks(self._slot_circle[self._bases[base]], +1)
            self._rebuild_circle_grid()
            for base in added:
                self._add_base(base)

    def _rebuild_circle_grid(self) -> None:
        self._circles = np.array(list(self._slot_circle.values()), np.float64).reshape(-1, 3)
        r = self._circles[:, 2:3]
        grid = build_grid(
            self._circles[:, :2] - r,
            self._circles[:, :2] + r,
            0.0,
            0.0,
            self.space.width,
            self.space.height,
            CIRCLE_CELL,
        )
        self._c_start, self._c_items, self._c_geo = grid.start, grid.items, _grid_geo(grid)

    def _bump_blocks(self, circle: tuple[float, float, float], delta: int) -> None:
        bump_blocks(
            self._eu,
            self._ev,
            self._ealive,
            self._pos,
            self._eblock,
            np.array(circle, np.float64),
            delta,
        )
        self._csr = None

    def _add_base(self, base: Circle) -> None:
        slot = self._bases[base]
        x, y, big = self._slot_circle[slot]
        angles = 2 * np.pi * np.arange(BASE_SIDES) / BASE_SIDES
        ring = np.column_stack([np.cos(angles), np.sin(angles)])
        ring = np.array([x, y]) + ring * (big / math.cos(math.pi / BASE_SIDES))
        prv = np.roll(ring, 1, axis=0)
        nxt = np.roll(ring, -1, axis=0)
        keep = self._keep(ring)
        if not keep.any():
            return
        new = self._add_nodes(ring[keep], prv[keep], nxt[keep], True, slot)
        old = np.flatnonzero(self._alive[: new[0]]).astype(np.int64)
        self._connect(new, new, upper=True)
        self._connect(new, old, upper=False)

    def _remove_base(self, base: Circle) -> None:
        slot = self._bases.pop(base)
        circle = self._slot_circle.pop(slot)
        mine = self._owner == slot
        self._alive[mine] = False
        dead = self._ealive & (mine[self._eu] | mine[self._ev])
        self._ealive[dead] = False
        self._bump_blocks(circle, -1)
        self._rebuild_circle_grid()
        self._maybe_compact()

    def _maybe_compact(self) -> None:
        n_dead = int((~self._ealive).sum())
        if n_dead < 4096 or n_dead < self._ealive.sum():
            return
        keep_nodes = np.flatnonzero(self._alive)
        remap = np.full(len(self._pos), -1, np.int64)
        remap[keep_nodes] = np.arange(len(keep_nodes))
        for name in ("_pos", "_prv", "_nxt", "_tang", "_owner", "_alive"):
            setattr(self, name, getattr(self, name)[keep_nodes])
        keep = np.flatnonzero(self._ealive)
        self._eu = remap[self._eu[keep]]
        self._ev = remap[self._ev[keep]]
        self._ecost = self._ecost[keep]
        self._eblock = self._eblock[keep]
        self._ealive = self._ealive[keep]
        self._csr = None

    # -- queries --------------------------------------------------------------
    def _graph(self) -> tuple[IntArray, IntArray, FloatArray]:
        if self._csr is None:
            usable = self._ealive & (self._eblock == 0)
            self._csr = usable_csr(self._eu, self._ev, self._ecost, usable, len(self._pos))
        return self._csr

    def blocked_by_base(self, point: Point2) -> bool:
        """Is a base centred here overlapping one of the obstacle bases?"""
        if len(self._circles) == 0:
            return False
        d = np.hypot(self._circles[:, 0] - point[0], self._circles[:, 1] - point[1])
        return bool((d < self._circles[:, 2] - TOL).any())

    def push_off_bases(self, point: Point2) -> Point2:
        """Move a point that touches (within TOL) an obstacle base radially clear of it."""
        x, y = point
        if len(self._circles) == 0:
            return (x, y)
        # each push moves the point by under 3 TOL: only circles this near can act
        reach = self._circles[:, 2] + (3 + 3 * len(self._circles)) * TOL
        near = np.hypot(self._circles[:, 0] - x, self._circles[:, 1] - y) < reach
        for cx, cy, big in self._circles[near]:
            d = math.hypot(x - cx, y - cy)
            if big - TOL <= d < big + 2 * TOL and d > 0:
                scale = (big + 2 * TOL) / d
                x, y = cx + (x - cx) * scale, cy + (y - cy) * scale
        return (x, y)

    def links(self, point: Point2) -> tuple[IntArray, FloatArray]:
        """Nodes a free point sees directly (tangent there) and the costs to them."""
        nodes = np.flatnonzero(self._alive).astype(np.int64)
        cand = tangent_from(point[0], point[1], nodes, self._pos, self._prv, self._nxt, self._tang)
        if len(cand) == 0:
            return cand, np.empty(0)
        p = np.broadcast_to(np.asarray(point, np.float64), (len(cand), 2))
        q = self._pos[cand]
        ok = self._clear(p, q, with_bases=True)
        cand = cand[ok]
        return cand, self.costs(p[ok], q[ok])

    def segment_clear(self, a: Point2, b: Point2) -> bool:
        """Is the straight move a→b clear of terrain and the obstacle bases?"""
        p = np.array([a], np.float64)
        q = np.array([b], np.float64)
        return bool(self._clear(p, q, with_bases=True)[0])

    def clear(self, p: FloatArray, q: FloatArray) -> NDArray[np.bool_]:
        """`segment_clear` for each segment p[k]→q[k]."""
        return self._clear(
            np.asarray(p, np.float64).reshape(-1, 2),
            np.asarray(q, np.float64).reshape(-1, 2),
            with_bases=True,
        )

    @property
    def circles(self) -> FloatArray:
        """The obstacle bases grown by the mover's radius: (n, 3) x, y, radius."""
        return self._circles

    def shortest(self, start: Point2, goal: Point2) -> GraphPath:
        """The cheapest path between two strictly free points (empty if none)."""
        direct = math.inf
        if self.segment_clear(start, goal):
            p, q = np.array([start]), np.array([goal])
            extra = float(self.extra_costs(p, q)[0])
            direct = float(np.hypot(*(q - p).T)[0]) + extra
            if extra == 0.0:
                # nothing extra to pay on the way: nothing is cheaper than straight
                return GraphPath((start, goal), direct)
        s_nodes, s_cost = self.links(start)
        g_nodes, g_cost = self.links(goal)
        goal_cost = np.full(len(self._pos), np.inf)
        goal_cost[g_nodes] = g_cost
        indptr, indices, weights = self._graph()
        cost, prev = astar(
            indptr,
            indices,
            weights,
            self._pos,
            s_nodes,
            s_cost,
            goal_cost,
            goal[0],
            goal[1],
            direct,
        )
        if not math.isfinite(cost):
            return GraphPath((), math.inf)
        chain: list[Point2] = [goal]
        node = int(prev[len(self._pos)])  # -2: straight from the start
        while node >= 0:
            chain.append((float(self._pos[node, 0]), float(self._pos[node, 1])))
            node = int(prev[node])
        chain.append(start)
        return GraphPath(tuple(reversed(chain)), float(cost))

    def costs_from(self, start: Point2, limit: float) -> tuple[FloatArray, FloatArray]:
        """Corner nodes reachable from a strictly free point within `limit` cm of
        cost: their positions (k, 2) and exact costs (k,)."""
        s_nodes, s_cost = self.links(start)
        if len(s_nodes) == 0:
            return np.empty((0, 2)), np.empty(0)
        indptr, indices, weights = self._graph()
        dist = dijkstra_from(
            indptr, indices, weights, len(self._pos), s_nodes, s_cost, float(limit)
        )
        near = np.flatnonzero(np.isfinite(dist))
        return self._pos[near], dist[near]

    def costs_to(self, start: Point2, goals: FloatArray, limit: float) -> FloatArray:
        """Cheapest cost from a strictly free point to each strictly free goal (k, 2),
        as `shortest` would find it, where that is at most `limit` (else inf; a goal
        may also come out finite above the limit): one search out of the start,
        then each goal's links to the corners it reached."""
        goals = np.ascontiguousarray(np.asarray(goals, np.float64).reshape(-1, 2))
        out = np.full(len(goals), np.inf)
        if len(goals) == 0:
            return out
        starts = np.broadcast_to(np.asarray(start, np.float64), goals.shape)
        seen = self._clear(starts, goals, with_bases=True)
        if seen.any():
            out[seen] = self.costs(starts[seen], goals[seen])
        s_nodes, s_cost = self.links(start)
        if len(s_nodes) == 0:
            return out
        indptr, indices, weights = self._graph()
        dist = dijkstra_from(
            indptr, indices, weights, len(self._pos), s_nodes, s_cost, float(limit)
        )
        near = np.flatnonzero(np.isfinite(dist)).astype(np.int64)
        if len(near) == 0:
            return out
        k, j = tangent_pairs(goals, near, self._pos, self._prv, self._nxt, self._tang)
        ok = self._clear(goals[k], self._pos[j], with_bases=True)
        k, j = k[ok], j[ok]
        if len(k):
            np.minimum.at(out, k, dist[j] + self.costs(goals[k], self._pos[j]))
        return out

    @property
    def size(self) -> tuple[int, int]:
        """(live nodes, usable edges)."""
        return int(self._alive.sum()), int((self._ealive & (self._eblock == 0)).sum())
