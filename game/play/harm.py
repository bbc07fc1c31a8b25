"""Harm landing on a figure: writing the rules' result back, pushes, infection,
and the morale tests that casualties set off (§3.5, §3.9, §7)."""

from __future__ import annotations

import math

from game.events import Event
from game.play import bridge, loot, morale, space
from game.play.contract import GameView
from game.rules.attack import AttackResult
from game.state import Figure


def land(game: GameView, target: Figure, result: AttackResult) -> list[Event]:
    """Apply an attack's result to the target figure; return follow-up events."""
    was_standing = target.standing
    bridge.write_back(game, target, result.target)
    if result.infected:
        target.infected = True
    events: list[Event] = []
    if result.push and result.push_direction and target.standing:
        dx, dy = result.push_direction
        norm = math.hypot(dx, dy) or 1.0
        events += space.push(game, target, (dx / norm, dy / norm), result.push)
    if was_standing and not target.standing:
        events += fallen(game, target)
    return events


FELL_ROUND = "fell_round"  # Figure.uses key: the round it last fell (Wandelnde Plage, §13.1)


def fallen(game: GameView, figure: Figure) -> list[Event]:
    """A figure stopped standing: loot drops (a find lies where it fell), its squad
    may test morale (§7)."""
    events = loot.fallen(game, figure)
    figure.loot = 0
    figure.uses[FELL_ROUND] = game.state.round
    return events + morale.after_casualty(game, figure)
