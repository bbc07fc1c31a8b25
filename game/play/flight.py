"""The jetpack's flight (seed 002, docs/RULES.md §18): "Erlaubt eine Flugbewegung von
15 cm. … Schwieriges Gelände und überflogene Hindernisse werden während dieser
Bewegung ignoriert. Die Bewegung muss auf einer Fläche enden, auf der die Miniatur
sicher aufgestellt werden kann."

On the table the action Fly takes a figure carrying a jetpack in a straight line up
to `flight_cm` (15 cm), over difficult ground, terrain and bases, to a spot where its
base may stand (on the table, clear of solid terrain and of every other base). It
costs 2 actions (P: the Move's one and one for the seed's "2 AP more"). As a move
it still meets what a move meets: enemies it leaves base contact with strike first,
enemy watchers whose fire zone the line enters fire at it (§6); a burning zone or an
armed minefield counts only where it lands (P: it flies over them). A flight is
heard like a Run (P: the seed is silent; a jetpack is no quiet thing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Point

from game import actions as act
from game.actions import IllegalAction
from game.board.freespace import TOL, free_space
from game.board.paths import PathResult
from game.events import Event, Family
from game.play import budget, movement, noise, space
from game.play.contract import ActionTemplate, GameView, Handler, Legal
from game.play.equipment import carries
from game.play.space import MovementEvent, Point2
from game.reason import Reason
from game.rules.equipment import JETPACK, load_equipment
from game.state import Figure


@dataclass(frozen=True, slots=True)
class TookOff(MovementEvent):
    """Fly: the figure lifts off with its jetpack toward `to`."""

    kind: ClassVar[str] = "jetpack"
    section: ClassVar[str] = "§18"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    to: Point2
    length_cm: float
    flight_cm: float


def flight_cm() -> float:
    """How far a jetpack flies (seed 002: 15 cm)."""
    return load_equipment().items[JETPACK].flight_cm


def has_jetpack(game: GameView, figure: Figure) -> bool:
    """Does the figure carry a jetpack?"""
    return carries(game, figure, JETPACK)


def landing_problem(game: GameView, figure: Figure, to: Point2) -> Reason | None:
    """Why the figure's base could not stand at `to` (None: it can): off the table,
    on solid terrain, or on another base."""
    who = figure.name
    problem = free_space(game.state.board, figure.radius).problem(to)
    if problem == "off the table":
        return Reason.of("move.fly_edge", who=who)
    if problem is not None:
        return Reason.of("move.fly_solid", who=who)
    for other in space.obstacles(game, figure):
        if math.dist(to, (other.x, other.y)) - other.radius - figure.radius < -TOL:
            return Reason.of("move.fly_base", who=who)
    return None


def plan_flight(game: GameView, figure: Figure, to: Point2) -> movement.Plan:
    """Check a flight to `to` and its straight line (IllegalAction says why not)."""
    x, y = float(to[0]), float(to[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise IllegalAction(Reason.of("move.not_finite", who=figure.name))
    if not has_jetpack(game, figure):
        raise IllegalAction(Reason.of("move.no_jetpack", who=figure.name))
    length = math.dist(figure.pos, (x, y))
    cm = flight_cm()
    if length < movement.MIN_MOVE:
        raise IllegalAction(Reason.of("move.no_move", who=figure.name))
    if length > cm + movement.COST_SLACK:
        raise IllegalAction(Reason.of("move.fly_far", who=figure.name, cm=cm, length=length))
    problem = landing_problem(game, figure, (x, y))
    if problem is not None:
        raise IllegalAction(problem)
    line = PathResult(True, (figure.pos, (x, y)), length, length)
    return movement.Plan(figure.id, "fly", cm, line, True)


def _triggers(game: GameView, figure: Figure, plan: movement.Plan) -> list[movement.Trigger]:
    """What the flight sets off: watchers where the line enters their zone, a burning
    zone or minefield only where it lands (it flies over the rest)."""
    length = plan.walk.length_cm
    out = []
    for trig in movement.triggers(game, figure, plan.walk.points):
        if trig.kind == "overwatch":
            out.append(trig)
        elif game.state.board.pieces[trig.ref].polygon.covers(Point(plan.walk.points[-1])):
            out.append(movement.Trigger(length, trig.order, trig.near, trig.kind, trig.ref))
    return sorted(out, key=lambda t: (t.along, t.order, t.near, t.ref))


@dataclass(slots=True)
class Flyer(movement.Walker):
    """Flies the straight line: legs cost their length (no difficult ground)."""

    def leg(self, until_along: float, until: str) -> list[Event]:
        points = self.plan.walk.points
        leg = space.sub_path(points, self.done, until_along)
        self.done = until_along
        if len(leg) < 2:
            return []
        length = math.dist(leg[0], leg[-1])
        self.spent += length
        fig = self.figure
        fig.x, fig.y = leg[-1]
        facing = space.heading(leg[0], leg[-1])
        if facing is not None:
            fig.facing = facing
        moved = movement.Moved(
            fig.id, "fly", leg[0], leg[-1], tuple(leg), length, length,
            self.plan.allowance, self.spent, until,
        )  # fmt: skip
        return [moved]

    def fly(self) -> list[Event]:
        fig = self.figure
        events: list[Event] = []
        for trig in _triggers(self.game, fig, self.plan):
            if not self.still_applies(trig):
                continue
            events += self.leg(trig.along, trig.kind)
            at, was_suppressed = fig.pos, fig.suppressed
            events += self.fire(trig)
            halt = movement.halt_reason(fig, at, was_suppressed)
            if halt is not None:
                return [*events, movement.MoveHalted(fig.id, fig.pos, halt)]
        return events + self.leg(self.plan.walk.length_cm, "destination")


def check_fly(game: GameView, action: act.Fly) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost)
    plan_flight(game, fig, action.to)


def do_fly(game: GameView, action: act.Fly) -> list[Event]:
    fig = game.figure(action.figure)
    plan = plan_flight(game, fig, action.to)
    budget.spend(game, fig, action.verb)
    end = plan.walk.points[-1]
    events: list[Event] = [TookOff(fig.id, end, plan.walk.length_cm, plan.allowance)]
    start, was_suppressed = fig.pos, fig.suppressed
    struck = movement.withdraw(game, fig, end)
    events += struck
    halt = movement.halt_reason(fig, start, was_suppressed) if struck else None
    if halt in ("fell", "pushed"):
        return [*events, movement.MoveHalted(fig.id, fig.pos, halt)]
    events += Flyer(game, fig, plan).fly()
    if fig.on_table:
        events += noise.make_noise(game, "run", fig.pos, fig.id)
    return events


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """A Fly template (`allowance`: the flight's reach) for a figure with a jetpack."""
    if not figure.standing or figure.suppressed or not has_jetpack(game, figure):
        return []
    spent = {budget.base_verb(v) for v in game.state.spent.get(figure.id, [])}
    left = budget.action_budget(game, figure) - budget.used(game, figure)
    if act.Fly.verb in spent or left < act.Fly.cost:
        return []
    return [ActionTemplate(act.Fly.verb, figure.id, {"allowance": flight_cm()})]


HANDLERS: dict[type[act.Action], Handler] = {act.Fly: Handler(check_fly, do_fly)}
