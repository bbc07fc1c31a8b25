"""The engine's view of bases in space (docs/RULES.md §1.4, §4, §5.3 Wuchtig).

Bases never overlap each other or solid terrain, and never leave the table. Paths
run on `game.board.paths` (a visibility graph around grown terrain) with every
other base on the table as an obstacle; a push runs straight and stops at the
first thing in the way (`game.board.physics`: pymunk with exact contact times).

Every figure on the table is an obstacle, standing or not: an incapacitated figure
lies where it fell and its base is still there (§9).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from game.board.freespace import TOL, Circle, free_space
from game.board.paths import PathResult, cost_lower_bounds, find_path, path_cost
from game.board.physics import BaseSpace
from game.board.polyline import cumulative as cumulative
from game.board.polyline import point_at as point_at
from game.board.polyline import points_at as points_at
from game.board.polyline import sub_path as sub_path
from game.board.vaults import VaultRule
from game.events import CatalogueEvent, Event, Family
from game.play.cache import Entry, Lasts, Memo, memo_entry
from game.play.contract import GameView, MoveMode
from game.rules.talents import SCHATTENSCHRITT
from game.rules.talents import has as has_talent
from game.state import Figure

Point2 = tuple[float, float]
T = TypeVar("T")

CONTACT_TOL = 1e-3
"""cm of slack on the base-contact test (floating point after a path or a push)."""
RING_STEPS = 72
"""Candidate contact points around a charge target (every 5°)."""
PUSH_BACKOFF = 4 * TOL
"""cm a stopped push backs off from what stopped it (pymunk allows TOL of overlap)."""
PUSH_STOP_GAP = 1e-3
"""cm: a pushed base this close to something (or this short of its distance) was
stopped by it."""


@dataclass(frozen=True, slots=True)
class MovementEvent(CatalogueEvent):
    """Base of the movement room's events (catalogue `movement.<kind>`)."""

    room: ClassVar[str] = "movement"


@dataclass(frozen=True, slots=True)
class Pushed(MovementEvent):
    """A base was pushed straight away (Wuchtig, §5.3); it stops at terrain or bases."""

    kind: ClassVar[str] = "pushed"
    section: ClassVar[str] = "§5.3"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure", "stopped_by")
    figure: str
    start: Point2
    end: Point2
    wanted: float
    distance: float
    stopped_by: str  # "" (full push) | "terrain" | "table edge" | a figure id


# -- bases ----------------------------------------------------------------------------


def base(figure: Figure) -> Circle:
    """The figure's base as a circle."""
    return Circle(float(figure.x), float(figure.y), float(figure.radius))


def obstacles(game: GameView, mover: Figure | None = None) -> list[Circle]:
    """The bases other figures on the table put in a mover's way."""
    return [
        base(f)
        for f in game.state.figures.values()
        if f.on_table and (mover is None or f.id != mover.id)
    ]


def gap(a: Figure, b: Figure) -> float:
    """Distance between the edges of two bases (negative: they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def contact_gap(game: GameView) -> float:
    """The base-contact distance knob (§1.4)."""
    return float(game.rules.knobs.base_contact_gap)


def in_contact(game: GameView, a: Figure, b: Figure) -> bool:
    """Are two bases adjacent (≤ base_contact_gap apart, §1.4)?"""
    return gap(a, b) <= contact_gap(game) + CONTACT_TOL


def in_contact_at(game: GameView, at: Point2, radius: float, other: Figure) -> bool:
    """Would a base of `radius` centred at `at` be in contact with `other`?"""
    d = math.hypot(at[0] - other.x, at[1] - other.y) - radius - other.radius
    return d <= contact_gap(game) + CONTACT_TOL


def enemies_in_contact(game: GameView, figure: Figure, at: Point2 | None = None) -> list[Figure]:
    """Standing enemies in base contact with the figure (at its place or at `at`)."""
    where = at if at is not None else figure.pos
    return [
        e for e in game.state.enemies_of(figure) if in_contact_at(game, where, figure.radius, e)
    ]


def difficult_cost(game: GameView, figure: Figure | None = None) -> float:
    """What a cm of difficult ground costs (knob move.difficult_cost); 1 for a figure
    with the talent Schattenschritt, which ignores difficult ground (§13.1)."""
    if figure is not None and has_talent(game.profile(figure).talents, SCHATTENSCHRITT):
        return 1.0
    return float(game.rules.knobs.move.difficult_cost)


def overlap_problems(game: GameView) -> list[str]:
    """Every overlap of bases on the table with each other, solid terrain or the
    table edge (empty when all is well); the invariant of §1.4."""
    st = game.state
    figs = [f for f in st.figures.values() if f.on_table]
    problems: list[str] = []
    for i, a in enumerate(figs):
        problem = free_space(st.board, a.radius).problem(a.pos)
        if problem is not None:
            problems.append(f"{a.id} {problem}")
        for b in figs[i + 1 :]:
            if gap(a, b) < -TOL:
                problems.append(f"{a.id} overlaps {b.id} by {-gap(a, b):.6f} cm")
    return problems


# -- paths --------------------------------------------------------------------------


PATHS: Entry[Memo[tuple[object, ...], Any]] = memo_entry(
    "paths",
    holds="the paths of a Move's check and execution and of legal_actions (PathResult)",
    key="path or contact, board version, difficult cost, the mover, every other base, the goal",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    limit=2048,
)
LOWER_BOUND_SLACK = 1e-9
"""cm: rounding slack between a path's cost and a lower bound from another search."""


def _cached(game: GameView, key: tuple[object, ...], build: Callable[[], T]) -> T:
    """`build()` memoised per game for an exact key (board version, positions…):
    a Move's check and execution, and legal_actions, share one path search."""
    found: T = game.cache.memo(PATHS, key, build)
    return found


def _layout(game: GameView, mover: Figure) -> tuple[tuple[object, ...], list[Circle]]:
    """Everything a path of the mover depends on (the board version, the knob,
    where the mover is and every other base on the table) as a key, and the other
    bases."""
    others = obstacles(game, mover)
    spots = tuple((c.x, c.y, c.radius) for c in others)
    key = (game.state.board.version, difficult_cost(game, mover), mover.pos, mover.radius, spots)
    return key, others


def vault_rule(game: GameView, mode: MoveMode) -> VaultRule | None:
    """What a move of this mode may vault (§10, P: only a Run vaults low walls)."""
    if mode != "run":
        return None
    knobs = game.rules.knobs.move
    return VaultRule(float(knobs.vault_cost), float(knobs.vault_max_thickness))


def path_to(game: GameView, figure: Figure, goal: Point2, mode: MoveMode = "move") -> PathResult:
    """The cheapest path for the figure's base to `goal` around terrain and bases
    (a Run's may vault low walls)."""
    layout, others = _layout(game, figure)
    vault = vault_rule(game, mode)
    return _cached(
        game,
        ("path", *layout, vault, (float(goal[0]), float(goal[1]))),
        lambda: find_path(
            game.state.board,
            figure.pos,
            goal,
            radius=figure.radius,
            obstacles=others,
            difficult_cost=difficult_cost(game, figure),
            vault=vault,
        ),
    )


def contact_path(
    game: GameView, mover: Figure, target: Figure, allowance: float
) -> PathResult | None:
    """The cheapest path into base contact with `target` within `allowance` cm of
    movement (None if none). The end is the nearest free point half the contact
    gap from the target's base."""
    layout, others = _layout(game, mover)
    key = ("contact", *layout, target.pos, float(allowance), contact_gap(game))
    return _cached(game, key, lambda: _contact_path(game, mover, target, allowance, others))


def _contact_path(
    game: GameView, mover: Figure, target: Figure, allowance: float, bases: list[Circle]
) -> PathResult | None:
    if in_contact(game, mover, target):
        return PathResult(True, (mover.pos,), 0.0, 0.0)
    st = game.state
    ring = target.radius + mover.radius + contact_gap(game) / 2.0
    angles = 2.0 * np.pi * np.arange(RING_STEPS) / RING_STEPS
    toward = math.atan2(mover.y - target.y, mover.x - target.x)
    angles = np.concatenate([[toward], toward + angles[1:]])
    xy = np.column_stack([target.x + ring * np.cos(angles), target.y + ring * np.sin(angles)])
    ok = free_space(st.board, mover.radius).clearance_ok(xy)
    others = [c for c in bases if (c.x, c.y) != (target.x, target.y)]
    if others:
        arr = np.array([(c.x, c.y, c.radius) for c in others])
        d = np.hypot(xy[:, 0, None] - arr[:, 0], xy[:, 1, None] - arr[:, 1])
        ok &= np.all(d >= arr[:, 2] + mover.radius - TOL, axis=1)
    xy = xy[ok]
    if len(xy) == 0:
        return None
    straight = np.hypot(xy[:, 0] - mover.x, xy[:, 1] - mover.y)
    # lower bounds from one search out of the mover's place skip the ring points
    # whose path cannot fit the allowance or beat the best so far (the answer is
    # the one the exact search of every ring point would give)
    fits = straight <= allowance + TOL
    bounds = np.full(len(xy), -np.inf)
    if fits.any():
        bounds[fits] = cost_lower_bounds(
            st.board,
            mover.pos,
            xy[fits],
            radius=mover.radius,
            obstacles=bases,
            difficult_cost=difficult_cost(game, mover),
            limit=allowance + TOL + 2 * LOWER_BOUND_SLACK,
        )
    best: PathResult | None = None
    for i in np.argsort(straight, kind="stable"):
        lower = float(straight[i])
        if lower > allowance + TOL or (best is not None and lower >= best.cost_cm):
            break
        bound = float(bounds[i]) - LOWER_BOUND_SLACK
        if bound > allowance + TOL or (best is not None and bound >= best.cost_cm):
            continue
        found = path_to(game, mover, (float(xy[i, 0]), float(xy[i, 1])))
        fits_here = found.reachable and found.cost_cm <= allowance + TOL
        if fits_here and (best is None or found.cost_cm < best.cost_cm):
            best = found
    return best


# -- polylines ------------------------------------------------------------------------


def entry_distance(points: Sequence[Point2], polygon: shapely.Geometry) -> float | None:
    """Distance along a path where its point first enters `polygon` from outside
    (None if it never does, or if it starts inside)."""
    if len(points) < 2 or polygon.intersects(Point(points[0])):
        return None
    line = LineString(points)
    if not line.intersects(polygon):
        return None
    part = line.intersection(polygon)
    coords = [c for g in shapely.get_parts(part) for c in np.asarray(g.coords)]
    if not coords:
        return None
    return float(min(line.project(Point(c)) for c in coords))


def heading(a: Point2, b: Point2) -> float | None:
    """Direction from a to b in degrees (None if they coincide)."""
    if math.dist(a, b) < 1e-9:
        return None
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def leg_cost(
    game: GameView, points: Sequence[Point2], figure: Figure | None = None
) -> tuple[float, float]:
    """(length, cost) of a walked polyline (difficult ground counts extra)."""
    return path_cost(game.state.board, points, difficult_cost=difficult_cost(game, figure))


# -- pushes ---------------------------------------------------------------------------


def base_space(game: GameView) -> BaseSpace:
    """The pymunk view of every base on the table (`game.board.physics`)."""
    bases = BaseSpace(game.state.board, contact_gap=contact_gap(game))
    bases.add_many((f.id, f.pos, f.radius) for f in game.state.figures.values() if f.on_table)
    return bases


def _stopper(game: GameView, figure: Figure, u: Point2) -> str:
    """What stopped a push: the base it ran into, the table edge or terrain."""
    ahead = [
        f
        for f in game.state.figures.values()
        if f.on_table
        and f.id != figure.id
        and gap(figure, f) <= PUSH_STOP_GAP
        and (f.x - figure.x) * u[0] + (f.y - figure.y) * u[1] > 0
    ]
    if ahead:
        return min(ahead, key=lambda f: (gap(figure, f), f.id)).id
    box = free_space(game.state.board, figure.radius).box
    return "table edge" if box.exterior.distance(Point(figure.pos)) < PUSH_STOP_GAP else "terrain"


def push(
    game: GameView, figure: Figure, direction: tuple[float, float], distance: float
) -> list[Event]:
    """Push a base straight along `direction` up to `distance` cm (Wuchtig, §5.3);
    it stops at solid terrain, the table edge or another base (pymunk's exact
    contact times, `BaseSpace.push`). A push is not a move: it sets off no
    overwatch and no zone."""
    norm = math.hypot(*direction)
    if norm < 1e-12 or distance <= 0 or not figure.on_table:
        return []
    u = (direction[0] / norm, direction[1] / norm)
    start = figure.pos
    stop = base_space(game).push(figure.id, u, float(distance))
    reach = math.dist(start, stop)
    stopped = ""
    if reach < distance - PUSH_STOP_GAP:
        figure.x, figure.y = stop
        stopped = _stopper(game, figure, u)
        # pymunk stops within TOL of contact; back off a hair so the base is clear.
        reach = max(0.0, reach - PUSH_BACKOFF)
    end = (start[0] + u[0] * reach, start[1] + u[1] * reach)
    figure.x, figure.y = end
    return [Pushed(figure.id, start, end, float(distance), reach, stopped)]
