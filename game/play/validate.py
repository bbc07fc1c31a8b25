"""Scenario checks against the rules data (spec/SCENARIO.md, RULES.md §14–16).

The scenario models (game/scenario.py) check structure and geometry; this module
adds what needs the rules tables: profile, weapon, armour and archetype names of
figures, inline stats and raid rosters, the [knobs] overrides, overwatch starters
without a ranged weapon, and base sizes from the profiles (40 mm bases that
overlap). Importing it registers `rules_issues` with `register_parts_validator` (so
it also checks the parts of a file that does not validate as a whole); load
scenarios through `parse_checked` / `load_checked` to get the profiles' base radii
and nested [knobs] tables as well. Never evaluates code.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.play.profiles import InlineStatsError, inline_profile
from game.rules.loader import RulesData, RulesDataError, UnknownNameError, load_rules
from game.rules.profile import Profile
from game.scenario import (
    FigureSpec,
    InlineStats,
    Issue,
    PartsValidator,
    RadiusLookup,
    Scenario,
    ScenarioError,
    ScenarioParts,
    default_radius,
    register_parts_validator,
    scenario_from_data,
)

# kind -> the RulesData mapping that lists its valid names (in file order)
_TABLES = {
    "profile": "profiles",
    "weapon": "weapons",
    "armour": "armours",
    "archetype": "archetypes",
}


def _known(rules: RulesData, kind: str) -> list[str]:
    table: Mapping[str, Any] = getattr(rules, _TABLES[kind])
    return list(table)


def name_issue(rules: RulesData, kind: str, name: str, path: str) -> Issue | None:
    """An issue if `name` is not a `kind` of the rules data (naming the valid ones)."""
    try:
        rules.canonical(kind, name)
    except UnknownNameError:
        known = _known(rules, kind)
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f" — did you mean {close[0]!r}?" if close else ""
        return path, f"unknown {kind} {name!r}{hint} ({', '.join(known)})"
    return None


def _stats_issues(rules: RulesData, stats: InlineStats, path: str) -> list[Issue]:
    checks: list[tuple[str, str | None, str]] = [
        ("profile", stats.base, f"{path}.base"),
        ("armour", stats.armour, f"{path}.armour"),
        ("archetype", stats.archetype, f"{path}.archetype"),
    ]
    checks += [("weapon", w, f"{path}.weapons[{i}]") for i, w in enumerate(stats.weapons or [])]
    issues = [
        issue
        for kind, name, where in checks
        if name is not None and (issue := name_issue(rules, kind, name, where)) is not None
    ]
    if not issues:
        try:
            inline_profile(stats, rules)
        except InlineStatsError as exc:
            issues.append((f"{path}.{exc.field}", str(exc)))
        except (UnknownNameError, RulesDataError, ValueError, KeyError, IndexError) as exc:
            issues.append((path, f"cannot build the profile: {exc}"))
    return issues


def figure_issues(parts: ScenarioParts, rules: RulesData) -> list[Issue]:
    """Unknown names in figures (profile or inline stats); overwatch without a gun."""
    issues: list[Issue] = []
    for path, figure in parts.figures:
        if figure.profile is not None:
            issue = name_issue(rules, "profile", figure.profile, f"{path}.profile")
            if issue is not None:
                issues.append(issue)
                continue
        found = _stats_issues(rules, figure.stats, f"{path}.stats") if figure.stats else []
        issues += found
        if not found and figure.overwatch:
            issues += _overwatch_issues(rules, figure, path)
    return issues


def _overwatch_issues(rules: RulesData, figure: FigureSpec, path: str) -> list[Issue]:
    """A figure that starts in overwatch needs a ranged weapon (§6)."""
    profile = resolve_profile(rules, figure)
    ranged = [w for w in profile.weapons if rules.weapon(w).type == "ranged"]
    if ranged:
        return []
    weapons = ", ".join(profile.weapons) or "none"
    return [(f"{path}.overwatch", f"{figure.id} has no ranged weapon (weapons: {weapons})")]


def roster_issues(parts: ScenarioParts, rules: RulesData) -> list[Issue]:
    """Unknown profiles in raid rosters."""
    issues: list[Issue] = []
    for path, entry in parts.rosters:
        issue = name_issue(rules, "profile", entry.profile, f"{path}.profile")
        if issue is not None:
            issues.append(issue)
    return issues


def _knob_reason(exc: RulesDataError, value: Any) -> str:
    """The loader's reason; a bad value (not a bad name) is quoted first."""
    reason = exc.reason.split(" (after overrides ")[0]
    reason = reason[:1].lower() + reason[1:]
    return reason if exc.file == "overrides" else f"value {value!r}: {reason}"


def knob_issues(knobs: Mapping[str, Any], rules: RulesData) -> list[Issue]:
    """Bad [knobs] names or values, each by name; then the set as a whole."""
    issues: list[Issue] = []
    for name, value in knobs.items():
        try:
            rules.with_overrides({name: value})
        except RulesDataError as exc:
            issues.append((f"knobs.{name}", _knob_reason(exc, value)))
        except (UnknownNameError, ValueError, KeyError, TypeError) as exc:
            issues.append((f"knobs.{name}", str(exc)))
    if not issues and knobs:
        try:
            rules.with_overrides(knobs)
        except (RulesDataError, UnknownNameError, ValueError, KeyError, TypeError) as exc:
            issues.append(("knobs", str(exc)))
    return issues


def issues_against(parts: ScenarioParts, base: RulesData) -> list[Issue]:
    """Every rules-data problem of a scenario's parts against `base` (figures and
    rosters are checked with the scenario's knobs applied when those are good)."""
    issues = knob_issues(parts.knobs, base)
    rules = _with_knobs(base, parts.knobs) or base
    return issues + figure_issues(parts, rules) + roster_issues(parts, rules)


def rules_issues(parts: ScenarioParts) -> list[Issue]:
    """The registered hook: `issues_against` the default rules data."""
    return issues_against(parts, load_rules())


def parts_validator_for(rules: RulesData) -> PartsValidator:
    """A parts validator against other rules data (e.g. a sweep's overridden tables)."""

    def validate(parts: ScenarioParts) -> list[Issue]:
        return issues_against(parts, rules)

    return validate


register_parts_validator(rules_issues)


# -- base sizes from the profiles --------------------------------------------------


def resolve_profile(rules: RulesData, figure: FigureSpec) -> Profile:
    """The figure's resolved Profile (raises on unknown names)."""
    if figure.stats is not None:
        return inline_profile(figure.stats, rules)
    assert figure.profile is not None
    return rules.profile(figure.profile)


def rules_radius(rules: RulesData) -> RadiusLookup:
    """The radius hook for `parse_scenario`: the profile's base radius (§1.4);
    the 25/40 mm default where a name is unknown (that is reported elsewhere)."""

    def radius(figure: FigureSpec) -> float:
        try:
            return float(resolve_profile(rules, figure).base_radius)
        except (UnknownNameError, RulesDataError, ValueError, KeyError, IndexError):
            return default_radius(figure)

    return radius


def _with_knobs(rules: RulesData, knobs: Any) -> RulesData | None:
    """The rules with a scenario's knobs applied, or None when they are not valid."""
    if not isinstance(knobs, dict) or not knobs:
        return rules
    try:
        return rules.with_overrides(knobs)
    except (RulesDataError, UnknownNameError, ValueError, KeyError, TypeError):
        return None


def flat_knobs(knobs: Any) -> Any:
    """[knobs] with nested tables (TOML dotted keys such as `noise_radius.firearm = 40`,
    or a `[knobs.move]` table) as the dotted names the rules data knows."""
    if not isinstance(knobs, dict):
        return knobs
    out: dict[str, Any] = {}

    def walk(prefix: str, table: dict[str, Any]) -> None:
        for key, value in table.items():
            if isinstance(value, dict) and value:
                walk(f"{prefix}{key}.", value)
            else:
                out[f"{prefix}{key}"] = value

    walk("", knobs)
    return out


# -- loading with every check -------------------------------------------------------


def parse_checked(
    text: str,
    filename: str = "<scenario>",
    *,
    rules: RulesData | None = None,
) -> Scenario:
    """Parse scenario text with every check (rules names, knobs, profile base radii);
    raise ScenarioError listing all problems. `rules` defaults to the rules data.
    Nested [knobs] tables become dotted knob names (`flat_knobs`)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: toml: {exc}"]) from None
    if "knobs" in raw:
        raw["knobs"] = flat_knobs(raw["knobs"])
    base = rules or load_rules()
    applied = _with_knobs(base, raw.get("knobs")) or base
    extra = [parts_validator_for(rules)] if rules is not None else None
    return scenario_from_data(
        raw, filename, parts_validators=extra, base_radius=rules_radius(applied)
    )


def load_checked(path: str | Path, *, rules: RulesData | None = None) -> Scenario:
    """Read a scenario file with every check; raise ScenarioError listing all problems,
    each starting with the path as given."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([f"{path}: file not found"]) from None
    except UnicodeDecodeError:
        raise ScenarioError([f"{path}: not UTF-8 text"]) from None
    except IsADirectoryError:
        raise ScenarioError([f"{path}: is a directory, not a scenario file"]) from None
    except OSError as exc:
        raise ScenarioError([f"{path}: cannot read: {exc.strerror or exc}"]) from None
    return parse_checked(text, str(path), rules=rules)


MIN_SIDES = 2
"""A battle needs somebody to fight: with one side it would be over before it began.
(A layout with one side is still a valid scenario for the planner and the editor.)"""


def require_battle(scenario: Scenario, filename: str) -> Scenario:
    """The scenario if it can be played as a battle, else ScenarioError."""
    found = len(scenario.side)
    if found < MIN_SIDES:
        raise ScenarioError(
            [f"{filename}: side: a battle needs at least {MIN_SIDES} sides (found {found})"]
        )
    return scenario


def load_battle(path: str | Path, *, rules: RulesData | None = None) -> Scenario:
    """`load_checked`, and the scenario must be playable as a battle (run, sim, play)."""
    return require_battle(load_checked(path, rules=rules), str(path))
