"""Telling one event: its catalogue string filled with its fields, its ids by name,
and the words its kind adds (`words`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.events import CatalogueEvent, Event
from game.i18n import current_language
from game.naming import PIECE, local_figure_name, piece_phrase, say

Values = dict[str, Any]
E = TypeVar("E", bound=Event)
Words = Callable[[E, "Telling"], Values]

_WORDS: dict[type[Event], Words[Any]] = {}


@dataclass(frozen=True, slots=True)
class Telling:
    """One event told in one language: the catalogue, and the names of its ids."""

    event: CatalogueEvent
    language: str

    def say(self, key: str, /, **values: Any) -> str:
        """A catalogue string in the telling's language (`game.naming.say`)."""
        return say(key, self.language, **values)

    def count(self, key: str, n: int, /, **values: Any) -> str:
        """`key.one` for 1, else `key.many`, with `n` ("1 action", "3 actions")."""
        return self.say(f"{key}.{'one' if n == 1 else 'many'}", n=n, **values)

    def name(self, *ids: str) -> str:
        """Ids shown by their names ('Bruno, Runner 3', 'north barricade
        [Barrikade]'); unknown ids as they are."""
        lookup = {entry[0]: entry for entry in self.event.names}
        out = []
        for i in ids:
            entry = lookup.get(i)
            if entry is None:
                out.append(i)
            elif len(entry) == 4 and entry[1] == PIECE:
                out.append(piece_phrase(entry[2], entry[3], self.language))
            else:
                out.append(local_figure_name(entry[1], self.language))
        return ", ".join(out)


def words(cls: type[E]) -> Callable[[Words[E]], Words[E]]:
    """Register the words an event class's template needs beyond its fields (for its
    subclasses too, unless they have their own)."""

    def register(fn: Words[E]) -> Words[E]:
        if cls in _WORDS:
            raise ValueError(f"{cls.__name__} has words already")
        _WORDS[cls] = fn
        return fn

    return register


def words_for(cls: type[Event]) -> Words[Any] | None:
    """The words registered for the class or its nearest base (None: none)."""
    return next((_WORDS[c] for c in cls.__mro__ if c in _WORDS), None)


def narrate(event: Event, language: str | None = None) -> str:
    """The event's line in a language (default: the current one): the catalogue string
    `<room>.<kind>` with the event's fields, `section`, the ids of its `refs` by
    name, and its kind's words."""
    lang = language or current_language()
    if not isinstance(event, CatalogueEvent):
        return f"{type(event).__name__} ({event.section})"
    telling = Telling(event, lang)
    values = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
    for ref in event.refs:
        if isinstance(values[ref], str):
            values[ref] = telling.name(values[ref])
    extra = words_for(type(event))
    if extra is not None:
        values.update(extra(event, telling))
    return telling.say(f"{event.room}.{event.kind}", section=event.section, **values)
