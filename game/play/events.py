"""Events of the battle's flow: rounds, initiative, activations, waves, the end.

Each explains itself through the catalogue (`game/i18n/<lang>/engine.toml`,
key = the event's `kind`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.events import CatalogueEvent, signed
from game.i18n import count_text, tr
from game.rules.loader import local_name


@dataclass(frozen=True, slots=True)
class EngineEvent(CatalogueEvent):
    """Base of the engine's events."""

    room: ClassVar[str] = "engine"


@dataclass(frozen=True, slots=True)
class GameStarted(EngineEvent):
    kind: ClassVar[str] = "game_started"
    section: ClassVar[str] = "§3"
    scenario: str
    seed: int


@dataclass(frozen=True, slots=True)
class RoundStarted(EngineEvent):
    kind: ClassVar[str] = "round_started"
    section: ClassVar[str] = "§3.1"
    round: int


@dataclass(frozen=True, slots=True)
class SurpriseAttack(EngineEvent):
    """Without a watchtower or radio the attackers win round 1's initiative (§11)."""

    kind: ClassVar[str] = "surprise"
    section: ClassVar[str] = "§11"
    refs: ClassVar[tuple[str, ...]] = ("side",)
    side: str


@dataclass(frozen=True, slots=True)
class InitiativeRolled(EngineEvent):
    """Each side: W20 + best REF; ties are re-rolled (§3.1)."""

    kind: ClassVar[str] = "initiative"
    section: ClassVar[str] = "§3.1"
    rolls: tuple[tuple[str, int, int], ...]  # (side, face, best REF)
    winner: str | None  # None: a tie, rolled again

    def ref_ids(self) -> list[str]:
        return [side for side, _, _ in self.rolls]

    def values(self, language: str) -> dict[str, Any]:
        parts = [
            f"{self.name(side, language=language)} W20 {face}{signed(ref)} = {face + ref}"
            for side, face, ref in self.rolls
        ]
        result = (
            tr("engine.initiative_tie", language=language)
            if self.winner is None
            else tr(
                "engine.initiative_winner",
                language=language,
                side=self.name(self.winner, language=language),
            )
        )
        return {"rolls_text": "; ".join(parts), "result": result}


@dataclass(frozen=True, slots=True)
class FirstChosen(EngineEvent):
    kind: ClassVar[str] = "first_chosen"
    section: ClassVar[str] = "§3.1"
    refs: ClassVar[tuple[str, ...]] = ("side", "first")
    side: str
    first: str

    def values(self, language: str) -> dict[str, Any]:
        key = "self" if self.first == self.side else "other"
        text = tr(
            f"engine.first_choice.{key}",
            language=language,
            side=self.name(self.side, language=language),
            first=self.name(self.first, language=language),
        )
        return {"choice_text": text}


@dataclass(frozen=True, slots=True)
class WaveArrived(EngineEvent):
    """A raid wave enters at an entry zone (§12)."""

    kind: ClassVar[str] = "wave_arrived"
    section: ClassVar[str] = "§12"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures", "entry")
    side: str
    wave: int
    total: int
    entry: str
    figures: tuple[str, ...]
    profiles: tuple[str, ...]
    budget: float

    def values(self, language: str) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for p in self.profiles:
            counts[p] = counts.get(p, 0) + 1
        roster = (
            ", ".join(f"{n}× {local_name('profile', p, language)}" for p, n in counts.items())
            or "–"
        )
        label = (
            tr("engine.wave_label", language=language, wave=self.wave, total=self.total)
            if self.wave
            else tr("engine.reinforcement_label", language=language)
        )
        return {"roster": roster, "wave_label": label}


@dataclass(frozen=True, slots=True)
class WaveBlocked(EngineEvent):
    """No free spot was left in the entry zone for some figures of a wave."""

    kind: ClassVar[str] = "wave_blocked"
    section: ClassVar[str] = "§12"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures", "entry")
    side: str
    entry: str
    figures: tuple[str, ...]

    def values(self, language: str) -> dict[str, Any]:
        return {"figures": self.name(*self.figures, language=language)}


@dataclass(frozen=True, slots=True)
class _ActivationEvent(EngineEvent):
    """A side's activation of some figures (one, or a horde pack)."""

    section: ClassVar[str] = "§3.1"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures")
    side: str
    figures: tuple[str, ...]

    def values(self, language: str) -> dict[str, Any]:
        return {"who": self.name(*self.figures, language=language)}


@dataclass(frozen=True, slots=True)
class ActivationStarted(_ActivationEvent):
    kind: ClassVar[str] = "activation_started"


@dataclass(frozen=True, slots=True)
class ActionsLost(EngineEvent):
    """Backlash: the figure loses actions of this activation (§13)."""

    kind: ClassVar[str] = "actions_lost"
    section: ClassVar[str] = "§4.1"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    lost: int

    def values(self, language: str) -> dict[str, Any]:
        return {"lost_text": count_text("engine.actions", self.lost, language=language)}


@dataclass(frozen=True, slots=True)
class ActivationEnded(_ActivationEvent):
    kind: ClassVar[str] = "activation_ended"


@dataclass(frozen=True, slots=True)
class RoundEnded(EngineEvent):
    kind: ClassVar[str] = "round_ended"
    section: ClassVar[str] = "§3.1"
    round: int


@dataclass(frozen=True, slots=True)
class GameOver(EngineEvent):
    """The battle is decided (§12): the outcome, why, the last round played, and in a
    raid the consequences for the refuge (keys of `engine.consequence`, §12's table)."""

    kind: ClassVar[str] = "game_over"
    section: ClassVar[str] = "§12"
    outcome: str
    reason: str
    round: int
    consequences: tuple[str, ...] = ()

    def values(self, language: str) -> dict[str, Any]:
        if self.reason == "held":  # how long they held out (§12: hold N rounds)
            rounds = count_text("engine.rounds", self.round, language=language)
            reason = tr("engine.held_out", language=language, rounds=rounds)
        else:
            reason = tr(f"engine.reason.{self.reason}", language=language)
        return {
            "outcome_text": tr(f"engine.outcome.{self.outcome}", language=language),
            "reason_text": reason,
        }

    def consequences_text(self, language: str | None = None) -> str:
        """'Consequences: You keep everything. …' ('' outside a raid)."""
        lines = [tr(f"engine.consequence.{c}", language=language) for c in self.consequences]
        return tr("engine.consequences", language=language, list=" ".join(lines)) if lines else ""

    def explain(self, language: str | None = None) -> str:
        line = CatalogueEvent.explain(self, language)
        after = self.consequences_text(language)
        return f"{line} {after}" if after else line
