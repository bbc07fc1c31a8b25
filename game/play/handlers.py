"""Which room handles which action: the dispatch table of `Game.apply`."""

from __future__ import annotations

from typing import Any

from game import actions as act
from game.engine import Handler
from game.play import abilities, combat, flow, movement, raid, support


def _table() -> dict[type[act.Action], Handler]:
    table: dict[type[act.Action], Handler] = {
        act.ChooseFirst: Handler(flow.check_choose_first, flow.do_choose_first),
        act.ChooseEntry: Handler(raid.check_choose_entry, raid.do_choose_entry),
        act.Activate: Handler(flow.check_activate, flow.do_activate),
        act.EndActivation: Handler(flow.check_end, flow.do_end),
    }
    for room in (movement, combat, support, abilities):
        handlers: dict[type[act.Action], Any] = room.HANDLERS
        table.update(handlers)
    return table


HANDLERS: dict[type[act.Action], Handler] = _table()
