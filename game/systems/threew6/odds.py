"""Exact odds of 3W6 attacks, from the same plan and helpers the rolling code uses:
P(hit) = P(attack roll succeeds) × P(the chosen defence fails); the injury over the
zone table (or the declared zone) and the weapon's dice; the take-down chance
through the knockdown roll of a Major Wound and the KO rolls at 0 HP and below."""

from __future__ import annotations

from fractions import Fraction

from game.systems.common import Odds, harm_tuple
from game.systems.threew6.dice import Result, p_result, p_success, result_of, sum_distribution
from game.systems.threew6.rules import (
    AttackPlan,
    Fighter,
    crossed,
    health_value,
    knockdown_outcome,
    lames,
    major,
    perishes,
    total,
)
from game.systems.threew6.tables import Knobs, Zone


def zone_odds(plan: AttackPlan, knobs: Knobs) -> dict[str, Fraction]:
    """P(each zone is struck), given a hit."""
    if plan.zone is not None:
        return {plan.zone: Fraction(1)}
    return {
        z.name: sum((p for s, p in sum_distribution().items() if s in z.rolls), Fraction(0))
        for z in knobs.zone
        if z.rolls
    }


def p_hit(plan: AttackPlan) -> Fraction:
    """P(the attack succeeds) × P(the defence fails)."""
    defended = p_success(plan.defence.value) if plan.defence is not None else Fraction(0)
    return p_success(plan.value) * (1 - defended)


def p_knocked_out(fighter: Fighter, knobs: Knobs) -> Fraction:
    """P(the knockdown roll of a Major Wound leaves the fighter unconscious)."""
    value = total(health_value(fighter))
    t = knobs.test
    out = Fraction(0)
    for s, p in sum_distribution().items():
        res = result_of(s, value, t.crit_fail, t.crit_fail_margin)
        if knockdown_outcome(res, s, value, knobs) == "out":
            out += p
    return out


def p_down(fighter: Fighter, zone: Zone, injury: int, knobs: Knobs) -> Fraction:
    """P(the fighter is unconscious or dead after this injury at this zone)."""
    if injury <= 0:
        return Fraction(0)
    after = fighter.hp_now - injury
    if perishes(fighter, after, knobs):
        return Fraction(1)
    stays = Fraction(1)
    if major(fighter, zone, injury, knobs):
        stays *= 1 - p_knocked_out(fighter, knobs)
    value = total(health_value(fighter))
    t = knobs.test
    for _ in crossed(fighter, after, knobs):
        stays *= p_result(value, Result.SUCCESS, t.crit_fail, t.crit_fail_margin)
    return 1 - stays


def p_lamed(plan: AttackPlan, knobs: Knobs) -> Fraction:
    """P(the attack lames a limb or extremity not lame yet: crippling, seed 003)."""
    hit = p_hit(plan)
    dmg = plan.row.dice.distribution()
    out = Fraction(0)
    for name, pz in zone_odds(plan, knobs).items():
        zone = knobs.zone_named(name)
        if name in plan.target.lame:
            continue
        for rolled, pd in dmg.items():
            injury = max(0, max(0, rolled) - plan.target.dr)
            if injury > 0 and lames(plan.target, zone, injury, knobs):
                out += hit * pz * Fraction(pd)
    return out


def attack_odds(plan: AttackPlan, knobs: Knobs) -> Odds:
    """The exact odds of a planned attack."""
    hit = p_hit(plan)
    dmg = plan.row.dice.distribution()
    harm: dict[int, Fraction] = {0: 1 - hit}
    down = Fraction(0)
    for name, pz in zone_odds(plan, knobs).items():
        zone = knobs.zone_named(name)
        for rolled, pd in dmg.items():
            injury = max(0, max(0, rolled) - plan.target.dr)
            weight = hit * pz * Fraction(pd)
            harm[injury] = harm.get(injury, Fraction(0)) + weight
            down += weight * p_down(plan.target, zone, injury, knobs)
    wound_at = max(1, plan.target.max_hp // 3)
    return Odds(
        system="3w6",
        p_hit=float(hit),
        p_crit=0.0,
        p_fumble=float(
            p_result(
                plan.value,
                Result.CRITICAL_FAILURE,
                knobs.test.crit_fail,
                knobs.test.crit_fail_margin,
            )
        ),
        needed=plan.value,
        p_wound_die=float(sum(p for k, p in harm.items() if k >= wound_at)),
        wounds=harm_tuple({k: float(p) for k, p in harm.items()}),
        p_takedown=float(down),
    )
