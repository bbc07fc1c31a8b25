"""Threat (issue #7): how the attackers will come.

- Infected: the horde's flow field (`game.board.fields.FlowField`) toward the goal
  — the key point, else the shelter — drawn as streamlines: from seed points spread
  across each entry zone, down the field to the goal.
- Raiders: the expected approach lane from each entry zone to the goal — the key
  point, else the storage: the shortest path (`game.board.paths.find_path`) from the
  zone's cheapest spot, and a corridor around it.

Both run on the AI's planning board (`ai.fields.planning_board`: barricades and
closed gates taken away — the attackers plan to break through them), for the
smallest base of the raid's roster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from ai.fields import planning_board
from game.board.fields import FlowField
from game.board.paths import find_path
from game.board.terrain import Board
from game.engine import Game
from game.overlays.refuge import Point2, attacking_sides, goal_area
from game.play.raid import entry_ids, entry_polygon

SEED_SPACING_CM = 4.0
"""Distance between streamline seeds along an entry zone."""
MIN_SEEDS = 3
CORRIDOR_CM = 5.0
"""Half width of a raiders' approach lane."""


@dataclass(frozen=True, slots=True)
class Streamline:
    """One line down the horde's flow field, from an entry zone into the goal."""

    entry: str
    points: tuple[Point2, ...]


@dataclass(frozen=True, slots=True)
class Lane:
    """A raiders' approach lane: the path from an entry zone to the goal and its
    corridor."""

    entry: str
    points: tuple[Point2, ...]
    length_cm: float
    cost_cm: float
    corridor: BaseGeometry


@dataclass(frozen=True, slots=True)
class Threat:
    """One raiding side's expected routes."""

    side: str
    kind: str  # infected | raiders
    goal_id: str | None
    goal: BaseGeometry
    streamlines: tuple[Streamline, ...] = ()
    lanes: tuple[Lane, ...] = ()


def seed_points(zone: BaseGeometry, spacing: float = SEED_SPACING_CM) -> list[Point2]:
    """Points spread along the long axis of an entry zone, inside it."""
    if zone.is_empty:
        return []
    rect = zone.minimum_rotated_rectangle
    corners = list(rect.exterior.coords)[:4] if isinstance(rect, Polygon) else []
    centre = zone.centroid
    if len(corners) < 4:
        return [(centre.x, centre.y)]
    a, b, c = corners[0], corners[1], corners[2]
    ab, bc = math.dist(a, b), math.dist(b, c)
    u, v = (a, b) if ab >= bc else (b, c)
    length = max(ab, bc)
    ux, uy = (v[0] - u[0]) / length, (v[1] - u[1]) / length
    count = max(MIN_SEEDS, int(length // spacing))
    offsets = (np.arange(count) + 0.5) / count * length - length / 2
    points = [(centre.x + ux * t, centre.y + uy * t) for t in offsets]
    inside = shapely.contains_xy(zone, [p[0] for p in points], [p[1] for p in points])
    return [p for p, ok in zip(points, inside, strict=True) if ok] or [(centre.x, centre.y)]


def _into(goal: BaseGeometry, route: list[Point2]) -> tuple[Point2, ...]:
    """A route that ends on the goal (its last step runs onto the goal's edge)."""
    end = shapely.Point(route[-1])
    if goal.is_empty or goal.covers(end):
        return tuple(route)
    near = nearest_points(goal, end)[0]
    return (*route, (near.x, near.y))


def streamlines(
    field: FlowField, goal: BaseGeometry, entry: str, zone: BaseGeometry
) -> list[Streamline]:
    """Streamlines from seeds across an entry zone down the field into the goal."""
    out = []
    for seed in seed_points(zone):
        route = field.route(seed)
        if len(route) >= 2 and math.isfinite(field.distance_at(seed)):
            out.append(Streamline(entry, _into(goal, route)))
    return out


def approach_lane(
    board: Board,
    field: FlowField,
    goal: BaseGeometry,
    entry: str,
    zone: BaseGeometry,
    radius: float,
    corridor: float = CORRIDOR_CM,
) -> Lane | None:
    """The shortest path from the zone's cheapest seed to the goal, with its corridor."""
    seeds = seed_points(zone)
    dist = np.asarray(field.distance_at(np.asarray(seeds)), np.float64).reshape(-1)
    if not np.isfinite(dist).any():
        return None
    start = seeds[int(np.argmin(dist))]
    target = goal.representative_point()
    path = find_path(
        board,
        start,
        (target.x, target.y),
        radius=radius,
        difficult_cost=field.difficult_cost,
    )
    if not path.reachable or len(path.points) < 2:
        return None
    band = LineString(path.points).buffer(corridor).intersection(board.bounds)
    return Lane(entry, path.points, path.length_cm, path.cost_cm, band)


def raid_radius(game: Game, side: str) -> float:
    """The smallest base radius of a raid's roster (the default small base without)."""
    spec = next((s for s in game.scenario.side if s.id == side), None)
    radii = [
        float(game.rules.profile(e.profile).base_radius)
        for e in (spec.raid.roster if spec is not None and spec.raid is not None else ())
    ]
    return min(radii) if radii else float(game.rules.knobs.base_radius.small)


def side_threat(game: Game, side: str) -> Threat:
    """The expected routes of one raiding side."""
    kind = game.state.sides[side].threat or "raiders"
    goal_id, goal = goal_area(game, kind)
    board = planning_board(game.state.board).board  # the AI's view of a board it breaks
    radius = raid_radius(game, side)
    cost = float(game.rules.knobs.move.difficult_cost)
    field = FlowField(board, [goal], radius=radius, difficult_cost=cost)
    lines: list[Streamline] = []
    lanes: list[Lane] = []
    for entry in entry_ids(game, side):
        zone = entry_polygon(game, side, entry)
        if kind == "infected":
            lines += streamlines(field, goal, entry, zone)
        else:
            lane = approach_lane(board, field, goal, entry, zone, radius)
            if lane is not None:
                lanes.append(lane)
    return Threat(side, kind, goal_id, goal, tuple(lines), tuple(lanes))


def threats(game: Game) -> tuple[Threat, ...]:
    """The expected routes of every raiding side."""
    return tuple(side_threat(game, side) for side in attacking_sides(game))
