"""What `main.py check` checks, in one place: the format, the geometry and the names
in the rules data (`game.play.validate.parse_checked`), and that the file can be
played as a battle (`require_battle`: two sides at least). `check` and the
editor's live validation both call `check_text` / `check_file`, so the editor
lists exactly the problems `check` prints.

A layout that parses but is no battle yet (a refuge being drawn: no raid, or no
sides at all) keeps its parsed `layout`: the planner's overlays and the map work on
it. When the file does not parse, the two-sides problem is still listed if the raw
TOML shows it, so one run names every problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.play.validate import MIN_SIDES, load_checked, parse_checked, require_battle
from game.scenario import Scenario, ScenarioError


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


def battle_problems(layout: Scenario, filename: str) -> list[str]:
    """What keeps a parsed layout from being played as a battle."""
    try:
        require_battle(layout, filename)
    except ScenarioError as exc:
        return list(exc.errors)
    return []


def _raw_side_problems(text: str | None, filename: str) -> list[str]:
    """The two-sides problem read from the raw TOML (for a file that does not parse)."""
    if text is None:
        return []
    try:
        sides = tomllib.loads(text).get("side", [])
    except tomllib.TOMLDecodeError:
        return []
    found = len(sides) if isinstance(sides, list) else 0
    if found >= MIN_SIDES:
        return []
    return [f"{filename}: side: a battle needs at least {MIN_SIDES} sides (found {found})"]


def _checked(parse: Callable[[], Scenario], text: Callable[[], str | None], name: str) -> Checked:
    try:
        layout = parse()
    except ScenarioError as exc:
        return Checked(None, (*exc.errors, *_raw_side_problems(text(), name)))
    return Checked(layout, tuple(battle_problems(layout, name)))


def check_text(text: str, filename: str = "<scenario>") -> Checked:
    """Every check of `main.py check` on scenario text."""
    return _checked(lambda: parse_checked(text, filename), lambda: text, filename)


def check_file(path: str | Path) -> Checked:
    """Every check of `main.py check` on a scenario file (problems start with the path
    as given; an unreadable file is one problem)."""

    def read() -> str | None:
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    return _checked(lambda: load_checked(path), read, str(path))
