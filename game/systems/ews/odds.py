"""Exact odds of EWS attacks, from the same plans and rules the rolling code uses.

A shot: every face of the shooter (and of the dodger) with its probability, the
damage `shot_damage` gives, and P(out or dead) through the Konstitution rolls that
`crossed` calls for. Melee: every pair of faces; only the harm to the defender is
counted as the attack's (`p_backfire` says how often the attacker is hit instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.systems.common import Odds, harm_tuple
from game.systems.ews.dice import margin_distribution, p_success, result_distribution
from game.systems.ews.rules import (
    Fighter,
    MeleePlan,
    ShotPlan,
    crossed,
    escapes,
    killed_outright,
    melee_damage,
    shot_damage,
    threshold_mw,
    wound_kind,
)
from game.systems.ews.tables import Knobs


def p_down(fighter: Fighter, damage: int, knobs: Knobs) -> Fraction:
    """P(the fighter is out of action or dead after taking `damage`)."""
    if wound_kind(fighter, damage, knobs) == "none":
        return Fraction(0)
    after = fighter.hp - damage
    if killed_outright(fighter, after, knobs):
        return Fraction(1)
    stays = Fraction(1)
    for level in crossed(fighter, after, knobs):
        stays *= p_success(fighter.con, threshold_mw(level, knobs), knobs.test.auto_margin)
    return 1 - stays


def shot_distribution(plan: ShotPlan, knobs: Knobs) -> tuple[dict[int, Fraction], Fraction]:
    """P(damage = d to the target) of a planned shot, and P(it hits the target: not
    dodged, not strayed to a figure in melee with it)."""
    auto = knobs.test.auto_margin
    dist: dict[int, Fraction] = {}
    hit = Fraction(0)
    strays = len(knobs.modifiers.stray_faces) if plan.other is not None else 0
    keep = 1 - Fraction(strays, 6)  # the hit stays on the target (not a stray face)
    dodges = (
        margin_distribution(plan.dodge.value, plan.dodge.mw, auto) if plan.dodge is not None else {}
    )
    for margin, p in margin_distribution(plan.value, plan.mw, auto).items():
        if margin < 0:
            dist[0] = dist.get(0, Fraction(0)) + p
            continue
        escape = sum((q for m, q in dodges.items() if escapes(m, margin)), Fraction(0))
        lands = p * (1 - escape) * keep
        hit += lands
        dmg = shot_damage(plan, margin)
        dist[dmg] = dist.get(dmg, Fraction(0)) + lands
        dist[0] = dist.get(0, Fraction(0)) + p * (1 - (1 - escape) * keep)
    return dist, hit


def shot_odds(plan: ShotPlan, knobs: Knobs) -> Odds:
    """The exact odds of a planned shot (its dodge included)."""
    dist, hit = shot_distribution(plan, knobs)
    down = sum((p * p_down(plan.target, d, knobs) for d, p in dist.items()), Fraction(0))
    return Odds(
        system="ews",
        p_hit=float(hit),
        p_crit=0.0,
        p_fumble=0.0,
        needed=plan.mw,
        p_wound_die=float(sum(p for d, p in dist.items() if d >= plan.target.ws(knobs))),
        wounds=harm_tuple({d: float(p) for d, p in dist.items()}),
        p_takedown=float(down),
    )


@dataclass(frozen=True, slots=True)
class MeleeOdds:
    """The exact odds of a melee exchange, both ways."""

    p_win: Fraction
    to_defender: dict[int, Fraction]
    to_attacker: dict[int, Fraction]


def melee_distribution(plan: MeleePlan) -> MeleeOdds:
    mine, theirs = result_distribution(plan.value), result_distribution(plan.their_value)
    win = Fraction(0)
    to_def: dict[int, Fraction] = {}
    to_att: dict[int, Fraction] = {}
    for r, p in mine.items():
        for s, q in theirs.items():
            wins = r >= s
            dmg = melee_damage(plan, wins, r - s)
            book = to_def if wins else to_att
            book[dmg] = book.get(dmg, Fraction(0)) + p * q
            win += p * q if wins else 0
    to_def[0] = to_def.get(0, Fraction(0)) + (1 - win)
    to_att[0] = to_att.get(0, Fraction(0)) + win
    return MeleeOdds(win, to_def, to_att)


def melee_odds(plan: MeleePlan, knobs: Knobs) -> Odds:
    """The attacker's side of a melee exchange as odds (what it does to the defender)."""
    found = melee_distribution(plan)
    down = sum(
        (p * p_down(plan.defender, d, knobs) for d, p in found.to_defender.items()), Fraction(0)
    )
    ws = plan.defender.ws(knobs)
    return Odds(
        system="ews",
        p_hit=float(found.p_win),
        p_crit=0.0,
        p_fumble=0.0,
        needed=plan.their_value,
        p_wound_die=float(sum(p for d, p in found.to_defender.items() if d >= ws)),
        wounds=harm_tuple({d: float(p) for d, p in found.to_defender.items()}),
        p_takedown=float(down),
    )


def p_escape(plan: ShotPlan, knobs: Knobs) -> Fraction:
    """P(a dodge beats a hit), given the shot hits: what the dodge decision weighs."""
    if plan.dodge is None:
        return Fraction(0)
    auto = knobs.test.auto_margin
    dodges = margin_distribution(plan.dodge.value, plan.dodge.mw, auto)
    hits = {m: p for m, p in margin_distribution(plan.value, plan.mw, auto).items() if m >= 0}
    landed = sum(hits.values(), Fraction(0))
    if landed == 0:
        return Fraction(0)
    escaped = sum(
        (p * q for m, p in hits.items() for d, q in dodges.items() if escapes(d, m)), Fraction(0)
    )
    return escaped / landed
