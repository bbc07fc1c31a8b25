"""The one validation pipeline of scenario files: sizes → structure → geometry →
knobs → names. Every problem of a file in one run, each as `file: field.path:
reason` (`ScenarioError.errors`); never evaluates code.

0. sizes: nesting and the counted limits (game/limits.py) on the raw data; a file
   beyond them is checked no further (the later stages' cost grows with them);
1. structure: the format's models (game/scenario.py) — types, ranges, unknown fields;
2. geometry: polygons, ids, bases on the board and clear of terrain and each other
   (the bases' sizes from the profiles), deploy zones, watchtowers, key points;
3. knobs: the [knobs] overrides against the rules data;
4. names: profiles, weapons, armour, archetypes, inline stats, overwatch starters —
   against the rules data with the scenario's knobs applied (so knobs come first);
5. equipment: seed 002's items on the figures and each side's Truppwert against
   its declared budget (game/loading/equipment.py);
6. presets: a side's AI preset names one of the AI's (game/loading/presets.py).

Stages 2–4 run even when the structure is broken (on the parts that validate on
their own), so one run names a broken polygon and an unknown profile together.
`STAGES` is the registry of stages after the structure: a new check is a function
of `Checking` added there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.loading.equipment import equipment_issues
from game.loading.geometry import check_geometry
from game.loading.knobs import flat_knobs, knob_issues, with_knobs
from game.loading.names import name_issues, rules_radius
from game.loading.parts import ScenarioParts
from game.loading.presets import preset_issues
from game.loading.raw import nesting_issue, read_text, read_toml
from game.loading.sizes import size_issues
from game.loading.structure import dedupe, structure
from game.rules.loader import RulesData, load_rules
from game.scenario import Issue, RadiusLookup, Scenario, ScenarioError


@dataclass(frozen=True)
class Checking:
    """What the stages after the structure look at."""

    raw: dict[str, Any]
    parts: ScenarioParts
    rules: RulesData
    """The rules data the scenario is checked against."""
    applied: RulesData
    """The same with the scenario's [knobs] (as `rules` while the knobs are bad)."""
    radius: RadiusLookup


Stage = Callable[[Checking], Iterable[Issue]]


def _geometry(checking: Checking) -> list[Issue]:
    return check_geometry(checking.raw, checking.radius)


def _knobs(checking: Checking) -> list[Issue]:
    return knob_issues(checking.parts.knobs, checking.rules)


def _names(checking: Checking) -> list[Issue]:
    return name_issues(checking.parts, checking.applied)


def _equipment(checking: Checking) -> list[Issue]:
    return equipment_issues(checking.raw, checking.parts, checking.applied)


def _presets(checking: Checking) -> list[Issue]:
    return preset_issues(checking.raw)


STAGES: tuple[tuple[str, Stage], ...] = (
    ("geometry", _geometry),
    ("knobs", _knobs),
    ("names", _names),
    ("equipment", _equipment),
    ("presets", _presets),
)
"""The stages after the structure, in order (their problems are listed in it)."""


def scenario_from_data(
    raw: Any,
    filename: str = "<scenario>",
    *,
    rules: RulesData | None = None,
    base_radius: RadiusLookup | None = None,
) -> Scenario:
    """Raw scenario data (e.g. TOML just read) through every stage; ScenarioError
    listing every problem. `rules`: the rules data to check against (default: the
    game's); `base_radius` replaces the bases' sizes from the profiles."""
    if not isinstance(raw, dict):
        raise ScenarioError([f"{filename}: (file): not a table of sections"])
    deep = nesting_issue(raw)
    if deep is not None:
        raise ScenarioError([f"{filename}: (file): {deep}"])
    if "knobs" in raw:
        raw = {**raw, "knobs": flat_knobs(raw["knobs"])}
    too_big = size_issues(raw)
    if too_big:
        raise ScenarioError([f"{filename}: {path}: {reason}" for path, reason in too_big])
    model, issues = structure(raw)
    parts = ScenarioParts.of(model) if model is not None else ScenarioParts.salvage(raw)
    base = rules or load_rules()
    applied = with_knobs(base, parts.knobs) or base
    checking = Checking(raw, parts, base, applied, base_radius or rules_radius(applied))
    for _name, stage in STAGES:
        issues.extend(stage(checking))
    issues = dedupe(issues)
    if issues:
        raise ScenarioError([f"{filename}: {path}: {reason}" for path, reason in issues])
    assert model is not None
    return model


def parse_scenario(
    text: str,
    filename: str = "<scenario>",
    *,
    rules: RulesData | None = None,
    base_radius: RadiusLookup | None = None,
) -> Scenario:
    """Scenario TOML text through every stage; ScenarioError listing every problem."""
    raw = read_toml(text, filename)
    return scenario_from_data(raw, filename, rules=rules, base_radius=base_radius)


def load_scenario(
    path: str | Path,
    *,
    rules: RulesData | None = None,
    base_radius: RadiusLookup | None = None,
) -> Scenario:
    """A scenario file through every stage; ScenarioError listing every problem, each
    starting with the path as given."""
    return parse_scenario(read_text(path), str(path), rules=rules, base_radius=base_radius)
