"""Morale (§3.7): when a squad tests, the test, suppression and the re-test."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.dice import Dice, Edge
from game.events import CatalogueEvent, Event
from game.i18n import tr
from game.rules.checks import CheckEvent, roll_check
from game.rules.combatant import Combatant
from game.rules.loader import RulesData


def morale_test_due(
    starting: int, standing: int, *, tested_at_half: bool, leader_fell: bool
) -> bool:
    """A squad tests the first time it is down to half or fewer of its starting
    figures, and whenever its leader falls (§3.7)."""
    return leader_fell or (not tested_at_half and standing * 2 <= starting)


@dataclass(frozen=True, slots=True)
class MoraleTested(CheckEvent):
    """W20 + WIL ≥ 12; a failure is suppressed (§3.7). `retest` at activation."""

    kind: ClassVar[str] = "morale"
    section: ClassVar[str] = "§3.7"
    retest: bool

    def values(self, language: str) -> dict[str, Any]:
        return {
            **CheckEvent.values(self, language),
            "what": tr(f"rules.word.{'retest' if self.retest else 'test'}", language=language),
            "result": tr(f"rules.morale_result.{self.outcome}", language=language),
        }


@dataclass(frozen=True, slots=True)
class MoraleImmune(CatalogueEvent):
    """A figure immune to morale does not test (Krieger, Berserker, infected …)."""

    kind: ClassVar[str] = "morale_immune"
    section: ClassVar[str] = "§3.7"
    who: str


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """The squad after a morale test: figures (with `suppressed` set) and events."""

    figures: tuple[Combatant, ...]
    events: tuple[Event, ...]

    @property
    def suppressed(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.figures if f.suppressed)


def morale_test(squad: Sequence[Combatant], rules: RulesData, dice: Dice) -> MoraleResult:
    """Every standing figure of the squad tests; failures become suppressed (§3.7).

    Immune figures (Combatant.morale_immune) do not roll. Figures that are not
    standing are passed through unchanged.
    """
    target = rules.knobs.tests.morale_target
    figures: list[Combatant] = []
    events: list[Event] = []
    for fig in squad:
        if not fig.condition.standing:
            figures.append(fig)
        elif fig.morale_immune:
            figures.append(fig)
            events.append(MoraleImmune(fig.name))
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
        raise ValueError(f"{figure.name} is not suppressed: no re-test")
    edge: Edge = 1 if leader_standing else 0
    check = roll_check(dice, figure.wil, rules.knobs.tests.morale_target, edge)
    event = MoraleTested(**CheckEvent.fields_of(figure.name, check), retest=True)
    return replace(figure, suppressed=not check.success), event
