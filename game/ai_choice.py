"""Which controller plays each side: `controllers_for`, the one place a scenario's
sides get their controllers (`main.py run`, `sim`, `play`, the heat map, the
editor's test raid).

A side played at the table has no controller (None). A side named in `ai` (`--ai
side=NAME`) plays its scenario controller at a level, with a preset, or both
("hard", "cautious", "hard:cautious"; ai/levels.py), or a baseline bot by name
("random": ai/random_bot.py, "passive": ai/passive.py, a side that never acts)
whatever its controller. Every other side plays `ai.controller_for(side.controller)`
at the given default `level` ("human": the tactical AI stands in). The levels and
presets come from the `ai` package (`ai.levels_for`, `ai.presets_for`), so this
module never lists them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import overload

from ai import controller_for, levels_for, presets_for, split_choice
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


def level_names(controller: str) -> list[str]:
    """The levels the ai package offers for a controller."""
    return levels_for(controller)


def choices(controller: str) -> list[str]:
    """What `--ai side=NAME` accepts for a side with this controller (a level and a
    preset may also be joined: "hard:cautious")."""
    return [*level_names(controller), *preset_names(controller), *BASELINES]


def _split(controller: str, name: str) -> tuple[str | None, str | None]:
    return split_choice(name, preset_names(controller))


def ai_issue(scenario: Scenario, side: str, name: str) -> tuple[str, list[str]] | None:
    """None if `side=name` is valid; else ("side" | "preset", the valid names)."""
    sides = {s.id: s for s in scenario.side}
    if side not in sides:
        return "side", list(sides)
    controller = sides[side].controller
    if name in BASELINES:
        return None
    try:
        _split(controller, name)
    except ValueError:
        return "preset", choices(controller)
    return None


def make_controller(controller: str, name: str) -> Controller:
    """The controller for a side's `controller` with the level and/or preset, or the
    baseline, `name`."""
    if name in BASELINES and name not in preset_names(controller):
        return BASELINES[name]()
    level, preset = _split(controller, name)
    return controller_for(controller, preset=preset, level=level)


def human_sides(scenario: Scenario) -> list[str]:
    """The sides the scenario gives to people (controller "human")."""
    return [s.id for s in scenario.side if s.controller == "human"]


@overload
def controllers_for(
    scenario: Scenario, ai: Mapping[str, str] | None = None, *, level: str | None = None
) -> dict[str, Controller]: ...


@overload
def controllers_for(
    scenario: Scenario,
    ai: Mapping[str, str] | None = None,
    *,
    table: Collection[str],
    level: str | None = None,
) -> dict[str, Controller | None]: ...


def controllers_for(
    scenario: Scenario,
    ai: Mapping[str, str] | None = None,
    *,
    table: Collection[str] = (),
    level: str | None = None,
) -> dict[str, Controller | None] | dict[str, Controller]:
    """Side id → its controller, None for a side played at the `table`; `ai`: the
    levels, presets or baselines of some sides by id; `level`: the others' level
    (ai/levels.py; None: the default)."""
    chosen = ai or {}
    out: dict[str, Controller | None] = {}
    for side in scenario.side:
        if side.id in table:
            out[side.id] = None
        elif side.id in chosen:
            out[side.id] = make_controller(side.controller, chosen[side.id])
        else:
            out[side.id] = controller_for(side.controller, level=level)
    return out
