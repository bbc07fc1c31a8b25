"""Scenario files as raw data: the one reader of scenario files and TOML text, and
walking the raw tables (before, or without, the models).

Every problem is a `ScenarioError` whose line starts with the file as given:
`maps/refuge.toml: file not found`, `refuge.toml: toml: Invalid value (at line 3 …)`.
Regular files of at most `limits.SCENARIO_BYTES` only (game/files.py: a FIFO or a
device is refused before it is read), a byte-order mark dropped; lists and tables
nested at most `limits.MAX_DEPTH` deep.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from game import files, limits
from game.scenario import ScenarioError


def read_text(path: str | Path) -> str:
    """The text of a scenario file; ScenarioError (one line, starting with the path
    as given) when it cannot be read."""
    try:
        return files.read_text(path, limits.SCENARIO_BYTES)
    except files.FileProblem as exc:
        raise ScenarioError([f"{path}: {exc}"]) from None


def read_toml(text: str, filename: str) -> dict[str, Any]:
    """TOML text as raw data; ScenarioError naming the syntax error, or the limit
    the text goes beyond."""
    if len(text.encode("utf-8", "surrogatepass")) > limits.SCENARIO_BYTES:
        size = files.size_text(limits.SCENARIO_BYTES)
        raise ScenarioError([f"{filename}: larger than {size} (the limit)"])
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: toml: {exc}"]) from None
    except RecursionError:
        raise ScenarioError([f"{filename}: (file): {_deep()}"]) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise ScenarioError([f"{filename}: toml: {exc}"]) from None
    return data


def _deep() -> str:
    return f"lists and tables nested more than {limits.MAX_DEPTH} levels deep (the limit)"


def nesting_issue(raw: Any) -> str | None:
    """The reason when raw data nests deeper than the limit (None: it does not)."""
    return _deep() if files.depth(raw) > limits.MAX_DEPTH else None


def raw_items(raw: Any, key: str) -> list[tuple[int, dict[str, Any]]]:
    """The tables of an array of tables in raw TOML data, with their indices."""
    items = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(items, list):
        return []
    return [(i, item) for i, item in enumerate(items) if isinstance(item, dict)]


M = TypeVar("M", bound=BaseModel)


def parse_or_none(model: type[M], data: Any) -> M | None:
    """`data` as `model`, or None when it does not validate (the structure stage
    reports why)."""
    try:
        return model.model_validate(data)
    except ValidationError:
        return None
