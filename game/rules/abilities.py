"""Archetype signatures that change numbers (§1.3), strain and backlash (§4.1),
and gifts (§4.2).

Handled elsewhere, where the numbers are used: Aus dem Nichts, Raserei's melee
dice and Kein Schmerz's melee advantage in `attack` (pool and edge); Kein Schmerz's
ignored wound and Unbeugsam in `wounds.apply_wounds`; morale immunity in `morale`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from game.cover import Cover
from game.dice import Dice
from game.events import CatalogueEvent, Event, Family
from game.reason import Reason, ReasonError
from game.rules.attack import AttackPlan, replace_target
from game.rules.checks import SaveRolled, saving_throw
from game.rules.combatant import AttackContext, Combatant, Condition
from game.rules.injury import fall
from game.rules.loader import RulesData
from game.rules.morale import MoraleImmune, steadfast
from game.rules.talent_effects import serum_heal, shield_wall_ws
from game.rules.wounds import apply_wounds


class AbilityError(ReasonError):
    """The figure cannot use this ability now (missing signature, no uses left …)."""


def _require(figure: Combatant, signature: str) -> None:
    if not figure.has(signature):
        raise AbilityError(Reason.of("ability.missing", who=figure.name, ability=signature))


# --- Hüter: Schildwall and Abfangen ---------------------------------------------


def shield_wall_bonus(guardians: Sequence[Combatant], rules: RulesData) -> int:
    """WS bonus for a figure from the Hüter adjacent to it (§1.3 Schildwall).

    Pass the allied figures in base contact with the target; only standing Hüter
    that did not Run this round count; one with Bollwerk gives +2 (§13.1). Several
    do not add up unless the knob `signature.Schildwall.stacks` says so (P).
    """
    data = rules.signatures.schildwall
    bonuses = [
        shield_wall_ws(g.talents, rules)
        for g in guardians
        if g.has("Schildwall") and g.condition.standing and not g.ran_this_round
    ]
    if not bonuses:
        return 0
    return sum(bonuses) if data.stacks else max(bonuses)


@dataclass(frozen=True, slots=True)
class Intercepted(CatalogueEvent):
    """Abfangen: an adjacent Hüter takes the hit instead of its ally (§1.3)."""

    kind: ClassVar[str] = "intercept"
    section: ClassVar[str] = "§1.3"
    family: ClassVar[Family] = "ability"
    who: str
    ally: str


def intercept(
    plan: AttackPlan,
    guardian: Combatant,
    rules: RulesData,
    *,
    cover_ctx: AttackContext | None = None,
) -> tuple[AttackPlan, Combatant, Intercepted]:
    """The hit on `plan.target` goes to the adjacent `guardian` (its own armour
    counts). Call after `roll_to_hit` hit and before `finish_attack`.

    `cover_ctx` is the attack context against the guardian (its cover); by
    default the original context without the target's cover and shield wall.
    Returns the new plan, the guardian with one use fewer, and the event.
    """
    _require(guardian, "Abfangen")
    if guardian.intercepts_left <= 0:
        raise AbilityError(Reason.of("ability.no_intercept_left", who=guardian.name))
    if not guardian.condition.standing:
        raise AbilityError(Reason.of("ability.not_standing", who=guardian.name))
    ctx = cover_ctx or replace(plan.context, cover=Cover.NONE, shield_wall=0)
    new_plan = replace_target(plan, guardian, ctx, rules)
    after = replace(guardian, intercepts_left=guardian.intercepts_left - 1)
    return replace(new_plan, target=after), after, Intercepted(guardian.name, plan.target.name)


# --- strain and backlash (§4.1) --------------------------------------------------


@dataclass(frozen=True, slots=True)
class StrainTaken(CatalogueEvent):
    """Strain (Belastung) rises; above the limit (3 + WIL) a backlash follows (§4.1)."""

    kind: ClassVar[str] = "strain"
    section: ClassVar[str] = "§4.1"
    family: ClassVar[Family] = "ability"
    who: str
    amount: int
    strain: int
    limit: int
    source: str


@dataclass(frozen=True, slots=True)
class BacklashRolled(CatalogueEvent):
    """Backlash (Rückschlag) 1W6: 1 wound / lose the next action / nothing (§4.1, P)."""

    kind: ClassVar[str] = "backlash"
    section: ClassVar[str] = "§4.1"
    family: ClassVar[Family] = "ability"
    who: str
    face: int
    effect: str


@dataclass(frozen=True, slots=True)
class StrainResult:
    """The figure after strain (and a backlash), the events, and what it costs."""

    figure: Combatant
    events: tuple[Event, ...]
    backlash: str | None = None

    @property
    def lose_action(self) -> bool:
        return self.backlash == "lose_action"


def strain_limit(figure: Combatant, rules: RulesData) -> int:
    """Belastungsgrenze = 3 + WIL (§4.1)."""
    return rules.knobs.derived.strain_base + figure.wil


def add_strain(
    figure: Combatant, amount: int, rules: RulesData, dice: Dice, *, source: str
) -> StrainResult:
    """Take strain; if it now exceeds the limit, roll backlash at once (§4.1).
    A backlash wound is taken like any wound (Unbeugsam, injury …)."""
    strain = figure.strain + amount
    limit = strain_limit(figure, rules)
    after = replace(figure, strain=strain)
    events: list[Event] = [StrainTaken(figure.name, amount, strain, limit, source)]
    if strain <= limit:
        return StrainResult(after, tuple(events))
    face = dice.die(rules.strain.backlash_die)
    effect = rules.strain.backlash_for(face)
    events.append(BacklashRolled(figure.name, face, effect))
    if effect == "wound":
        damage = apply_wounds(after, 1, rules)
        events.append(damage.event)
        after = damage.target
        if damage.incapacitated:
            down = fall(after, rules, dice)
            events.append(down.event)
            after = down.figure
    return StrainResult(after, tuple(events), effect)


# --- Berserker: Raserei ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrenzyTaken(CatalogueEvent):
    """Raserei: 1 strain for +1 action or +1W6 melee this round (§1.3)."""

    kind: ClassVar[str] = "frenzy"
    section: ClassVar[str] = "§1.3"
    family: ClassVar[Family] = "ability"
    who: str
    choice: str
    amount: int


def frenzy(
    figure: Combatant,
    choice: Literal["action", "melee"],
    rules: RulesData,
    dice: Dice,
) -> StrainResult:
    """Take Raserei's strain for an extra action or extra melee dice this round
    (the engine then grants the action / sets `AttackContext.frenzy`)."""
    _require(figure, "Raserei")
    data = rules.signatures.raserei
    amount = data.extra_actions if choice == "action" else data.melee_dice
    taken = add_strain(figure, data.strain, rules, dice, source="Raserei")
    return replace(taken, events=(FrenzyTaken(figure.name, choice, amount), *taken.events))


# --- Virologe: Seuchenhauch and Immunserum ----------------------------------------


@dataclass(frozen=True, slots=True)
class Weakened(CatalogueEvent):
    """Seuchenhauch: weakened to the end of its next activation: −1W6 pools, disadvantage."""

    kind: ClassVar[str] = "weakened"
    section: ClassVar[str] = "§1.3"
    family: ClassVar[Family] = "ability"
    who: str
    caster: str
    penalty: int


def plague_breath(
    caster: Combatant, target: Combatant, rules: RulesData, dice: Dice
) -> tuple[Combatant, tuple[Event, ...]]:
    """Seuchenhauch: the target makes a KÖR save 12 or is weakened (works against any
    armour). The engine clears `weakened` when the target's next activation ends
    ("bis zu seiner nächsten Runde": it must bite once, §1.3)."""
    _require(caster, "Seuchenhauch")
    data = rules.signatures.seuchenhauch
    save = saving_throw(
        target, data.attribute, rules, dice, target=data.target, reason="seuchenhauch"
    )
    if save.success:
        return target, (save,)
    weak = Weakened(target.name, caster.name, data.pool_penalty)
    return replace(target, weakened=True), (save, weak)


@dataclass(frozen=True, slots=True)
class SerumGiven(CatalogueEvent):
    """Immunserum: heal 1W3 TP, stabilise, or cure poison/infection (§1.3)."""

    kind: ClassVar[str] = "serum"
    section: ClassVar[str] = "§1.3"
    family: ClassVar[Family] = "ability"
    who: str
    patient: str
    mode: str
    faces: tuple[int, ...]
    healed: int
    tp_after: int


def immune_serum(
    caster: Combatant,
    patient: Combatant,
    mode: Literal["heal", "stabilise", "cure"],
    rules: RulesData,
    dice: Dice,
) -> tuple[Combatant, SerumGiven]:
    """Immunserum (touch). 'heal': +1W3 TP (Heilkunst: 1W6, §13.1) up to the maximum
    (a figure that is down stands up, P); 'stabilise': an unstable incapacitated
    figure is stabilised; 'cure': ends poison and infection (the engine clears its marks)."""
    _require(caster, "Immunserum")
    cond = patient.condition
    faces: tuple[int, ...] = ()
    healed = 0
    after = patient
    if mode == "heal":
        if cond not in (Condition.STANDING, Condition.DOWN):
            raise AbilityError(
                Reason.of("ability.serum_cannot_heal", patient=patient.name, condition=cond.value)
            )
        roll = dice.roll(serum_heal(caster.talents, rules))
        faces = roll.faces
        tp = min(patient.max_tp, patient.tp + roll.total)
        healed = tp - patient.tp
        after = replace(patient, tp=tp, condition=Condition.STANDING if tp > 0 else cond)
    elif mode == "stabilise":
        if cond is not Condition.OUT_UNSTABLE:
            raise AbilityError(
                Reason.of("ability.no_stabilising", patient=patient.name, condition=cond.value)
            )
        after = replace(patient, condition=Condition.OUT_STABLE)
    elif cond is Condition.DEAD:
        raise AbilityError(Reason.of("ability.dead", patient=patient.name))
    event = SerumGiven(caster.name, patient.name, mode, faces, healed, after.tp)
    return after, event


# --- Hexer: gifts ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GiftCast(CatalogueEvent):
    """A gift (Gabe) is used; it costs strain (§4)."""

    kind: ClassVar[str] = "gift"
    section: ClassVar[str] = "§4"
    family: ClassVar[Family] = "ability"
    who: str
    gift: str


def cast_gift(
    caster: Combatant, gift: str, rules: RulesData, dice: Dice, *, blood: int = 0
) -> StrainResult:
    """Use a gift: +1 strain and maybe backlash — or, with `blood` (Blutmagie, §13.1),
    that many TP instead of the strain. Its effect follows: 'attack' gifts attack with
    `rules.weapon(gift.weapon)`; `dread` (Grauen); `veil` (Schleier)."""
    data = rules.gift(gift)
    if blood:
        paid = replace(caster, tp=caster.tp - blood)
        return StrainResult(
            paid, (GiftCast(caster.name, data.name), BloodPaid(caster.name, blood, paid.tp))
        )
    if tames(caster, rules):
        tamed = replace(caster, taming_left=caster.taming_left - 1)
        return StrainResult(tamed, (GiftCast(caster.name, data.name), GiftTamed(caster.name)))
    taken = add_strain(caster, rules.strain.cost, rules, dice, source=data.name)
    return replace(taken, events=(GiftCast(caster.name, data.name), *taken.events))


@dataclass(frozen=True, slots=True)
class BloodPaid(CatalogueEvent):
    """Blutmagie: the caster pays TP instead of the gift's strain (§13.1)."""

    kind: ClassVar[str] = "blood"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    who: str
    tp: int
    tp_after: int


@dataclass(frozen=True, slots=True)
class GiftTamed(CatalogueEvent):
    """Bändigung: once per battle a gift costs no strain (§13.1)."""

    kind: ClassVar[str] = "tamed"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    who: str


def tames(caster: Combatant, rules: RulesData) -> bool:
    """Does Bändigung take this gift's strain? Once per battle, for the first gift
    whose strain would go over the limit (P: the talent is kept for when it matters)."""
    over = caster.strain + rules.strain.cost > strain_limit(caster, rules)
    return caster.taming_left > 0 and over


@dataclass(frozen=True, slots=True)
class Suppressed(CatalogueEvent):
    """A failed save against a gift suppresses the target (§3.7)."""

    kind: ClassVar[str] = "suppressed"
    section: ClassVar[str] = "§3.7"
    family: ClassVar[Family] = "morale"
    who: str
    cause: str


def dread(
    caster: Combatant,
    target: Combatant,
    rules: RulesData,
    dice: Dice,
    *,
    gift: str = "Grauen",
    steadied_by: str | None = None,
) -> tuple[Combatant, tuple[Event, ...]]:
    """Grauen: target in sight makes a WIL save 12 or is suppressed (§4.2, P).
    Figures immune to morale are immune to it, and so is a figure Unverrückbar
    steadies (`steadied_by`: the Hüter with the talent, maybe itself, §13.1)."""
    data = rules.gift(gift)
    if data.effect != "save" or data.attribute is None or data.target is None:
        raise AbilityError(Reason.of("ability.not_save_gift", gift=data.name))
    if target.morale_immune:
        return target, (MoraleImmune(target.name),)
    if steadied_by is not None:
        return target, (steadfast(target.name, steadied_by),)
    save: SaveRolled = saving_throw(
        target, data.attribute, rules, dice, target=data.target, reason="grauen"
    )
    if save.success:
        return target, (save,)
    return replace(target, suppressed=True), (save, Suppressed(target.name, data.name))


@dataclass(frozen=True, slots=True)
class Veiled(CatalogueEvent):
    """Schleier: until its next activation it cannot be targeted from beyond 20 cm."""

    kind: ClassVar[str] = "veil"
    section: ClassVar[str] = "§4"
    family: ClassVar[Family] = "ability"
    who: str
    range: float


def veil(caster: Combatant, rules: RulesData, *, gift: str = "Schleier") -> Veiled:
    """The Schleier effect (the engine enforces the range until the next activation)."""
    data = rules.gift(gift)
    if data.effect != "veil" or data.range is None:
        raise AbilityError(Reason.of("ability.not_veil_gift", gift=data.name))
    return Veiled(caster.name, data.range)
