"""The presets stage: a side's `ai = { preset = … }` names one of the AI's presets
(ai/presets.toml), so a file `check` passes never fails when its controller is made.

The names are read from the AI package's data file without importing the package:
importing `ai` loads the engine and its kernels, which `check` never needs
(tests/test_startup.py). tests/ai/test_presets.py holds these names equal to
`ai.presets.preset_names()`.
"""

from __future__ import annotations

import importlib.util
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from game.loading.raw import raw_items
from game.scenario import Issue

PRESETS_FILE = "presets.toml"


@cache
def preset_names() -> tuple[str, ...]:
    """The AI's preset names, in file order (none when the AI package is missing)."""
    spec = importlib.util.find_spec("ai")  # where the package is; it is not run
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        path = Path(folder) / PRESETS_FILE
        if path.is_file():
            with path.open("rb") as fh:
                return tuple(tomllib.load(fh))
    return ()


def preset_issues(raw: dict[str, Any]) -> list[Issue]:
    """Sides whose `ai.preset` is not one of the AI's presets."""
    names = preset_names()
    issues: list[Issue] = []
    for s, side in raw_items(raw, "side"):
        table = side.get("ai")
        preset = table.get("preset") if isinstance(table, dict) else None
        if isinstance(preset, str) and names and preset not in names:
            reason = f"unknown preset {preset!r} ({', '.join(names)})"
            issues.append((f"side[{s}].ai.preset", reason))
    return issues
