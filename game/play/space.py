"""(being written) The engine's view of bases in space: paths, pushes, contact."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.events import Event

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure


def push(
    game: Game, figure: Figure, direction: tuple[float, float], distance: float
) -> list[Event]:
    """Push a base straight along `direction`; it stops at terrain and bases."""
    return []
