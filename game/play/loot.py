"""Loot markers of a loot objective (docs/SCENARIO.md `[[loot]]`, rulebook §9
"Traglast & Beute", §10.5): a figure in base contact picks a find up with Interact,
carries it in its carrying slots (overloaded: −5 cm move), drops it with another
Interact, loses it where it falls, and carries it off the table by ending an
activation in its side's exit. What each side carried off decides the battle
(game/play/outcome.py) and is what a campaign books.

Decisions (P): a side without an exit takes no loot; a figure may carry any number
of finds (more than its slots only overloads it); Interact on a find it carries
drops it at its feet; a figure that carried loot off has left the battle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Point, Polygon

from game.events import Event, Family
from game.play import space
from game.play.contract import GameView
from game.play.events import EngineEvent
from game.reason import Reason
from game.state import Figure, LootMarker, Presence

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class LootPicked(EngineEvent):
    """Interact: a figure picks up a find (§9)."""

    kind: ClassVar[str] = "loot_picked"
    section: ClassVar[str] = "§9"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    marker: str
    find: str
    resource: str
    value: int
    slots: int
    carried: int  # finds it carries now


@dataclass(frozen=True, slots=True)
class LootDropped(EngineEvent):
    """A find is dropped: by Interact, or where its carrier fell (§9)."""

    kind: ClassVar[str] = "loot_dropped"
    section: ClassVar[str] = "§9"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    marker: str
    find: str
    fell: bool


@dataclass(frozen=True, slots=True)
class LootCarriedOff(EngineEvent):
    """A figure with loot ended its activation in its side's exit: it leaves the
    table with its finds, which count for its side (§10.5)."""

    kind: ClassVar[str] = "loot_off"
    section: ClassVar[str] = "§10.5"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure", "side")
    figure: str
    side: str
    markers: tuple[str, ...]
    finds: str
    value: int


# -- queries -------------------------------------------------------------------------


def active(game: GameView) -> bool:
    """Does the battle have loot markers (a loot objective)?"""
    return bool(game.state.markers)


def exit_zone(game: GameView, side: str) -> Polygon | None:
    """Where a side carries loot off the table (None: it takes no loot)."""
    for spec in game.scenario.side:
        if spec.id == side and spec.exit is not None:
            return Polygon([(float(x), float(y)) for x, y in spec.exit])
    return None


def can_loot(game: GameView, side: str) -> bool:
    return exit_zone(game, side) is not None


def gap(figure: Figure, marker: LootMarker) -> float:
    """cm between the figure's base and the find."""
    return math.hypot(figure.x - marker.x, figure.y - marker.y) - figure.radius


def reachable(game: GameView, figure: Figure) -> list[LootMarker]:
    """Finds lying in base contact with the figure, nearest first."""
    reach = space.contact_gap(game) + _EPS
    near = [m for m in game.state.markers.values() if m.lying and gap(figure, m) <= reach]
    return sorted(near, key=lambda m: (gap(figure, m), m.id))


def slots_of(game: GameView, figure: Figure) -> int:
    """Carrying slots the figure's loot fills: a find its own `slots`, other loot
    (a raider's from the storage) `slots.loot` each (§9)."""
    finds = game.state.carried(figure.id)
    others = max(0, figure.loot - len(finds))
    return sum(m.slots for m in finds) + others * game.rules.knobs.slots.loot


def taken_by(game: GameView, side: str) -> list[LootMarker]:
    """The finds a side carried off the table."""
    return [m for m in game.state.markers.values() if m.off_by == side]


def value_off(game: GameView, side: str) -> int:
    return sum(m.value for m in taken_by(game, side))


def open_finds(game: GameView) -> list[LootMarker]:
    """Finds still on the table (lying or in a figure's hands)."""
    return [m for m in game.state.markers.values() if m.off_by is None]


def _names(markers: list[LootMarker]) -> str:
    return ", ".join(m.name for m in markers)


# -- Interact ------------------------------------------------------------------------


def problem(game: GameView, figure: Figure, marker_id: str) -> Reason | None:
    """Why the figure cannot Interact with the find (None: it can)."""
    marker = game.state.markers[marker_id]
    if marker.carrier == figure.id:
        return None
    if not can_loot(game, figure.side):
        return Reason.of("support.no_exit", who=figure.name, find=marker.name)
    if not marker.lying:
        return Reason.of("support.find_taken", find=marker.name)
    reach = space.contact_gap(game)
    if gap(figure, marker) > reach + _EPS:
        return Reason.of(
            "support.find_far", who=figure.name, find=marker.name, gap=gap(figure, marker)
        )
    return None


def interact(game: GameView, figure: Figure, marker_id: str) -> list[Event]:
    """Pick the find up, or drop it when the figure carries it."""
    marker = game.state.markers[marker_id]
    if marker.carrier == figure.id:
        return [_drop(figure, marker, fell=False)]
    marker.carrier = figure.id
    figure.loot += 1
    return [
        LootPicked(
            figure.id,
            marker.id,
            marker.name,
            marker.resource,
            marker.value,
            marker.slots,
            len(game.state.carried(figure.id)),
        )
    ]


def _drop(figure: Figure, marker: LootMarker, *, fell: bool) -> LootDropped:
    marker.carrier = None
    marker.x, marker.y = figure.x, figure.y
    figure.loot = max(0, figure.loot - 1)
    return LootDropped(figure.id, marker.id, marker.name, fell)


def fallen(game: GameView, figure: Figure) -> list[Event]:
    """The finds a figure that fell carried lie where it fell."""
    return [_drop(figure, m, fell=True) for m in game.state.carried(figure.id)]


def carry_off(game: GameView, figure: Figure) -> list[Event]:
    """A figure with finds ending its activation in its side's exit leaves the table
    with them."""
    finds = game.state.carried(figure.id)
    if not finds or not figure.standing:
        return []
    zone = exit_zone(game, figure.side)
    if zone is None or not zone.intersects(Point(figure.x, figure.y)):
        return []
    for m in finds:
        m.carrier = None
        m.off_by = figure.side
    figure.loot = max(0, figure.loot - len(finds))
    figure.presence = Presence.GONE
    figure.overwatch = None
    ids = tuple(m.id for m in finds)
    return [LootCarriedOff(figure.id, figure.side, ids, _names(finds), sum(m.value for m in finds))]
