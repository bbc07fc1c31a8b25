"""The horde masses before the last blow on a barricade or gate (the levels above
classic, ai/levels.py): a figure whose blow could break the piece holds it back
until enough of the dead stand at the piece to pour through at once — unless too
few are on their way, or time runs out.

While it masses, the horde may feint with noise (docs/RULES.md §8: breaking is
heard 30 cm around): one figure of an activated pack that is not part of the mass
walks to another barricade or gate far from it and bangs on it. The rules give
the dead no other noise to make on purpose (no Laut weapons; a Run is heard 10 cm
around), and noise draws only the infected (§8 attention), so the feint works on
the defenders' eyes and guns — and on the player, who reads it in the intent line
and in the log — not by a rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import shapely

from ai.danger import rounds_left
from ai.intent import Intent, place_of
from game import actions as act
from game.actions import Action
from game.play.breaking import breakable

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


FEINT_APART = 40.0
"""cm: a feint's piece lies at least this far from the piece the horde masses at."""
FEINT_REACH = 60.0
"""cm: a figure at most this far from the feint's piece may be sent to it."""


def massing_at(game: Game, side: str) -> TerrainPiece | None:
    """The breakable piece the side's dead mass at (near its last blows, at least MASS
    of them on the way but fewer at it), the most on the way first."""
    dead = [f.pos for f in game.state.figures.values() if f.side == side and f.standing]
    if len(dead) < MASS:
        return None
    points = shapely.points(np.asarray(dead, np.float64))
    best: tuple[int, str, TerrainPiece] | None = None
    for piece in game.state.board:
        if not breakable(piece) or (piece.structure or 0) > 2 * LAST_BLOWS:
            continue
        near = shapely.distance(piece.polygon, points)
        at, coming = int((near <= AT_PIECE).sum()), int((near <= COMING).sum())
        if at < MASS <= coming and (best is None or (-coming, piece.id) < best[:2]):
            best = (-coming, piece.id, piece)
    return best[2] if best is not None else None


def feint(game: Game, members: list[Figure], idle: set[str]) -> tuple[str, TerrainPiece] | None:
    """(figure id, piece): the pack member sent to bang on a far barricade or gate
    while the side masses elsewhere (None: no mass, no such piece, nobody free).
    `idle`: the members free for it (not hunting a figure they see)."""
    if not members:
        return None
    side = members[0].side
    main = massing_at(game, side)
    if main is None:
        return None
    dead = [f for f in game.state.figures.values() if f.side == side and f.standing]
    points = shapely.points(np.asarray([f.pos for f in dead], np.float64))
    best: tuple[float, str, TerrainPiece] | None = None
    for piece in game.state.board:
        if not breakable(piece) or float(piece.polygon.distance(main.polygon)) < FEINT_APART:
            continue
        if (shapely.distance(piece.polygon, points) <= AT_PIECE).any():
            continue  # one of the dead bangs on it already
        for fig in members:
            if fig.id not in idle or float(main.polygon.distance(shapely.Point(fig.pos))) <= COMING:
                continue
            d = float(piece.polygon.distance(shapely.Point(fig.pos)))
            if d <= FEINT_REACH and (best is None or (d, fig.id) < best[:2]):
                best = (d, fig.id, piece)
    return (best[1], best[2]) if best is not None else None


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


def intent(game: Game, fig: Figure, piece: TerrainPiece, what: str = "mass") -> Intent:
    """The line of a figure massing at the piece (or, `what="feint"`, feinting at it)."""
    c = piece.polygon.centroid
    place = place_of(game.state, (float(c.x), float(c.y)))
    return Intent("horde", game.state.sides[fig.side].name, what, place=place)
