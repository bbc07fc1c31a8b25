"""Out of action (§3.9): the injury table for core figures, plain "out" for extras,
and First aid (§3.2, §3.10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.dice import Dice
from game.events import CatalogueEvent, Event, Family
from game.reason import Reason, ReasonError
from game.rules.checks import CheckEvent, roll_check
from game.rules.combatant import Combatant, Condition
from game.rules.loader import RulesData
from game.rules.models import InjuryEffect, InjuryResult, InjuryTable
from game.rules.talents import FELDARZT
from game.rules.talents import has as has_talent

EFFECT_CONDITION: dict[InjuryEffect, Condition] = {
    "dead": Condition.DEAD,
    "out": Condition.OUT,
    "out_stabilisable": Condition.OUT_UNSTABLE,
    "down": Condition.DOWN,
    "stands": Condition.STANDING,
}


def injury_result(total: int, table: InjuryTable) -> InjuryResult:
    """The injury table row for a W20 + KÖR total (§3.9)."""
    for row in table.result:
        if row.max is None or total <= row.max:
            return row
    raise AssertionError("the injury table's last row has no max")  # validated on load


@dataclass(frozen=True, slots=True)
class InjuryRolled(CatalogueEvent):
    """A core figure at 0 TP rolls on the injury table (§3.9)."""

    kind: ClassVar[str] = "injury"
    section: ClassVar[str] = "§3.9"
    family: ClassVar[Family] = "harm"
    who: str
    faces: tuple[int, ...]
    kept: int
    modifier: int
    result: str
    effect: str
    tp_after: int


@dataclass(frozen=True, slots=True)
class TakenOut(CatalogueEvent):
    """An extra or AI rank-and-file figure at 0 TP is simply out (§3.9)."""

    kind: ClassVar[str] = "out"
    section: ClassVar[str] = "§3.9"
    family: ClassVar[Family] = "harm"
    who: str


@dataclass(frozen=True, slots=True)
class Fall:
    """What happens to a figure at 0 TP: the event and its new state."""

    figure: Combatant
    event: Event


@dataclass(frozen=True, slots=True)
class DeathDefied(CatalogueEvent):
    """Todestrotz: at 0 TP the figure stays standing for a last activation before the
    injury roll (§13.1)."""

    kind: ClassVar[str] = "defied"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "harm"
    who: str


@dataclass(frozen=True, slots=True)
class StillDefiant(CatalogueEvent):
    """Todestrotz: a further hit does not take the defiant figure down (§13.1, P)."""

    kind: ClassVar[str] = "defiant_still"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "harm"
    who: str


def fall(figure: Combatant, rules: RulesData, dice: Dice, *, last: bool = False) -> Fall:
    """A figure reached 0 TP: core figures roll W20 + KÖR on the injury table,
    extras are out. A 'Zäh' result leaves it standing at 1 TP.
    Todestrotz puts the fall off: the figure stays standing at 0 TP (`defiant`) for a
    last activation, and further hits do not take it down before; `last` is that
    activation's end, when it falls after all (§13.1)."""
    if figure.defiant and not last:
        return Fall(figure, StillDefiant(figure.name))
    if not last and figure.defiance_left > 0:
        after = replace(figure, tp=0, defiant=True, defiance_left=figure.defiance_left - 1)
        return Fall(after, DeathDefied(figure.name))
    figure = replace(figure, defiant=False)
    if not figure.core:
        return Fall(replace(figure, tp=0, condition=Condition.OUT), TakenOut(figure.name))
    table = rules.injury
    modifier = figure.attribute(table.attribute)
    face = dice.die(table.die)
    row = injury_result(face + modifier, table)
    condition = EFFECT_CONDITION[row.effect]
    tp = 1 if condition is Condition.STANDING else 0
    event = InjuryRolled(figure.name, (face,), face, modifier, row.name, row.effect, tp)
    return Fall(replace(figure, tp=tp, condition=condition), event)


@dataclass(frozen=True, slots=True)
class StoodUp(CatalogueEvent):
    """A figure that was down (Streifschuss) stands up at 1 TP (§3.9)."""

    kind: ClassVar[str] = "stood_up"
    section: ClassVar[str] = "§3.9"
    family: ClassVar[Family] = "move"
    who: str
    tp: int


def stand_up(figure: Combatant) -> tuple[Combatant, StoodUp]:
    """The first action of a downed figure's own activation stands it up at 1 TP."""
    if figure.condition is not Condition.DOWN:
        raise ReasonError(
            Reason.of("injury.not_down", who=figure.name, condition=figure.condition.value)
        )
    after = replace(figure, tp=max(1, figure.tp), condition=Condition.STANDING)
    return after, StoodUp(figure.name, after.tp)


@dataclass(frozen=True, slots=True)
class FirstAidRolled(CheckEvent):
    """First aid (Erste Hilfe): VER test; success stabilises and heals (§3.10)."""

    kind: ClassVar[str] = "first_aid"
    section: ClassVar[str] = "§3.10"
    family: ClassVar[Family] = "support"
    patient: str
    effect: str  # healed | stood_up | stabilised | failed | no_effect
    tp_after: int


class FirstAidError(ReasonError):
    """First aid cannot help this patient (dead, out, unhurt)."""


@dataclass(frozen=True, slots=True)
class FirstAid:
    """The outcome of First aid: the event and the patient's new state."""

    patient: Combatant
    event: FirstAidRolled

    @property
    def success(self) -> bool:
        return self.event.success


def aid_heal(healer: Combatant, rules: RulesData, *, infirmary: bool = False) -> int:
    """TP a successful First aid gives (§3.10 "stabilisiert + 1 TP"): knob
    tests.first_aid_heal, + the talent Feldarzt's heal (§13.1), + an infirmary's bonus."""
    tests = rules.knobs.tests
    heal = tests.first_aid_heal + (tests.infirmary_bonus if infirmary else 0)
    if has_talent(healer.talents, FELDARZT):
        heal += rules.talent(FELDARZT).heal or 0
    return heal


def healed_tp(patient: Combatant, heal: int) -> int:
    """The patient's TP after a successful First aid of `heal` TP (never above its
    maximum; an incapacitated figure starts from 0)."""
    return min(patient.max_tp, max(0, patient.tp) + heal)


def first_aid(
    healer: Combatant,
    patient: Combatant,
    rules: RulesData,
    dice: Dice,
    *,
    infirmary: bool = False,
) -> FirstAid:
    """VER test against knob tests.first_aid_target (P: 12) (§3.2, §3.10).

    Success stabilises and heals (`aid_heal`: +1 TP, more with Feldarzt or an
    infirmary) up to the maximum: a wounded standing figure heals; a figure that is
    down (Streifschuss) stands up; an unstable 'Übel' figure is stabilised and gains
    the TP but stays out for the battle (rulebook §3.10 "stabilisiert + 1 TP").
    """
    cond = patient.condition
    if cond in (Condition.DEAD, Condition.OUT, Condition.OUT_STABLE):
        raise FirstAidError(
            Reason.of("aid.cannot_help", patient=patient.name, condition=cond.value)
        )
    if cond is Condition.STANDING and patient.tp >= patient.max_tp:
        raise FirstAidError(Reason.of("aid.not_wounded", patient=patient.name))
    check = roll_check(dice, healer.ver, rules.knobs.tests.first_aid_target)
    tp = healed_tp(patient, aid_heal(healer, rules, infirmary=infirmary))
    after, effect = patient, "failed"
    if check.success:
        if cond is Condition.STANDING:
            after, effect = replace(patient, tp=tp), "healed"
        elif cond is Condition.DOWN:
            stood = replace(patient, tp=max(1, tp), condition=Condition.STANDING)
            after, effect = stood, "stood_up"
        else:
            after, effect = replace(patient, tp=tp, condition=Condition.OUT_STABLE), "stabilised"
    event = FirstAidRolled(
        **CheckEvent.fields_of(healer.name, check),
        patient=patient.name,
        effect=effect,
        tp_after=after.tp,
    )
    return FirstAid(after, event)
