"""When the AI calls the hasty retreat (§10.5, game/play/retreat.py): on a loot
mission, once the rules let its side flee, it flees when the mission is lost anyway
and staying only costs figures — what it carried off and still carries cannot beat
what an enemy already carried off, and the enemies standing on the table are at
least as many as its own (P)."""

from __future__ import annotations

from game.engine import Game
from game.play import loot, retreat


def carried_value(game: Game, side: str) -> int:
    """Value of the finds the side's figures still carry."""
    st = game.state
    return sum(m.value for f in retreat.fleeing(game, side) for m in st.carried(f.id))


def lost_anyway(game: Game, side: str) -> bool:
    """Even carrying home every find it holds, the side ends behind an enemy's haul."""
    others = [s for s in game.state.sides if s != side]
    best = max((loot.value_off(game, s) for s in others), default=0)
    return loot.value_off(game, side) + carried_value(game, side) < best


def outnumbered(game: Game, side: str) -> bool:
    st = game.state
    mine = len(retreat.fleeing(game, side))
    theirs = max((len(retreat.fleeing(game, s)) for s in st.sides if s != side), default=0)
    return theirs >= mine


def should_flee(game: Game, side: str) -> bool:
    """Flee now: allowed, the mission is lost anyway, and flight saves figures."""
    return retreat.may_retreat(game, side) and lost_anyway(game, side) and outnumbered(game, side)
