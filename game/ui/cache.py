"""Bounded caches of pygame objects, emptied together when pygame is shut down.

`SurfaceCache` is a least-recently-used map whose size is counted in pixel bytes
(a text line, a figure's sprite, a noise disc), so a long autoplay run cannot grow
it without bound however many different images it asks for. Every cache made
here is registered; `reset_all()` empties them all — the app calls it when its
window closes, and fonts.py when it finds its fonts outlived a `pygame.quit()`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

V = TypeVar("V")

_RESETS: list[Callable[[], None]] = []
generation = 0
"""How often the caches were emptied (tests; objects made before are stale)."""


def on_reset(clear: Callable[[], None]) -> Callable[[], None]:
    """Have `clear` called by `reset_all()` (returns it, to be used as a decorator)."""
    _RESETS.append(clear)
    return clear


def reset_all() -> None:
    """Empty every registered cache (pygame was or is about to be shut down)."""
    global generation
    generation += 1
    for clear in _RESETS:
        clear()


def surface_bytes(value: object) -> int:
    """Pixel bytes of a surface, or of the surfaces in a tuple (0 for anything else)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, tuple):
        return sum(surface_bytes(v) for v in value)
    return 0


class SurfaceCache(Generic[V]):
    """Key → value (a surface or a tuple holding one), least recently used first out
    once the values' pixels pass `max_bytes` (or the count passes `max_items`)."""

    def __init__(self, name: str, max_bytes: int, max_items: int = 100_000) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self.hits = self.misses = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        on_reset(self.clear)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> V | None:
        found = self._items.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: V) -> V:
        size = surface_bytes(value)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._items[key] = (value, size)
        self.bytes += size
        while self._items and (self.bytes > self.max_bytes or len(self._items) > self.max_items):
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
        return value

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def cached(
    name: str, max_bytes: int, max_items: int = 100_000
) -> Callable[[Callable[..., V]], Callable[..., V]]:
    """Decorator: memoise a function of hashable arguments in a `SurfaceCache`."""

    def wrap(fn: Callable[..., V]) -> Callable[..., V]:
        store: SurfaceCache[V] = SurfaceCache(name, max_bytes, max_items)

        def call(*args: Hashable) -> V:
            found = store.get(args)
            if found is not None:
                return found
            return store.put(args, fn(*args))

        call.__name__ = fn.__name__
        call.__qualname__ = fn.__qualname__
        call.__doc__ = fn.__doc__
        call.cache = store  # type: ignore[attr-defined]
        call.cache_clear = store.clear  # type: ignore[attr-defined]
        return call

    return wrap


MB = 1024 * 1024
