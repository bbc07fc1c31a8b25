"""Scenario files as raw data: the one reader of scenario files and TOML text, and
walking the raw tables (before, or without, the models).

Every problem is a `ScenarioError` whose line starts with the file as given:
`maps/refuge.toml: file not found`, `refuge.toml: toml: Invalid value (at line 3 …)`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from game.scenario import ScenarioError


def read_text(path: str | Path) -> str:
    """The text of a scenario file; ScenarioError (one line, starting with the path
    as given) when it cannot be read."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([f"{path}: file not found"]) from None
    except UnicodeDecodeError:
        raise ScenarioError([f"{path}: not UTF-8 text"]) from None
    except IsADirectoryError:
        raise ScenarioError([f"{path}: is a directory, not a scenario file"]) from None
    except OSError as exc:
        raise ScenarioError([f"{path}: cannot read: {exc.strerror or exc}"]) from None


def read_toml(text: str, filename: str) -> dict[str, Any]:
    """TOML text as raw data; ScenarioError naming the syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: toml: {exc}"]) from None


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
