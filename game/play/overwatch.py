"""Overwatch — Bereitschaft (RULES.md §6): declaring a fire zone, and finding where a
moving enemy's path first enters it in the watcher's sight.

The path is tested continuously: sample points every `SAMPLE_STEP` cm (one batch
line-of-sight query per watcher, base to base), then the first hit is refined by
bisection to `REFINE_TOL` cm. The returned point is always itself inside the zone
and visible (the bisection keeps its upper end on a hit).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from shapely.geometry import LineString, Point

from game.actions import IllegalAction, Overwatch
from game.board.sight import line_of_sight_batch
from game.events import Event, Family
from game.play import budget, combat, sight, space
from game.play.contract import GameView
from game.play.space import MovementEvent
from game.reason import Reason
from game.rules.ammo import AmmoState, fire_problem
from game.rules.models import Weapon
from game.state import Figure, OverwatchZone

Point2 = tuple[float, float]

SAMPLE_STEP = 0.5
"""cm between the path points tested against a watcher's zone and sight."""
REFINE_TOL = 0.1
"""cm: the first interrupt point is found to within this."""
SHOTS_KEY = "overwatch_shots"  # Figure.uses: overwatch shots taken in overwatch_fired_round


@dataclass(frozen=True, slots=True)
class OverwatchDeclared(MovementEvent):
    """A figure declares a fire zone (§6)."""

    kind: ClassVar[str] = "overwatch_declared"
    section: ClassVar[str] = "§3.6"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    direction: float
    angle: float
    radius: float
    weapon: str


@dataclass(frozen=True, slots=True)
class OverwatchTriggered(MovementEvent):
    """An enemy's move entered a watcher's zone in its sight: the move pauses and the
    watcher fires (§6)."""

    kind: ClassVar[str] = "overwatch_triggered"
    section: ClassVar[str] = "§3.6"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("watcher", "mover")
    watcher: str
    mover: str
    at: Point2
    along: float  # cm along the mover's path
    distance: float  # watcher to mover, centre to centre
    weapon: str


# -- the readied weapon ------------------------------------------------------------------


def can_fire(game: GameView, figure: Figure, name: str) -> bool:
    """Could the figure fire this ranged weapon now (not jammed, loaded, ammo left)?"""
    try:
        state = figure.weapon(name)
    except KeyError:
        return False
    weapon = game.rules.weapon(state.name)
    if weapon.type != "ranged":
        return False
    ammo = AmmoState(supply=figure.ammo, magazine=state.loaded, jammed=state.jammed)
    return fire_problem(weapon, ammo, False, game.rules) is None


def readied_weapon(game: GameView, figure: Figure) -> Weapon | None:
    """The first ranged weapon the figure could fire now (§6: the readied weapon)."""
    for state in figure.weapons:
        if can_fire(game, figure, state.name):
            return game.rules.weapon(state.name)
    return None


def max_radius(game: GameView, weapon: Weapon) -> float:
    """The largest fire zone radius: range_factor × the weapon's range (§6)."""
    return float(game.rules.knobs.overwatch.range_factor) * float(weapon.range or 0.0)


# -- declaring -------------------------------------------------------------------------------


def check_declare(game: GameView, action: Overwatch) -> None:
    fig = budget.check_budget(game, action.figure, "overwatch", Overwatch.cost)
    weapon = readied_weapon(game, fig)
    if weapon is None:
        raise IllegalAction(Reason.of("overwatch.no_weapon", who=fig.name))
    knobs = game.rules.knobs.overwatch
    values = (action.direction, action.angle, action.radius)
    if not all(math.isfinite(v) for v in values):
        raise IllegalAction(Reason.of("overwatch.not_finite"))
    if not 0 < action.angle <= knobs.max_angle:
        raise IllegalAction(Reason.of("overwatch.angle", max=knobs.max_angle))
    limit = max_radius(game, weapon)
    if not 0 < action.radius <= limit + 1e-9:
        raise IllegalAction(
            Reason.of(
                "overwatch.radius", limit=limit, factor=knobs.range_factor, weapon=weapon.name
            )
        )


def do_declare(game: GameView, action: Overwatch) -> list[Event]:
    fig = game.figure(action.figure)
    weapon = readied_weapon(game, fig)
    assert weapon is not None
    budget.spend(game, fig, "overwatch")
    direction = action.direction % 360.0
    fig.overwatch = OverwatchZone(
        fig.x, fig.y, direction, action.angle, action.radius, weapon.name, game.state.round
    )
    fig.facing = direction
    return [OverwatchDeclared(fig.id, direction, action.angle, action.radius, weapon.name)]


# -- watchers ----------------------------------------------------------------------------


def shots_taken(game: GameView, figure: Figure) -> int:
    """Overwatch shots the figure took this round."""
    if figure.overwatch_fired_round != game.state.round:
        return 0
    return max(1, figure.uses.get(SHOTS_KEY, 1))


def record_shot(game: GameView, figure: Figure) -> None:
    """The watcher fired: its overwatch is spent (§6)."""
    taken = shots_taken(game, figure)
    figure.overwatch_fired_round = game.state.round
    figure.uses[SHOTS_KEY] = taken + 1
    figure.overwatch = None


def is_watching(game: GameView, figure: Figure) -> bool:
    """A standing figure with a fire zone, a weapon to fire and a shot left this round."""
    zone = figure.overwatch
    return (
        zone is not None
        and figure.standing
        and shots_taken(game, figure) < game.rules.knobs.overwatch.shots_per_round
        and can_fire(game, figure, zone.weapon)
    )


def can_shoot_at(game: GameView, watcher: Figure, mover: Figure, at: Point2) -> bool:
    """Would the combat room allow the watcher's shot with the mover at `at`
    (e.g. not veiled from that distance)?"""
    zone = watcher.overwatch
    if zone is None:
        return False
    was = mover.pos
    mover.x, mover.y = at
    try:
        problem = combat.attack_problem(game, watcher, mover, zone.weapon, mode="overwatch")
    finally:
        mover.x, mover.y = was
    return problem is None


def watchers(game: GameView, mover: Figure) -> list[Figure]:
    """Enemies of the mover that are watching."""
    return [f for f in game.state.enemies_of(mover) if is_watching(game, f)]


# -- where a path enters a zone in sight ----------------------------------------------


def zone_contains(zone: OverwatchZone, xy: np.ndarray) -> np.ndarray:
    """Vectorised `OverwatchZone.contains` for points (n, 2)."""
    dx = xy[:, 0] - zone.x
    dy = xy[:, 1] - zone.y
    dist = np.hypot(dx, dy)
    bearing = np.degrees(np.arctan2(dy, dx))
    off = (bearing - zone.direction + 180.0) % 360.0 - 180.0
    inside_angle = np.abs(off) <= zone.angle / 2.0 + 1e-9
    result: np.ndarray = (dist <= zone.radius) & (inside_angle | (dist < 1e-9))
    return result


def _hits(game: GameView, watcher: Figure, mover: Figure, xy: np.ndarray) -> np.ndarray:
    """Which mover positions are inside the watcher's zone and in its sight."""
    zone = watcher.overwatch
    assert zone is not None
    inside = zone_contains(zone, xy)
    if not inside.any():
        return inside
    batch = line_of_sight_batch(
        game.state.board,
        watcher.pos,
        xy[inside],
        viewer_radius=watcher.radius,
        target_radii=mover.radius,
        params=sight.params(game),
    )
    hit = inside.copy()
    hit[inside] = batch.visible
    return hit


def first_interrupt(
    game: GameView, watcher: Figure, mover: Figure, points: Sequence[Point2]
) -> float | None:
    """Distance along the path (> 0: after the mover left its start) of the first
    point inside the watcher's zone and in its sight, to within REFINE_TOL."""
    zone = watcher.overwatch
    if zone is None or len(points) < 2:
        return None
    if LineString(points).distance(Point(zone.x, zone.y)) > zone.radius + 1e-9:
        return None
    total = float(space.cumulative(points)[-1])
    if total <= 0:
        return None
    s = np.arange(SAMPLE_STEP, total, SAMPLE_STEP)
    s = np.append(s[s < total - 1e-9], total)
    hit = _hits(game, watcher, mover, space.points_at(points, s))
    if not hit.any():
        return None
    i = int(np.argmax(hit))
    lo, hi = (float(s[i - 1]) if i > 0 else 0.0), float(s[i])
    while hi - lo > REFINE_TOL:
        mid = 0.5 * (lo + hi)
        if _hits(game, watcher, mover, space.points_at(points, np.array([mid])))[0]:
            hi = mid
        else:
            lo = mid
    return hi
