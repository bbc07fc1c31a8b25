"""The items room (docs/RULES.md §18): actions only an item of seed 002 gives. Today
one: Drink, the figure's Schnaps — "Eine handlungsfähige Figur kann Schnaps für 1 AP
verwenden. Die Verwendung ist keine beendende Aktion. Ab der Verwendung gelten die
Auswirkungen des Schnapses bis zum Ende der Partie." (A figure able to act may use
Schnaps for 1 AP; it does not end the activation; its effects last to the end of
the battle.) The effects reach the rules through the figure's combatant
(`drinking`) and its move allowance (`schnaps_move`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game import actions as act
from game.actions import IllegalAction
from game.events import CatalogueEvent, Event, Family
from game.play import budget
from game.play.contract import GameView, Handler, Legal
from game.play.equipment import USED, carries, use_up
from game.reason import Reason
from game.rules.equipment import SCHNAPS, load_equipment
from game.state import Figure

DRUNK = USED + SCHNAPS
"""The `Figure.uses` key of a drunk Schnaps: a figure is affected once a battle."""


@dataclass(frozen=True, slots=True)
class SchnapsDrunk(CatalogueEvent):
    """Drink: the figure's Schnaps is used up; its effects last to the battle's end."""

    room: ClassVar[str] = "support"
    kind: ClassVar[str] = "schnaps"
    section: ClassVar[str] = "§18"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    move_cm: float
    ws: int
    resist: int


def is_drunk(figure: Figure) -> bool:
    """Has the figure drunk its Schnaps this battle?"""
    return figure.uses.get(DRUNK, 0) > 0


def drinking(figure: Figure) -> dict[str, Any]:
    """The combatant's Schnaps fields (none for a sober figure): attacks at
    disadvantage, the WS change, the bonus on KÖR tests of resistance."""
    if not is_drunk(figure):
        return {}
    item = load_equipment().items[SCHNAPS]
    return {"drunk": True, "drunk_ws": item.ws, "resist_bonus": item.resist}


def schnaps_move(figure: Figure) -> float:
    """cm of move a drunk figure loses (seed 002: "Bewegung −2 cm")."""
    return load_equipment().items[SCHNAPS].move_cm if is_drunk(figure) else 0.0


def check_drink(game: GameView, action: act.Drink) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost)
    if not carries(game, fig, SCHNAPS):
        raise IllegalAction(Reason.of("support.no_schnaps", who=fig.name))


def do_drink(game: GameView, action: act.Drink) -> list[Event]:
    fig = game.figure(action.figure)
    budget.spend(game, fig, action.verb)
    use_up(fig, SCHNAPS)
    item = load_equipment().items[SCHNAPS]
    return [SchnapsDrunk(fig.id, item.move_cm, item.ws, item.resist)]


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Drink, for a standing figure that still carries its Schnaps."""
    if not figure.standing or not carries(game, figure, SCHNAPS):
        return []
    drink = act.Drink(figure.id)
    try:
        check_drink(game, drink)
    except IllegalAction:
        return []
    return [drink]


HANDLERS: dict[type[act.Action], Handler] = {act.Drink: Handler(check_drink, do_drink)}
