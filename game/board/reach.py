"""Where a figure can get to with a movement allowance (docs/RULES.md §4 Move / Run).

Grid Dijkstra on the 0.5 cm movement grid with the 32-neighbour stencil (see
`game.board.grid`), stopped at the allowance. Grid paths bend at cell centres, which
near a corner lie up to half a cell farther out than the exact tangent path, and that
alone costs a few percent on a short move; so the exact costs of the visibility
graph's corners within the allowance seed the grid, and so do the exact costs of
every cell the start sees in a straight line: the grid only covers what lies behind
a corner, from the cells next to the corner on (≤ 1.3 % in the open). The area is the union of the
reachable cells' squares: reachable base-centre positions to within half a cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import DIFFICULT_COST, Circle, Point2
from game.board.grid import MoveGrid, as_points, move_grid
from game.board.paths import nav_graph
from game.board.terrain import Board

FloatArray = NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class ReachArea:
    """The reachable area of one base from one point for one allowance."""

    start: Point2
    allowance: float
    grid: MoveGrid
    dist: FloatArray
    free: NDArray[np.bool_]

    @cached_property
    def polygon(self) -> shapely.Geometry:
        """Reachable base-centre positions (empty if the start is not free)."""
        return self.grid.cells_polygon(self.dist <= self.allowance)

    def cost_at(self, points: Iterable[Point2] | FloatArray) -> FloatArray:
        """Movement cost to each point (inf beyond the allowance or unreachable)."""
        cost = self.grid.sample(self.dist, self.free, as_points(list(points)))
        return np.where(cost <= self.allowance + 1e-9, cost, np.inf)

    def contains(self, point: Point2) -> bool:
        """Can the base's centre get to this point within the allowance?"""
        return bool(np.isfinite(self.cost_at([point])[0]))


def _corner_seeds(
    board: Board,
    grid: MoveGrid,
    start: Point2,
    limit: float,
    bases: list[Circle],
    seeds: NDArray[np.int64],
    seed_cost: FloatArray,
) -> tuple[NDArray[np.int64], FloatArray]:
    """The start's seed cells plus those around each corner of an exact path."""
    graph = nav_graph(board, grid.space.radius, grid.difficult_cost)
    graph.set_bases(bases)
    snapped = grid.space.snap(start)
    if snapped is None or graph.blocked_by_base(snapped):
        return seeds, seed_cost
    corners, costs = graph.costs_from(snapped, limit)
    cells, dist, _ = grid.around(corners)
    ok = grid.free(bases)[cells]
    cost = costs[:, None] + dist * grid.weight[cells]
    return np.concatenate([seeds, cells[ok]]), np.concatenate([seed_cost, cost[ok]])


def reachable_area(
    board: Board,
    start: Point2,
    allowance: float,
    *,
    radius: float,
    obstacles: Iterable[Circle] = (),
    difficult_cost: float = DIFFICULT_COST,
) -> ReachArea:
    """Everywhere a base of `radius` at `start` can move with `allowance` cm, around
    terrain and the other bases in `obstacles` (difficult ground costs extra)."""
    grid = move_grid(board, radius, difficult_cost)
    bases = list(obstacles)
    free = grid.free(bases)
    point = (float(start[0]), float(start[1]))
    limit = float(allowance) + 2 * grid.cell * difficult_cost
    seeds, seed_cost = grid.seeds(point, free)
    if len(seeds) and math.isfinite(limit):
        seeds, seed_cost = grid.visible_seeds(point, free, limit)
    if len(seeds) and math.isfinite(limit):
        seeds, seed_cost = _corner_seeds(board, grid, point, limit, bases, seeds, seed_cost)
    if len(seeds) == 0 or not math.isfinite(limit):
        dist = np.full(len(free), np.inf)
    else:
        dist, _ = grid.costs(seeds, seed_cost, free, neighbours=32, limit=limit)
    return ReachArea((float(start[0]), float(start[1])), float(allowance), grid, dist, free)
