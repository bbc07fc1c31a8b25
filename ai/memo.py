"""A memo that lives for one game state: cleared whenever an action has been applied
(the number of actions taken changes), so the values never outlive the state they
were computed from."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from game.engine import Game

T = TypeVar("T")
_MEMO = "_ai_memo"


def memo(game: Game, key: Hashable, build: Callable[[], T]) -> T:
    """`build()`'s value for this key, computed once per game state."""
    stamp = (len(game.history), id(game.state))
    store: dict[str, Any] = game.__dict__
    held = store.get(_MEMO)
    if held is None or held[0] != stamp:
        held = (stamp, {})
        store[_MEMO] = held
    values: dict[Hashable, Any] = held[1]
    if key not in values:
        values[key] = build()
    found: T = values[key]
    return found
