"""Area attacks (§3A Explosiv / Feuer; RULES.md §5.5): the throw, scatter, a damage
pool for every figure under the template, burning zones, the minefield.

Geometry stays with the engine: it says which figures the template touches and
each one's cover as seen from the template's centre; these functions roll.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.cover import Cover
from game.dice import Dice
from game.events import CatalogueEvent, Event, Family
from game.reason import Reason
from game.rules.ammo import AmmoState, fire_problem, spend_ammo
from game.rules.attack import (
    AttackInputError,
    AttackResult,
    DamagePlan,
    check_context,
    damage_plan,
    hit_plan,
    roll_damage,
    roll_hit,
    take_damage,
)
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData
from game.rules.models import Weapon
from game.rules.wounds import NeededNumber


@dataclass(frozen=True, slots=True)
class TemplatePlaced(CatalogueEvent):
    """Where a thrown template lands: on the point, scattered, or on the thrower."""

    kind: ClassVar[str] = "template"
    section: ClassVar[str] = "§3A"
    family: ClassVar[Family] = "attack"
    who: str
    weapon: str
    radius: float
    scatter: float
    angle: float
    on_thrower: bool
    burning_rounds: int


@dataclass(frozen=True, slots=True)
class Throw:
    """A thrown template: events, where it lands, and what it leaves behind.

    `offset` is the scatter in cm from the aimed point (dx, dy); with `on_thrower`
    the template centres on the thrower instead. `critical` adds the crit dice to
    every pool (`template_damage(critical=…)`).
    """

    events: tuple[Event, ...]
    hit: bool
    critical: bool
    fumble: bool
    offset: tuple[float, float]
    on_thrower: bool
    radius: float
    burning_rounds: int
    ammo: AmmoState | None


def throw_template(
    attacker: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
    dice: Dice,
    *,
    ammo: AmmoState | None = None,
) -> Throw:
    """Throw at a point: ranged attack roll vs the point's number (P: 10). A miss
    scatters 1W6 × 2 cm in a random direction; a Feuer weapon that fumbles lands
    on the thrower (§5.5)."""
    if weapon.template is None:
        raise AttackInputError(Reason.of("area.no_template", weapon=weapon.name))
    check_context(attacker, weapon, ctx)
    knobs = rules.knobs.template
    if ammo is not None and (problem := fire_problem(weapon, ammo, False, rules)):
        raise AttackInputError(problem)
    plan = hit_plan(attacker, weapon, ctx, rules, knobs.throw_target)
    roll = roll_hit(attacker.name, "", weapon, plan, dice, vs_point=True)
    events: list[Event] = [roll.event]
    if ammo is not None:
        ammo, spent = spend_ammo(attacker.name, weapon, ammo, False, rules)
        events.append(spent)
    scatter = angle = 0.0
    on_thrower = roll.fumble and weapon.has("Feuer")
    if not roll.hit and not on_thrower:
        scatter = dice.roll(knobs.scatter_dice).total * knobs.scatter_step
        angle = dice.uniform(0.0, 360.0)
    burning = knobs.burn_rounds if weapon.has("Feuer") else 0
    radius = knobs.radius(weapon.template)
    events.append(
        TemplatePlaced(attacker.name, weapon.name, radius, scatter, angle, on_thrower, burning)
    )
    rad = math.radians(angle)
    return Throw(
        events=tuple(events),
        hit=roll.hit,
        critical=roll.critical,
        fumble=roll.fumble,
        offset=(scatter * math.cos(rad), scatter * math.sin(rad)),
        on_thrower=on_thrower,
        radius=radius,
        burning_rounds=burning,
        ammo=ammo,
    )


def _land(
    attacker: str,
    target: Combatant,
    damage: DamagePlan,
    weapon: Weapon | None,
    critical: bool,
    rules: RulesData,
    dice: Dice,
) -> AttackResult:
    rolled = roll_damage(attacker, target.name, damage, critical, dice)
    more, extra = take_damage(attacker, target, weapon, rolled.wounds, AttackContext(), rules, dice)
    return AttackResult(
        events=(rolled, *more),
        hit=True,
        critical=critical,
        fumble=False,
        jammed=False,
        wounds=rolled.wounds,
        ammo=None,
        ammo_used=0,
        faces=rolled.faces,
        **extra,
    )


def template_damage(
    attacker: Combatant,
    weapon: Weapon,
    victims: Sequence[tuple[Combatant, Cover]],
    rules: RulesData,
    dice: Dice,
    *,
    critical: bool = False,
) -> tuple[AttackResult, ...]:
    """Every figure the template touches takes its own damage pool, with its cover
    as seen from the template's centre (§5.5). One result per victim, in order."""
    results = []
    for victim, cover in victims:
        damage = damage_plan(attacker, victim, weapon, AttackContext(cover=cover), rules)
        results.append(_land(attacker.name, victim, damage, weapon, critical, rules, dice))
    return tuple(results)


def burn_damage(target: Combatant, rules: RulesData, dice: Dice) -> AttackResult:
    """A figure that enters a burning zone or ends an activation in it takes 2W6
    (Feuer) against its armour; cover does not help (P) (§5.5)."""
    knobs = rules.knobs
    needed = NeededNumber(target.ws, target.armour, 0, 0, (), 0, knobs.attack.needed_floor)
    damage = DamagePlan(knobs.template.burn_pool, (("fire", knobs.template.burn_pool),), needed, 0)
    return _land("Feuer", target, damage, None, False, rules, dice)


def minefield_weapon(rules: RulesData) -> Weapon:
    """The minefield's Explosiv attack as a weapon (§11: 3W6 BR 1, small template, P)."""
    mine = rules.knobs.minefield
    return Weapon(
        name="Minefield",
        german="Minenfeld",
        type="thrown",
        range=1.0,
        pool=mine.pool,
        br=mine.br,
        uses=1,
        template=mine.template,
        keywords=("Laut", "Explosiv"),
    )
