"""Which controller plays a side in a batch: `--ai side=preset` checked and built.

A side named in `ai` plays its scenario controller with that preset, or a
baseline bot by name ("random": ai/random_bot.py, "passive": ai/passive.py, a side
that never acts) whatever its controller; a side
not named plays `ai.controller_for(side.controller)` as in `main.py run`. The
presets come from the `ai` package (`ai.presets_for`, ai/presets.toml), so this
module never lists them itself.
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
    baselines: dict[str, Callable[[], Controller]]


@cache
def _ai() -> _Ai:
    # lazy: every command checks --ai (game.cli._options) without loading the AI and the engine
    import ai

    baselines: dict[str, Callable[[], Controller]] = {
        bot.name: bot for bot in (ai.RandomBot, ai.PassiveBot)
    }
    return _Ai(ai.controller_for, ai.presets_for, baselines)


def _baselines() -> dict[str, Callable[[], Controller]]:
    return dict(_ai().baselines)


def preset_names(controller: str) -> list[str]:
    """The named presets the ai package offers for a controller (may be none)."""
    return _ai().presets_for(controller)


def choices(controller: str) -> list[str]:
    """What `--ai side=NAME` accepts for a side with this controller."""
    return [*preset_names(controller), *_baselines()]


def ai_issue(scenario: Scenario, side: str, name: str) -> tuple[str, list[str]] | None:
    """None if `side=name` is valid; else ("side" | "preset", the valid names)."""
    sides = {s.id: s for s in scenario.side}
    if side not in sides:
        return "side", list(sides)
    valid = choices(sides[side].controller)
    return None if name in valid else ("preset", valid)


def make_controller(controller: str, name: str) -> Controller:
    """The controller for a side's `controller` with the preset or baseline `name`."""
    baselines = _baselines()
    if name in baselines and name not in preset_names(controller):
        return baselines[name]()
    return _ai().controller_for(controller, preset=name)


def controllers_for(scenario: Scenario, ai: Mapping[str, str]) -> dict[str, Controller] | None:
    """Controllers for the sides named in `ai` (None: every side plays its default)."""
    if not ai:
        return None
    return {
        side.id: make_controller(side.controller, ai[side.id])
        for side in scenario.side
        if side.id in ai
    }
