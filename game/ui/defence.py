"""The defence overlays (issue #7): one registry entry each, read by the window's
toggle (D), the editor's defence tab, the printed map, `main.py map --overlay` and
the legends.

An `Overlay` names how its geometry is computed from a game (None: it is handed in,
like the heat map of simulated raids), how it is drawn and what its legend says.
`OVERLAYS` lists them in drawing order. Adding an overlay:

1. its geometry: a module in game/overlays/ (pure, no pygame) with a function of
   the `Game`;
2. its look: a `draw_…(surface, camera, value, look)` and a `…_legend(value, look)`
   in game/ui/overlay_draw.py;
3. its entry in `OVERLAYS` below (name, editor key, the three functions, a sample
   for the editor's toggle);
4. its catalogue strings, English and German: `planner.overlay.<name>` (its name),
   `editor.defence.<name>` and `editor.defence.<name>_tip` (the editor's toggle),
   and its legend lines.

tests/ui/test_defence_registry.py checks every entry against these.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import Game
from game.overlays.dead_ground import game_dead_ground
from game.overlays.fields_of_fire import FieldsOfFire, game_fields_of_fire
from game.overlays.threat import threats
from game.ui.camera import Camera
from game.ui.overlay_draw import (
    DEAD,
    FIRE_NORMAL,
    HEAT_COLOUR,
    HEAT_GLYPH,
    HEAT_STYLE,
    THREAT,
    LegendEntry,
    Look,
    dead_legend,
    draw_dead,
    draw_fire,
    draw_heat,
    draw_threat,
    fire_legend,
    heat_legend,
    threat_legend,
)
from game.ui.render.style import Palette


@dataclass(frozen=True, slots=True)
class Overlay:
    """One defence overlay: its name (`--overlay NAME`, its catalogue keys), the
    editor's key for it, how it is computed, drawn and explained."""

    name: str
    key: str
    """The editor's key that shows and hides it ("1" …)."""
    compute: Callable[[Game], Any] | None
    """The overlay of a game as it stands; None: handed in (made elsewhere)."""
    draw: Callable[[pygame.Surface, Camera, Any, Look], None]
    legend: Callable[[Any, Look], list[LegendEntry]]
    sample: LegendEntry
    """The little sample beside the editor's toggle."""


OVERLAYS: tuple[Overlay, ...] = (
    Overlay(
        "fire",
        "1",
        game_fields_of_fire,
        draw_fire,
        fire_legend,
        LegendEntry("fire", "", "area", FIRE_NORMAL),
    ),
    Overlay(
        "dead",
        "2",
        game_dead_ground,
        draw_dead,
        dead_legend,
        LegendEntry("dead", "", "area", DEAD),
    ),
    Overlay(
        "heat",
        "4",
        None,  # from simulated raids: game/overlays/heat_raids.py
        draw_heat,
        heat_legend,
        LegendEntry(
            "heat",
            "",
            "heat",
            HEAT_STYLE["attackers"],
            HEAT_COLOUR["attackers"],
            HEAT_GLYPH["attackers"],
        ),
    ),
    Overlay(
        "threat",
        "3",
        threats,
        draw_threat,
        threat_legend,
        LegendEntry("threat", "", "line", None, THREAT),
    ),
)
"""Every defence overlay, in drawing order."""


class RegistryError(RuntimeError):
    """Two overlays with one name or one key (a bug: the window does not start)."""


def checked(overlays: Sequence[Overlay]) -> dict[str, Overlay]:
    """The overlays by name; RegistryError for a name or a key given twice, or a key
    that is not one character."""
    for what, values in (("name", [o.name for o in overlays]), ("key", [o.key for o in overlays])):
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise RegistryError(f"overlay {what} given twice: {', '.join(twice)}")
    bad = [o.name for o in overlays if len(o.key) != 1]
    if bad:
        raise RegistryError(f"overlay key not one character: {', '.join(bad)}")
    return {o.name: o for o in overlays}


BY_NAME = checked(OVERLAYS)
OVERLAY_NAMES = tuple(BY_NAME)
COMPUTED = tuple(o.name for o in OVERLAYS if o.compute is not None)
"""The overlays computed from the game (the others are handed in)."""


class UnknownOverlay(ValueError):
    """An overlay name that is not one of OVERLAY_NAMES."""


def overlay(name: str) -> Overlay:
    """The registry entry of `name`; UnknownOverlay for a name not registered."""
    found = BY_NAME.get(name)
    if found is None:
        raise UnknownOverlay(name)
    return found


class DefenceOverlays(Mapping[str, Any]):
    """The overlays at hand, by name (computed, or handed in); an overlay not at hand
    is not shown. `DefenceOverlays(fire=…, heat=…)`; None values are left out."""

    def __init__(self, values: Mapping[str, Any] | None = None, /, **named: Any) -> None:
        given = {**(values or {}), **named}
        for name in given:
            overlay(name)
        self._values = {n: given[n] for n in OVERLAY_NAMES if given.get(n) is not None}

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def shown(self) -> list[str]:
        """The names of the overlays at hand, in drawing order."""
        return list(self._values)

    @property
    def fire(self) -> FieldsOfFire | None:
        """The fields of fire (the map names each defender's; the editor highlights
        the selected one's)."""
        fire: FieldsOfFire | None = self._values.get("fire")
        return fire


def parse_names(text: str) -> list[str]:
    """'fire,threat' → ['fire', 'threat'] (in drawing order, no repeats); 'all' →
    every overlay; '' or 'none' → none (terrain only); UnknownOverlay names the bad one."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names or names == ["none"]:
        return []
    if names == ["all"]:
        return list(OVERLAY_NAMES)
    for name in names:
        overlay(name)
    return [n for n in OVERLAY_NAMES if n in names]


def compute_overlays(
    game: Game, names: Collection[str], given: Mapping[str, Any] | None = None
) -> DefenceOverlays:
    """The overlays named, for the game as it stands: computed, or taken from `given`
    (an overlay handed in, e.g. {"heat": heat_map}) — left out when not given."""
    values: dict[str, Any] = {}
    for name in names:
        entry = overlay(name)
        if entry.compute is not None:
            values[name] = entry.compute(game)
        elif given is not None:
            values[name] = given.get(name)
    return DefenceOverlays(values)


def _board_clip(surface: pygame.Surface, camera: Camera) -> pygame.Rect:
    clip = surface.get_clip() or surface.get_rect()
    return clip.clip(pygame.Rect(camera.board_rect()))


def draw_overlays(
    surface: pygame.Surface,
    camera: Camera,
    overlays: DefenceOverlays,
    shown: Collection[str] | None = None,
    *,
    each_field: bool = False,
    palette: Palette | None = None,
) -> None:
    """The overlays at hand (and named in `shown`), in drawing order, clipped to the
    table (drawn in `palette`); `each_field`: every defender's field outlined too
    (the printed map)."""
    look = Look(palette, each_field)
    old = surface.get_clip()
    surface.set_clip(_board_clip(surface, camera))
    try:
        for name, value in overlays.items():
            if shown is None or name in shown:
                BY_NAME[name].draw(surface, camera, value, look)
    finally:
        surface.set_clip(old)


def legend_entries(
    overlays: DefenceOverlays,
    shown: Collection[str] | None = None,
    *,
    each_field: bool = False,
    own: str | None = None,
    palette: Palette | None = None,
) -> list[LegendEntry]:
    """The legend lines of the overlays at hand, for a table in `palette`
    (`each_field`: the defenders' own outlines; `own`: the name of the defender
    whose field is highlighted)."""
    look = Look(palette, each_field, own)
    out: list[LegendEntry] = []
    for name, value in overlays.items():
        if shown is None or name in shown:
            out += BY_NAME[name].legend(value, look)
    return out
