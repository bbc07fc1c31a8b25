"""Burning zones (RULES.md §5.5): a figure that enters one or ends an activation in
it takes 2W6 (Feuer) against its armour; cover does not help."""

from __future__ import annotations

from game.events import Event
from game.play import bridge, harm
from game.play.combat_events import Burning
from game.play.contract import GameView
from game.rules.area import burn_damage
from game.state import Figure


def burn(game: GameView, figure: Figure, zone: str) -> list[Event]:
    """The zone's fire on one standing figure: 2W6 (knob template.burn_pool)."""
    if not figure.standing:
        return []
    result = burn_damage(bridge.combatant(game, figure), game.rules, game.dice)
    events: list[Event] = [Burning(figure.id, zone), *result.events]
    return events + harm.land(game, figure, result)
