"""The visibility graph for one movement geometry and one mover radius.

Nodes are the convex corners of the grown terrain (see `freespace`), the corners of
a polygon drawn around each other base (`BASE_SIDES` sides, edges tangent to the
circle of radius base + mover), and the corners of difficult ground with extra
points every `STEINER_SPACING` cm along its edges. Edges join nodes that see each
other and are tangent at both ends; an edge costs its length plus
(difficult_cost − 1) × its length inside difficult ground.

Approximations (all on the careful side for clearance): round corners are polygons
outside the true curve (≤ 0.5 % longer around a corner); a path through difficult
ground may bend only at the extra points on its edges, so its cost is within about
one spacing's worth of refraction error of the true optimum.

Other bases are added and removed incrementally: each edge counts the bases that
block it, so moving one figure touches only that figure's nodes and edges.

Edges are found when a search needs them (a big board has millions): a node is
*done* once its edges to every live node are known; a search that takes a node not
done stops, the node's edges (and those of a few nodes next in line) are found, and
the search goes on where it stopped. A node added later is tested against the done
nodes straight away. Every node lists its edges in one fixed order (see
`vgraph_kernels.neighbours`) and each edge is measured in one fixed direction
(`edge_ends`), so the paths found are those of the graph built all at once, whatever
was found when. A small graph is built all at once (`EAGER_NODES`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import TOL, Circle, FreeSpace, Point2
from game.board.segments import (
    UniformGrid,
    build_grid,
    circle_block_counts,
    segments_clear,
)
from game.board.vgraph_edges import EdgeList
from game.board.vgraph_kernels import (
    astar,
    astar_begin,
    astar_resume,
    bitangent_pairs,
    dijkstra_begin,
    dijkstra_from,
    dijkstra_resume,
    tangent_from,
    tangent_pairs,
    usable_csr,
)

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

BASE_SIDES = 16
"""Sides of the polygon drawn around another base."""
STEINER_SPACING = 2.0
"""cm between extra nodes along the edges of difficult ground."""
EDGE_CELL = 2.0
"""cm: grid cell for the terrain edge buckets."""
CIRCLE_CELL = 5.0
"""cm: grid cell for the base buckets."""
_ROW_CHUNK = 512
EAGER_NODES = 2048
"""A graph with at most this many nodes finds all its edges when it is made."""


def reflex_corners(rings: list[FloatArray]) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The corners of free-space boundary rings (free space on the left) that stick
    into the free space: (k, 2) positions and each one's ring neighbours before and
    after it."""
    corners = []
    for ring in rings:
        prv = np.roll(ring, 1, axis=0)
        nxt = np.roll(ring, -1, axis=0)
        u, v = ring - prv, nxt - ring
        turn = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
        reflex = turn < -1e-12
        if reflex.any():
            corners.append((ring[reflex], prv[reflex], nxt[reflex]))
    if not corners:
        empty = np.empty((0, 2))
        return empty, empty, empty
    pos, prv, nxt = (np.vstack([c[i] for c in corners]) for i in range(3))
    return pos, prv, nxt


@dataclass(frozen=True)
class GraphPath:
    """A raw graph answer: the corner points (empty if there is no way)."""

    points: tuple[Point2, ...]
    cost: float


def _grid_geo(grid: UniformGrid) -> FloatArray:
    return np.array([grid.x0, grid.y0, grid.cell, grid.nx, grid.ny], np.float64)


class NavGraph:
    """Shortest paths for bases of one radius on one movement geometry."""

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
        self._done = np.empty(0, np.bool_)
        self._e = EdgeList()
        # bases
        self._bases: dict[Circle, int] = {}
        self._slot_circle: dict[int, tuple[float, float, float]] = {}
        self._next_slot = 0
        self._circles = np.empty((0, 3))
        self._c_start = np.zeros(1, np.int64)
        self._c_items = np.empty(0, np.int64)
        self._c_geo = np.array([0.0, 0.0, CIRCLE_CELL, 1, 1], np.float64)
        self._csr: tuple[int, IntArray, IntArray, FloatArray] | None = None
        self._add_terrain_nodes()
        self._whole = len(self._pos) <= EAGER_NODES
        """Built whole: every node done, the edges kept in the order they were made
        (terrain, then base by base), so the searches run on a CSR copy."""
        if self._whole:
            self.find_all_edges()

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
        self._done = np.concatenate([self._done, np.zeros(n, np.bool_)])
        self._e.add_nodes(n)
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

    def find_all_edges(self) -> None:
        """Find every edge not known yet (the graph built all at once)."""
        self._find_edges(np.flatnonzero(self._alive & ~self._done).astype(np.int64))

    def _find_edges(self, nodes: IntArray) -> None:
        """Make these live nodes done: find their edges to every live node not done."""
        nodes = nodes[~self._done[nodes]]
        if len(nodes) == 0:
            return
        self._connect(nodes, np.flatnonzero(self._alive & ~self._done).astype(np.int64))
        self._done[nodes] = True

    def _connect(self, rows: IntArray, cols: IntArray) -> None:
        """Add the visible bitangent edges between rows and cols (each pair once)."""
        if len(rows) == 0 or len(cols) == 0:
            return
        in_rows = np.zeros(len(self._pos), np.bool_)
        in_rows[rows] = True
        for k in range(0, len(rows), _ROW_CHUNK):
            i, j = bitangent_pairs(
                rows[k : k + _ROW_CHUNK],
                cols,
                in_rows,
                self._owner,
                self._pos,
                self._prv,
                self._nxt,
                self._tang,
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
            self._e.append(i, j, self.costs(p, q), blocks)

    def costs(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """Movement cost of segments (difficult ground costs extra)."""
        return np.asarray(np.hypot(*(q - p).T) + self.extra_costs(p, q))

    def extra_costs(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """What segments cost beyond their length (difficult ground)."""
        return np.asarray((self.difficult_cost - 1.0) * self.space.difficult.inside_length(p, q))

    def _clear(self, p: FloatArray, q: FloatArray, with_bases: bool) -> NDArray[np.bool_]:
        circles = self._circles if with_bases else np.empty((0, 3))
        return np.asarray(
            segments_clear(
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
                self._e.bump(self._pos, self._slot_circle[self._bases[base]], +1)
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
        # the done nodes must know every live node: test the new ones against them
        others = self._alive & ~self._done
        others[new] = False
        every = not others.any()
        done = np.flatnonzero(self._alive & self._done).astype(np.int64)
        done = done[done < new[0]]
        if every:  # new with new first: the order a whole graph keeps
            self._connect(new, new)
        self._connect(new, done)
        if every:
            self._done[new] = True

    def _remove_base(self, base: Circle) -> None:
        slot = self._bases.pop(base)
        circle = self._slot_circle.pop(slot)
        mine = self._owner == slot
        self._alive[mine] = False
        self._e.kill(mine)
        self._e.bump(self._pos, circle, -1)
        self._rebuild_circle_grid()
        self._maybe_compact()

    def _maybe_compact(self) -> None:
        n_dead = self._e.dead()
        dead_nodes = int((~self._alive).sum())
        edges = n_dead >= 4096 and n_dead >= self._e.count - n_dead
        if not edges and (dead_nodes < 4096 or dead_nodes < len(self._alive) - dead_nodes):
            return
        keep_nodes = np.flatnonzero(self._alive)
        remap = np.full(len(self._pos), -1, np.int64)
        remap[keep_nodes] = np.arange(len(keep_nodes))
        for name in ("_pos", "_prv", "_nxt", "_tang", "_owner", "_alive", "_done"):
            setattr(self, name, getattr(self, name)[keep_nodes])
        self._e.compact(remap, len(keep_nodes))

    # -- queries --------------------------------------------------------------
    def _graph(self) -> tuple[IntArray, IntArray, FloatArray]:
        """CSR adjacency of the usable edges (of a graph built whole), made again
        after any change."""
        e = self._e
        if self._csr is None or self._csr[0] != e.version:
            usable = e.alive & (e.block == 0)
            csr = usable_csr(e.eu, e.ev, e.cost, usable, len(self._pos))
            self._csr = (e.version, *csr)
        return self._csr[1], self._csr[2], self._csr[3]

    def _more_edges(
        self, node: int, keys: FloatArray, vals: IntArray, size: int, found: int
    ) -> int:
        """Find the edges of a node a search took (not done) and of up to `found`
        more nodes next in line on its heap (so a big search stops about log times,
        a small one seldom finds edges it does not need): how many were done now."""
        heap = vals[:size]
        order = np.argsort(keys[:size], kind="stable")
        line = heap[order]
        line = line[line < len(self._pos)]
        line = line[~self._done[line] & self._alive[line]][:found]
        nodes = np.unique(np.concatenate([[node], line]).astype(np.int64))
        self._find_edges(nodes)
        return len(nodes)

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
        if self._whole:
            cost_n, prev = astar(
                *self._graph(), self._pos, s_nodes, s_cost, goal_cost, goal[0], goal[1], direct
            )
            return self._chain(start, goal, prev, float(cost_n))
        dist, prev, closed, keys, vals, size = astar_begin(
            self._pos, s_nodes, s_cost, goal[0], goal[1], direct
        )
        pending, found = -1, 0
        while True:
            pending, keys, vals, size = astar_resume(
                *self._e.adjacency(),
                self._owner,
                self._done,
                self._pos,
                goal_cost,
                goal[0],
                goal[1],
                dist,
                prev,
                closed,
                keys,
                vals,
                size,
                pending,
            )
            if pending < 0:
                break
            found += self._more_edges(pending, keys, vals, size, found)
        return self._chain(start, goal, prev, float(dist[len(self._pos)]))

    def _chain(self, start: Point2, goal: Point2, prev: IntArray, cost: float) -> GraphPath:
        """The path a search's predecessors give (index n is the goal)."""
        if not math.isfinite(cost):
            return GraphPath((), math.inf)
        chain: list[Point2] = [goal]
        node = int(prev[len(self._pos)])  # -2: straight from the start
        while node >= 0:
            chain.append((float(self._pos[node, 0]), float(self._pos[node, 1])))
            node = int(prev[node])
        chain.append(start)
        return GraphPath(tuple(reversed(chain)), cost)

    def _dijkstra(self, s_nodes: IntArray, s_cost: FloatArray, limit: float) -> FloatArray:
        """Costs from a point linked to s_nodes to every node (inf beyond limit)."""
        if self._whole:
            indptr, indices, weights = self._graph()
            n = len(self._pos)
            return dijkstra_from(indptr, indices, weights, n, s_nodes, s_cost, limit)
        dist, settled, keys, vals, size = dijkstra_begin(len(self._pos), s_nodes, s_cost, limit)
        pending, pending_cost, found = -1, 0.0, 0
        while True:
            pending, pending_cost, keys, vals, size = dijkstra_resume(
                *self._e.adjacency(),
                self._owner,
                self._done,
                dist,
                settled,
                keys,
                vals,
                size,
                pending,
                pending_cost,
                limit,
            )
            if pending < 0:
                return dist
            found += self._more_edges(pending, keys, vals, size, found)

    def costs_from(self, start: Point2, limit: float) -> tuple[FloatArray, FloatArray]:
        """Corner nodes reachable from a strictly free point within `limit` cm of
        cost: their positions (k, 2) and exact costs (k,)."""
        s_nodes, s_cost = self.links(start)
        if len(s_nodes) == 0:
            return np.empty((0, 2)), np.empty(0)
        dist = self._dijkstra(s_nodes, s_cost, float(limit))
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
        dist = self._dijkstra(s_nodes, s_cost, float(limit))
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
        """(live nodes, usable edges) of the whole graph (finds every edge)."""
        self.find_all_edges()
        return int(self._alive.sum()), self._e.usable()
