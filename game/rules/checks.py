"""Tests (Proben, §2): W20 + modifier ≥ target, natural 20 and natural 1, and saves.

`check_outcome` is the one rule for a kept face; the rolling code and the exact
odds (`face_probabilities`, `outcome_probabilities`) both go through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar

from game.dice import D20Roll, Dice, Edge
from game.events import CatalogueEvent, Family
from game.rules.combatant import Combatant
from game.rules.loader import RulesData

ATTRIBUTE_LABELS = {"kor": "KÖR", "ref": "REF", "ver": "VER", "wil": "WIL"}


class Outcome(StrEnum):
    """The result of a W20 test or attack roll."""

    CRITICAL = "critical"  # natural 20: always succeeds
    SUCCESS = "success"
    FAILURE = "failure"
    FUMBLE = "fumble"  # natural 1: always fails

    @property
    def success(self) -> bool:
        return self in (Outcome.CRITICAL, Outcome.SUCCESS)


def check_outcome(face: int, modifier: int, target: int, fumble_max: int = 1) -> Outcome:
    """The outcome of a kept W20 face: natural 20/1 first, then face + modifier ≥ target.
    `fumble_max` widens the fumble (Überladen: a natural 1–2, §13.1)."""
    if face == 20:
        return Outcome.CRITICAL
    if face <= fumble_max:
        return Outcome.FUMBLE
    return Outcome.SUCCESS if face + modifier >= target else Outcome.FAILURE


@cache
def face_probabilities(edge: Edge) -> tuple[float, ...]:
    """P(kept face = f) for f = 1..20 with advantage (+1), none (0), disadvantage (−1)."""
    if edge > 0:
        return tuple((2 * f - 1) / 400 for f in range(1, 21))
    if edge < 0:
        return tuple((41 - 2 * f) / 400 for f in range(1, 21))
    return tuple(1 / 20 for _ in range(20))


def outcome_probabilities(
    modifier: int, target: int, edge: Edge, fumble_max: int = 1
) -> dict[Outcome, float]:
    """Exact probability of every outcome of a test."""
    out = dict.fromkeys(Outcome, 0.0)
    for face, p in enumerate(face_probabilities(edge), start=1):
        out[check_outcome(face, modifier, target, fumble_max)] += p
    return out


def success_probability(modifier: int, target: int, edge: Edge) -> float:
    """P(success), critical successes included."""
    probs = outcome_probabilities(modifier, target, edge)
    return probs[Outcome.CRITICAL] + probs[Outcome.SUCCESS]


@dataclass(frozen=True, slots=True)
class Check:
    """A rolled test: the W20 roll, the modifier, the target and the outcome."""

    roll: D20Roll
    modifier: int
    target: int
    outcome: Outcome

    @property
    def total(self) -> int:
        return self.roll.kept + self.modifier

    @property
    def success(self) -> bool:
        return self.outcome.success


def roll_check(
    dice: Dice, modifier: int, target: int, edge: Edge = 0, fumble_max: int = 1
) -> Check:
    """Roll W20 (+ advantage/disadvantage) + modifier against a target number (§2)."""
    roll = dice.w20(edge)
    return Check(roll, modifier, target, check_outcome(roll.kept, modifier, target, fumble_max))


@dataclass(frozen=True, slots=True)
class CheckEvent(CatalogueEvent):
    """Base of events that report one W20 test."""

    who: str
    faces: tuple[int, ...]
    kept: int
    edge: int
    modifier: int
    target: int
    outcome: str

    @classmethod
    def fields_of(cls, who: str, check: Check) -> dict[str, Any]:
        """The CheckEvent fields of a rolled check."""
        r = check.roll
        return {
            "who": who,
            "faces": r.faces,
            "kept": r.kept,
            "edge": r.edge,
            "modifier": check.modifier,
            "target": check.target,
            "outcome": str(check.outcome),
        }

    @property
    def success(self) -> bool:
        return Outcome(self.outcome).success


@dataclass(frozen=True, slots=True)
class SaveRolled(CheckEvent):
    """A save (Rettungswurf): a test on the fitting attribute (§2)."""

    kind: ClassVar[str] = "save"
    section: ClassVar[str] = "§2"
    family: ClassVar[Family] = "morale"
    attribute: str
    reason: str


def saving_throw(
    figure: Combatant,
    attribute: str,
    rules: RulesData,
    dice: Dice,
    *,
    target: int | None = None,
    edge: Edge = 0,
    reason: str = "save",
) -> SaveRolled:
    """A save on `attribute` against `target` (default knob tests.save_target, §2).

    `reason` names the catalogue entry `rules.reason.<reason>` (e.g. "poison",
    "explosion", "panic", "seuchenhauch", "grauen").
    """
    goal = rules.knobs.tests.save_target if target is None else target
    check = roll_check(dice, figure.attribute(attribute), goal, edge)
    return SaveRolled(
        **CheckEvent.fields_of(figure.name, check), attribute=attribute, reason=reason
    )
