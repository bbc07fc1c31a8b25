"""Seed 002's medical treatment (docs/RULES.md §18): a First aid that uses up a
first-aid kit or a medi-pack. The patient tests its resistance (P: KÖR against the
First aid target, 12; Schnaps adds to it); on a success it gains the item's TP (never above its
maximum). A figure that is down stands up, an unstable one is stabilised and stays
out of the battle — as First aid (§3.10). The item is used up either way."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.dice import Dice
from game.events import Family
from game.rules.checks import CheckEvent, roll_check
from game.rules.combatant import Combatant, Condition
from game.rules.injury import healed_tp
from game.rules.loader import RulesData


@dataclass(frozen=True, slots=True)
class TreatmentRolled(CheckEvent):
    """A treatment with an item: the patient (`who`) tests KÖR; success heals `heal`."""

    kind: ClassVar[str] = "treatment"
    section: ClassVar[str] = "§18"
    family: ClassVar[Family] = "support"
    healer: str
    item: str
    heal: int
    effect: str  # healed | stood_up | stabilised | failed
    tp_after: int


@dataclass(frozen=True, slots=True)
class Treatment:
    """The outcome of a treatment: the patient's new state and the event."""

    patient: Combatant
    event: TreatmentRolled

    @property
    def success(self) -> bool:
        return self.event.success


def treat(
    healer: Combatant, patient: Combatant, item: str, heal: int, rules: RulesData, dice: Dice
) -> Treatment:
    """The patient's KÖR test against knob tests.first_aid_target; success heals."""
    check = roll_check(dice, patient.attribute("kor"), rules.knobs.tests.first_aid_target)
    tp = healed_tp(patient, heal)
    after, effect = patient, "failed"
    if check.success:
        if patient.condition is Condition.STANDING:
            after, effect = replace(patient, tp=tp), "healed"
        elif patient.condition is Condition.DOWN:
            after = replace(patient, tp=max(1, tp), condition=Condition.STANDING)
            effect = "stood_up"
        else:
            after, effect = replace(patient, tp=tp, condition=Condition.OUT_STABLE), "stabilised"
    event = TreatmentRolled(
        **CheckEvent.fields_of(patient.name, check),
        healer=healer.name,
        item=item,
        heal=heal,
        effect=effect,
        tp_after=after.tp,
    )
    return Treatment(after, event)
