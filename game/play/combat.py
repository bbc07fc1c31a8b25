"""(being written) Handlers for this room's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Action

if TYPE_CHECKING:
    from game.engine import Game, Handler, Legal
    from game.state import Figure

HANDLERS: dict[type[Action], Handler] = {}


def legal(game: Game, figure: Figure) -> list[Legal]:
    """This room's legal actions for an active figure."""
    return []
