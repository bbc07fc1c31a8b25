"""A memo that lives for one game state: dropped whenever an action has been applied
(`Lasts.ONE_STATE` in the game's cache), so the values never outlive the state they
were computed from."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from game.engine import Game
from game.play.cache import Entry, Lasts, Memo, memo_entry

T = TypeVar("T")

MEMO: Entry[Memo[Hashable, Any]] = memo_entry(
    "ai.memo",
    holds="what the AI works out about one state (bases, enemies, spots, tables …)",
    key="what was worked out, e.g. ('enemies', side)",
    lasts=Lasts.ONE_STATE,
    clone=False,
)


def memo(game: Game, key: Hashable, build: Callable[[], T]) -> T:
    """`build()`'s value for this key, computed once per game state."""
    found: T = game.cache.memo(MEMO, key, build)
    return found
