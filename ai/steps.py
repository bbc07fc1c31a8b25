"""One step down a flow field: where a figure should move to with its allowance,
and which breakable piece (barricade, closed gate) shuts its way.

Candidates lie along the field's route (and a little to either side of it); a
candidate is kept only if the engine will take it — on the table, clear of solid
terrain and of every other base, and reached along the route without passing a
base — and the one with the lowest field cost wins. No path search per figure.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString

from ai.fields import field_cache
from ai.geometry import BoolArray, FloatArray, clear_of_bases, ring, segments_clear_of_bases
from game.board.fields import FlowField
from game.board.freespace import Point2, free_space
from game.board.terrain import Board, TerrainPiece
from game.play import space

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

SHARES = (1.0, 0.92, 0.84, 0.76, 0.68, 0.6, 0.5, 0.4, 0.3, 0.2)
"""Fractions of the usable route length tried as destinations."""
SIDESTEPS = (0.0, 1.2, -1.2, 2.4, -2.4)
"""Sideways offsets from the route, in base diameters."""
RING_SHARES = (1.0, 0.6, 0.3)
"""Rings around the start, as fractions of the usable length."""
RING_POINTS = 16
"""Points per ring."""
SLOT_STEP = 0.6
"""cm between the contact slots tried around a piece that shuts the way."""
CONTACT_POINTS = 24
"""Contact points tried around a charge target."""
MIN_GAIN = 0.5
"""cm of field cost a move must gain to be worth it."""


@dataclass(frozen=True, slots=True)
class Step:
    """Where to go (None: nowhere better), the piece in the way (None: open way) and
    the field cost at the destination."""

    to: tuple[float, float] | None
    blocker: TerrainPiece | None
    cost: float


def others(game: Game, figure: Figure) -> tuple[FloatArray, FloatArray]:
    """Centres (m, 2) and radii (m,) of every other base on the table."""
    figs = [f for f in game.state.figures.values() if f.on_table and f.id != figure.id]
    if not figs:
        return np.empty((0, 2)), np.empty(0)
    return np.array([(f.x, f.y) for f in figs]), np.array([f.radius for f in figs])


def descent(field: FlowField, point: tuple[float, float], budget: float) -> list[Point2]:
    """The field's cell chain from a point down toward its goal, about `budget` cm of
    cost long (the cells themselves: no string pulling, so it is cheap)."""
    start = (float(point[0]), float(point[1]))
    seeds, seed_cost = field.grid.seeds(start, field.free)
    if len(seeds) == 0:
        return [start]
    cell = int(seeds[np.argmin(field.dist[seeds] + seed_cost)])
    top = float(field.dist[cell])
    if not math.isfinite(top):
        return [start]
    chain = [start]
    while cell >= 0:
        chain.append(field.grid.centre(cell))
        if top - float(field.dist[cell]) > budget + 1.0:
            break
        cell = int(field.parent[cell])
    return chain


def blocker_on(
    game: Game, route: list[tuple[float, float]], radius: float, pieces: tuple[str, ...]
) -> tuple[TerrainPiece | None, float]:
    """The first breakable piece the route runs into, and how far along the route the
    figure's base would touch it (inf when the way is open)."""
    if len(route) < 2 or not pieces:
        return None, math.inf
    line = LineString(route)
    best: tuple[float, TerrainPiece] | None = None
    board = game.state.board
    for pid in pieces:
        piece = board.pieces.get(pid)
        if piece is None:
            continue
        grown = piece.polygon.buffer(radius + 0.05)
        if not line.intersects(grown):
            continue
        hit = line.intersection(grown)
        coords = [c for g in shapely.get_parts(hit) for c in np.asarray(g.coords)]
        if not coords:
            continue
        along = min(line.project(shapely.Point(c)) for c in coords)
        if best is None or along < best[0]:
            best = (along, piece)
    return (best[1], best[0]) if best else (None, math.inf)


def _candidates(route: list[tuple[float, float]], usable: float, radius: float) -> FloatArray:
    """Points along the route up to `usable` cm, with sideways offsets, and rings
    around the start (ways around a base that stands on the route)."""
    pts: list[tuple[float, float]] = [
        (float(x), float(y))
        for share in RING_SHARES
        for x, y in ring(route[0], usable * share, RING_POINTS)
    ]
    arr = np.asarray(route, np.float64)
    for share in SHARES:
        s = usable * share
        p = space.points_at(route, np.array([s]))[0]
        q = space.points_at(route, np.array([max(0.0, s - 0.5)]))[0]
        d = p - q if np.hypot(*(p - q)) > 1e-9 else arr[-1] - arr[0]
        norm = math.hypot(float(d[0]), float(d[1]))
        n = (-d[1] / norm, d[0] / norm) if norm > 1e-9 else (0.0, 0.0)
        for side in SIDESTEPS:
            off = side * 2.0 * radius
            pts.append((float(p[0] + n[0] * off), float(p[1] + n[1] * off)))
    return np.asarray(pts)


def contact_slots(polygon: shapely.Geometry, radius: float, game: Game) -> FloatArray:
    """Base centres in contact with a piece, every SLOT_STEP cm around it."""
    outline = polygon.buffer(radius + space.contact_gap(game) / 2.0).exterior
    count = max(4, math.ceil(outline.length / SLOT_STEP))
    at = shapely.line_interpolate_point(outline, np.linspace(0.0, 1.0, count), normalized=True)
    return np.asarray(shapely.get_coordinates(at), np.float64)


def charge_in_reach(game: Game, figure: Figure, target: Figure, allowance: float) -> bool:
    """Can the figure get into base contact with the target by a straight move of at
    most `allowance` cm that passes every base and solid terrain? (Then the engine's
    Charge finds its way, too.)"""
    if space.in_contact(game, figure, target):
        return True
    if space.gap(figure, target) > allowance + space.contact_gap(game):
        return False
    reach = target.radius + figure.radius + space.contact_gap(game) / 2.0
    pts = ring(target.pos, reach, CONTACT_POINTS)
    d = np.hypot(pts[:, 0] - figure.x, pts[:, 1] - figure.y)
    ok = d <= allowance - 1e-6
    if not ok.any():
        return False
    centres, radii = others(game, figure)
    ok &= standable(game, figure.radius, pts)
    ok &= clear_of_bases(pts, figure.radius, centres, radii)
    if not ok.any():
        return False
    ok[ok] &= segments_clear_of_bases(figure.pos, pts[ok], figure.radius, centres, radii)
    ok[ok] &= _lines_clear(game, figure.pos, pts[ok], figure.radius)
    for i in np.flatnonzero(ok):
        _, cost = space.leg_cost(game, [figure.pos, (float(pts[i, 0]), float(pts[i, 1]))])
        if cost <= allowance - 1e-6:
            return True
    return False


def _into(
    route: list[tuple[float, float]], area: shapely.Geometry, spare: float
) -> FloatArray | None:
    """Points inside the goal area beyond the route's end, toward the area's inside
    (None: the route does not reach the area or no allowance is left)."""
    end = route[-1]
    if spare <= 0 or area.distance(shapely.Point(end)) > 1.0:
        return None
    deep = area.representative_point()
    d = np.array([deep.x - end[0], deep.y - end[1]])
    norm = float(np.hypot(*d))
    if norm < 1e-9:
        return None
    steps = np.array([0.5, 1.0, 2.0, 3.5, 5.0])
    steps = steps[steps <= min(spare, norm)]
    if len(steps) == 0:
        return None
    return np.asarray(end) + steps[:, None] * (d / norm)[None, :]


def _route_prefix_clear(
    route: list[tuple[float, float]],
    s: float,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> bool:
    """Does the route up to `s` cm pass every base?"""
    pts = space.sub_path(route, 0.0, s)
    for a, b in itertools.pairwise(pts):
        if not segments_clear_of_bases(a, np.asarray([b]), radius, centres, radii)[0]:
            return False
    return True


def step(
    game: Game,
    figure: Figure,
    field: FlowField,
    allowance: float,
    goal_area: shapely.Geometry | None = None,
) -> Step:
    """Where the figure gets down the field with `allowance` cm of movement; with a
    `goal_area` (the field's goal is that area), points inside it are tried too."""
    here = figure.pos
    now = float(field.distance_at(here))
    route = descent(field, here, allowance)
    if len(route) < 2 or not math.isfinite(now):
        return Step(None, None, now)
    breakables = field_cache(game).plan(game.state.board).breakables
    blocker, along = blocker_on(game, route, figure.radius, breakables)
    length = float(space.cumulative(route)[-1])
    usable = min(allowance, length, along - 0.1)
    inside = _into(route, goal_area, allowance - length) if goal_area is not None else None
    if usable < MIN_GAIN and inside is None:
        return Step(None, blocker if along <= allowance else None, now)
    pts = _candidates(route, max(usable, MIN_GAIN), figure.radius)
    if inside is not None:
        pts = np.vstack([pts, inside])
    if blocker is not None and along <= allowance:
        pts = np.vstack([pts, contact_slots(blocker.polygon, figure.radius, game)])
    centres, radii = others(game, figure)
    ok = standable(game, figure.radius, pts) & clear_of_bases(pts, figure.radius, centres, radii)
    if not ok.any():
        return Step(None, blocker if along <= allowance else None, now)
    unburnt = np.zeros(len(pts), np.bool_)
    unburnt[ok] = _lines_clear(game, here, pts[ok], figure.radius, _boards(game)[1:])
    ok &= unburnt  # the engine's shortest way there must not lead through fire either
    straight = np.zeros(len(pts), np.bool_)
    straight[ok] = segments_clear_of_bases(here, pts[ok], figure.radius, centres, radii)
    straight[ok] &= _lines_clear(game, here, pts[ok], figure.radius)
    cost = np.full(len(pts), np.inf)
    cost[ok] = field.distance_at(pts[ok])
    cost[~straight] += 1e-3  # on a tie, the straight move
    need = min(MIN_GAIN, now)  # an area goal close by: any way in is worth it
    for i in np.argsort(cost, kind="stable"):
        if not np.isfinite(cost[i]) or cost[i] > now - need or need <= 0:
            break
        if straight[i] or _reached_along_route(route, pts[i], figure.radius, centres, radii):
            to = (round(float(pts[i, 0]), 3), round(float(pts[i, 1]), 3))
            return Step(to, blocker if along <= allowance else None, float(cost[i]))
    return Step(None, blocker if along <= allowance else None, now)


def _reached_along_route(
    route: list[tuple[float, float]],
    point: FloatArray,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> bool:
    """Is a candidate on the route itself, with the route up to it free of bases?"""
    line = LineString(route)
    p = shapely.Point(float(point[0]), float(point[1]))
    if line.distance(p) > 1e-6:
        return False
    return _route_prefix_clear(route, float(line.project(p)), radius, centres, radii)


def _lines_clear(
    game: Game,
    start: tuple[float, float],
    ends: FloatArray,
    radius: float,
    boards: list[Board] | None = None,
) -> BoolArray:
    """Which straight moves keep the base clear of solid terrain and out of burning
    zones (vectorised; `boards`: only the solid terrain of these)."""
    clear = np.ones(len(ends), np.bool_)
    if len(ends) == 0:
        return clear
    lines = shapely.linestrings(
        np.stack([np.broadcast_to(np.asarray(start), ends.shape), ends], axis=1)
    )
    for board in _boards(game) if boards is None else boards:
        solid = board.solid_geometry()
        if not solid.is_empty:
            clear &= np.asarray(shapely.distance(solid, lines) >= radius - 1e-6)
    return clear


def _boards(game: Game) -> list[Board]:
    """The real board, and the planning board when it has burning zones made solid."""
    plan = field_cache(game).plan(game.state.board)
    return [game.state.board, plan.board] if plan.burning else [game.state.board]


def standable(game: Game, radius: float, pts: FloatArray) -> BoolArray:
    """Which points a base can stand on: on the table, clear of solid terrain, not in
    a burning zone (other bases are not looked at)."""
    ok = np.ones(len(pts), np.bool_)
    for board in _boards(game):
        ok &= free_space(board, radius).clearance_ok(pts)
    return ok
