"""Morale (§3.7): when a squad tests, the test, suppression and the re-test."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from game.dice import Dice, Edge
from game.events import CatalogueEvent, Event, Family
from game.reason import Reason, ReasonError
from game.rules.checks import CheckEvent, roll_check
from game.rules.combatant import Combatant
from game.rules.loader import RulesData, UnknownNameError

UNVERRUECKBAR = "Unverrückbar"
"""The talent that, next to a Hüter, makes a figure immune to morale (§3.7)."""
GUARDIAN = "Hüter"
"""The archetype an Unverrückbar figure must stand next to (§3.7)."""


def at_half_strength(starting: int, standing: int, rules: RulesData) -> bool:
    """Down to the knob `morale.half_strength_share` (half) of its starting
    figures or fewer (§3.7)."""
    return standing <= starting * rules.knobs.morale.half_strength_share


def morale_test_due(
    starting: int, standing: int, rules: RulesData, *, tested_at_half: bool, leader_fell: bool
) -> bool:
    """A squad tests the first time it is down to half or fewer of its starting
    figures, and whenever its leader falls (§3.7)."""
    return leader_fell or (not tested_at_half and at_half_strength(starting, standing, rules))


def steadied_by(figure: Combatant, adjacent: Sequence[Combatant], rules: RulesData) -> str | None:
    """The standing Hüter in base contact that makes this Unverrückbar figure immune
    to morale (§3.7), or None. `adjacent`: the figure's allies in base contact."""
    if UNVERRUECKBAR not in figure.talents:
        return None
    try:
        guardian = rules.canonical("archetype", GUARDIAN)
    except UnknownNameError:  # a rules data without Hüter: nobody stands next to one
        return None
    for ally in adjacent:
        if ally is not figure and ally.archetype == guardian and ally.condition.standing:
            return ally.name
    return None


@dataclass(frozen=True, slots=True)
class MoraleTested(CheckEvent):
    """W20 + WIL ≥ 12; a failure is suppressed (§3.7). `retest` at activation."""

    kind: ClassVar[str] = "morale"
    section: ClassVar[str] = "§3.7"
    family: ClassVar[Family] = "morale"
    retest: bool


@dataclass(frozen=True, slots=True)
class MoraleImmune(CatalogueEvent):
    """A figure immune to morale does not test (Krieger, Berserker, infected …)."""

    kind: ClassVar[str] = "morale_immune"
    section: ClassVar[str] = "§3.7"
    family: ClassVar[Family] = "morale"
    who: str


@dataclass(frozen=True, slots=True)
class StoodFast(MoraleImmune):
    """Unverrückbar next to a Hüter: immune to morale (§3.7)."""

    kind: ClassVar[str] = "morale_steadfast"
    family: ClassVar[Family] = "morale"
    guardian: str


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """The squad after a morale test: figures (with `suppressed` set) and events."""

    figures: tuple[Combatant, ...]
    events: tuple[Event, ...]

    @property
    def suppressed(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.figures if f.suppressed)


def morale_test(
    squad: Sequence[Combatant],
    rules: RulesData,
    dice: Dice,
    *,
    adjacent: Sequence[Sequence[Combatant]] | None = None,
) -> MoraleResult:
    """Every standing figure of the squad tests; failures become suppressed (§3.7).

    Immune figures do not roll: Combatant.morale_immune (Krieger, Berserker,
    infected), and an Unverrückbar figure with a standing Hüter among its allies
    in base contact (`adjacent[i]` for `squad[i]`; none when not given). Figures
    that are not standing are passed through unchanged.
    """
    target = rules.knobs.tests.morale_target
    if adjacent is not None and len(adjacent) != len(squad):
        raise ValueError("morale_test: one list of adjacent allies per squad figure")
    figures: list[Combatant] = []
    events: list[Event] = []
    for i, fig in enumerate(squad):
        guardian = steadied_by(fig, adjacent[i], rules) if adjacent is not None else None
        if not fig.condition.standing:
            figures.append(fig)
        elif fig.morale_immune:
            figures.append(fig)
            events.append(MoraleImmune(fig.name))
        elif guardian is not None:
            figures.append(fig)
            events.append(StoodFast(fig.name, guardian))
        else:
            check = roll_check(dice, fig.wil, target)
            events.append(MoraleTested(**CheckEvent.fields_of(fig.name, check), retest=False))
            figures.append(replace(fig, suppressed=fig.suppressed or not check.success))
    return MoraleResult(tuple(figures), tuple(events))


def morale_retest(
    figure: Combatant, rules: RulesData, dice: Dice, *, leader_standing: bool = False
) -> tuple[Combatant, MoraleTested]:
    """At the start of its activation a suppressed figure re-tests; success ends
    suppression. While the squad's Anführer stands the re-test has advantage (§14.1)."""
    if not figure.suppressed:
        raise ReasonError(Reason.of("morale.not_suppressed", who=figure.name))
    edge: Edge = 1 if leader_standing else 0
    check = roll_check(dice, figure.wil, rules.knobs.tests.morale_target, edge)
    event = MoraleTested(**CheckEvent.fields_of(figure.name, check), retest=True)
    return replace(figure, suppressed=not check.success), event
