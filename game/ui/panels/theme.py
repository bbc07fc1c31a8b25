"""Colours of the side panels: the Okabe–Ito palette (colour-blind safe, the default)
and a high-contrast alternative, by role. Meaning is never carried by colour alone:
every family of log line and every die result also has a shape (icons.py)."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

OKABE_ITO: dict[str, Colour] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
}


@dataclass(frozen=True, slots=True)
class Theme:
    """Named colours for panels (sides keep the table's colours and glyphs:
    game/ui/render/style.py)."""

    name: str
    background: Colour
    panel: Colour
    panel_alt: Colour
    border: Colour
    text: Colour
    dim: Colour
    accent: Colour
    success: Colour
    failure: Colour
    warning: Colour
    special: Colour
    info: Colour
    on_accent: Colour


_O = OKABE_ITO
THEMES: dict[str, Theme] = {
    "okabe-ito": Theme(
        name="okabe-ito",
        background=(24, 26, 30),
        panel=(34, 37, 43),
        panel_alt=(44, 48, 56),
        border=(78, 84, 96),
        text=(232, 232, 226),
        dim=(160, 162, 160),
        accent=_O["sky_blue"],
        success=_O["bluish_green"],
        failure=_O["vermillion"],
        warning=_O["orange"],
        special=_O["reddish_purple"],
        info=_O["sky_blue"],
        on_accent=(0, 0, 0),
    ),
    "high-contrast": Theme(
        name="high-contrast",
        background=(0, 0, 0),
        panel=(0, 0, 0),
        panel_alt=(30, 30, 30),
        border=(255, 255, 255),
        text=(255, 255, 255),
        dim=(215, 215, 215),
        accent=(255, 255, 0),
        success=(0, 230, 255),
        failure=(255, 140, 0),
        warning=(255, 255, 0),
        special=(255, 130, 255),
        info=(255, 255, 255),
        on_accent=(0, 0, 0),
    ),
}
DEFAULT_THEME = "okabe-ito"


def theme(name: str | None) -> Theme:
    """The theme of a palette name (the default for an unknown one)."""
    return THEMES.get(name or DEFAULT_THEME, THEMES[DEFAULT_THEME])
