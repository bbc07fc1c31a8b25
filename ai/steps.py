"""One step down a flow field: where a figure should move to with its allowance,
and which breakable piece (barricade, closed gate) shuts its way.

Candidates lie along the field's route (and a little to either side of it); a
candidate is kept only if the engine will take it — on the table, clear of solid
terrain and of every other base, and reached along the route without passing a
base — and the one with the lowest field cost wins. No path search per figure.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString

from ai.fields import field_cache
from ai.geometry import (
    BoolArray,
    FloatArray,
    as_bases,
    clear_of_bases,
    moves_clear_kernel,
    ring,
    segments_clear_of_bases,
    stand_clear_kernel,
)
from ai.ways import (
    FieldGuide,
    Guide,
    lines_clear,
    others,
    route_prefix,
    route_prefix_clear,
    standable,
    walkable,
)
from game.board.fields import FlowField
from game.board.freespace import free_space
from game.board.grid import move_grid
from game.board.grid_kernels import grid_clear
from game.board.jit import njit
from game.board.terrain import Board, TerrainPiece
from game.engine import Game
from game.play import space
from game.state import Figure

SHARES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.45, 0.3)
"""Fractions of the usable route length tried as destinations."""
SIDESTEPS = (0.0, 1.2, -1.2)
"""Sideways offsets from the route, in base diameters."""
RING_SHARES = (1.0, 0.6, 0.3)
"""Rings around the start, as fractions of the usable length."""
RING_POINTS = 16
"""Points per ring."""
SLOT_STEP = 0.6
"""cm between the contact slots tried around a piece that shuts the way."""
CHARGE_MARGIN = 0.5
"""cm of a charge's allowance kept back for the engine's exact path around corners."""
CHUNK = 24
"""Candidates checked at once, best first."""
CHUNKS = 2
"""Chunks checked at most: a figure boxed in by a crowd waits."""
MAX_RADIUS = 2.0
"""cm: the largest base radius (40 mm): bases beyond reach plus this cannot be in the way."""
MIN_GAIN = 0.5
"""cm of field cost a move must gain to be worth it."""


@dataclass(frozen=True, slots=True)
class Step:
    """Where to go (None: nowhere better), the piece in the way (None: open way) and
    the field cost at the destination."""

    to: tuple[float, float] | None
    blocker: TerrainPiece | None
    cost: float


def blocker_on(
    game: Game, route: list[tuple[float, float]], radius: float, pieces: tuple[str, ...]
) -> tuple[TerrainPiece | None, float]:
    """The first breakable piece the route runs into, and how far along the route the
    figure's base would touch it (inf when the way is open)."""
    if len(route) < 2 or not pieces:
        return None, math.inf
    xy = np.asarray(route, np.float64)
    lo, hi = xy.min(axis=0) - radius - 0.1, xy.max(axis=0) + radius + 0.1
    line: LineString | None = None
    best: tuple[float, TerrainPiece] | None = None
    board = game.state.board
    for pid in pieces:
        piece = board.pieces.get(pid)
        if piece is None:
            continue
        x0, y0, x1, y1 = piece.polygon.bounds
        if x1 < lo[0] or x0 > hi[0] or y1 < lo[1] or y0 > hi[1]:
            continue
        grown = _grown(board, piece, radius)
        line = line if line is not None else LineString(route)
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


def _grown(board: Board, piece: TerrainPiece, radius: float) -> shapely.Geometry:
    """The piece grown by a base radius (once per board version)."""

    def build() -> shapely.Geometry:
        return piece.polygon.buffer(radius + 0.05)

    return board.cache(f"ai.grown:{piece.id}:{radius!r}", build)


def _rings(start: tuple[float, float], usable: float) -> FloatArray:
    """Rings around the start: ways around a base that stands on the route."""
    return np.vstack([ring(start, usable * share, RING_POINTS) for share in RING_SHARES])


_SHARES = np.asarray(SHARES, np.float64)
_SIDESTEPS = np.asarray(SIDESTEPS, np.float64)


@njit
def along_points(
    xy: FloatArray,
    cum: FloatArray,
    usable: float,
    radius: float,
    shares: FloatArray,
    sidesteps: FloatArray,
) -> tuple[FloatArray, FloatArray]:
    """Points along the route (its points `xy`, `cum` cm along it at each) up to
    `usable` cm — at each share of it, the route's point and points sidesteps × the
    base's diameter to either side (square to the route there, read over the last
    half centimetre; the whole route's direction where that is too short) — and how
    far along the route each lies (NaN: beside it)."""
    n, m = shares.shape[0], sidesteps.shape[0]
    s = usable * shares
    back = np.maximum(s - 0.5, 0.0)
    px, py = np.interp(s, cum, xy[:, 0]), np.interp(s, cum, xy[:, 1])
    qx, qy = np.interp(back, cum, xy[:, 0]), np.interp(back, cum, xy[:, 1])
    pts = np.empty((n * m, 2))
    on = np.empty(n * m)
    for k in range(n):
        dx, dy = px[k] - qx[k], py[k] - qy[k]
        norm = math.hypot(dx, dy)
        if norm < 1e-9:
            dx, dy = xy[-1, 0] - xy[0, 0], xy[-1, 1] - xy[0, 1]
            norm = math.hypot(dx, dy)
        nx, ny = -dy / max(norm, 1e-9), dx / max(norm, 1e-9)
        for j in range(m):
            off = sidesteps[j] * 2.0 * radius
            pts[k * m + j, 0] = px[k] + nx * off
            pts[k * m + j, 1] = py[k] + ny * off
            on[k * m + j] = s[k] if off == 0.0 else np.nan
    return pts, on


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
    toward = math.atan2(figure.y - target.y, figure.x - target.x)
    angles = toward + 2.0 * np.pi * np.arange(space.RING_STEPS) / space.RING_STEPS
    pts = np.column_stack([target.x + reach * np.cos(angles), target.y + reach * np.sin(angles)])
    d = np.hypot(pts[:, 0] - figure.x, pts[:, 1] - figure.y)
    ok = d <= allowance - CHARGE_MARGIN
    if not ok.any():
        return False
    centres, radii = others(game, figure)
    ok[ok] = standable(game, figure.radius, pts[ok])  # the points within the allowance
    ok[ok] = clear_of_bases(pts[ok], figure.radius, centres, radii)
    if not ok.any():
        return False
    ok[ok] &= segments_clear_of_bases(figure.pos, pts[ok], figure.radius, centres, radii)
    ok[ok] &= lines_clear(game, figure.pos, pts[ok], figure.radius)
    for i in np.flatnonzero(ok):
        _, cost = space.leg_cost(game, [figure.pos, (float(pts[i, 0]), float(pts[i, 1]))])
        if cost <= allowance - CHARGE_MARGIN:
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


def step(
    game: Game,
    figure: Figure,
    guide: FlowField | Guide,
    allowance: float,
    goal_area: shapely.Geometry | None = None,
) -> Step:
    """Where the figure gets down the field (or a guide) with `allowance` cm of
    movement; with a `goal_area` (the goal is that area), points inside it are tried
    too."""
    way: Guide = FieldGuide(guide) if isinstance(guide, FlowField) else guide
    here = figure.pos
    route, now = way.descend(here, allowance)
    if len(route) < 2 or not math.isfinite(now):
        return Step(None, None, now)
    breakables = field_cache(game).plan(game.state.board).breakables
    blocker, along = blocker_on(game, route, figure.radius, breakables)
    shut = blocker if along <= allowance else None
    path = np.asarray(route, np.float64)
    cum = space.cumulative(path)
    length = float(cum[-1])
    usable = min(allowance, length, along - 0.1)
    inside = _into(route, goal_area, allowance - length) if goal_area is not None else None
    need = min(MIN_GAIN, now)  # an area goal close by: any way in is worth it
    if (usable < MIN_GAIN and inside is None) or need <= 0:
        return Step(None, shut, now)
    centres, radii = others(game, figure, allowance + figure.radius + 2 * MAX_RADIUS)
    reach = max(usable, MIN_GAIN)
    along_pts, on_route = along_points(path, cum, reach, figure.radius, _SHARES, _SIDESTEPS)
    extra = [a for a in (inside, _slots(game, figure, blocker, along, allowance)) if a is not None]
    tiers: tuple[Callable[[], tuple[FloatArray, FloatArray | None]], ...] = (
        lambda: (np.vstack([along_pts, *extra]), np.concatenate([on_route, _nans(extra)])),
        lambda: (_rings(route[0], reach), None),
    )
    for tier in tiers:  # the rings only when no point along the route will do
        pts, where = tier()
        cost = way.distance_at(pts)
        # beyond the allowance the engine would stop the figure short of the spot
        near = np.hypot(pts[:, 0] - here[0], pts[:, 1] - here[1]) <= allowance
        better = np.flatnonzero(near & np.isfinite(cost) & (cost <= now - need))
        order = better[np.argsort(cost[better], kind="stable")][: CHUNK * CHUNKS]
        marks = where if where is not None else np.full(len(pts), np.nan)
        for start in range(0, len(order), CHUNK):
            chunk = order[start : start + CHUNK]
            found = _first_reachable(
                game, figure, (path, cum), pts[chunk], marks[chunk], centres, radii
            )
            if found is not None:
                k, to = found
                return Step((round(to[0], 3), round(to[1], 3)), shut, float(cost[chunk[k]]))
    return Step(None, shut, now)


def _nans(parts: list[FloatArray]) -> FloatArray:
    return np.full(sum(len(p) for p in parts), np.nan)


def _first_reachable(
    game: Game,
    figure: Figure,
    route: tuple[FloatArray, FloatArray],
    pts: FloatArray,
    on_route: FloatArray,
    centres: FloatArray,
    radii: FloatArray,
) -> tuple[int, tuple[float, float]] | None:
    """The first of the points (best first) the engine will take the figure to, as
    (index, the point snapped to its grid cell's centre): the base can stand there
    and gets there straight, or along the route (its points, and how far along it
    each lies), past every base.

    Cell centres the planning grid counts free keep the base clear of all terrain
    but the breakable pieces (and out of the fire); only near a breakable piece is
    the exact geometry consulted."""
    here = figure.pos
    plan = field_cache(game).plan(game.state.board)
    grid = move_grid(plan.board, figure.radius, space.difficult_cost(game))
    free = grid.terrain_free
    others_xy, others_r = as_bases(centres, radii)
    ok, straight, snapped = snap_and_check(
        pts,
        free,
        grid.nx,
        grid.ny,
        grid.x0,
        grid.y0,
        grid.cell,
        here[0],
        here[1],
        float(figure.radius),
        others_xy,
        others_r,
    )
    if not ok.any():
        return None
    exact = _breakables_near(game, figure, pts, plan.breakables)
    path, cum = route
    for k in np.flatnonzero(ok):
        p = (float(snapped[k, 0]), float(snapped[k, 1]))
        one = snapped[k : k + 1]
        if exact and not free_space(game.state.board, figure.radius).clearance_ok(one)[0]:
            continue
        if straight[k] and lines_clear(game, here, one, figure.radius, [game.state.board])[0]:
            return int(k), p
        s = float(on_route[k])
        if not np.isfinite(s) or not route_prefix_clear(
            path, cum, s, figure.radius, centres, radii
        ):
            continue
        # the engine takes the shortest way there: not straight through the fire
        if plan.burning and not lines_clear(game, here, one, figure.radius, [plan.board])[0]:
            continue
        if walkable(game, np.vstack([route_prefix(path, cum, s)[:-1], one]), figure.radius):
            return int(k), p
    return None


@njit
def snap_and_check(
    pts: FloatArray,
    free: BoolArray,
    nx: int,
    ny: int,
    x0: float,
    y0: float,
    cell: float,
    hx: float,
    hy: float,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> tuple[BoolArray, BoolArray, FloatArray]:
    """The points snapped to their grid cells' centres; which of those a base can
    stand on (a free cell clear of every other base), and which of those it gets to
    by a straight move from (hx, hy) over free cells that passes every base."""
    n = pts.shape[0]
    snapped = np.empty((n, 2))
    ok = np.zeros(n, np.bool_)
    for k in range(n):
        i = int(np.floor((pts[k, 0] - x0) / cell))
        j = int(np.floor((pts[k, 1] - y0) / cell))
        snapped[k, 0] = x0 + (i + 0.5) * cell
        snapped[k, 1] = y0 + (j + 0.5) * cell
        ok[k] = 0 <= i < nx and 0 <= j < ny and free[i * ny + j]
    rows = np.flatnonzero(ok)
    stand = stand_clear_kernel(snapped[rows], radius, centres, radii)
    rows = rows[stand]
    ok[:] = False
    ok[rows] = True
    straight = np.zeros(n, np.bool_)
    passing = moves_clear_kernel(hx, hy, snapped[rows], radius, centres, radii)
    for m in range(rows.shape[0]):
        k = rows[m]
        sx, sy = snapped[k, 0], snapped[k, 1]
        straight[k] = passing[m] and grid_clear(free, ny, x0, y0, cell, hx, hy, sx, sy, -1)
    return ok, straight, snapped


def _breakables_near(
    game: Game, figure: Figure, pts: FloatArray, breakables: tuple[str, ...]
) -> bool:
    """Does a breakable piece lie within reach of the figure's candidate points?"""
    if not breakables:
        return False
    far = float(np.hypot(pts[:, 0] - figure.x, pts[:, 1] - figure.y).max()) + figure.radius + 1.0
    board = game.state.board
    for pid in breakables:
        piece = board.pieces.get(pid)
        if piece is None:
            continue
        x0, y0, x1, y1 = piece.polygon.bounds
        dx = max(x0 - figure.x, 0.0, figure.x - x1)
        dy = max(y0 - figure.y, 0.0, figure.y - y1)
        if math.hypot(dx, dy) <= far:
            return True
    return False


def _slots(
    game: Game, figure: Figure, blocker: TerrainPiece | None, along: float, allowance: float
) -> FloatArray | None:
    """Contact slots around the piece that shuts the way, if it is within reach."""
    if blocker is None or along > allowance:
        return None
    return contact_slots(blocker.polygon, figure.radius, game)
