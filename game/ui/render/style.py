"""Colours and patterns: the Okabe-Ito palette for sides and overlays, a fill,
hatching and outline per terrain kind (so kinds differ without colour too).

Two palettes (the settings' "palette"): "okabe-ito" (the default) and
"high-contrast" — black and white chrome, a darker table, white outlines on every
solid piece. `use_palette(name)` switches the module's colours; the drawing code
reads them as `style.NAME` when it draws, and the cached pictures key on
`PALETTE`.

The table itself (its colours and how terrain is drawn on it) is also a `Palette`
object for the drawing code that draws in more than one: the printed map passes
`palette("print")` (a white table, lighter terrain fills) to the terrain layer and
the overlays, which draw with `screen()` (the palette in use) when given none. No
module changes these colours but `use_palette`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.board.terrain import TerrainKind

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Okabe & Ito (2008), a palette told apart with every common colour-vision deficiency.
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)

SIDE_COLOURS: tuple[RGB, ...] = (SKY, ORANGE, GREEN, PURPLE, YELLOW, VERMILLION, BLUE)
SIDE_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "hexagon", "star")

BACKGROUND: RGB = (24, 26, 30)
TABLE: RGB = (74, 78, 70)
TABLE_GRID: RGB = (84, 88, 80)
TABLE_EDGE: RGB = (14, 14, 16)
PANEL: RGB = (34, 37, 42)
PANEL_EDGE: RGB = (60, 64, 72)
TEXT: RGB = (232, 232, 228)
TEXT_DIM: RGB = (150, 154, 160)
INK: RGB = (18, 18, 20)
# the status line, the action bar and its buttons
BAR: RGB = (30, 32, 36)
BUTTON: RGB = (54, 58, 66)
BUTTON_EDGE: RGB = (96, 100, 110)
BUTTON_HOVER: RGB = (66, 72, 82)
BUTTON_ACTIVE: RGB = (70, 96, 120)
BUTTON_OFF: RGB = (44, 46, 50)
BUTTON_OFF_EDGE: RGB = (70, 72, 78)
HINT: RGB = YELLOW
"""The hint on the status line while the player has a decision to make."""

# overlays
REACH: RGB = GREEN
PATH: RGB = WHITE
PATH_BEYOND: RGB = (150, 150, 150)
SIGHT_CLEAR: RGB = SKY
SIGHT_LIGHT: RGB = YELLOW
SIGHT_HEAVY: RGB = ORANGE
SIGHT_BLOCKED: RGB = VERMILLION
SELECT: RGB = WHITE
ELIGIBLE: RGB = YELLOW
NOISE: RGB = YELLOW
TEMPLATE: RGB = VERMILLION


@dataclass(frozen=True, slots=True)
class TerrainStyle:
    """How one kind of terrain is drawn."""

    fill: RGBA
    hatch: str  # none | diag | back | cross | horiz | vert | dots | grid | zigzag | rings | x
    ink: RGBA
    outline: RGB
    width: int = 1
    spacing: int = 8
    dashed: bool = False


K = TerrainKind
TERRAIN: dict[TerrainKind, TerrainStyle] = {
    K.WALL: TerrainStyle((28, 28, 30, 255), "none", (0, 0, 0, 0), (8, 8, 8), 1),
    K.BUILDING: TerrainStyle((96, 84, 76, 255), "cross", (58, 48, 42, 255), (30, 26, 22), 2, 9),
    K.GATE: TerrainStyle((128, 90, 52, 255), "vert", (70, 46, 22, 255), (30, 20, 10), 2, 4),
    K.BARRICADE: TerrainStyle((146, 104, 62, 255), "diag", (86, 56, 28, 255), (40, 26, 12), 2, 5),
    K.LOW_WALL: TerrainStyle((156, 154, 144, 255), "horiz", (96, 96, 90, 255), (50, 50, 46), 1, 4),
    K.WRECK: TerrainStyle((104, 108, 124, 255), "x", (62, 64, 80, 255), (34, 36, 46), 2, 8),
    K.RUBBLE: TerrainStyle((128, 118, 102, 210), "dots", (70, 62, 50, 255), (80, 72, 60), 1, 6),
    K.HEDGE: TerrainStyle((58, 112, 60, 230), "rings", (26, 70, 30, 255), (24, 60, 26), 1, 7),
    K.FENCE: TerrainStyle((150, 140, 110, 140), "vert", (92, 82, 62, 255), (92, 82, 62), 1, 6),
    K.CRATES: TerrainStyle((168, 132, 80, 255), "grid", (98, 72, 38, 255), (60, 44, 22), 1, 6),
    K.SMOKE: TerrainStyle(
        (210, 210, 214, 120), "dots", (240, 240, 240, 180), (190, 190, 196), 1, 9
    ),
    K.BURNING: TerrainStyle((213, 94, 0, 150), "zigzag", (240, 228, 66, 220), VERMILLION, 2, 7),
    K.WATCHTOWER: TerrainStyle((118, 94, 70, 255), "back", (80, 60, 40, 255), (30, 22, 14), 2, 5),
    K.MINEFIELD: TerrainStyle((110, 96, 40, 90), "x", (200, 180, 60, 200), YELLOW, 1, 10, True),
    K.ARSENAL: TerrainStyle((86, 180, 233, 45), "none", (0, 0, 0, 0), SKY, 2, 8, True),
    K.INFIRMARY: TerrainStyle((255, 255, 255, 40), "none", (0, 0, 0, 0), WHITE, 2, 8, True),
    K.RADIO: TerrainStyle((0, 158, 115, 50), "none", (0, 0, 0, 0), GREEN, 2, 8, True),
    K.STORAGE: TerrainStyle((240, 228, 66, 45), "none", (0, 0, 0, 0), YELLOW, 2, 8, True),
    K.SHELTER: TerrainStyle((204, 121, 167, 55), "diag", (204, 121, 167, 90), PURPLE, 2, 12, True),
}
ZONE_ORDER = (
    K.ARSENAL,
    K.INFIRMARY,
    K.RADIO,
    K.STORAGE,
    K.SHELTER,
    K.MINEFIELD,
    K.SMOKE,
    K.BURNING,
)
"""Zones are drawn first (under solid pieces), in this order."""

OPEN_GATE = TerrainStyle((128, 90, 52, 60), "none", (0, 0, 0, 0), (128, 90, 52), 2, 8, True)
BROKEN = TerrainStyle((120, 110, 100, 70), "dots", (90, 80, 70, 200), (110, 100, 90), 1, 6, True)


def terrain_style(kind: TerrainKind, *, open: bool = False, broken: bool = False) -> TerrainStyle:
    """The style of a piece in its current state (an open gate, a broken barricade),
    in the palette in use."""
    return _piece_style(TERRAIN, PALETTE == "high-contrast", kind, open, broken)


def _piece_style(
    terrain: Mapping[TerrainKind, TerrainStyle],
    outlined: bool,
    kind: TerrainKind,
    open: bool,
    broken: bool,
) -> TerrainStyle:
    if broken:
        found = BROKEN
    elif kind is K.GATE and open:
        found = OPEN_GATE
    else:
        found = terrain[kind]
    if outlined and not found.dashed:
        return replace(found, outline=WHITE, width=max(2, found.width))
    return found


PALETTES = ("okabe-ito", "high-contrast")
PALETTE = "okabe-ito"
"""The palette in use (`use_palette`)."""
_CHROME = (
    "BACKGROUND",
    "TABLE",
    "TABLE_GRID",
    "TABLE_EDGE",
    "PANEL",
    "PANEL_EDGE",
    "TEXT",
    "TEXT_DIM",
    "BAR",
    "BUTTON",
    "BUTTON_EDGE",
    "BUTTON_HOVER",
    "BUTTON_ACTIVE",
    "BUTTON_OFF",
    "BUTTON_OFF_EDGE",
    "HINT",
)
_OKABE_ITO: dict[str, RGB] = {name: globals()[name] for name in _CHROME}
_HIGH_CONTRAST: dict[str, RGB] = {
    "BACKGROUND": BLACK,
    "TABLE": (52, 52, 52),
    "TABLE_GRID": (72, 72, 72),
    "TABLE_EDGE": WHITE,
    "PANEL": BLACK,
    "PANEL_EDGE": WHITE,
    "TEXT": WHITE,
    "TEXT_DIM": (215, 215, 215),
    "BAR": BLACK,
    "BUTTON": BLACK,
    "BUTTON_EDGE": WHITE,
    "BUTTON_HOVER": (70, 70, 0),
    "BUTTON_ACTIVE": (0, 70, 110),
    "BUTTON_OFF": (24, 24, 24),
    "BUTTON_OFF_EDGE": (120, 120, 120),
    "HINT": (255, 255, 0),
}


def use_palette(name: str | None) -> bool:
    """Draw with the palette `name` (the default for an unknown one); True if it changed."""
    global PALETTE
    name = name if name in PALETTES else PALETTES[0]
    if name == PALETTE:
        return False
    globals().update(_HIGH_CONTRAST if name == "high-contrast" else _OKABE_ITO)
    PALETTE = name
    return True


@dataclass(frozen=True, slots=True)
class Palette:
    """The table's colours and its terrain styles, for drawing code that is told which
    palette to draw in (`screen()`, `palette(name)`)."""

    name: str
    table: RGB
    table_grid: RGB
    table_edge: RGB
    terrain: Mapping[TerrainKind, TerrainStyle]
    outlined: bool = False
    """White outlines on every solid piece (high-contrast)."""

    def terrain_style(
        self, kind: TerrainKind, *, open: bool = False, broken: bool = False
    ) -> TerrainStyle:
        """The style of a piece in its current state in this palette."""
        return _piece_style(self.terrain, self.outlined, kind, open, broken)

    @property
    def light(self) -> bool:
        """Is the table light (paper)?"""
        return lightness(self.table) > 140


def screen() -> Palette:
    """The window's table in the palette in use (`use_palette`)."""
    return Palette(PALETTE, TABLE, TABLE_GRID, TABLE_EDGE, TERRAIN, PALETTE == "high-contrast")


PAPER: RGB = WHITE
"""The printed map's paper and table."""
PRINT_INK: RGB = (20, 20, 22)
"""The printed map's lines and text (and the table's edge)."""
PRINT_LIGHTEN = 0.55
"""How much lighter terrain fills are in the print palette (walls stay dark)."""


def tint(colour: RGB, share: float) -> RGB:
    """`colour` mixed with white (`share` of white): a lighter shade of it."""
    r, g, b = colour
    return (
        round(r + (255 - r) * share),
        round(g + (255 - g) * share),
        round(b + (255 - b) * share),
    )


def lightness(colour: RGB) -> float:
    """Perceived brightness, 0–255."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def _on_paper(st: TerrainStyle) -> TerrainStyle:
    """A terrain style for paper: a lighter fill and hatching; an outline too light
    to see on white (the infirmary's, the storage's) darker."""
    r, g, b, alpha = st.fill
    ir, ig, ib, ink_alpha = st.ink
    fill = (*tint((r, g, b), PRINT_LIGHTEN), alpha)
    ink = (*tint((ir, ig, ib), PRINT_LIGHTEN / 2), ink_alpha)
    outline = st.outline
    if lightness(outline) > 170:
        outline = (outline[0] * 11 // 20, outline[1] * 11 // 20, outline[2] * 11 // 20)
    return replace(st, fill=fill, ink=ink, outline=outline)


PRINT = Palette(
    "print",
    PAPER,
    (212, 212, 206),
    PRINT_INK,
    {kind: st if kind is K.WALL else _on_paper(st) for kind, st in TERRAIN.items()},
)
"""The printed map's palette: a white table, a light grid, lighter terrain fills
(less ink, a smaller PDF); walls stay dark."""
MAP_PALETTES = ("screen", "print")
"""The palettes a map is drawn in (`palette`)."""


def palette(name: str) -> Palette:
    """The palette named in `MAP_PALETTES`: "print", or the window's ("screen")."""
    return PRINT if name == "print" else screen()


def side_colour(index: int) -> RGB:
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def side_shape(index: int) -> str:
    return SIDE_SHAPES[index % len(SIDE_SHAPES)]


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    return INK if lightness(colour) > 140 else WHITE
