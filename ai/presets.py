"""The AI's behaviour sliders and their named presets (data: ai/presets.toml).

Four sliders from 0 to 1, as in Wesnoth's RCA AI and MegaMek's Princess:
aggression, self_preservation, herding and bravery. A side gets them from its
scenario table (`ai = { preset = "cautious", aggression = 0.7 }`), from the
command line (`--ai side=preset`) or programmatically (`sliders("reckless")`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

PRESETS_FILE = Path(__file__).with_name("presets.toml")
PRESET_KEY = "preset"


@dataclass(frozen=True, slots=True)
class Sliders:
    """How an AI side weighs its options (each 0 … 1)."""

    aggression: float = 0.5
    self_preservation: float = 0.5
    herding: float = 0.5
    bravery: float = 0.5
    preset: str = "balanced"


SLIDER_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Sliders) if f.name != PRESET_KEY)


def _slider_value(name: str, value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{where}: slider {name!r} must be a number from 0 to 1, not {value!r}")
    if not 0.0 <= float(value) <= 1.0:
        raise ValueError(f"{where}: slider {name!r} must lie between 0 and 1 (got {value})")
    return float(value)


@cache
def presets() -> dict[str, Sliders]:
    """Every named preset, in file order (the first is the default)."""
    with PRESETS_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    out: dict[str, Sliders] = {}
    for name, table in data.items():
        where = f"{PRESETS_FILE.name}: [{name}]"
        if not isinstance(table, dict):
            raise ValueError(f"{where}: a preset is a table of sliders")
        unknown = sorted(set(table) - set(SLIDER_NAMES))
        if unknown:
            raise ValueError(f"{where}: unknown slider(s) {', '.join(unknown)}")
        missing = sorted(set(SLIDER_NAMES) - set(table))
        if missing:
            raise ValueError(f"{where}: missing slider(s) {', '.join(missing)}")
        values = {k: _slider_value(k, v, where) for k, v in table.items()}
        out[name] = Sliders(**values, preset=name)
    if not out:
        raise ValueError(f"{PRESETS_FILE.name}: no presets")
    return out


def preset_names() -> list[str]:
    """The preset names, the default first."""
    return list(presets())


def default_preset() -> str:
    return preset_names()[0]


def sliders(preset: str | None = None, **overrides: Any) -> Sliders:
    """A preset (default: the first) with single sliders overridden; ValueError
    names the valid presets or sliders when one is unknown."""
    table = presets()
    name = preset or default_preset()
    if name not in table:
        raise ValueError(f"unknown AI preset {name!r} (one of: {', '.join(table)})")
    unknown = sorted(set(overrides) - set(SLIDER_NAMES))
    if unknown:
        raise ValueError(
            f"unknown AI slider(s) {', '.join(unknown)} (sliders: {', '.join(SLIDER_NAMES)})"
        )
    base = table[name]
    values = {k: float(getattr(base, k)) for k in SLIDER_NAMES}
    values.update({k: _slider_value(k, v, "ai") for k, v in overrides.items()})
    return Sliders(**values, preset=name)


def sliders_from_table(table: Mapping[str, Any] | None) -> Sliders:
    """The sliders a scenario side's `ai` table asks for (None or {}: the default)."""
    if not table:
        return sliders()
    data = dict(table)
    preset = data.pop(PRESET_KEY, None)
    if preset is not None and not isinstance(preset, str):
        raise ValueError(f"ai.preset must be a preset name, not {preset!r}")
    return sliders(preset, **data)


def side_table(scenario: Any, side: str) -> Mapping[str, Any] | None:
    """The `ai` table of a side in a scenario (None when it has none)."""
    for spec in getattr(scenario, "side", ()):
        if getattr(spec, "id", None) == side:
            table = getattr(spec, "ai", None)
            if table is None:
                return None
            if hasattr(table, "model_dump"):
                dumped: dict[str, Any] = table.model_dump(exclude_none=True)
                return dumped
            return dict(table)
    return None
