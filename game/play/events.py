"""Events of the battle's flow: rounds, initiative, activations, waves, the end.

Plain data: the narrator tells each through the catalogue
(`game/i18n/<lang>/engine.toml`, key = the event's `kind`; `game.narration.engine`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.events import CatalogueEvent, Family


@dataclass(frozen=True, slots=True)
class EngineEvent(CatalogueEvent):
    """Base of the engine's events."""

    room: ClassVar[str] = "engine"


@dataclass(frozen=True, slots=True)
class GameStarted(EngineEvent):
    kind: ClassVar[str] = "game_started"
    section: ClassVar[str] = "§3"
    family: ClassVar[Family] = "flow"
    scenario: str
    seed: int


@dataclass(frozen=True, slots=True)
class RoundStarted(EngineEvent):
    kind: ClassVar[str] = "round_started"
    section: ClassVar[str] = "§3.1"
    family: ClassVar[Family] = "flow"
    round: int


@dataclass(frozen=True, slots=True)
class SurpriseAttack(EngineEvent):
    """Without a watchtower or radio the attackers win round 1's initiative (§11)."""

    kind: ClassVar[str] = "surprise"
    section: ClassVar[str] = "§11"
    family: ClassVar[Family] = "flow"
    refs: ClassVar[tuple[str, ...]] = ("side",)
    side: str


@dataclass(frozen=True, slots=True)
class InitiativeRolled(EngineEvent):
    """Each side: W20 + best REF; ties are re-rolled (§3.1)."""

    kind: ClassVar[str] = "initiative"
    section: ClassVar[str] = "§3.1"
    family: ClassVar[Family] = "flow"
    rolls: tuple[tuple[str, int, int], ...]  # (side, face, best REF)
    winner: str | None  # None: a tie, rolled again

    def ref_ids(self) -> list[str]:
        return [side for side, _, _ in self.rolls]


@dataclass(frozen=True, slots=True)
class FirstChosen(EngineEvent):
    kind: ClassVar[str] = "first_chosen"
    section: ClassVar[str] = "§3.1"
    family: ClassVar[Family] = "flow"
    refs: ClassVar[tuple[str, ...]] = ("side", "first")
    side: str
    first: str


@dataclass(frozen=True, slots=True)
class WaveArrived(EngineEvent):
    """A raid wave enters at an entry zone (§12)."""

    kind: ClassVar[str] = "wave_arrived"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "flow"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures", "entry")
    side: str
    wave: int
    total: int
    entry: str
    figures: tuple[str, ...]
    profiles: tuple[str, ...]
    budget: float


@dataclass(frozen=True, slots=True)
class WaveBlocked(EngineEvent):
    """No free spot was left in the entry zone for some figures of a wave."""

    kind: ClassVar[str] = "wave_blocked"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "flow"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures", "entry")
    side: str
    entry: str
    figures: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActivationEvent(EngineEvent):
    """A side's activation of some figures (one, or a horde pack)."""

    section: ClassVar[str] = "§3.1"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures")
    side: str
    figures: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActivationStarted(ActivationEvent):
    kind: ClassVar[str] = "activation_started"
    family: ClassVar[Family] = "flow"


@dataclass(frozen=True, slots=True)
class ActionsLost(EngineEvent):
    """Backlash: the figure loses actions of this activation (§13)."""

    kind: ClassVar[str] = "actions_lost"
    section: ClassVar[str] = "§4.1"
    family: ClassVar[Family] = "flow"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    lost: int


@dataclass(frozen=True, slots=True)
class ActivationEnded(ActivationEvent):
    kind: ClassVar[str] = "activation_ended"
    family: ClassVar[Family] = "flow"


@dataclass(frozen=True, slots=True)
class RoundEnded(EngineEvent):
    kind: ClassVar[str] = "round_ended"
    section: ClassVar[str] = "§3.1"
    family: ClassVar[Family] = "flow"
    round: int


@dataclass(frozen=True, slots=True)
class GameOver(EngineEvent):
    """The battle is decided (§12): the outcome, why, the last round played, and in a
    raid the consequences for the refuge (keys of `engine.consequence`, §12's table;
    told after the line, `game.narration.consequences_text`)."""

    kind: ClassVar[str] = "game_over"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "end"
    outcome: str
    reason: str
    round: int
    consequences: tuple[str, ...] = ()
