"""Which controller plays each side: `controllers_for`, the one place a scenario's
sides get their controllers (`main.py run`, `sim`, `play`, the heat map, the
editor's test raid).

A side played at the table has no controller (None). A side named in `ai` (`--ai
side=NAME`) plays its scenario controller with that preset, or a baseline bot by
name ("random": ai/random_bot.py, "passive": ai/passive.py, a side that never acts)
whatever its controller. Every other side plays `ai.controller_for(side.controller)`
("human": the tactical AI stands in). The presets come from the `ai` package
(`ai.presets_for`, ai/presets.toml), so this module never lists them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import overload

from ai import controller_for, presets_for
from ai.base import Controller
from ai.passive import PassiveBot
from ai.random_bot import RandomBot
from game.scenario import Scenario

BASELINES: dict[str, Callable[[], Controller]] = {
    RandomBot.name: RandomBot,
    PassiveBot.name: PassiveBot,
}
"""Baseline bots by name: any side may be given one."""


def preset_names(controller: str) -> list[str]:
    """The named presets the ai package offers for a controller (may be none)."""
    return presets_for(controller)


def choices(controller: str) -> list[str]:
    """What `--ai side=NAME` accepts for a side with this controller."""
    return [*preset_names(controller), *BASELINES]


def ai_issue(scenario: Scenario, side: str, name: str) -> tuple[str, list[str]] | None:
    """None if `side=name` is valid; else ("side" | "preset", the valid names)."""
    sides = {s.id: s for s in scenario.side}
    if side not in sides:
        return "side", list(sides)
    valid = choices(sides[side].controller)
    return None if name in valid else ("preset", valid)


def make_controller(controller: str, name: str) -> Controller:
    """The controller for a side's `controller` with the preset or baseline `name`."""
    if name in BASELINES and name not in preset_names(controller):
        return BASELINES[name]()
    return controller_for(controller, preset=name)


def human_sides(scenario: Scenario) -> list[str]:
    """The sides the scenario gives to people (controller "human")."""
    return [s.id for s in scenario.side if s.controller == "human"]


@overload
def controllers_for(
    scenario: Scenario, ai: Mapping[str, str] | None = None
) -> dict[str, Controller]: ...


@overload
def controllers_for(
    scenario: Scenario, ai: Mapping[str, str] | None = None, *, table: Collection[str]
) -> dict[str, Controller | None]: ...


def controllers_for(
    scenario: Scenario, ai: Mapping[str, str] | None = None, *, table: Collection[str] = ()
) -> dict[str, Controller | None] | dict[str, Controller]:
    """Side id → its controller, None for a side played at the `table`; `ai`: the
    presets or baselines of some sides by id."""
    chosen = ai or {}
    out: dict[str, Controller | None] = {}
    for side in scenario.side:
        if side.id in table:
            out[side.id] = None
        elif side.id in chosen:
            out[side.id] = make_controller(side.controller, chosen[side.id])
        else:
            out[side.id] = controller_for(side.controller)
    return out
