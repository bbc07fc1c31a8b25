"""Controllers that answer the engine's pending decisions with legal actions.

`controller_for(name, preset, level)` maps a scenario side's `controller` to a
Controller (ai/base.py): "ai:tactical" → `TacticalAI` (ai/tactical.py), "ai:horde" →
`HordeAI` (ai/horde.py), "human" → the tactical AI: headless (`main.py run`, `sim`,
autoplay) nobody sits at the table, so the side the scenario gives a player is
played as well as the AI can. Each plays at a level (ai/levels.py: easy, normal,
hard, or classic, the controllers as they were before the levels). The random bot
(ai/random_bot.py) and the passive bot are baselines chosen by name
(`--ai side=random`, game/ai_choice.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.base import Controller
from ai.horde import HordeAI
from ai.levels import LEVELS, split_choice
from ai.passive import PassiveBot
from ai.presets import preset_names
from ai.random_bot import RandomBot
from ai.tactical import TacticalAI

_FACTORIES: dict[str, Callable[..., Controller]] = {
    "human": TacticalAI,  # headless, the tactical AI plays the player's side
    "ai:tactical": TacticalAI,
    "ai:horde": HordeAI,
}
"""Controller name → class; each takes an optional preset and slider overrides."""
CONTROLLERS = tuple(_FACTORIES)


def controller_for(
    name: str, preset: str | None = None, level: str | None = None, **overrides: Any
) -> Controller:
    """A new controller for a side's `controller` name at a level (ai/levels.py;
    default: normal); ValueError for an unknown controller, level, preset or slider."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown controller {name!r} (one of: {', '.join(CONTROLLERS)})")
    return factory(preset, level, **overrides)


def levels_for(controller: str) -> list[str]:
    """The levels `controller_for(controller, level=…)` accepts."""
    if controller not in _FACTORIES:
        raise ValueError(f"unknown controller {controller!r} (one of: {', '.join(CONTROLLERS)})")
    return list(LEVELS)


def presets_for(controller: str) -> list[str]:
    """The named presets `controller_for(controller, preset=…)` accepts."""
    if controller not in _FACTORIES:
        raise ValueError(f"unknown controller {controller!r} (one of: {', '.join(CONTROLLERS)})")
    return preset_names()


__all__ = [
    "CONTROLLERS",
    "Controller",
    "HordeAI",
    "PassiveBot",
    "RandomBot",
    "TacticalAI",
    "controller_for",
    "levels_for",
    "presets_for",
    "split_choice",
]
