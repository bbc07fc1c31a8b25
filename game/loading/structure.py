"""The structure stage: raw data against the format's models (game/scenario.py),
every problem as (field path, reason) in the file's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from game.scenario import Issue, Scenario, format_path

_MARKERS = ("int", "str", "float", "bool", "tuple[float, float]")
"""Union and tagged-type markers pydantic adds to an error's location."""


def structure(raw: dict[str, Any]) -> tuple[Scenario | None, list[Issue]]:
    """The scenario model, or None and every structural problem."""
    try:
        return Scenario.model_validate(raw), []
    except ValidationError as exc:
        return None, pydantic_issues(exc)


def pydantic_issues(exc: ValidationError) -> list[Issue]:
    """A validation error's problems: 'required field is missing', 'unknown field',
    or the model's own reason (a model check naming its field: '@open: …')."""
    issues: list[Issue] = []
    for err in exc.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        loc = [p for p in loc if p not in _MARKERS]
        kind = err["type"]
        if kind == "missing":
            reason = "required field is missing"
        elif kind == "extra_forbidden":
            reason = "unknown field"
        else:
            reason = str(err["msg"]).removeprefix("Value error, ")
            if reason.startswith("@"):  # a model check naming its field: "@open: ..."
                field, _, reason = reason[1:].partition(": ")
                loc.append(field)
            reason = reason[:1].lower() + reason[1:]
        issues.append((format_path(loc), reason))
    return dedupe(issues)


def dedupe(issues: Iterable[Issue]) -> list[Issue]:
    """The issues in order, each once."""
    return list(dict.fromkeys(issues))
