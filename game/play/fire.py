"""(being written) Burning zones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.events import Event

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure


def burn(game: Game, figure: Figure, zone: str) -> list[Event]:
    return []
