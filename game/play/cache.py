"""The caches a game keeps: one `GameCache` per game, every entry declared.

An `Entry` is declared where its values are made (`sight.SIGHT`, `ai.fields.FIELDS`
…) and says what it holds, what its key is, how long its values last and whether
a clone may start from them. The game owns the cache (`game.cache`); nothing is
kept on the game object itself.

- `Lasts.ONE_STATE`: the values belong to one state of the game and are dropped
  whenever it moves on (`Game.apply`, `Game.load_state`).
- `Lasts.WHOLE_GAME`: the key names everything a value depends on (board versions
  come from one process-wide counter, the rules are the game's), so the values stay
  right for the game's life; a `Memo` with a `limit` starts afresh past it.
- `clone`: a clone starts with a copy of the entry (`Game.clone`), and the UI's AI
  worker hands the entry from one clone of a game on to the next one — the AI keeps
  what it learnt, as it would on the game itself. Only `WHOLE_GAME` entries may.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
V = TypeVar("V")


class Lasts(Enum):
    """How long an entry's values stay right."""

    ONE_STATE = "one state"  # dropped when an action is applied or a state loaded
    WHOLE_GAME = "whole game"  # kept: the key names all a value depends on


class Memo(Generic[K, T]):
    """Values by key, built on first use; past `limit` values it starts afresh."""

    __slots__ = ("_values", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self._values: dict[K, T] = {}
        self.limit = limit

    def get(self, key: K, build: Callable[[], T]) -> T:
        """The value for `key` (`build()` the first time)."""
        values = self._values
        if key in values:
            return values[key]
        if self.limit is not None and len(values) >= self.limit:
            values.clear()
        found = values[key] = build()
        return found

    def copy(self) -> Memo[K, T]:
        twin: Memo[K, T] = Memo(self.limit)
        twin._values = dict(self._values)
        return twin

    def __len__(self) -> int:
        return len(self._values)


@dataclass(frozen=True, eq=False)
class Entry(Generic[V]):
    """One declared cache entry (compared by identity: declare it once, at module level)."""

    name: str
    holds: str  # what its values are
    key: str  # what they are looked up by
    lasts: Lasts
    clone: bool  # may a clone start from (a copy of) it, and the AI worker hand it on?
    make: Callable[[], V]  # an empty entry
    copy: Callable[[V], V]  # an independent copy for a clone

    def __post_init__(self) -> None:
        if self.clone and self.lasts is not Lasts.WHOLE_GAME:
            raise ValueError(f"cache entry {self.name}: one state's values cannot go to a clone")


def memo_entry(
    name: str, *, holds: str, key: str, lasts: Lasts, clone: bool, limit: int | None = None
) -> Entry[Memo[K, T]]:
    """An entry that is a `Memo` of at most `limit` values (declare its type where it
    is assigned: `SIGHT: Entry[Memo[Key, LosResult]] = memo_entry(...)`)."""

    def make() -> Memo[K, T]:
        return Memo(limit)

    return Entry(name, holds, key, lasts, clone, make, Memo.copy)


class GameCache:
    """The declared caches of one game (`game.cache`)."""

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[Entry[Any], Any] = {}

    def value(self, entry: Entry[V]) -> V:
        """The entry's value, made empty on first use."""
        found = self._values.get(entry)
        if found is None:
            found = self._values[entry] = entry.make()
        value: V = found
        return value

    def memo(self, entry: Entry[Memo[K, T]], key: K, build: Callable[[], T]) -> T:
        """The value a `Memo` entry holds for `key` (`build()` the first time)."""
        return self.value(entry).get(key, build)

    def moved(self) -> None:
        """The game's state moved on: drop the entries that last one state."""
        self._values = {e: v for e, v in self._values.items() if e.lasts is Lasts.WHOLE_GAME}

    def for_clone(self) -> GameCache:
        """A cache for a clone: copies of the entries a clone may start from."""
        twin = GameCache()
        twin._values = {e: e.copy(v) for e, v in self._values.items() if e.clone}
        return twin

    def take_over(self, other: GameCache) -> None:
        """Continue from `other` (an earlier clone of the same game, done with): its
        entries a clone may start from replace this cache's."""
        self._values.update((e, v) for e, v in other._values.items() if e.clone)

    def __iter__(self) -> Iterator[Entry[Any]]:
        """The entries in use."""
        return iter(list(self._values))
