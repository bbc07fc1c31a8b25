"""One decision of the tactical AI at a level above classic (ai/levels.py): the judged
candidates (ai/judge.py), a look-ahead over the best few at `hard` (ai/search.py),
mistakes on purpose at `easy` (ai/mistakes.py), and the intent line that shows the
side's plan."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ai import judge, mistakes, search
from ai.base import decision_dice
from ai.candidates import intent_of
from ai.intent import Intent, place_of
from ai.levels import Level
from ai.objectives import Role
from ai.plan import SidePlan
from ai.presets import Sliders
from ai.scorer import Plan
from ai.situation import Situation
from game import actions as act
from game.actions import Action, IllegalAction
from game.play.handlers import handler_for

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

EASY = judge.Judging(stakes=False, danger=False, costs=False, plan=False)
"""What `easy` leaves out: it sees neither the stakes nor the danger on the way,
spends ammunition and noise freely and has no side plan."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The chosen plan, the candidates it was chosen from, and the intent line."""

    plan: Plan
    intent: Intent


def accepted(game: Game, action: Action) -> bool:
    """Would the engine take the action? (its own check: a handful per activation)"""
    try:
        handler_for(action).check(game, action)
    except IllegalAction:
        return False
    return True


def first_accepted(game: Game, ordered: list[Plan], count: int) -> list[Plan]:
    """The first `count` plans the engine would take that differ: in what they do,
    or by a move to a place at least APART cm from the others'."""
    out: list[Plan] = []
    for plan in ordered:
        if any(_alike(plan, other) for other in out) or not accepted(game, plan.action):
            continue
        out.append(plan)
        if len(out) >= count:
            break
    return out


APART = 4.0
"""cm between the ends of two moves the look-ahead weighs as different plans."""


def _alike(one: Plan, two: Plan) -> bool:
    if one.action == two.action:
        return True
    if (one.what, one.target, type(one.action)) != (two.what, two.target, type(two.action)):
        return False
    ends = [getattr(p.action, "to", None) for p in (one, two)]
    if ends[0] is None or ends[1] is None:
        return False
    return math.dist(ends[0], ends[1]) < APART


def decide(
    game: Game,
    fig: Figure,
    role: Role,
    slide: Sliders,
    level: Level,
    plans: dict[str, SidePlan],
) -> Decision:
    """The plan for the figure's next action at this level (`plans`: the side plans
    of the controller, by side)."""
    side_plan = plans.setdefault(fig.side, SidePlan())
    judging = EASY if level.mistakes else judge.FULL
    dice = decision_dice(game, 3)
    sit = judge.situation(game, fig, role, slide, dice, side_plan, judging)
    found = judge.judged(sit, side_plan, judging)
    ordered, winners = found.plans, found.winners
    if level.mistakes:
        ordered = mistakes.blunder(sit, ordered, decision_dice(game, 11))
    legal = first_accepted(game, ordered, search.CANDIDATES if level.searches else 1)
    wait = Plan(act.EndActivation(fig.id), 0.0, "wait")
    if not legal:
        return Decision(wait, intent_of(sit, wait))
    chosen = legal[0]
    first = not game.state.spent.get(fig.id)
    if level.searches and first and not (winners and chosen.target in winners):
        chosen = search.choose(game, fig, legal, plans)
    return Decision(chosen, _intent(sit, chosen, found, side_plan))


def _intent(sit: Situation, plan: Plan, found: judge.Judged, side_plan: SidePlan) -> Intent:
    """The plan's line; the side's plan where it shows: stopping the enemy about to
    win, storming the chosen breach, holding fire."""
    line = intent_of(sit, plan)
    game = sit.game
    if plan.target and plan.target in found.winners:
        foe = next(f for f in game.state.figures.values() if f.name == plan.target)
        return Intent(line.role, line.side_name, "stop", plan.target, place_of(game.state, foe.pos))
    piece = side_plan.open_piece(game) if sit.role == "raiders" else None
    if piece is not None and line.what in ("advance", "position", "break_in", "wait"):
        kind = piece.destroyed_from or piece.kind
        return Intent(line.role, line.side_name, "storm", place=str(kind.value))
    quiet = sit.role == "defenders" and not isinstance(plan.action, act.Attack)
    if quiet and any(0 < s.value <= found.noise for s in sit.shots):
        return Intent(line.role, line.side_name, "hold_fire")
    return line
