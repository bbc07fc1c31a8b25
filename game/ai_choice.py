"""Which controller plays a side in a batch: `--ai side=NAME` checked and built.

A side named in `ai` plays its scenario controller at a level, with a preset, or
both ("hard", "cautious", "hard:cautious"; ai/levels.py), or a baseline bot by
name ("random": ai/random_bot.py, "passive": ai/passive.py, a side that never
acts) whatever its controller; a side not named plays
`ai.controller_for(side.controller)` as in `main.py run`. The levels and presets
come from the `ai` package (`ai.levels_for`, `ai.presets_for`), so this module
never lists them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from game.scenario import Scenario

if TYPE_CHECKING:
    from ai.base import Controller


@dataclass(frozen=True, slots=True)
class _Ai:
    """What this module asks of the `ai` package."""

    controller_for: Callable[..., Controller]
    presets_for: Callable[[str], list[str]]
    levels_for: Callable[[str], list[str]]
    split_choice: Callable[[str, list[str]], tuple[str | None, str | None]]
    baselines: dict[str, Callable[[], Controller]]


@cache
def _ai() -> _Ai:
    # lazy: every command checks --ai (game.cli._options) without loading the AI and the engine
    import ai

    baselines: dict[str, Callable[[], Controller]] = {
        bot.name: bot for bot in (ai.RandomBot, ai.PassiveBot)
    }
    return _Ai(ai.controller_for, ai.presets_for, ai.levels_for, ai.split_choice, baselines)


def _baselines() -> dict[str, Callable[[], Controller]]:
    return dict(_ai().baselines)


def preset_names(controller: str) -> list[str]:
    """The named presets the ai package offers for a controller (may be none)."""
    return _ai().presets_for(controller)


def level_names(controller: str) -> list[str]:
    """The levels the ai package offers for a controller."""
    return _ai().levels_for(controller)


def choices(controller: str) -> list[str]:
    """What `--ai side=NAME` accepts for a side with this controller (a level and a
    preset may also be joined: "hard:cautious")."""
    return [*level_names(controller), *preset_names(controller), *_baselines()]


def _split(controller: str, name: str) -> tuple[str | None, str | None]:
    return _ai().split_choice(name, preset_names(controller))


def ai_issue(scenario: Scenario, side: str, name: str) -> tuple[str, list[str]] | None:
    """None if `side=name` is valid; else ("side" | "preset", the valid names)."""
    sides = {s.id: s for s in scenario.side}
    if side not in sides:
        return "side", list(sides)
    controller = sides[side].controller
    if name in _baselines():
        return None
    try:
        _split(controller, name)
    except ValueError:
        return "preset", choices(controller)
    return None


def make_controller(controller: str, name: str) -> Controller:
    """The controller for a side's `controller` with the level and/or preset, or the
    baseline, `name`."""
    baselines = _baselines()
    if name in baselines and name not in preset_names(controller):
        return baselines[name]()
    level, preset = _split(controller, name)
    return _ai().controller_for(controller, preset=preset, level=level)


def controllers_for(scenario: Scenario, ai: Mapping[str, str]) -> dict[str, Controller] | None:
    """Controllers for the sides named in `ai` (None: every side plays its default)."""
    if not ai:
        return None
    return {
        side.id: make_controller(side.controller, ai[side.id])
        for side in scenario.side
        if side.id in ai
    }
