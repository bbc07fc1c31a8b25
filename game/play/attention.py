"""Attention (RULES.md §8): infected within a noise marker's radius turn toward the
loudest marker they hear (ties: the nearest) until they see a living target.

The engine keeps it as state — `Figure.attention`, the index of the marker in
`state.noise` — with events: when a marker is placed, every standing infected that
hears it, sees no living (standing) enemy, and hears nothing louder already turns
its attention toward it (`AttentionDrawn`); at the start of its activation an
infected that now sees a living enemy lets go of the noise (`AttentionLost`); at
the end of the round the markers go and all attention with them.

Provisional choices (P): the figure that made the noise does not turn toward its
own marker; attention is where the infected is drawn, it does not turn the base
(its facing changes when it moves); markers already on the table are not heard
by an infected that walks into their radius later (attention comes with the sound).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from game.events import Event, Family
from game.play import sight
from game.play.contract import GameView
from game.play.events import EngineEvent
from game.state import Figure, NoiseMarker


@dataclass(frozen=True, slots=True)
class AttentionDrawn(EngineEvent):
    """An infected hears a noise and turns its attention toward it (§8)."""

    kind: ClassVar[str] = "attention_drawn"
    section: ClassVar[str] = "§3.8"
    family: ClassVar[Family] = "noise"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    source: str  # firearm | explosion | breaking | run
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class AttentionLost(EngineEvent):
    """An infected drawn by a noise sees a living target and goes for it instead (§8)."""

    kind: ClassVar[str] = "attention_lost"
    section: ClassVar[str] = "§3.8"
    family: ClassVar[Family] = "noise"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str


def is_infected(game: GameView, figure: Figure) -> bool:
    return game.profile(figure).faction == "infected"


def marker_of(game: GameView, figure: Figure) -> NoiseMarker | None:
    """The marker the figure's attention is on (None: none)."""
    index = figure.attention
    noise = game.state.noise
    return noise[index] if index is not None and 0 <= index < len(noise) else None


def loudest(
    markers: list[NoiseMarker], at: tuple[float, float] | None = None
) -> NoiseMarker | None:
    """The loudest marker (largest radius); ties go to the nearest to `at` (§8); when
    still tied (or without `at`) the earliest in `markers` stays."""
    best: NoiseMarker | None = None
    for m in markers:
        if (
            best is None
            or m.radius > best.radius
            or (
                m.radius == best.radius
                and at is not None
                and math.dist((m.x, m.y), at) < math.dist((best.x, best.y), at)
            )
        ):
            best = m
    return best


def on_marker(game: GameView, index: int) -> list[Event]:
    """A marker was placed: the infected that hear it and see nobody turn toward it,
    unless they already hear something louder (equally loud: the nearer)."""
    st = game.state
    marker = st.noise[index]
    drawn: list[Figure] = []
    for fig in st.figures.values():
        if not fig.standing or fig.id == marker.figure or not is_infected(game, fig):
            continue
        if math.dist(fig.pos, (marker.x, marker.y)) > marker.radius:
            continue
        current = marker_of(game, fig)
        if current is None or loudest([current, marker], fig.pos) is marker:
            drawn.append(fig)
    if not drawn:
        return []
    seeing = _sees_living(game, drawn)
    events: list[Event] = []
    for fig, sees in zip(drawn, seeing, strict=True):
        if sees is None:
            fig.attention = index
            events.append(AttentionDrawn(fig.id, marker.source, marker.x, marker.y))
    return events


def at_activation(game: GameView, figure: Figure) -> list[Event]:
    """An infected drawn by a noise that now sees a living target lets the noise go."""
    if figure.attention is None:
        return []
    [target] = _sees_living(game, [figure])
    if target is None:
        return []
    figure.attention = None
    return [AttentionLost(figure.id, target)]


def clear(game: GameView) -> None:
    """The markers are gone (round end): so is every infected's attention."""
    for fig in game.state.figures.values():
        fig.attention = None


def _sees_living(game: GameView, figures: list[Figure]) -> list[str | None]:
    """For each figure, the nearest standing enemy it can see (None: none); batched
    sight queries (`_seen`) for each side."""
    out: dict[str, str | None] = {}
    for side in dict.fromkeys(f.side for f in figures):
        group = [f for f in figures if f.side == side]
        enemies = [e for e in game.state.standing() if e.side != side]
        seen = _seen(game, group, enemies)
        for i, fig in enumerate(group):
            visible = [e for e, s in zip(enemies, seen[i], strict=True) if s]
            near = min(visible, key=lambda e: (math.dist(fig.pos, e.pos), e.id), default=None)
            out[fig.id] = near.id if near else None
    return [out[f.id] for f in figures]


def _seen(game: GameView, figures: list[Figure], enemies: list[Figure]) -> np.ndarray:
    """(figures, enemies): who sees whom. Sight is symmetric (§10), so one batched
    query per figure of the smaller group, the other group as its targets (one
    query for a single infected at its activation)."""
    if len(figures) <= len(enemies):
        return sight.seen_by(game, figures, enemies)
    return sight.seen_by(game, enemies, figures).T
