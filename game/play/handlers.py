"""Which room handles which action: the dispatch table of `Game.apply`, and the rooms
that offer the actions of an activation (`Game.legal_actions`)."""

from __future__ import annotations

from collections.abc import Mapping

from game import actions as act
from game.actions import IllegalAction
from game.play import (
    abilities,
    combat,
    flight,
    flow,
    items,
    movement,
    raid,
    retreat,
    support,
    talent_room,
)
from game.play.contract import Handler, Room
from game.play.systems.threew6 import ThreeW6
from game.reason import Reason

THREE_W6 = ThreeW6()
"""3W6's defender answers (`act.Defend`): the system object holds no state."""
ACTION_ROOMS: tuple[Room, ...] = (movement, combat, support, abilities, talent_room, items, flight)
"""The rooms of an activation's actions, in the order their choices are listed."""


def _table() -> dict[type[act.Action], Handler]:
    table: dict[type[act.Action], Handler] = {
        act.ChooseFirst: Handler(flow.check_choose_first, flow.do_choose_first),
        act.ChooseEntry: Handler(raid.check_choose_entry, raid.do_choose_entry),
        act.Activate: Handler(flow.check_activate, flow.do_activate),
        act.Retreat: Handler(retreat.check, retreat.do_retreat),
        act.EndActivation: Handler(flow.check_end, flow.do_end),
        act.Defend: Handler(THREE_W6.check_defend, THREE_W6.do_defend),
    }
    for room in ACTION_ROOMS:
        table.update(room.HANDLERS)
    return table


HANDLERS: Mapping[type[act.Action], Handler] = _table()


def handler_for(action: act.Action) -> Handler:
    """The handler of an action's type (IllegalAction for an unknown type)."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(Reason.of("flow.not_an_action", action=type(action).__name__))
    return handler
