"""Candidate plans that support the fight: Reload, First aid, a coup-de-grâce on a
downed enemy, Overwatch on the likely approach, and template weapons thrown at
clusters."""

from __future__ import annotations

import math

import numpy as np

from ai.scorer import Plan, Scorer
from ai.scoring import attack_value, book, figure_value
from ai.situation import Situation
from ai.spots import table
from game import actions as act
from game.board.sight import line_of_sight
from game.play import bridge, combat, movement, overwatch, sight, support
from game.play import throw as throwing
from game.rules.checks import Outcome, outcome_probabilities
from game.rules.combatant import AttackContext, Combatant
from game.state import Figure

RELOAD_GAIN = 0.3
OVERWATCH_SHARE = 0.35
"""Share of a shot's value an overwatch on the likely approach is worth."""
AID_SHARE = 0.5
FINISH_SHARE = {"down": 0.6, "out_unstable": 0.05, "out_stable": 0.02}
"""Share of a downed enemy's value a coup-de-grâce is worth, by its condition: one
that is down stands up again at its next activation (or by First aid); one out
for the battle matters only after it."""
THROW_FRIENDLY = 2.0
"""How much more a friend in the template weighs than an enemy."""
SURE_THROWER = Combatant(name="thrower", ref=30)
"""An attacker that always hits, to price a template's pool alone."""


def support_plans(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Reload, First aid, Finish off, Overwatch, Throw."""
    game, fig = sit.game, sit.fig
    out: list[Plan] = []
    here = sc.at(0)
    if fig.suppressed:
        return out
    if sit.can("reload"):
        for carried in fig.weapons:
            if support.reload_problem(game, fig, carried.name) is not None:
                continue
            empty = carried.jammed or not carried.loaded
            value = RELOAD_GAIN * (1.0 if empty else 0.2) + after
            out.append(Plan(act.Reload(fig.id, carried.name), value, "reload"))
    if sit.can("aid"):
        for patient in game.state.figures.values():
            if patient.side != fig.side or support.aid_problem(game, fig, patient) is not None:
                continue
            value = _aid_value(sit, patient) + after
            out.append(Plan(act.FirstAid(fig.id, patient.id), value, "first_aid", patient.name))
    if sit.can("finish"):
        out += _finishing_blows(sit, after)
    if sit.can("overwatch") and not sit.shots:
        plan = _overwatch_plan(sit, sc)
        if plan is not None:
            out.append(plan)
    if sit.can("throw"):
        out += _throws(sit, sc, after)
    del here
    return out


def _finishing_blows(sit: Situation, after: float) -> list[Plan]:
    """A coup-de-grâce [Gnadenstoß] on each downed enemy in base contact (§9)."""
    game, fig = sit.game, sit.fig
    weapon = movement.best_melee(game, fig)
    if weapon is None:
        return []
    out = []
    for enemy in game.state.figures.values():
        if combat.finish_problem(game, fig, enemy, weapon) is not None:
            continue
        value = FINISH_SHARE.get(enemy.condition.value, 0.0) * figure_value(game, enemy) + after
        action = act.FinishOff(fig.id, enemy.id, weapon)
        out.append(Plan(action, value, "finish", enemy.name, weapon=weapon))
    return out


def _aid_value(sit: Situation, patient: Figure) -> float:
    """Chance of the VER test times what standing it up (or a TP) is worth."""
    game = sit.game
    knobs = game.rules.knobs.tests
    ver = game.profile(sit.fig).ver
    probs = outcome_probabilities(ver, knobs.first_aid_target, 0)
    success = probs[Outcome.SUCCESS] + probs[Outcome.CRITICAL]
    worth = figure_value(game, patient)
    if not patient.standing:
        return AID_SHARE * success * worth
    return 0.3 * success * worth / max(1, patient.max_tp)


def _approach(sit: Situation) -> tuple[float, float] | None:
    """Where the enemy will likely come from: the nearest enemy."""
    if not sit.enemies:
        return None
    near = min(sit.enemies, key=lambda e: (math.dist(e.pos, sit.fig.pos), e.id))
    return near.pos


def overwatch_value(sit: Situation, sc: Scorer, i: int) -> float:
    """An overwatch zone toward the nearest enemy that could come into it: worth a
    share of a shot at it in the open."""
    game, fig = sit.game, sit.fig
    weapon = overwatch.readied_weapon(game, fig)
    if weapon is None or not sit.enemies:
        return 0.0
    radius = overwatch.max_radius(game, weapon)
    assert sit.spots is not None
    j = int(np.argmin(sit.spots.distance[i]))
    enemy = sit.enemies[j]
    dash = movement.allowance(game, enemy, "run")
    if sit.spots.distance[i, j] > radius + dash:
        return 0.0
    shot = float(table(game, fig, enemy, value=figure_value(game, enemy)).short[0])
    return OVERWATCH_SHARE * sc.attack_mult * shot


def _overwatch_plan(sit: Situation, sc: Scorer) -> Plan | None:
    game, fig = sit.game, sit.fig
    weapon = overwatch.readied_weapon(game, fig)
    at = _approach(sit)
    if weapon is None or at is None:
        return None
    value = overwatch_value(sit, sc, 0)
    if value <= 0:
        return None
    direction = round(sight.bearing(fig.pos, at) % 360.0, 3)
    knobs = game.rules.knobs.overwatch
    action = act.Overwatch(
        fig.id, direction, float(knobs.max_angle), overwatch.max_radius(game, weapon)
    )
    return Plan(action, value + sc.at(0), "overwatch")


def _throws(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Throw a template weapon at the enemy that has the most enemies around it."""
    game, fig = sit.game, sit.fig
    out: list[Plan] = []
    friends = [f for f in game.state.side_figures(fig.side) if f.id != fig.id]
    for carried in fig.weapons:
        weapon = game.rules.weapon(carried.name)
        if weapon.type != "thrown" or weapon.template is None or not carried.uses:
            continue
        radius = float(getattr(game.rules.knobs.template, f"{weapon.template}_radius"))
        p_hit = _throw_hit(sit, weapon.name)
        best: tuple[float, Figure] | None = None
        for enemy in sit.enemies:
            if throwing.throw_distance(fig, enemy.pos) > (weapon.range or 0.0):
                continue
            caught = [e for e in sit.enemies if math.dist(e.pos, enemy.pos) <= radius + e.radius]
            hurt = [
                f for f in [*friends, fig] if math.dist(f.pos, enemy.pos) <= radius + f.radius + 2
            ]
            worth = sum(_template_worth(sit, weapon.name, e) for e in caught)
            worth -= THROW_FRIENDLY * sum(_template_worth(sit, weapon.name, f) for f in hurt)
            worth *= p_hit
            if best is None or worth > best[0]:
                best = (worth, enemy)
        if best is None or best[0] <= 0:
            continue
        target = best[1]
        los = line_of_sight(
            game.state.board,
            fig.pos,
            target.pos,
            viewer_radius=fig.radius,
            target_radius=sight.POINT_RADIUS,
            params=sight.params(game),
        )
        if not los.visible:
            continue
        action = act.Throw(fig.id, weapon.name, (round(target.x, 3), round(target.y, 3)))
        value = sc.attack_mult * best[0] + after
        out.append(Plan(action, value, "throw", target.name, weapon=weapon.name))
    return out


def _throw_hit(sit: Situation, weapon: str) -> float:
    knobs = sit.game.rules.knobs.template
    bonus = sit.game.profile(sit.fig).ranged_bonus
    probs = outcome_probabilities(bonus, knobs.throw_target, 0)
    return probs[Outcome.SUCCESS] + probs[Outcome.CRITICAL] + 0.3 * probs[Outcome.FAILURE]


def _template_worth(sit: Situation, weapon: str, target: Figure) -> float:
    """Rough value of a template's pool on one figure (a sure hit, no cover)."""
    game = sit.game
    arms = game.rules.weapon(weapon)
    odds = book(game).odds(
        game, SURE_THROWER, bridge.combatant(game, target), arms, AttackContext()
    )
    return attack_value(odds, target, figure_value(game, target))
