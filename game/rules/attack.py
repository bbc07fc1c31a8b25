"""Attacks (§3.4 to hit, §3.5 damage pool, §3A keywords).

Two steps, both pure:
- `plan_attack` turns attacker, target, weapon and `AttackContext` into an
  `AttackPlan`: attack bonus, advantage/disadvantage, pool size and the needed
  number, with every part named. The exact odds (`game.odds`) use this plan.
- `resolve_attack` rolls it: to hit, the pool, wounds taken, injury, and the
  keyword effects (jam, Wuchtig push, Infektion), returning events and the plain
  numbers the engine needs in an `AttackResult`. Feuer is a template's burning
  zone (`game.play.blast`); the rules data allows it on template weapons only.
Abfangen (a Hüter takes the hit) splits the steps: `roll_to_hit`, then
`abilities.intercept`, then `finish_attack` on the new plan.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from game.cover import Cover
from game.dice import Dice, Edge, net_edge
from game.events import CatalogueEvent, Event, Family
from game.reason import Reason, ReasonError
from game.rules import talent_effects
from game.rules.ammo import AmmoState, ammo_cost, fire_problem, spend_ammo
from game.rules.checks import (
    Check,
    CheckEvent,
    Outcome,
    roll_check,
)
from game.rules.combatant import AttackContext, Combatant
from game.rules.injury import fall
from game.rules.loader import RulesData
from game.rules.models import Weapon
from game.rules.talents import FEUERDISZIPLIN, UNVERRUECKBAR
from game.rules.talents import has as has_talent
from game.rules.wounds import NeededNumber, apply_wounds, die_wounds


class AttackInputError(ReasonError):
    """The attack's inputs contradict each other (e.g. a burst from a pistol)."""


# --- the plan -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitPlan:
    """To hit: W20 + bonus ≥ target number, with edge (§3.4). Parts are named."""

    bonus: int
    bonus_parts: tuple[tuple[str, int], ...]
    target_number: int
    edge: Edge
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()
    fumble_max: int = 1  # the highest natural roll that fumbles (Überladen: 2)


@dataclass(frozen=True, slots=True)
class DamagePlan:
    """The damage pool: dice, named parts, the needed number, crit dice (§3.5)."""

    pool: int
    pool_parts: tuple[tuple[str, int], ...]
    needed: NeededNumber
    crit_dice: int


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """Everything about an attack that is known before any die is rolled."""

    attacker: Combatant
    target: Combatant
    weapon: Weapon
    context: AttackContext
    hit: HitPlan
    damage: DamagePlan
    ammo: int


def hit_plan(
    attacker: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
    target_number: int,
) -> HitPlan:
    """Attack bonus and edge of an attack against `target_number` (§3.4)."""
    knobs = rules.knobs.attack
    melee = weapon.is_melee
    attr = ("kor", attacker.kor) if melee else ("ref", attacker.ref)
    parts = [
        attr,
        ("kampfstufe", attacker.kampfstufe),
        ("rank", attacker.attack_bonus),
        ("arsenal", knobs.arsenal_bonus if ctx.arsenal else 0),
        ("waffengriff", talent_effects.attack_bonus(attacker.talents, weapon, rules)),
        ("other", ctx.bonus),
    ]
    adv = [
        name
        for name, on in (
            ("aimed", ctx.aimed),
            ("behind", ctx.behind),
            ("unaware", ctx.unaware),
            ("gang_up", melee and ctx.gang_up and knobs.gang_up),
            ("kein_schmerz", melee and _in_pain(attacker, rules)),
        )
        if on
    ]
    dis = [
        name
        for name, on in (
            ("long_range", ctx.long_range and not _disciplined(attacker, weapon, ctx)),
            ("into_melee", ctx.into_melee),
            ("suppressed", attacker.suppressed),
            ("weakened", attacker.weakened),
            ("schnaps", attacker.drunk),
        )
        if on
    ]
    return HitPlan(
        bonus=sum(v for _, v in parts),
        bonus_parts=tuple((k, v) for k, v in parts if v),
        target_number=target_number,
        edge=net_edge(len(adv), len(dis)),
        advantages=tuple(adv),
        disadvantages=tuple(dis),
        fumble_max=talent_effects.overcharge_fumble(attacker.talents, weapon, rules),
    )


def _disciplined(attacker: Combatant, weapon: Weapon, ctx: AttackContext) -> bool:
    """Feuerdisziplin: a single shot with an automatic weapon has no long-range
    disadvantage (§13.1)."""
    return (
        weapon.has("Automatisch") and not ctx.burst and has_talent(attacker.talents, FEUERDISZIPLIN)
    )


def _in_pain(fig: Combatant, rules: RulesData) -> bool:
    """Kein Schmerz is active: Berserker at half TP or less (§1.3)."""
    return fig.has("Kein Schmerz") and fig.at_half_tp(rules.knobs.derived.half_tp_share)


def damage_plan(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
    *,
    pool: int | None = None,
) -> DamagePlan:
    """Pool size and needed number of `weapon` against `target` (§3.5)."""
    knobs, sig = rules.knobs, rules.signatures
    melee = weapon.is_melee
    from_hiding = ctx.attacker_cover > Cover.NONE or ctx.unaware
    pool_parts = [
        ("weapon", weapon.pool if pool is None else pool),
        ("burst", knobs.attack.burst_bonus_dice if ctx.burst else 0),
        (
            "aus_dem_nichts",
            sig.aus_dem_nichts.bonus_dice if attacker.has("Aus dem Nichts") and from_hiding else 0,
        ),
        (
            "raserei",
            talent_effects.frenzy_dice(attacker.talents, rules) if melee and ctx.frenzy else 0,
        ),
        ("bayonet", ctx.bayonet if melee else 0),
        ("kopfschuss", talent_effects.headshot_dice(attacker.talents, weapon, ctx.aimed, rules)),
        ("ueberladen", talent_effects.overcharge_dice(attacker.talents, weapon, rules)),
        ("weakened", -sig.seuchenhauch.pool_penalty if attacker.weakened else 0),
    ]
    cover_mod = (0, knobs.cover.light, knobs.cover.heavy)[int(ctx.cover)]
    effects = (
        ("shield_wall", ctx.shield_wall),
        ("riot_shield", target.shield_melee_ws if melee else 0),
        ("schnaps", target.drunk_ws),
        ("other", ctx.effects),
    )
    needed = NeededNumber(
        ws=target.ws,
        armour=target.armour,
        cover=int(ctx.cover),
        cover_mod=cover_mod,
        effects=tuple(e for e in effects if e[1]),
        br=weapon.br
        + attacker.br_bonus
        + talent_effects.weapon_br(attacker.talents, weapon, rules),
        floor=knobs.attack.needed_floor,
    )
    return DamagePlan(
        pool=max(0, sum(v for _, v in pool_parts)),
        pool_parts=tuple((k, v) for k, v in pool_parts if v or k == "weapon"),
        needed=needed,
        crit_dice=knobs.attack.crit_bonus_dice,
    )


def range_band(
    weapon: Weapon, distance: float, rules: RulesData
) -> Literal["normal", "long"] | None:
    """'normal' within the weapon's range, 'long' up to 2 × range (disadvantage),
    None beyond that: not allowed (§3.4). Melee weapons have no range band."""
    if weapon.range is None:
        raise AttackInputError(Reason.of("attack.melee_weapon", weapon=weapon.name))
    if distance <= weapon.range:
        return "normal"
    if distance <= weapon.range * rules.knobs.attack.long_range_factor:
        return "long"
    return None


def context_problem(attacker: Combatant, weapon: Weapon, ctx: AttackContext) -> Reason | None:
    """The first way the inputs contradict each other (None: they do not)."""
    if ctx.burst and not weapon.has("Automatisch"):
        return Reason.of("attack.no_burst", weapon=weapon.name)
    if weapon.is_melee and (ctx.long_range or ctx.into_melee):
        return Reason.of("attack.ranged_only")
    if not weapon.is_melee and (ctx.gang_up or ctx.frenzy):
        return Reason.of("attack.melee_only")
    if ctx.frenzy and not attacker.has("Raserei"):
        return Reason.of("attack.no_raserei", who=attacker.name)
    if ctx.shield_wall < 0:
        return Reason.of("attack.negative_shield_wall")
    return None


def check_context(attacker: Combatant, weapon: Weapon, ctx: AttackContext) -> None:
    """Reject contradictory inputs (AttackInputError with the first contradiction)."""
    problem = context_problem(attacker, weapon, ctx)
    if problem is not None:
        raise AttackInputError(problem)


def _to_hit_number(weapon: Weapon, target: Combatant, rules: RulesData) -> int:
    """The target's VW; a template weapon aims at a point (§5.5: P 10)."""
    return rules.knobs.template.throw_target if weapon.template else target.vw


def plan_attack(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
) -> AttackPlan:
    """The full plan of an attack on a figure (no dice rolled). For a template
    weapon it is the throw at the figure's spot: hit vs the point's number, then
    the figure's own pool (what `game.odds.attack_odds` shows for a direct hit)."""
    check_context(attacker, weapon, ctx)
    return AttackPlan(
        attacker=attacker,
        target=target,
        weapon=weapon,
        context=ctx,
        hit=hit_plan(attacker, weapon, ctx, rules, _to_hit_number(weapon, target, rules)),
        damage=damage_plan(attacker, target, weapon, ctx, rules),
        ammo=ammo_cost(weapon, ctx.burst, rules, ctx.burst_discount),
    )


# --- events ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToHitRolled(CheckEvent):
    """The attack roll: W20 + bonus ≥ VW → hit; natural 20 / 1 (§3.4)."""

    kind: ClassVar[str] = "to_hit"
    section: ClassVar[str] = "§3.4"
    family: ClassVar[Family] = "attack"
    target_name: str
    weapon: str
    weapon_type: str
    advantages: tuple[str, ...]
    disadvantages: tuple[str, ...]
    vs_point: bool


@dataclass(frozen=True, slots=True)
class DamageRolled(CatalogueEvent):
    """The damage pool rolled against the needed number (§3.5)."""

    kind: ClassVar[str] = "damage"
    section: ClassVar[str] = "§3.5"
    family: ClassVar[Family] = "harm"
    attacker: str
    who: str
    pool_parts: tuple[tuple[str, int], ...]
    faces: tuple[int, ...]
    needed: NeededNumber
    wounds: int


@dataclass(frozen=True, slots=True)
class WeaponJammed(CatalogueEvent):
    """A natural 1 jams a firearm until it is reloaded (§3.4, P)."""

    kind: ClassVar[str] = "jammed"
    section: ClassVar[str] = "§3.4"
    family: ClassVar[Family] = "attack"
    who: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Pushed(CatalogueEvent):
    """Wuchtig: a wounded target is pushed straight away from the attacker (§3A)."""

    kind: ClassVar[str] = "pushed"
    section: ClassVar[str] = "§3A"
    family: ClassVar[Family] = "move"
    who: str
    attacker: str
    distance: float
    direction: tuple[float, float] | None


@dataclass(frozen=True, slots=True)
class InfectionMarked(CatalogueEvent):
    """A wound from an Infektion weapon marks the target infected (§3.9)."""

    kind: ClassVar[str] = "infected"
    section: ClassVar[str] = "§3.9"
    family: ClassVar[Family] = "harm"
    who: str
    weapon: str


# --- rolling ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitRoll:
    """A rolled attack roll and its event."""

    check: Check
    event: ToHitRolled

    @property
    def hit(self) -> bool:
        return self.check.success

    @property
    def critical(self) -> bool:
        return self.check.outcome is Outcome.CRITICAL

    @property
    def fumble(self) -> bool:
        return self.check.outcome is Outcome.FUMBLE


def roll_hit(
    who: str,
    target: str,
    weapon: Weapon,
    hit: HitPlan,
    dice: Dice,
    *,
    vs_point: bool = False,
) -> HitRoll:
    """Roll W20 (with edge) + bonus against the plan's target number (§3.4)."""
    check = roll_check(dice, hit.bonus, hit.target_number, hit.edge, hit.fumble_max)
    event = ToHitRolled(
        **CheckEvent.fields_of(who, check),
        target_name=target,
        weapon=weapon.name,
        weapon_type=weapon.type,
        advantages=hit.advantages,
        disadvantages=hit.disadvantages,
        vs_point=vs_point,
    )
    return HitRoll(check, event)


def roll_to_hit(plan: AttackPlan, dice: Dice) -> HitRoll:
    """The attack roll of a planned attack on a figure."""
    return roll_hit(plan.attacker.name, plan.target.name, plan.weapon, plan.hit, dice)


def pool_size(damage: DamagePlan, critical: bool) -> int:
    """Dice in the pool: the plan's pool, + crit dice on a natural 20."""
    return damage.pool + (damage.crit_dice if critical else 0)


def count_wounds(faces: tuple[int, ...], needed: int) -> int:
    """How many pool dice wound (§3.5)."""
    return sum(bool(die_wounds(f, needed)) for f in faces)


def roll_damage(
    attacker: str, target: str, damage: DamagePlan, critical: bool, dice: Dice
) -> DamageRolled:
    """Roll the pool (+ crit dice) and count the dice that wound (§3.5)."""
    faces = dice.pool(pool_size(damage, critical))
    parts = damage.pool_parts
    if critical and damage.crit_dice:
        parts = (*parts, ("critical", damage.crit_dice))
    need = damage.needed.value
    return DamageRolled(attacker, target, parts, faces, damage.needed, count_wounds(faces, need))


@dataclass(frozen=True, slots=True)
class AttackResult:
    """Everything an attack did: events in order, and the plain numbers.

    `target` is the target after the attack (TP, condition, counters); `ammo` the
    weapon's ammo after it (None when not tracked); `push` the Wuchtig distance
    in cm (0: none) along `push_direction`. The noise it leaves is the engine's
    (`noise_source`, §3.8).
    """

    events: tuple[Event, ...]
    hit: bool
    critical: bool
    fumble: bool
    jammed: bool
    wounds: int
    taken: int
    target: Combatant
    ammo: AmmoState | None
    ammo_used: int
    push: float = 0.0
    push_direction: tuple[float, float] | None = None
    infected: bool = False
    faces: tuple[int, ...] = ()

    @property
    def incapacitated(self) -> bool:
        return self.target.tp <= 0


def noise_source(weapon: Weapon) -> Literal["firearm", "explosion"] | None:
    """The noise marker an attack with this weapon leaves (§3.8): an explosion for
    Explosiv, else a firearm for Laut; None when Leise."""
    if not weapon.loud:
        return None
    return "explosion" if weapon.has("Explosiv") else "firearm"


@dataclass(frozen=True, slots=True)
class HitWarded(CatalogueEvent):
    """Fels in der Brandung: a hit that would wound the figure is warded off entirely,
    once per battle (§13.1)."""

    kind: ClassVar[str] = "warded"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "harm"
    who: str
    wounds: int


def take_damage(
    attacker: str,
    target: Combatant,
    weapon: Weapon | None,
    wounds: int,
    ctx: AttackContext,
    rules: RulesData,
    dice: Dice,
    *,
    attacker_talents: frozenset[str] = frozenset(),
) -> tuple[list[Event], dict[str, Any]]:
    """Wounds land: TP, injury or out, and the keyword effects (§3.5, §3.9, §3A).
    Fels in der Brandung wards off the first hit that would wound (P: the first)."""
    events: list[Event] = []
    if wounds <= 0:
        return events, {"target": target, "taken": 0}
    if target.fels_left > 0:
        warded = replace(target, fels_left=target.fels_left - 1)
        return [HitWarded(target.name, wounds)], {"target": warded, "taken": 0}
    damage = apply_wounds(target, wounds, rules)
    events.append(damage.event)
    after = damage.target
    out: dict[str, Any] = {"taken": damage.taken}
    if damage.taken >= 1 and weapon is not None:
        pushable = not damage.incapacitated and not has_talent(target.talents, UNVERRUECKBAR)
        if talent_effects.forceful(attacker_talents, weapon) and pushable:
            dist = rules.knobs.attack.wuchtig_push
            events.append(Pushed(target.name, attacker, dist, ctx.direction))
            out.update(push=dist, push_direction=ctx.direction)
        if weapon.has("Infektion"):
            events.append(InfectionMarked(target.name, weapon.name))
            out["infected"] = True
    if damage.incapacitated:
        down = fall(after, rules, dice)
        events.append(down.event)
        after = down.figure
    out["target"] = after
    return events, out


def finish_attack(
    plan: AttackPlan,
    hit: HitRoll,
    rules: RulesData,
    dice: Dice,
    *,
    ammo: AmmoState | None = None,
    before: tuple[Event, ...] = (),
) -> AttackResult:
    """Everything after the attack roll: ammo, jam, pool, wounds, keywords."""
    weapon, ctx = plan.weapon, plan.context
    events: list[Event] = [*before, hit.event]
    jammed = hit.fumble and weapon.firearm
    if ammo is not None and plan.ammo:
        ammo, spent = spend_ammo(
            plan.attacker.name,
            weapon,
            ammo,
            ctx.burst,
            rules,
            jam=jammed,
            discount=ctx.burst_discount,
        )
        events.append(spent)
    if jammed:
        events.append(WeaponJammed(plan.attacker.name, weapon.name))
    extra: dict[str, Any] = {"target": plan.target, "taken": 0}
    wounds, faces = 0, tuple[int, ...]()
    if hit.hit:
        rolled = roll_damage(plan.attacker.name, plan.target.name, plan.damage, hit.critical, dice)
        events.append(rolled)
        wounds, faces = rolled.wounds, rolled.faces
        more, extra = take_damage(
            plan.attacker.name,
            plan.target,
            weapon,
            wounds,
            ctx,
            rules,
            dice,
            attacker_talents=plan.attacker.talents,
        )
        events += more
    return AttackResult(
        events=tuple(events),
        hit=hit.hit,
        critical=hit.critical,
        fumble=hit.fumble,
        jammed=jammed,
        wounds=wounds,
        ammo=ammo,
        ammo_used=plan.ammo,
        faces=faces,
        **extra,
    )


def resolve_attack(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    ctx: AttackContext,
    rules: RulesData,
    dice: Dice,
    *,
    ammo: AmmoState | None = None,
) -> AttackResult:
    """Plan and roll one attack on a figure (§3.4, §3.5, §3A, §3.9).

    With `ammo` given the weapon must be able to fire (else AttackInputError)
    and the result carries the new ammo state.
    """
    if weapon.template is not None:
        raise AttackInputError(Reason.of("attack.template_weapon", weapon=weapon.name))
    plan = plan_attack(attacker, target, weapon, ctx, rules)
    if ammo is not None:
        problem = fire_problem(weapon, ammo, ctx.burst, rules, ctx.burst_discount)
        if problem is not None:
            raise AttackInputError(problem)
    return finish_attack(plan, roll_to_hit(plan, dice), rules, dice, ammo=ammo)


def replace_target(
    plan: AttackPlan, target: Combatant, ctx: AttackContext, rules: RulesData
) -> AttackPlan:
    """The same attack, its damage against another figure (Abfangen, §1.3)."""
    return replace(
        plan,
        target=target,
        context=ctx,
        damage=damage_plan(plan.attacker, target, plan.weapon, ctx, rules),
    )
