"""Zones that act on figures: ending an activation in a burning zone or the shelter,
leaving the board by an entry zone (docs/RULES.md §5.5, §7, §12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Point

from game.board.terrain import TerrainKind
from game.events import Event, Family
from game.play import fire, loot
from game.play.contract import GameView
from game.play.events import EngineEvent
from game.play.raid import entry_ids, entry_polygon
from game.state import Figure, Presence


@dataclass(frozen=True, slots=True)
class ShelterBreached(EngineEvent):
    """An infected ended its activation inside the shelter (§12)."""

    kind: ClassVar[str] = "shelter_breached"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "shelter")
    figure: str
    shelter: str
    breaches: int


@dataclass(frozen=True, slots=True)
class LeftBoard(EngineEvent):
    """A figure left the table by its side's entry zone: loot carried off or fled."""

    kind: ClassVar[str] = "left_board"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure", "entry")
    figure: str
    entry: str
    loot: int
    fled: bool


def key_point(game: GameView) -> str | None:
    """The objective's key point module id (protect objectives)."""
    objective = game.scenario.objective
    return objective.key_point if objective is not None else None


def inside(game: GameView, figure: Figure, piece_id: str) -> bool:
    """Is the figure's base centre inside a board piece?"""
    piece = game.state.board.pieces.get(piece_id)
    return piece is not None and piece.polygon.intersects(Point(figure.x, figure.y))


def on_activation_end(game: GameView, figure: Figure) -> list[Event]:
    """Effects on a figure that ends its activation where it stands."""
    events: list[Event] = []
    if not figure.standing:
        return events
    events += burning_end(game, figure)
    if not figure.standing:
        return events
    events += _breach(game, figure)
    events += _leave_board(game, figure)
    events += loot.carry_off(game, figure)
    return events


def burning_end(game: GameView, figure: Figure) -> list[Event]:
    """Ending an activation in a burning zone: 2W6 (Feuer) (§5.5)."""
    for piece in game.state.board.pieces_at((figure.x, figure.y)):
        if piece.kind is TerrainKind.BURNING:
            return fire.burn(game, figure, piece.id)
    return []


def _breach(game: GameView, figure: Figure) -> list[Event]:
    st = game.state
    shelter = key_point(game)
    if shelter is None or st.sides[figure.side].threat != "infected":
        return []
    piece = st.board.pieces.get(shelter)
    if piece is None or piece.kind is not TerrainKind.SHELTER or not inside(game, figure, shelter):
        return []
    st.breaches += 1
    return [ShelterBreached(figure.id, shelter, st.breaches)]


def _leave_board(game: GameView, figure: Figure) -> list[Event]:
    """A raider with loot, or a suppressed raider, in its side's entry zone leaves (§7, §12)."""
    st = game.state
    side = st.sides[figure.side]
    if side.waves is None or side.threat == "infected":
        return []
    if not (figure.loot or figure.suppressed):
        return []
    point = Point(figure.x, figure.y)
    for entry in entry_ids(game, figure.side):
        if entry_polygon(game, figure.side, entry).intersects(point):
            fled = figure.loot == 0
            st.loot_taken += figure.loot
            event = LeftBoard(figure.id, entry, figure.loot, fled)
            figure.presence = Presence.GONE
            figure.fled = True
            figure.overwatch = None
            return [event]
    return []
