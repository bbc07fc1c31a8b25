"""Candidate plans for seed 002's items (docs/RULES.md §18): a treatment with a
first-aid kit or a medi-pack (itself or a friend in base contact), blasting the
gate that shuts the raid's way with a demolition charge, drinking the Schnaps, and
a jetpack's flight when it gets the figure well closer to its goal than walking.

Dynamite is a thrown template weapon: it strikes figures, not gates (seed 002:
"gegen jede betroffene Figur"), and the AI throws it as any template
(ai/support_plans.py)."""

from __future__ import annotations

import math

import numpy as np

from ai.scorer import Plan, Scorer
from ai.scoring import figure_value
from ai.situation import Situation
from game import actions as act
from game.board.terrain import TerrainKind
from game.play import bridge, budget, flight, items, support
from game.play.equipment import carries, treatment_kit
from game.rules.checks import Outcome, outcome_probabilities
from game.rules.equipment import SCHNAPS
from game.state import Figure

TREAT_SHARE = 0.8
"""Share of the patient's value one healed TP in `max_tp` is worth (a standing patient)."""
DOWN_SHARE = 0.5
"""Share of a downed patient's value a successful treatment is worth (it stands up)."""
BLAST_BLOWS = 3.0
"""How many blows at the gate a charge saves at the least (each worth BREAK_GAIN)."""
BREAK_GAIN = 0.5
"""One blow at the gate that shuts the way (as ai/candidates.py)."""
DRINK_SHARE = 0.15
"""Share of its own value a badly hurt core figure without a shot gains from the
Schnaps's +2 on KÖR (its injury roll, saves)."""
HURT_SHARE = 1 / 3
"""At this share of its TP or less a figure counts as badly hurt."""
FLY_GAIN_CM = 5.0
"""(P) A flight is planned when it ends at least this many cm of the way to the goal
closer than the best walk (a Move or Run) of this activation."""
FLY_DIRECTIONS = 16
"""Directions of the flights looked at (each at the full reach and at two thirds)."""


def item_plans(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Treatments with an item, a blast at the gate in the way, Schnaps."""
    fig = sit.fig
    if fig.suppressed or not sit.game.profile(fig).equipment:
        return []
    out = _treatments(sit, after)
    blast = _blast(sit, sc, after)
    if blast is not None:
        out.append(blast)
    if _wants_schnaps(sit):
        value = after + DRINK_SHARE * figure_value(sit.game, fig)
        out.append(Plan(act.Drink(fig.id), value, "drink"))
    fly = _flight(sit, sc)
    if fly is not None:
        out.append(fly)
    return out


def _flight(sit: Situation, sc: Scorer) -> Plan | None:
    """The flight that ends nearest the goal, when it beats the best walk of this
    activation by `FLY_GAIN_CM`: worth that walk's value plus the goal's weight of
    the cm it saves (e.g. over a wall the walk must go round)."""
    game, fig = sit.game, sit.fig
    field, spots = sit.goal_field, sit.spots
    if field is None or spots is None or not flight.has_jetpack(game, fig):
        return None
    if not sit.can(act.Fly.verb, act.Fly.cost):
        return None
    walks = [i for i, kind in enumerate(sit.kind) if kind in ("move", "run")]
    if not walks:
        return None
    reach = flight.flight_cm()
    turns = [2 * math.pi * k / FLY_DIRECTIONS for k in range(FLY_DIRECTIONS)]
    points = [
        (round(fig.x + r * math.cos(t), 3), round(fig.y + r * math.sin(t), 3))
        for r in (reach - 1e-3, reach * 2 / 3)
        for t in turns
    ]
    points = [p for p in points if flight.landing_problem(game, fig, p) is None]
    if not points:
        return None
    cost = field.distance_at(np.asarray(points, np.float64))
    best = int(np.argmin(cost))
    walked = min(float(sit.progress[i]) for i in walks)
    saved = walked - float(cost[best])
    if not math.isfinite(saved) or saved < FLY_GAIN_CM:
        return None
    value = max(sc.at(i) for i in walks) + sc.goal_w * saved
    return Plan(act.Fly(fig.id, points[best]), value, "fly")


def _treatments(sit: Situation, after: float) -> list[Plan]:
    """A treatment of each patient the figure may tend (itself too), worth the chance
    of the patient's KÖR test times what the item gives back."""
    game, fig = sit.game, sit.fig
    kit = treatment_kit(game, fig)
    if kit is None or not sit.can("aid", budget.action_cost(game, fig, act.FirstAid.verb)):
        return []
    heal = kit[1]
    out = []
    for patient in game.state.side_figures(fig.side):
        if support.aid_problem(game, fig, patient) is not None:
            continue
        value = treatment_value(sit, patient, heal) + after
        out.append(Plan(act.FirstAid(fig.id, patient.id), value, "treat", patient.name))
    return out


def treatment_value(sit: Situation, patient: Figure, heal: int) -> float:
    """P(the patient's KÖR test against the First aid target) × the TP it regains
    (or standing up) × its value."""
    game = sit.game
    kor = bridge.combatant(game, patient).attribute("kor")
    probs = outcome_probabilities(kor, game.rules.knobs.tests.first_aid_target, 0)
    success = probs[Outcome.SUCCESS] + probs[Outcome.CRITICAL]
    worth = figure_value(game, patient)
    if not patient.standing:
        return DOWN_SHARE * success * worth
    gained = min(heal, patient.max_tp - patient.tp)
    return TREAT_SHARE * success * worth * gained / max(1, patient.max_tp)


def _blast(sit: Situation, sc: Scorer, after: float) -> Plan | None:
    """The demolition charge at the gate that shuts the raid's way, in base contact:
    worth the blows it saves."""
    gate = sit.blocker
    if gate is None or gate.kind is not TerrainKind.GATE or not sit.can("interact"):
        return None
    try:
        done = support.interaction(sit.game, sit.fig, gate.id)
    except act.IllegalAction:
        return None
    if done.what != "blast":
        return None
    blows = max(BLAST_BLOWS, float(gate.structure or 0))
    value = BREAK_GAIN * sc.attack_mult * blows + after
    return Plan(act.Interact(sit.fig.id, gate.id), value, "blast", place="gate")


def _wants_schnaps(sit: Situation) -> bool:
    """Drink when it helps (P): a core figure badly hurt, whose next fall is an injury
    roll on KÖR, with no shot to spoil (the Schnaps puts its attacks at disadvantage)."""
    game, fig = sit.game, sit.fig
    if not sit.can("drink") or sit.shots or items.is_drunk(fig):
        return False
    if not carries(game, fig, SCHNAPS) or not game.profile(fig).core:
        return False
    return fig.tp <= fig.max_tp * HURT_SHARE
