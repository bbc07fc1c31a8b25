"""The knobs stage: a scenario's [knobs] overrides against the rules data, each
bad name or value by its name, then the set as a whole (RULES.md: every tuning knob
lives in game/rules/data/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.loader import RulesData, RulesDataError, UnknownNameError
from game.scenario import Issue

_BAD_OVERRIDES = (RulesDataError, UnknownNameError, ValueError, KeyError, TypeError)
"""What applying overrides to the rules data raises for a bad name or value."""


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
        except _BAD_OVERRIDES as exc:
            issues.append(("knobs", str(exc)))
    return issues


def with_knobs(rules: RulesData, knobs: Any) -> RulesData | None:
    """The rules with a scenario's knobs applied, or None when they are not valid."""
    if not isinstance(knobs, dict) or not knobs:
        return rules
    try:
        return rules.with_overrides(knobs)
    except _BAD_OVERRIDES:
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
