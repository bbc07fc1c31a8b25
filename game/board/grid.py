"""The movement grid: cell centres every 0.5 cm where a base centre may stand, and
Dijkstra costs over a 16- or 32-neighbour stencil (knight moves and beyond).

In open ground a k-neighbour grid path is at most 2.7 % (16) or 1.3 % (32) longer
than the straight line; costs start from the exact distance of the seed cells to the
true start point, and a point's cost is read as min over its 4 surrounding free
cells of (cell cost + distance). A cell is free when its centre is in the free
region of `freespace` (so grid paths keep r from terrain, up to half a cell of
corner cutting between centres) and outside every other base grown by r.
Difficult cells weigh `difficult_cost`; a step costs its length × the mean weight.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import (
    DIFFICULT_COST,
    Circle,
    FreeSpace,
    Point2,
    free_space,
    movement_cache,
)
from game.board.grid_kernels import (
    grid_clear,
    grid_dijkstra,
    grid_sample,
    line_costs,
    seed_cells,
    stamp_circles,
)
from game.board.terrain import Board

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]

CELL = 0.5
"""cm between grid cell centres."""
PAD = 4
"""Blocked cells around the table, so stencil steps never leave the array."""
_BASE_STEPS = {16: ((1, 0), (1, 1), (2, 1)), 32: ((1, 0), (1, 1), (2, 1), (3, 1), (3, 2))}


def stencil(size: int) -> list[tuple[int, int]]:
    """The k-neighbour stencil (k = 16 or 32) as (di, dj) steps."""
    steps: set[tuple[int, int]] = set()
    for a, b in _BASE_STEPS[size]:
        for sa in (1, -1):
            for sb in (1, -1):
                steps.add((sa * a, sb * b))
                steps.add((sb * b, sa * a))
    return sorted(steps)


def _crossed(di: int, dj: int) -> list[tuple[int, int]]:
    """Cells strictly between two centres that the segment between them touches."""
    cells: set[tuple[int, int]] = set()
    for t in np.linspace(0.0, 1.0, 241)[1:-1]:
        x, y = t * di + 0.5, t * dj + 0.5
        xs = {math.floor(x)} | ({math.floor(x) - 1} if x == math.floor(x) else set())
        ys = {math.floor(y)} | ({math.floor(y) - 1} if y == math.floor(y) else set())
        cells |= {(i, j) for i in xs for j in ys}
    cells -= {(0, 0), (di, dj)}
    return sorted(cells)


class MoveGrid:
    """The grid for one movement geometry, radius and difficult cost."""

    def __init__(self, space: FreeSpace, difficult_cost: float, cell: float = CELL) -> None:
        self.space = space
        self.cell = float(cell)
        self.difficult_cost = float(difficult_cost)
        self.nx = math.ceil(space.width / cell) + 2 * PAD
        self.ny = math.ceil(space.height / cell) + 2 * PAD
        self.x0 = -PAD * cell
        self.y0 = -PAD * cell
        self._bases: set[Circle] = set()
        self._cover: NDArray[np.int16] | None = None
        self._bases_free: BoolArray | None = None

    @cached_property
    def centres(self) -> tuple[FloatArray, FloatArray]:
        """x and y of every cell centre, flat (i major)."""
        xs = self.x0 + (np.arange(self.nx) + 0.5) * self.cell
        ys = self.y0 + (np.arange(self.ny) + 0.5) * self.cell
        gx, gy = np.meshgrid(xs, ys, indexing="ij")
        return gx.ravel(), gy.ravel()

    @cached_property
    def terrain_free(self) -> BoolArray:
        """Cells a base centre may occupy, ignoring other bases."""
        x, y = self.centres
        region = self.space.region
        if region.is_empty:
            return np.zeros(len(x), np.bool_)
        return np.asarray(shapely.contains_xy(region, x, y))

    @cached_property
    def weight(self) -> FloatArray:
        """Movement cost per cm in each cell."""
        x, y = self.centres
        w = np.ones(len(x))
        geom = self.space.difficult.geometry
        if not geom.is_empty:
            inside = shapely.contains_xy(geom, x, y)
            w[inside] = self.difficult_cost
        return w

    @cached_property
    def _weight_kinds(self) -> tuple[NDArray[np.uint8], FloatArray]:
        """The weights as one byte per cell (an index) and the distinct values."""
        values, index = np.unique(self.weight, return_inverse=True)
        if len(values) > 256:
            raise ValueError("more than 256 distinct movement weights")
        return index.astype(np.uint8).reshape(-1), values.astype(np.float64)

    def free(self, bases: Iterable[Circle] = ()) -> BoolArray:
        """Free cells with these other bases as obstacles (kept up to date
        incrementally: only bases added or removed since the last call are drawn)."""
        wanted = set(bases)
        if not wanted:
            return self.terrain_free
        if self._cover is None:
            self._cover = np.zeros((self.nx, self.ny), np.int16)
        if wanted != self._bases or self._bases_free is None:
            self._stamp(self._bases - wanted, -1)
            self._stamp(wanted - self._bases, +1)
            self._bases = wanted
            self._bases_free = self.terrain_free & (self._cover.ravel() == 0)
        return self._bases_free

    def _stamp(self, bases: set[Circle], delta: int) -> None:
        """Count the bases (grown by the moving base's radius) on or off the cells."""
        assert self._cover is not None
        if not bases:
            return
        grow = self.space.radius
        circles = np.array([(b.x, b.y, b.radius + grow) for b in bases], np.float64)
        stamp_circles(self._cover, circles, delta, self.x0, self.y0, self.cell)

    def index(self, point: Point2) -> tuple[int, int]:
        """(i, j) of the cell containing a point."""
        return (
            math.floor((point[0] - self.x0) / self.cell),
            math.floor((point[1] - self.y0) / self.cell),
        )

    def flat(self, i: int, j: int) -> int:
        return i * self.ny + j

    def centre(self, flat: int) -> Point2:
        i, j = divmod(int(flat), self.ny)
        return (self.x0 + (i + 0.5) * self.cell, self.y0 + (j + 0.5) * self.cell)

    @cached_property
    def _stencils(self) -> dict[int, tuple[IntArray, FloatArray, IntArray, IntArray]]:
        out = {}
        for size in _BASE_STEPS:
            steps = stencil(size)
            via = [_crossed(di, dj) for di, dj in steps]
            width = max(len(v) for v in via)
            via_arr = np.zeros((len(steps), width), np.int64)
            for k, cells in enumerate(via):
                via_arr[k, : len(cells)] = [self.flat(i, j) for i, j in cells]
            out[size] = (
                np.array([self.flat(di, dj) for di, dj in steps], np.int64),
                np.array([math.hypot(di, dj) * self.cell for di, dj in steps]),
                via_arr,
                np.array([len(v) for v in via], np.int64),
            )
        return out

    def seeds(self, point: Point2, free: BoolArray) -> tuple[IntArray, FloatArray]:
        """Free cells around a point with their exact distance (cost) from it (the
        point's own cell may be blocked: a base touching a wall)."""
        px, py = float(point[0]), float(point[1])
        cells = seed_cells(free, self.nx, self.ny, self.x0, self.y0, self.cell, px, py)
        dists = [math.dist(point, self.centre(c)) * self.weight[c] for c in cells.tolist()]
        return cells, np.array(dists, np.float64)

    def visible_seeds(
        self, point: Point2, free: BoolArray, reach: float
    ) -> tuple[IntArray, FloatArray]:
        """Free cells within `reach` cm that a straight move from the point gets to,
        with the exact cost of that move (difficult cells integrated)."""
        i0, j0 = self.index((point[0] - reach, point[1] - reach))
        i1, j1 = self.index((point[0] + reach, point[1] + reach))
        ii = np.arange(max(i0, 0), min(i1 + 1, self.nx))
        jj = np.arange(max(j0, 0), min(j1 + 1, self.ny))
        cells = (ii[:, None] * self.ny + jj[None, :]).ravel()
        x, y = self.centres
        near = np.hypot(x[cells] - point[0], y[cells] - point[1]) <= reach
        cells = cells[near & free[cells]].astype(np.int64)
        cost = line_costs(
            free, self.weight, self.ny, self.x0, self.y0, self.cell, point[0], point[1], cells
        )
        ok = np.isfinite(cost) & (cost <= reach * self.difficult_cost)
        return cells[ok], cost[ok]

    def polygon_seeds(
        self, polygon: shapely.Geometry, free: BoolArray
    ) -> tuple[IntArray, FloatArray]:
        """Free cells in or within a cell of a polygon, with their distance to it."""
        x, y = self.centres
        pad = 1.5 * self.cell
        x0, y0, x1, y1 = polygon.bounds
        near = np.flatnonzero(
            free & (x >= x0 - pad) & (x <= x1 + pad) & (y >= y0 - pad) & (y <= y1 + pad)
        )
        d = shapely.distance(polygon, shapely.points(x[near], y[near]))
        ok = d <= pad
        return near[ok].astype(np.int64), np.asarray(d[ok] * self.weight[near[ok]])

    def costs(
        self,
        seeds: IntArray,
        seed_cost: FloatArray,
        free: BoolArray,
        *,
        neighbours: int = 32,
        limit: float = math.inf,
    ) -> tuple[FloatArray, IntArray]:
        """Dijkstra costs (and predecessors) from the seed cells."""
        step, length, via, via_count = self._stencils[neighbours]
        kind, kind_weight = self._weight_kinds
        stencil_args = (step, length, via, via_count, float(limit))
        return grid_dijkstra(free, kind, kind_weight, seeds, seed_cost, *stencil_args)

    def around(self, points: FloatArray) -> tuple[IntArray, FloatArray, FloatArray]:
        """The 4 cells whose centres surround each point (n, 4), their distances to
        it, and its bilinear weights in that square (n, 4)."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        fi = (pts[:, 0] - self.x0) / self.cell - 0.5
        fj = (pts[:, 1] - self.y0) / self.cell - 0.5
        i0 = np.clip(np.floor(fi).astype(np.int64), 0, self.nx - 2)
        j0 = np.clip(np.floor(fj).astype(np.int64), 0, self.ny - 2)
        u = np.clip(fi - i0, 0.0, 1.0)[:, None]
        v = np.clip(fj - j0, 0.0, 1.0)[:, None]
        di = np.array([0, 0, 1, 1])
        dj = np.array([0, 1, 0, 1])
        ii = i0[:, None] + di
        jj = j0[:, None] + dj
        cx = self.x0 + (ii + 0.5) * self.cell
        cy = self.y0 + (jj + 0.5) * self.cell
        bilinear = np.where(di == 1, u, 1 - u) * np.where(dj == 1, v, 1 - v)
        return ii * self.ny + jj, np.hypot(pts[:, 0:1] - cx, pts[:, 1:2] - cy), bilinear

    def sample(self, dist: FloatArray, free: BoolArray, points: FloatArray) -> FloatArray:
        """Cost at points (n, 2): bilinear between the 4 surrounding cells where all
        are free and reached, else min over the free ones of cost + distance × weight
        (inf where none is free, or the point is not finite)."""
        pts = np.ascontiguousarray(points, np.float64).reshape(-1, 2)
        finite = np.isfinite(pts).all(axis=1)
        if not finite.all():
            out = np.full(len(pts), np.inf)
            out[finite] = self.sample(dist, free, pts[finite])
            return out
        args = (self.nx, self.ny, self.x0, self.y0, self.cell, pts)
        return grid_sample(dist, free, self.weight, *args)

    def clear(self, free: BoolArray, a: Point2, b: Point2) -> bool:
        """Is the straight move a→b over free cells only?"""
        return bool(grid_clear(free, self.ny, self.x0, self.y0, self.cell, *a, *b, -1))

    def cells_polygon(self, cells: BoolArray) -> shapely.Geometry:
        """The union of the squares of the marked cells (row runs merged)."""
        grid = cells.reshape(self.nx, self.ny)
        boxes = []
        for i in np.flatnonzero(grid.any(axis=1)):
            row = np.concatenate([[False], grid[i], [False]]).astype(np.int8)
            edges = np.flatnonzero(np.diff(row))
            for j0, j1 in zip(edges[::2], edges[1::2], strict=True):
                x = self.x0 + i * self.cell
                boxes.append((x, self.y0 + j0 * self.cell, x + self.cell, self.y0 + j1 * self.cell))
        if not boxes:
            return shapely.Polygon()
        arr = np.asarray(boxes)
        return shapely.union_all(shapely.box(arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3]))


def move_grid(
    board: Board, radius: float, difficult_cost: float = DIFFICULT_COST, cell: float = CELL
) -> MoveGrid:
    """The board's movement grid for a radius (cached per movement signature)."""
    key = f"grid:{float(radius)!r}:{float(difficult_cost)!r}:{float(cell)!r}"
    return movement_cache(
        board, key, lambda: MoveGrid(free_space(board, radius), difficult_cost, cell)
    )


def as_points(points: Sequence[Point2] | FloatArray) -> FloatArray:
    """Points as an (n, 2) float array."""
    return np.asarray(points, np.float64).reshape(-1, 2)
