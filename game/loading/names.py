"""The names stage: what a scenario names in the rules data (docs/SCENARIO.md,
docs/RULES.md §14–16) — profile, weapon, armour and archetype names of figures, inline
stats and raid rosters, overwatch starters without a ranged weapon — and the base
sizes of the figures' profiles (§1.4) for the geometry stage."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from game.loading.geometry import default_radius
from game.loading.parts import ScenarioParts
from game.play.profiles import InlineStatsError, figure_profile, inline_profile
from game.rules.equipment import EquipmentError
from game.rules.loader import RulesData, RulesDataError, UnknownNameError
from game.scenario import FigureSpec, InlineStats, Issue, RadiusLookup

# kind -> the RulesData mapping that lists its valid names (in file order)
_TABLES = {
    "profile": "profiles",
    "weapon": "weapons",
    "armour": "armours",
    "archetype": "archetypes",
}
_NO_PROFILE = (UnknownNameError, RulesDataError, ValueError, KeyError, IndexError)
"""What building a figure's profile raises for a name or number the rules refuse."""


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
        except _NO_PROFILE as exc:
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
    try:
        profile = figure_profile(figure, rules)
    except EquipmentError:
        return []  # the equipment stage says what is wrong with its items
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


def name_issues(parts: ScenarioParts, rules: RulesData) -> list[Issue]:
    """Every unknown name of the figures and rosters (`rules`: with the scenario's
    knobs applied)."""
    return figure_issues(parts, rules) + roster_issues(parts, rules)


def rules_radius(rules: RulesData) -> RadiusLookup:
    """Base radii from the profiles (§1.4); the 25/40 mm default where a name is
    unknown (the names stage reports that)."""

    def radius(figure: FigureSpec) -> float:
        try:
            return float(figure_profile(figure, rules).base_radius)
        except _NO_PROFILE:
            return default_radius(figure)

    return radius
