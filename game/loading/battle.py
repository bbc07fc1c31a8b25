"""A layout that is a battle: what `main.py check` checks on top of the pipeline,
and what `run`, `sim`, `play` and `replay` need.

A layout that parses but is no battle yet (a refuge being drawn: no raid, or no
sides at all) keeps its parsed `layout` (`Checked`): the planner's overlays and the
map work on it. When the file does not parse, the two-sides problem is still listed
if the raw TOML shows it, so one run names every problem. `check` and the editor's
live validation both call `check_text` / `check_file`, so the editor lists exactly
the problems `check` prints.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from game.loading.pipeline import load_scenario, parse_scenario
from game.loading.raw import read_text
from game.rules.loader import RulesData
from game.scenario import Scenario, ScenarioError

MIN_SIDES = 2
"""A battle needs somebody to fight: with one side it would be over before it began.
(A layout with one side is still a valid scenario for the planner and the editor.)"""


def _too_few(found: int, filename: str) -> str:
    return f"{filename}: side: a battle needs at least {MIN_SIDES} sides (found {found})"


def require_battle(scenario: Scenario, filename: str) -> Scenario:
    """The scenario if it can be played as a battle, else ScenarioError."""
    found = len(scenario.side)
    if found < MIN_SIDES:
        raise ScenarioError([_too_few(found, filename)])
    return scenario


def load_battle(path: str | Path, *, rules: RulesData | None = None) -> Scenario:
    """`load_scenario`, and the scenario must be playable as a battle (run, sim, play)."""
    return require_battle(load_scenario(path, rules=rules), str(path))


def battle_problems(layout: Scenario, filename: str) -> list[str]:
    """What keeps a parsed layout from being played as a battle."""
    found = len(layout.side)
    return [_too_few(found, filename)] if found < MIN_SIDES else []


@dataclass(frozen=True)
class Checked:
    """The result of `check` on one file: its problems (each `FILE: field: reason`,
    as printed) and the parsed layout (None when the file does not parse)."""

    layout: Scenario | None
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """The file passes `check` (it can be played)."""
        return not self.problems


def _raw_side_problems(text: str, filename: str) -> list[str]:
    """The two-sides problem read from the raw TOML (for a file that does not parse)."""
    try:
        sides = tomllib.loads(text).get("side", [])
    except tomllib.TOMLDecodeError:
        return []
    found = len(sides) if isinstance(sides, list) else 0
    return [_too_few(found, filename)] if found < MIN_SIDES else []


def check_text(text: str, filename: str = "<scenario>") -> Checked:
    """Every check of `main.py check` on scenario text."""
    try:
        layout = parse_scenario(text, filename)
    except ScenarioError as exc:
        return Checked(None, (*exc.errors, *_raw_side_problems(text, filename)))
    return Checked(layout, tuple(battle_problems(layout, filename)))


def check_file(path: str | Path) -> Checked:
    """Every check of `main.py check` on a scenario file (problems start with the path
    as given; an unreadable file is one problem)."""
    try:
        text = read_text(path)
    except ScenarioError as exc:
        return Checked(None, tuple(exc.errors))
    return check_text(text, str(path))
