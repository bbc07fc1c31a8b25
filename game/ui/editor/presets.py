"""What the palette offers (no pygame here): refuge module and terrain presets, the
kinds a polygon can be drawn as, the defenders' profiles and a raid's default
roster."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.loader import RulesData
from game.ui.editor.geometry import Point, rect, rotate, snap_point, translate

DRAW_TERRAIN = (
    "wall",
    "building",
    "low_wall",
    "wreck",
    "rubble",
    "hedge",
    "fence",
    "crates",
    "smoke",
)
"""Terrain kinds a polygon can be drawn as (docs/SCENARIO.md's terrain kinds; a barricade
is drawn as the refuge module; burning zones only come up during play)."""
DRAW_MODULES = (
    "barricade",
    "gate",
    "watchtower",
    "minefield",
    "shelter",
    "storage",
    "arsenal",
    "infirmary",
    "radio",
)
"""Refuge modules a polygon can be drawn as (a barricade is the refuge's wall)."""


def layer_of(kind: str) -> str:
    """Where a drawn kind goes: `module` for refuge modules, else `terrain`."""
    return "module" if kind in DRAW_MODULES else "terrain"


@dataclass(frozen=True, slots=True)
class Preset:
    """A piece dropped in one click: its kind, outline (lower-left corner at 0, 0)
    and extra fields."""

    key: str
    layer: str
    kind: str
    outline: tuple[Point, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def placed(self, at: Point, turns: int = 0, snapped: bool = True) -> list[Point]:
        """The outline turned `turns` quarter turns and centred on `at` (the lower-left
        corner on the grid when snapping)."""
        pts = rotate(self.outline, 90.0 * (turns % 4))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        corner = (at[0] - w / 2, at[1] - h / 2)
        if snapped:
            corner = snap_point(corner)
        return translate(pts, corner[0] - min(xs), corner[1] - min(ys))


PRESETS: tuple[Preset, ...] = (
    Preset("wall", "terrain", "wall", tuple(rect(0, 0, 20, 1))),
    Preset("barricade", "module", "barricade", tuple(rect(0, 0, 8, 1))),
    Preset("gate", "module", "gate", tuple(rect(0, 0, 8, 1)), {"open": False}),
    Preset("watchtower", "module", "watchtower", tuple(rect(0, 0, 7, 7))),
    Preset("minefield", "module", "minefield", tuple(rect(0, 0, 18, 9))),
    Preset("storage", "module", "storage", tuple(rect(0, 0, 8, 8))),
    Preset("shelter", "module", "shelter", tuple(rect(0, 0, 14, 12))),
    Preset(
        "ruin",
        "terrain",
        "building",
        ((0, 0), (20, 0), (20, 8), (10, 8), (10, 20), (0, 20)),
    ),
    Preset("crates", "terrain", "crates", tuple(rect(0, 0, 5, 4))),
    Preset("wreck", "terrain", "wreck", tuple(rect(0, 0, 8, 4))),
)
PRESET_BY_KEY = {p.key: p for p in PRESETS}

ROSTERS: dict[str, list[dict[str, Any]]] = {
    "infected": [
        {"profile": "Shambler", "weight": 6},
        {"profile": "Runner", "weight": 2},
        {"profile": "Brute", "weight": 1},
    ],
    "raiders": [
        {"profile": "Raider", "weight": 6},
        {"profile": "Raider marksman", "weight": 2},
        {"profile": "Raider veteran", "weight": 2},
        {"profile": "Raider boss", "weight": 1},
    ],
}
"""A new raid's roster by threat (the shipped scenarios' mixes)."""
CONTROLLERS = {"infected": "ai:horde", "raiders": "ai:tactical"}
GOALS = {"infected": "shelter", "raiders": "storage"}
"""The module kind a threat goes for (docs/RULES.md §12)."""
WAVES = ("1W3+1", "1W3", 1, 2, 3, 4, 5)
"""Wave counts offered (besides the rules' default)."""


def defender_profiles(rules: RulesData) -> list[str]:
    """The pre-generated defenders and the militia (docs/RULES.md §15), in rules order."""
    return [name for name, p in rules.profiles.items() if p.faction == "defenders"]


def squad_for(rules: RulesData, profile: str) -> str:
    """The squad a new defender joins: core figures `core`, extras `militia`."""
    return "core" if rules.profile(profile).core else "militia"
