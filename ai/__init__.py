"""Controllers that answer the engine's pending decisions with legal actions.

`controller_for(name)` maps a scenario side's `controller` to a Controller
(ai/base.py). FOR NOW every name — "human", "ai:tactical", "ai:horde" — gets the
random bot (ai/random_bot.py): the tactical and horde AIs are a later issue, and a
headless run has no human at the table. Replace the entries in `_FACTORIES` as the
real controllers land.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.base import Controller
from ai.random_bot import RandomBot

_FACTORIES: dict[str, Callable[[], Controller]] = {
    "human": RandomBot,  # headless stand-in until the UI's input controller exists
    "ai:tactical": RandomBot,  # until ai/raiders.py lands
    "ai:horde": RandomBot,  # until ai/horde.py lands
}
CONTROLLERS = tuple(_FACTORIES)


def controller_for(name: str) -> Controller:
    """A new controller for a side's `controller` name (ValueError for an unknown one)."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown controller {name!r} (one of: {', '.join(CONTROLLERS)})")
    return factory()


__all__ = ["CONTROLLERS", "Controller", "RandomBot", "controller_for"]
