"""Flow fields for the horde (docs/RULES.md §8, §12): movement cost to the nearest goal —
living enemies, a noise marker, the shelter — over the whole table, computed once
and read by every figure of a round.

Same 0.5 cm grid as `game.board.reach`, with the cheaper 16-neighbour stencil by
default (within 2.7 % of exact costs in the open; pass neighbours=32 for 1.3 %).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias, overload

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.base import BaseGeometry

from game.board.freespace import DIFFICULT_COST, Circle, Point2
from game.board.grid import as_points, move_grid
from game.board.paths import PathResult, truncate_path
from game.board.terrain import Board

FloatArray = NDArray[np.float64]
Goal: TypeAlias = Point2 | BaseGeometry
"""A goal point, or an area (any shapely polygon) whose inside counts as arrived."""


class FlowField:
    """Cost to the nearest goal from everywhere on the table, for one base radius."""

    def __init__(
        self,
        board: Board,
        goals: Sequence[Goal],
        *,
        radius: float,
        obstacles: Iterable[Circle] = (),
        difficult_cost: float = DIFFICULT_COST,
        neighbours: int = 16,
    ) -> None:
        self.board = board
        self.difficult_cost = difficult_cost
        self.grid = move_grid(board, radius, difficult_cost)
        self.free = self.grid.free(obstacles)
        cells: list[NDArray[np.int64]] = []
        costs: list[FloatArray] = []
        self._ends: dict[int, Point2] = {}
        """Seed cell → the goal point it leads to."""
        for goal in goals:
            if isinstance(goal, BaseGeometry):
                inside, inside_cost = self.grid.polygon_seeds(goal, self.free)
                cells.append(inside)
                costs.append(inside_cost)
            else:
                point = (float(goal[0]), float(goal[1]))
                seeds, seed_cost = self.grid.seeds(point, self.free)
                cells.append(seeds)
                costs.append(seed_cost)
                self._ends.update({int(c): point for c in seeds})
        seeds = np.concatenate(cells) if cells else np.empty(0, np.int64)
        seed_cost = np.concatenate(costs) if costs else np.empty(0)
        self.dist, self.parent = self.grid.costs(
            seeds.astype(np.int64), seed_cost, self.free, neighbours=neighbours
        )

    @overload
    def distance_at(self, points: Point2) -> float: ...
    @overload
    def distance_at(self, points: Sequence[Point2] | FloatArray) -> FloatArray: ...
    def distance_at(self, points: Point2 | Sequence[Point2] | FloatArray) -> float | FloatArray:
        """Cost to the nearest goal (inf if none can be reached); vectorised."""
        arr = np.asarray(points, np.float64)
        single = arr.shape == (2,)
        values = self.grid.sample(self.dist, self.free, as_points(arr))
        return float(values[0]) if single else values

    def route(self, point: Point2, budget: float = np.inf) -> list[Point2]:
        """Down the field from a point towards a goal (at most about `budget` cm of
        cost): grid cells after string pulling."""
        start = (float(point[0]), float(point[1]))
        seeds, seed_cost = self.grid.seeds(start, self.free)
        if len(seeds) == 0:
            return [start]
        cell = int(seeds[np.argmin(self.dist[seeds] + seed_cost)])
        top = float(self.dist[cell])
        if not np.isfinite(top):
            return [start]
        chain = [start]
        margin = 1.1 * budget + 2.0
        while cell >= 0:
            chain.append(self.grid.centre(cell))
            if top - self.dist[cell] > margin:
                break
            if self.parent[cell] < 0 and cell in self._ends:
                chain.append(self._ends[cell])
            cell = int(self.parent[cell])
        return self._pull(chain)

    def _pull(self, chain: list[Point2]) -> list[Point2]:
        """Greedy string pulling: from each corner go as far along the chain as the
        straight move stays on free cells and costs no more than the chain did."""
        out = [chain[0]]
        k = 0
        m = 1
        while m < len(chain) - 1:
            if self.grid.clear(self.free, chain[k], chain[m + 1]) and self._no_dearer(
                chain, k, m + 1
            ):
                m += 1
                continue
            out.append(chain[m])
            k = m
            m += 1
        out.append(chain[-1])
        return out

    def _no_dearer(self, chain: list[Point2], k: int, m: int) -> bool:
        ground = self.board.difficult_geometry()
        if ground.is_empty:
            return True
        line = shapely.LineString([chain[k], chain[m]])
        bent = shapely.LineString(chain[k : m + 1])
        extra = self.difficult_cost - 1.0
        straight = line.length + extra * line.intersection(ground).length
        around = bent.length + extra * bent.intersection(ground).length
        return bool(straight <= around + 1e-9)

    def step(self, point: Point2, allowance: float) -> PathResult:
        """Where a figure at `point` gets moving `allowance` cm down the field."""
        route = self.route(point, allowance)
        if len(route) < 2:
            start = (float(point[0]), float(point[1]))
            return PathResult(False, (start,), reason="no goal reachable")
        return truncate_path(self.board, route, allowance, difficult_cost=self.difficult_cost)
