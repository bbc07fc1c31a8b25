"""What the steps stand on: the other bases, guides toward a goal (a flow field, or
a straight line) and the exact checks that the engine will take a move — on the
table, clear of solid terrain and out of the fire."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np
import shapely

from ai.fields import field_cache
from ai.geometry import BoolArray, FloatArray, polyline_clear_of_bases
from ai.memo import memo
from game.board.fields import FlowField
from game.board.freespace import Point2, clear_of, free_space, solid_tree
from game.board.grid import move_grid
from game.board.grid_kernels import grid_descend
from game.board.terrain import Board
from game.engine import Game
from game.play import space
from game.state import Figure, Presence


def others(game: Game, figure: Figure, within: float = math.inf) -> tuple[FloatArray, FloatArray]:
    """Centres (m, 2) and radii (m,) of every other base on the table (only those
    whose centre lies within `within` cm of the figure's)."""
    return memo(game, ("others", figure.id, within), lambda: _others(game, figure, within))


def _others(game: Game, figure: Figure, within: float) -> tuple[FloatArray, FloatArray]:
    rows, xy, radii = memo(game, "bases", lambda: _bases(game))
    mask = np.ones(len(xy), np.bool_)
    row = rows.get(figure.id)
    if row is not None:
        mask[row] = False
    if math.isfinite(within):
        mask &= np.hypot(xy[:, 0] - figure.x, xy[:, 1] - figure.y) <= within
    return xy[mask], radii[mask]


def _bases(game: Game) -> tuple[dict[str, int], FloatArray, FloatArray]:
    """Every base on the table: row by figure id, centres, radii (`Figure.on_table`
    spelled out: this runs after every action, over every figure)."""
    figs = [f for f in game.state.figures.values() if f.presence is Presence.TABLE]
    n = len(figs)
    xs, ys, rs = [f.x for f in figs], [f.y for f in figs], [f.radius for f in figs]
    table = np.array(xs + ys + rs, np.float64).reshape(3, n)
    return _rows(tuple([f.id for f in figs])), np.ascontiguousarray(table[:2].T), table[2]


@lru_cache(maxsize=64)
def _rows(ids: tuple[str, ...]) -> dict[str, int]:
    """Row by figure id (the same few rosters come back all game: do not change it)."""
    return {fid: row for row, fid in enumerate(ids)}


def enemies(game: Game, figure: Figure) -> list[Figure]:
    """The figure's standing enemies, as `GameState.enemies_of` lists them (worked out
    once per game state and side: do not change the list)."""
    return memo(game, ("enemies", figure.side), lambda: game.state.enemies_of(figure))


def enemies_in_contact(game: Game, figure: Figure) -> list[Figure]:
    """Standing enemies in base contact with the figure where it stands (as
    `space.enemies_in_contact`, from the memoised enemies)."""
    here, radius = figure.pos, figure.radius
    return [e for e in enemies(game, figure) if space.in_contact_at(game, here, radius, e)]


class Guide(Protocol):
    """What a step follows: a way down from a point and a cost to the goal."""

    def descend(self, point: Point2, budget: float) -> tuple[list[Point2], float]:
        """A polyline from the point toward the goal (about `budget` cm long) and the
        cost at the point (inf: the goal cannot be reached)."""
        ...

    def distance_at(self, points: FloatArray) -> FloatArray:
        """The cost to the goal at each point (n, 2)."""
        ...


@dataclass(frozen=True, slots=True)
class FieldGuide:
    """A flow field as a guide."""

    field: FlowField

    def descend(self, point: Point2, budget: float) -> tuple[list[Point2], float]:
        return _descend(self.field, point, budget)

    def distance_at(self, points: FloatArray) -> FloatArray:
        return self.field.distance_at(points)


@dataclass(frozen=True, slots=True)
class Beeline:
    """Straight at a point until `stop` cm from it: no field needed when nothing
    stands in the way (a figure in sight, a noise heard)."""

    goal: Point2
    stop: float = 0.0

    def descend(self, point: Point2, budget: float) -> tuple[list[Point2], float]:
        d = math.dist(point, self.goal)
        reach = min(d - self.stop, budget + 1.0)
        if reach <= 1e-9:
            return [point], max(0.0, d - self.stop)
        t = reach / d
        end = (point[0] + (self.goal[0] - point[0]) * t, point[1] + (self.goal[1] - point[1]) * t)
        return [point, end], d - self.stop

    def distance_at(self, points: FloatArray) -> FloatArray:
        d = np.hypot(points[:, 0] - self.goal[0], points[:, 1] - self.goal[1])
        return np.asarray(np.maximum(d - self.stop, 0.0), np.float64)


def descent(field: FlowField, point: tuple[float, float], budget: float) -> list[Point2]:
    """The field's cell chain from a point down toward its goal, about `budget` cm of
    cost long (the cells themselves: no string pulling, so it is cheap)."""
    return _descend(field, point, budget)[0]


def _descend(
    field: FlowField, point: tuple[float, float], budget: float
) -> tuple[list[Point2], float]:
    """The chain and the field cost at the point (inf: no goal reachable)."""
    start = (float(point[0]), float(point[1]))
    grid = field.grid
    where = (grid.nx, grid.ny, grid.x0, grid.y0, grid.cell, *start, float(budget))
    xs, ys, now = grid_descend(field.dist, field.parent, field.free, *where)
    return [start, *zip(xs.tolist(), ys.tolist(), strict=True)], now


def route_prefix_clear(
    route: FloatArray,
    cum: FloatArray,
    s: float,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> bool:
    """Does the route (points, distance along it at each) up to `s` cm pass every base?"""
    if len(centres) == 0 or s <= 0:
        return True
    pts = route_prefix(route, cum, s)
    return len(pts) < 2 or polyline_clear_of_bases(pts, radius, centres, radii)


def route_prefix(route: FloatArray, cum: FloatArray, s: float) -> FloatArray:
    """The route's points up to `s` cm along it."""
    k = int(np.searchsorted(cum, s, side="left"))
    if k >= len(route):
        return route
    if k == 0:
        return route[:1]
    t = (s - cum[k - 1]) / max(cum[k] - cum[k - 1], 1e-12)
    end = route[k - 1] + t * (route[k] - route[k - 1])
    return np.vstack([route[:k], end[None, :]])


def walkable(game: Game, points: FloatArray, radius: float) -> bool:
    """Does the polyline keep the base clear of all solid terrain, fire included
    (exact: the fields' grid can squeeze through gaps the engine's paths cannot)?"""
    if len(points) < 2:
        return True
    line = shapely.LineString(points)
    for board in boards(game):
        solid = board.solid_geometry()
        if not solid.is_empty and shapely.distance(solid, line) < radius - 1e-6:
            return False
    return True


def terrain_clear(game: Game, figure: Figure, to: Point2) -> bool:
    """Does the planning grid see a free straight way from the figure to a point?"""
    grid = move_grid(
        field_cache(game).plan(game.state.board).board, figure.radius, space.difficult_cost(game)
    )
    x, y = to
    if not (0.0 <= x <= game.state.board.width and 0.0 <= y <= game.state.board.height):
        return False
    return grid.clear(grid.terrain_free, figure.pos, (float(x), float(y)))


def lines_clear(
    game: Game,
    start: tuple[float, float],
    ends: FloatArray,
    radius: float,
    only: list[Board] | None = None,
) -> BoolArray:
    """Which straight moves keep the base clear of solid terrain and out of burning
    zones (vectorised; `only`: the solid terrain of these boards alone)."""
    clear = np.ones(len(ends), np.bool_)
    if len(ends) == 0:
        return clear
    lines = shapely.linestrings(
        np.stack([np.broadcast_to(np.asarray(start), ends.shape), ends], axis=1)
    )
    for board in boards(game) if only is None else only:
        solid = board.solid_geometry()
        if not solid.is_empty:
            clear &= clear_of(solid, _solid_tree(board), lines, radius - 1e-6)
    return clear


def _solid_tree(board: Board) -> shapely.STRtree:
    """The search tree over the board's solid terrain (until the board changes)."""
    return board.cache("ai.solid_tree", lambda: solid_tree(board.solid_geometry()))


def boards(game: Game) -> list[Board]:
    """The real board, and the planning board when it has burning zones made solid."""
    plan = field_cache(game).plan(game.state.board)
    return [game.state.board, plan.board] if plan.burning else [game.state.board]


def standable(game: Game, radius: float, pts: FloatArray) -> BoolArray:
    """Which points a base can stand on: on the table, clear of solid terrain, not in
    a burning zone (other bases are not looked at)."""
    ok = np.ones(len(pts), np.bool_)
    for board in boards(game):
        ok &= free_space(board, radius).clearance_ok(pts)
    return ok
