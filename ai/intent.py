"""The one line an AI states at the start of each activation ("Raiders: looting
the storage", "Horde: drawn by gunfire at the gate").

An `Intent` keeps the catalogue keys, not the text, so the UI and the log can show
it in any language (`game/i18n/<lang>/ai.toml`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ai.objectives import Role
from game.board.terrain import TerrainKind
from game.i18n import tr
from game.naming import say
from game.state import GameState

ROLES = ("raiders", "horde", "defenders")
"""Roles with a catalogue word; any other side is named by its own name."""
PLACE_KINDS = (
    TerrainKind.GATE,
    TerrainKind.BARRICADE,
    TerrainKind.SHELTER,
    TerrainKind.STORAGE,
    TerrainKind.WATCHTOWER,
    TerrainKind.MINEFIELD,
    TerrainKind.INFIRMARY,
    TerrainKind.ARSENAL,
    TerrainKind.RADIO,
)
"""Module kinds a place is named after when a point lies near one."""
NEAR_PLACE = 12.0
"""cm: a point this close to a module is "at" it."""
MIDDLE = 15.0
"""cm: a point this close to the table's centre is "in the middle"."""


@dataclass(frozen=True, slots=True)
class Intent:
    """What a side means to do with one activation.

    `role` is raiders | horde | defenders (a catalogue word) or anything else (then
    `side_name` is shown); `what` a key of `ai.what`; `target` a figure's name;
    `place` a key of `ai.place`; `sound` a key of `ai.sound`; `weapon` a weapon name.
    """

    role: Role
    side_name: str
    what: str
    target: str = ""
    place: str = ""
    sound: str = ""
    weapon: str = ""

    def text(self, language: str | None = None) -> str:
        """The line in a language (default: the current one)."""
        who = tr(f"ai.who.{self.role}", language) if self.role in ROLES else self.side_name
        values = {
            "target": self.target,
            "weapon": self.weapon,
            "place": tr(f"ai.place.{self.place}", language) if self.place else "",
            "sound": tr(f"ai.sound.{self.sound}", language) if self.sound else "",
        }
        what = say(f"ai.what.{self.what}", language, **values)
        return tr("ai.line", language, who=who, what=what)


def place_of(state: GameState, point: tuple[float, float]) -> str:
    """A place key for a point: the module it lies at, else its side of the table."""
    from shapely.geometry import Point

    here = Point(point)
    best: tuple[float, str] | None = None
    for piece in state.board.pieces_near(here, NEAR_PLACE):
        kind = piece.destroyed_from or piece.kind
        if piece.is_module and kind in PLACE_KINDS:
            d = float(piece.polygon.distance(here))
            if best is None or d < best[0]:
                best = (d, kind.value)
    if best is not None:
        return best[1]
    cx, cy = state.board.width / 2.0, state.board.height / 2.0
    dx, dy = point[0] - cx, point[1] - cy
    if math.hypot(dx, dy) <= MIDDLE:
        return "middle"
    if abs(dy) >= abs(dx):
        return "north" if dy > 0 else "south"
    return "east" if dx > 0 else "west"
