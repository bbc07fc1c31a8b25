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

from dataclasses import dataclass
from pathlib import Path

from game.loading.knobs import with_knobs
from game.loading.names import rules_radius
from game.loading.pipeline import load_scenario, parse_scenario
from game.loading.playable import playability_issues
from game.loading.raw import read_text, read_toml
from game.rules.loader import RulesData, load_rules
from game.scenario import Scenario, ScenarioError, one_line

MIN_SIDES = 2
"""A battle needs somebody to fight: with one side it would be over before it began.
(A layout with one side is still a valid scenario for the planner and the editor.)"""


def _too_few(found: int, filename: str) -> str:
    return f"{filename}: side: a battle needs at least {MIN_SIDES} sides (found {found})"


def require_battle(
    scenario: Scenario, filename: str, *, rules: RulesData | None = None
) -> Scenario:
    """The scenario if it can be played as a battle, else ScenarioError."""
    problems = battle_problems(scenario, filename, rules=rules)
    if problems:
        raise ScenarioError(problems)
    return scenario


def load_battle(path: str | Path, *, rules: RulesData | None = None) -> Scenario:
    """`load_scenario`, and the scenario must be playable as a battle (run, sim, play)."""
    return require_battle(load_scenario(path, rules=rules), str(path), rules=rules)


def battle_problems(
    layout: Scenario, filename: str, *, rules: RulesData | None = None
) -> list[str]:
    """What keeps a parsed layout from being played as a battle: fewer than two
    sides, or the playability stage's problems (game/loading/playable.py)."""
    found = len(layout.side)
    if found < MIN_SIDES:
        return [_too_few(found, filename)]
    base = rules or load_rules()
    applied = with_knobs(base, layout.knobs) or base
    issues = playability_issues(layout, applied, rules_radius(applied))
    return [one_line(f"{filename}: {path}: {reason}") for path, reason in issues]


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
        sides = read_toml(text, filename).get("side", [])
    except ScenarioError:
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
