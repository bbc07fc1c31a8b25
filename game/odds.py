"""Exact odds of an attack, from the same rule functions the rolling code uses.

The to-hit part enumerates the kept W20 face through `checks.check_outcome`; the
pool part counts the W6 faces that `wounds.die_wounds` lets through and takes the
binomial over the pool (a natural 20 adds the crit dice); the take-down chance
sums over wound counts through `wounds.apply_wounds`. Nothing here restates a
rule: change a rule in `game/rules/` and the odds follow.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.cover import Cover
from game.dice import Edge
from game.rules.area import halved, has_explosion_save
from game.rules.attack import DamagePlan, HitPlan, plan_attack
from game.rules.checks import Outcome, outcome_probabilities
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData, load_rules
from game.rules.models import Weapon
from game.rules.wounds import NeededNumber, apply_wounds, wound_chance


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact probabilities of one attack.

    `wounds[k]` is P(exactly k wounds), misses and the crit dice included;
    `needed` is the needed number per die after all modifiers and the floor (7 or
    more: only natural 6s wound); `p_takedown` is P(the target is taken out)
    when a target TP is known. (The other rule systems' odds have the same shape:
    `game.systems.common.Odds`.)
    """

    system: ClassVar[str] = "deadearth"
    unit: ClassVar[str] = "wounds"
    p_hit: float
    p_crit: float
    p_fumble: float
    needed: int
    p_wound_die: float
    wounds: tuple[float, ...]
    p_takedown: float | None
    hit: HitPlan
    damage: DamagePlan

    @property
    def expected_wounds(self) -> float:
        return sum(k * p for k, p in enumerate(self.wounds))

    def at_least(self, k: int) -> float:
        """P(wounds ≥ k)."""
        return sum(self.wounds[k:]) if k > 0 else 1.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of `main.py odds --json`."""
        return {
            "p_hit": self.p_hit,
            "p_crit": self.p_crit,
            "needed": self.needed,
            "wounds": list(self.wounds),
            "expected_wounds": self.expected_wounds,
            "p_takedown": self.p_takedown,
        }


def binomial(n: int, p: float) -> list[float]:
    """P(k successes of n), k = 0..n."""
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def wound_distribution(hit: HitPlan, damage: DamagePlan) -> tuple[float, ...]:
    """P(exactly k wounds) for k = 0 … pool + crit dice."""
    outcomes = outcome_probabilities(hit.bonus, hit.target_number, hit.edge, hit.fumble_max)
    q = wound_chance(damage.needed.value)
    top = damage.pool + damage.crit_dice
    dist = [0.0] * (top + 1)
    dist[0] = outcomes[Outcome.FAILURE] + outcomes[Outcome.FUMBLE]
    for weight, n in (
        (outcomes[Outcome.SUCCESS], damage.pool),
        (outcomes[Outcome.CRITICAL], damage.pool + damage.crit_dice),
    ):
        for k, pk in enumerate(binomial(n, q)):
            dist[k] += weight * pk
    return tuple(dist)


def odds_of(
    hit: HitPlan, damage: DamagePlan, taken_out: Callable[[int], bool] | None = None
) -> AttackOdds:
    """The odds of a planned attack; `taken_out(k)` says whether k wounds take the
    target out (None: no take-down chance)."""
    outcomes = outcome_probabilities(hit.bonus, hit.target_number, hit.edge, hit.fumble_max)
    wounds = wound_distribution(hit, damage)
    takedown = None
    if taken_out is not None:
        takedown = sum(p for k, p in enumerate(wounds) if taken_out(k))
    return AttackOdds(
        p_hit=outcomes[Outcome.SUCCESS] + outcomes[Outcome.CRITICAL],
        p_crit=outcomes[Outcome.CRITICAL],
        p_fumble=outcomes[Outcome.FUMBLE],
        needed=damage.needed.value,
        p_wound_die=wound_chance(damage.needed.value),
        wounds=wounds,
        p_takedown=takedown,
        hit=hit,
        damage=damage,
    )


def _falls(target: Combatant, rules: RulesData) -> Callable[[int], bool]:
    """Does the target fall to `k` wounds? Never while Todestrotz puts its fall off
    (§13.1): it stays standing for a last activation."""
    if target.puts_off_fall:
        return lambda k: False
    return lambda k: apply_wounds(target, k, rules).incapacitated


def attack_odds(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
) -> AttackOdds:
    """Exact odds of the attack `resolve_attack` would roll with the same inputs.
    The take-down chance includes Kein Schmerz and Unbeugsam."""
    plan = plan_attack(attacker, target, weapon, ctx, rules)
    return odds_of(plan.hit, plan.damage, _falls(target, rules))


def template_odds(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
) -> AttackOdds:
    """Exact odds for a figure under a thrown template, if the throw (`ctx`'s hit
    roll against the point) lands on the point: its own pool, halved when it makes
    its explosion save (§5.5); a missed throw counts as no wound."""
    plan = plan_attack(attacker, target, weapon, ctx, rules)
    odds = odds_of(plan.hit, plan.damage, _falls(target, rules))
    if not has_explosion_save(weapon):
        return odds
    save = outcome_probabilities(target.ref, rules.knobs.template.explosion_save, 0)
    p_save = save[Outcome.SUCCESS] + save[Outcome.CRITICAL]
    hit = outcome_probabilities(plan.hit.bonus, plan.hit.target_number, plan.hit.edge)
    q = wound_chance(plan.damage.needed.value)
    wounds = [(1 - p_save) * p for p in odds.wounds]
    for weight, critical in ((hit[Outcome.SUCCESS], False), (hit[Outcome.CRITICAL], True)):
        for k, pk in enumerate(binomial(halved(plan.damage, critical).pool, q)):
            wounds[k] += p_save * weight * pk
    wounds[0] += p_save * (hit[Outcome.FAILURE] + hit[Outcome.FUMBLE])
    takedown = sum(p for k, p in enumerate(wounds) if _falls(target, rules)(k))
    return replace(odds, wounds=tuple(wounds), p_takedown=takedown)


def plain_odds(
    bonus: int,
    vw: int,
    pool: int,
    ws: int,
    *,
    cover: Cover = Cover.NONE,
    br: int = 0,
    edge: Edge = 0,
    tp: int | None = None,
    rules: RulesData | None = None,
) -> AttackOdds:
    """Odds from bare numbers (the `odds` command): W20 + bonus vs VW, pool NW6
    against armour WS + cover − BR; take-down when every wound costs 1 of `tp`."""
    rules = rules or load_rules()
    knobs = rules.knobs
    hit = HitPlan(bonus, (("bonus", bonus),), vw, edge)
    cover_mod = (0, knobs.cover.light, knobs.cover.heavy)[int(cover)]
    needed = NeededNumber(ws, None, int(cover), cover_mod, (), br, knobs.attack.needed_floor)
    damage = DamagePlan(pool, (("weapon", pool),), needed, knobs.attack.crit_bonus_dice)
    taken_out = None
    if tp is not None:
        dummy = Combatant(name="target", tp=tp, max_tp=tp)
        taken_out = lambda k: apply_wounds(dummy, k, rules).incapacitated  # noqa: E731
    return odds_of(hit, damage, taken_out)
