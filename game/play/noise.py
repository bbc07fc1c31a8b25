"""Noise (RULES.md §8): markers and the round-end roll; attention
(`game.play.attention`: the loudest marker an infected hears) follows every marker
placed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.events import Event, Family
from game.play import attention, raid
from game.play.contract import GameView
from game.play.events import EngineEvent
from game.state import NoiseMarker

SOURCES = ("firearm", "explosion", "breaking", "run")


@dataclass(frozen=True, slots=True)
class NoiseMade(EngineEvent):
    """A loud action leaves a noise marker for the rest of the round (§8)."""

    kind: ClassVar[str] = "noise_made"
    section: ClassVar[str] = "§3.8"
    family: ClassVar[Family] = "noise"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    source: str  # firearm | explosion | breaking | run
    x: float
    y: float
    radius: float
    figure: str | None


@dataclass(frozen=True, slots=True)
class NoiseChecked(EngineEvent):
    """Round end: a Laut weapon fired, so 1W6 ≤ threshold brings a threat (§8)."""

    kind: ClassVar[str] = "noise_check"
    section: ClassVar[str] = "§3.8"
    family: ClassVar[Family] = "noise"
    face: int
    threshold: int
    result: str  # quiet | horde_pack | wave_earlier | extra_raider | no_threat


def make_noise(
    game: GameView, source: str, at: tuple[float, float], figure: str | None = None
) -> list[Event]:
    """Leave a marker of `source` (firearm | explosion | breaking | run) at a point."""
    radius = float(getattr(game.rules.knobs.noise_radius, source))
    st = game.state
    st.noise.append(NoiseMarker(at[0], at[1], radius, source, st.round, figure))
    if source in ("firearm", "explosion"):
        st.loud_fired = True  # a Laut weapon or an explosion: the round-end roll is due
    made: list[Event] = [NoiseMade(source, at[0], at[1], radius, figure)]
    return made + attention.on_marker(game, len(st.noise) - 1)


def round_end_check(game: GameView) -> list[Event]:
    """If a Laut weapon fired this round, roll 1W6; on ≤ threshold a threat advances."""
    st = game.state
    events: list[Event] = []
    if st.loud_fired:
        threshold = game.rules.knobs.noise_threshold
        face = game.dice.w6()
        if face > threshold:
            events.append(NoiseChecked(face, threshold, "quiet"))
        else:
            result, spawned = raid.noise_reinforcement(game)
            events.append(NoiseChecked(face, threshold, result))
            events += spawned
    st.noise.clear()
    attention.clear(game)  # the markers are gone, and what they drew (§8)
    return events
