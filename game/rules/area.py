"""Area attacks (§3A Explosiv / Feuer; docs/RULES.md §5.5): the throw, the explosion save,
a damage pool for every figure under the template, burning zones, the minefield.

Geometry stays with the engine: it says which figures the template touches and
each one's cover as seen from the template's centre; these functions roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
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
    pool_size,
    roll_damage,
    roll_hit,
    take_damage,
)
from game.rules.checks import SaveRolled, saving_throw
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData
from game.rules.models import Weapon
from game.rules.wounds import NeededNumber


@dataclass(frozen=True, slots=True)
class TemplatePlaced(CatalogueEvent):
    """Where a thrown template lands: on the point, on the thrower, or nowhere (a
    missed grenade has no effect, §5.5)."""

    kind: ClassVar[str] = "template"
    section: ClassVar[str] = "§3A"
    family: ClassVar[Family] = "attack"
    who: str
    weapon: str
    radius: float
    on_thrower: bool
    dud: bool
    burning_rounds: int


@dataclass(frozen=True, slots=True)
class Throw:
    """A thrown template: events, where it lands, and what it leaves behind.

    It lands on the aimed point (a hit), centred on the thrower (`on_thrower`: a
    missed Feuer weapon), or nowhere (`dud`: a missed Explosiv weapon without Feuer).
    `critical` adds the crit dice to every pool (`template_damage(critical=…)`).
    """

    events: tuple[Event, ...]
    hit: bool
    critical: bool
    fumble: bool
    on_thrower: bool
    dud: bool
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
    """Throw at a point: ranged attack roll vs the point's number (P: 10). No scatter
    (seed 002): a missed Feuer weapon (Molotov, fire bomb) lands on the thrower, a
    missed grenade or dynamite has no effect (§5.5)."""
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
    on_thrower = not roll.hit and weapon.has("Feuer")
    dud = not roll.hit and not on_thrower
    burning = knobs.burn_rounds if weapon.has("Feuer") and not dud else 0
    radius = knobs.radius(weapon.template)
    events.append(TemplatePlaced(attacker.name, weapon.name, radius, on_thrower, dud, burning))
    return Throw(
        events=tuple(events),
        hit=roll.hit,
        critical=roll.critical,
        fumble=roll.fumble,
        on_thrower=on_thrower,
        dud=dud,
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
    *,
    before: tuple[Event, ...] = (),
) -> AttackResult:
    rolled = roll_damage(attacker, target.name, damage, critical, dice)
    more, extra = take_damage(attacker, target, weapon, rolled.wounds, AttackContext(), rules, dice)
    return AttackResult(
        events=(*before, rolled, *more),
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


def has_explosion_save(weapon: Weapon) -> bool:
    """Figures under this weapon's template save against it: an Explosiv template
    ("REF gegen Explosion", §2); a Feuer-only one (the Molotov's fire) has no save (P)."""
    return weapon.has("Explosiv")


def explosion_save(victim: Combatant, rules: RulesData, dice: Dice) -> SaveRolled:
    """REF save against an explosion (§2): W20 + REF ≥ `template.explosion_save` (P: 12)."""
    target = rules.knobs.template.explosion_save
    return saving_throw(victim, "ref", rules, dice, target=target, reason="explosion")


def halved(damage: DamagePlan, critical: bool) -> DamagePlan:
    """A saved explosion: the whole pool (a natural 20's dice included) halved,
    rounded down (P) (§5.5)."""
    total = pool_size(damage, critical)
    parts = damage.pool_parts
    if critical and damage.crit_dice:
        parts = (*parts, ("critical", damage.crit_dice))
    cut = total - total // 2
    return replace(
        damage, pool=total // 2, pool_parts=(*parts, ("explosion_save", -cut)), crit_dice=0
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
    as seen from the template's centre (§5.5); under an Explosiv template it first
    saves on REF, a success halving its pool. One result per victim, in order."""
    results = []
    for victim, cover in victims:
        damage = damage_plan(attacker, victim, weapon, AttackContext(cover=cover), rules)
        before: tuple[Event, ...] = ()
        if has_explosion_save(weapon):
            save = explosion_save(victim, rules, dice)
            before = (save,)
            if save.success:
                damage = halved(damage, critical)
        result = _land(attacker.name, victim, damage, weapon, critical, rules, dice, before=before)
        results.append(result)
    return tuple(results)


def burn_damage(
    target: Combatant, rules: RulesData, dice: Dice, pool: int | None = None
) -> AttackResult:
    """A figure that enters a burning zone or ends an activation in it takes 2W6
    (Feuer) against its armour; cover does not help (P) (§5.5). A burning figure
    takes `pool` dice instead (knob template.burning_pool)."""
    knobs = rules.knobs
    dice_n = knobs.template.burn_pool if pool is None else pool
    needed = NeededNumber(target.ws, target.armour, 0, 0, (), 0, knobs.attack.needed_floor)
    damage = DamagePlan(dice_n, (("fire", dice_n),), needed, 0)
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
