"""The horde masses before the last blow on a barricade or gate (the levels above
classic, ai/levels.py): a figure whose blow could break the piece holds it back
until enough of the dead stand at the piece to pour through at once — unless too
few are on their way, or time runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shapely

from ai.danger import rounds_left
from ai.intent import Intent, place_of
from game import actions as act
from game.actions import Action

if TYPE_CHECKING:
    from game.board.terrain import TerrainPiece
    from game.engine import Game
    from game.state import Figure

MASS = 4
"""The dead at the piece (within AT_PIECE) before the last blow falls."""
AT_PIECE = 12.0
COMING = 40.0
"""cm: the dead this near the piece count as on their way to it."""
LAST_BLOWS = 2
"""A piece with at most this many structure points per wound die of the striker
can give way at its blow."""


def piece_struck(game: Game, action: Action) -> TerrainPiece | None:
    """The barricade or gate an attack strikes (None: not an attack on a piece)."""
    if not isinstance(action, act.Attack) or action.target in game.state.figures:
        return None
    return game.state.board.pieces.get(action.target)


def holds_back(game: Game, fig: Figure, piece: TerrainPiece) -> bool:
    """Should the figure hold its blow at the piece until the dead have massed?"""
    wounds = max(1, game.profile(fig).structure_wounds or 1)
    if (piece.structure or 0) > LAST_BLOWS * wounds or rounds_left(game) <= 1:
        return False
    near = [
        float(piece.polygon.distance(shapely.Point(f.pos)))
        for f in game.state.figures.values()
        if f.side == fig.side and f.standing
    ]
    at = sum(1 for d in near if d <= AT_PIECE)
    coming = sum(1 for d in near if d <= COMING)
    return at < MASS <= coming


def intent(game: Game, fig: Figure, piece: TerrainPiece) -> Intent:
    c = piece.polygon.centroid
    place = place_of(game.state, (float(c.x), float(c.y)))
    return Intent("horde", game.state.sides[fig.side].name, "mass", place=place)
