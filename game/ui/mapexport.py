"""The refuge map on paper (issue #7): a scenario's table with the chosen defence
overlays, its name, a legend, a scale bar and cm ticks along the edges, rendered
to a pygame Surface at a given DPI and scale; saved as PNG, or as a PDF tiled
onto A4 pages (game/ui/mapprint.py) when the file name ends in .pdf.

Two palettes (game.ui.render.style.palette): "screen" (the window's dark table)
and "print" (a white table, a light grid, lighter terrain fills: less ink and a
smaller PDF), the default for a PDF or a true-size map; the palette is passed to
the terrain layer, the overlays and the legend. Labels on the table (entry zones,
each defender's field) sit on opaque boxes sized with the print's scale, placed
clear of each other, of the modules' labels and of the figures; the modules' labels
and the figures' names are sized with it too (3.5 mm at 1:1, `label_px`), not at
the window's pixel sizes.

At scale 1:1 a table cm is a paper cm: `dpi / 2.54` px per cm. The table is
drawn by the window's own renderers (game/ui/render/terrain.py, figures.py) and
the overlays by game/ui/overlay_draw.py. Works headless (no display needed).
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame
from PIL import Image

from game.engine import Game
from game.i18n import tr
from game.state import Presence
from game.ui import fonts, mapprint
from game.ui.app import entry_zones
from game.ui.camera import Camera
from game.ui.defence import DefenceOverlays, draw_overlays, legend_entries
from game.ui.overlay_draw import (
    LegendEntry,
    draw_entry_zones,
    draw_swatch,
    entry_tags,
    field_tags,
    text_px,
)
from game.ui.render import draw, style
from game.ui.render.figures import Marks, draw_figures
from game.ui.render.terrain import Frame, module_labels, render_layer
from game.ui.units import format_length, nice_length

MM_PER_INCH = 25.4
MAX_SIDE_PX = 40_000
"""The largest map side in px (a 2 m table at 1:1 and 500 dpi)."""
PAPER: style.RGB = style.PAPER
INK: style.RGB = style.PRINT_INK
GREY: style.RGB = (96, 96, 100)


PALETTES = style.MAP_PALETTES
"""The map's palettes (`style.palette`)."""
ENTRY_TEXT_CM = 0.45
"""Height of an entry zone's label on the table (a print's labels grow with its scale)."""
MODULE_TEXT_CM = 0.35
"""Height of a module's label on the table (3.5 mm at 1:1)."""
NAME_TEXT_CM = 0.35
"""Height of a figure's name on the table (3.5 mm at 1:1)."""
LABEL_MIN_MM = 1.8
"""The smallest label on paper (a small scale: 1:8 on one page)."""


class MapTooLarge(ValueError):
    """The map would be more than MAX_SIDE_PX a side."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(f"{width} × {height} px")
        self.width, self.height = width, height


def parse_scale(text: str) -> float:
    """'1:1' → 1.0, '1:2' → 0.5, '2:1' → 2.0 (paper cm per table cm); ValueError."""
    parts = text.replace("/", ":").split(":")
    if len(parts) != 2:
        raise ValueError(text)
    a, b = (float(p) for p in parts)
    if not (math.isfinite(a) and math.isfinite(b)) or a <= 0 or b <= 0:
        raise ValueError(text)
    return a / b


def default_palette(path: Path, scale: float) -> str:
    """ "print" for a PDF or a true-size map (it goes on paper), else "screen"."""
    return "print" if path.suffix.lower() == ".pdf" or scale == 1 else "screen"


def scale_text(scale: float) -> str:
    """1.0 → '1:1', 0.5 → '1:2', 2.0 → '2:1'."""
    if scale >= 1:
        return f"{scale:g}:1"
    return f"1:{1 / scale:g}"


@dataclass(frozen=True)
class Page:
    """Sizes on the paper in px for one map: `mm(n)` px, `pt(n)` px."""

    dpi: float
    scale: float

    @property
    def px_per_cm(self) -> float:
        """Table cm → px."""
        return self.dpi / 2.54 * self.scale

    def mm(self, mm: float) -> int:
        return max(1, round(mm * self.dpi / MM_PER_INCH))

    def pt(self, pt: float) -> int:
        return max(9, round(pt * self.dpi / 72.0))


@dataclass(frozen=True)
class MapLayout:
    """Where everything goes on the map image."""

    size: tuple[int, int]
    board: pygame.Rect
    title: pygame.Rect
    legend: pygame.Rect
    rows: tuple[tuple[tuple[LegendEntry, int], ...], ...]
    """Legend rows: (entry, width of its text in px)."""
    page: Page


@dataclass(frozen=True)
class Fonts:
    title: int
    text: int
    small: int


def _fonts(page: Page) -> Fonts:
    return Fonts(page.pt(16), page.pt(9), page.pt(7))


def _figure_entries(game: Game) -> list[LegendEntry]:
    """Legend lines for what the terrain layer and figures show: a side's bases,
    the raids' entry zones."""
    out = [LegendEntry("defenders", tr("planner.legend.defenders"), "figure")]
    if entry_zones(game):
        out.append(LegendEntry("entry", tr("planner.legend.entry"), "entry"))
    return out


def plan_layout(game: Game, entries: Sequence[LegendEntry], dpi: float, scale: float) -> MapLayout:
    """The map's size and parts for a table, legend entries, DPI and scale."""
    page = Page(dpi, scale)
    f = _fonts(page)
    board_w = round(game.state.board.width * page.px_per_cm)
    board_h = round(game.state.board.height * page.px_per_cm)
    tick_w = fonts.font(f.small).size("000")[0]
    left = page.mm(8) + tick_w + page.mm(2.5)
    right = page.mm(8)
    width = left + board_w + right
    title_h = fonts.font(f.title, True).get_linesize() + 2 * fonts.font(f.text).get_linesize()
    top = page.mm(8) + title_h + page.mm(4)
    swatch_w = page.mm(14)
    gap = page.mm(2)
    span = max(board_w, page.mm(120))
    rows: list[list[tuple[LegendEntry, int]]] = [[]]
    used = 0
    for entry in entries:
        text_w = fonts.font(f.text).size(entry.label)[0]
        item = swatch_w + gap + text_w + page.mm(6)
        if rows[-1] and used + item > span:
            rows.append([])
            used = 0
        rows[-1].append((entry, text_w))
        used += item
    row_h = max(page.mm(7), fonts.font(f.text).get_linesize()) + page.mm(2)
    head_h = fonts.font(f.text, True).get_linesize() + page.mm(1)
    legend_h = head_h + len(rows) * row_h
    ticks_h = page.mm(2.5) + fonts.font(f.small).get_linesize()
    width = max(width, left + span + right)
    height = top + board_h + ticks_h + page.mm(4) + legend_h + page.mm(8)
    if max(width, height) > MAX_SIDE_PX:
        raise MapTooLarge(width, height)
    board = pygame.Rect(left, top, board_w, board_h)
    title = pygame.Rect(left, page.mm(8), board_w, title_h)
    legend = pygame.Rect(left, board.bottom + ticks_h + page.mm(4), span, legend_h)
    frozen = tuple(tuple(r) for r in rows if r)
    return MapLayout((width, height), board, title, legend, frozen, page)


def board_camera(game: Game, rect: pygame.Rect, px_per_cm: float) -> Camera:
    """A camera that puts the table's north-west corner at the rect's top-left."""
    w, h = game.state.board.width, game.state.board.height
    centre = (rect.width / (2 * px_per_cm), h - rect.height / (2 * px_per_cm))
    return Camera((w, h), (rect.x, rect.y, rect.width, rect.height), px_per_cm, centre, False)


def render_map(
    game: Game,
    overlays: DefenceOverlays,
    *,
    dpi: float = 150.0,
    scale: float = 1.0,
    title: str | None = None,
    palette_name: str = "screen",
) -> tuple[pygame.Surface, MapLayout]:
    """The whole map (title, table with overlays and figures, ticks, legend, scale
    bar) on a new surface, in the palette named (`PALETTES`)."""
    if not pygame.font.get_init():
        pygame.font.init()
    look = style.palette(palette_name)
    entries = [
        *legend_entries(overlays, each_field=True, palette=look),
        *_figure_entries(game),
    ]
    lay = plan_layout(game, entries, dpi, scale)
    surface = pygame.Surface(lay.size)
    surface.fill(PAPER)
    board = game.state.board
    s = lay.page.px_per_cm
    layer = render_layer(
        (lay.board.width + 1, lay.board.height + 1),
        Frame(0.0, board.height, s),
        board,
        [],  # the entry zones: drawn here, their labels placed with the others
        labels=False,
        palette=look,
    )
    surface.blit(layer, lay.board.topleft)
    del layer
    camera = board_camera(game, lay.board, s)
    zones = entry_zones(game)
    surface.set_clip(lay.board)
    page = lay.page
    draw_entry_zones(surface, camera, zones, max(2, page.mm(0.5)), page.mm(4), page.mm(2.5))
    surface.set_clip(None)
    draw_overlays(surface, camera, overlays, each_field=True, palette=look)
    side_index = {sid: i for i, sid in enumerate(game.state.sides)}
    figures = [f for f in game.state.figures.values() if f.presence is Presence.TABLE]
    surface.set_clip(lay.board)
    tags: list[object] = [
        *module_labels(board, camera, size=label_px(page, camera, MODULE_TEXT_CM)),
        *entry_tags(camera, zones, label_px(page, camera, ENTRY_TEXT_CM, 12)),
    ]
    if overlays.fire is not None:
        names = {f.id: f.name for f in game.state.figures.values()}
        tags += field_tags(camera, overlays.fire, names, palette=look)
    name_px = label_px(page, camera, NAME_TEXT_CM)
    draw_figures(surface, camera, figures, side_index, Marks(), fixed=tags, name_px=name_px)
    surface.set_clip(None)
    pygame.draw.rect(surface, INK, lay.board.inflate(2, 2), max(1, lay.page.mm(0.3)))
    _ticks(surface, lay, board.width, board.height)
    _title(surface, lay, title or game.scenario.scenario.name, overlays)
    _scale_bar(surface, lay, board.width)
    _legend(surface, lay, game, side_index, look)
    return surface, lay


def label_px(page: Page, camera: Camera, cm: float, floor: int = 10) -> int:
    """The text size of a label `cm` high on the table: it grows with the print's
    scale, and is never under LABEL_MIN_MM on paper nor `floor` px."""
    return max(text_px(camera, cm, floor), page.mm(LABEL_MIN_MM))


def _text(
    surface: pygame.Surface,
    value: str,
    size: int,
    at: tuple[float, float],
    *,
    bold: bool = False,
    colour: style.RGB = INK,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = fonts.text(value, size, colour, bold)
    rect = image.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    surface.blit(image, rect)
    return rect


def _ticks(surface: pygame.Surface, lay: MapLayout, width_cm: float, height_cm: float) -> None:
    """cm marks along the west and south edges (every 10 cm, or more when crowded)."""
    f = _fonts(lay.page)
    s = lay.page.px_per_cm
    step = 10.0
    label_w = fonts.font(f.small).size("000")[0]
    while step * s < 2.5 * label_w:
        step *= 2 if str(step).startswith(("1", "5")) else 2.5
    tick = lay.page.mm(1.5)
    line = max(1, lay.page.mm(0.25))
    b = lay.board
    x = 0.0
    while x <= width_cm + 1e-9:
        sx = b.left + x * s
        pygame.draw.line(surface, INK, (sx, b.bottom), (sx, b.bottom + tick), line)
        _text(surface, f"{x:g}", f.small, (sx, b.bottom + tick), anchor="midtop", colour=GREY)
        x += step
    y = 0.0
    while y <= height_cm + 1e-9:
        sy = b.bottom - y * s
        pygame.draw.line(surface, INK, (b.left - tick, sy), (b.left, sy), line)
        _text(surface, f"{y:g}", f.small, (b.left - tick - 2, sy), anchor="midright", colour=GREY)
        y += step


def _title(surface: pygame.Surface, lay: MapLayout, name: str, overlays: DefenceOverlays) -> None:
    f = _fonts(lay.page)
    names = [tr(f"planner.overlay.{n}") for n in overlays.shown()]
    shown = ", ".join(names) if names else tr("planner.map.no_overlays")
    r = _text(surface, name, f.title, lay.title.topleft, bold=True)
    line2 = tr("planner.map.subtitle", overlays=shown)
    r = _text(surface, line2, f.text, (r.left, r.bottom))
    line3 = tr("planner.map.scale", scale=scale_text(lay.page.scale), dpi=f"{lay.page.dpi:g}")
    if lay.page.scale == 1:
        line3 = f"{line3} — {tr('planner.map.true_size')}"
    _text(surface, line3, f.text, (r.left, r.bottom), colour=GREY)


def _scale_bar(surface: pygame.Surface, lay: MapLayout, width_cm: float) -> None:
    """A bar of a round table length at the title's right, with its length."""
    f = _fonts(lay.page)
    s = lay.page.px_per_cm
    length = nice_length(width_cm / 5, "cm")
    bar = length * s
    right = lay.board.right
    y = lay.title.bottom - lay.page.mm(2)
    x0 = right - bar
    thick = max(2, lay.page.mm(1))
    half = bar / 2
    pygame.draw.rect(surface, INK, (x0, y - thick, half, thick))
    pygame.draw.rect(surface, INK, (x0, y - thick, bar, thick), max(1, lay.page.mm(0.25)))
    for t in (0.0, 0.5, 1.0):
        x = x0 + bar * t
        pygame.draw.line(surface, INK, (x, y - thick - lay.page.mm(1.5)), (x, y), 1)
    label = tr("planner.map.bar", length=format_length(length, "cm"))
    _text(surface, label, f.text, (x0 + half, y - thick - lay.page.mm(2)), anchor="midbottom")


def _legend(
    surface: pygame.Surface,
    lay: MapLayout,
    game: Game,
    side_index: dict[str, int],
    look: style.Palette,
) -> None:
    f = _fonts(lay.page)
    page = lay.page
    head = _text(surface, tr("planner.legend.title"), f.text, lay.legend.topleft, bold=True)
    row_h = max(page.mm(7), fonts.font(f.text).get_linesize()) + page.mm(2)
    sw, sh = page.mm(14), page.mm(7)
    y = head.bottom + page.mm(1)
    defending = next(iter(side_index), "")
    attacking = [s for s, side in game.state.sides.items() if side.threat is not None]
    for row in lay.rows:
        x = lay.legend.left
        for entry, text_w in row:
            rect = pygame.Rect(x, y, sw, sh)
            if entry.swatch == "figure":
                _figure_swatch(surface, rect, side_index.get(defending, 0), page, look)
            elif entry.swatch == "entry":
                index = side_index.get(attacking[0], 1) if attacking else 1
                _entry_swatch(surface, rect, index, page, look)
            else:
                draw_swatch(surface, rect, entry, page.px_per_cm, look)
            _text(
                surface,
                entry.label,
                f.text,
                (rect.right + page.mm(2), rect.centery),
                anchor="midleft",
            )
            x = rect.right + page.mm(2) + text_w + page.mm(6)
        y += row_h


def _figure_swatch(
    surface: pygame.Surface, rect: pygame.Rect, index: int, page: Page, look: style.Palette
) -> None:
    pygame.draw.rect(surface, look.table, rect)
    r = min(rect.height * 0.4, 1.25 * page.px_per_cm)
    colour = style.side_colour(index)
    pygame.draw.circle(surface, INK, rect.center, r + 1)
    pygame.draw.circle(surface, colour, rect.center, r)
    draw.draw_glyph(surface, style.side_shape(index), rect.center, r * 0.55, INK)
    pygame.draw.rect(surface, INK, rect, 1)


def _entry_swatch(
    surface: pygame.Surface, rect: pygame.Rect, index: int, page: Page, look: style.Palette
) -> None:
    pygame.draw.rect(surface, look.table, rect)
    colour = style.side_colour(index)
    inner = rect.inflate(-page.mm(2), -page.mm(2))
    pts = [inner.topleft, inner.topright, inner.bottomright, inner.bottomleft]
    draw.blend_polygon(surface, (*colour, 50), pts)
    draw.dashed_polyline(surface, colour, pts, width=2, dash=10, gap=6, closed=True)
    pygame.draw.rect(surface, INK, rect, 1)


# -- files ---------------------------------------------------------------------------


def to_image(surface: pygame.Surface) -> Image.Image:
    """The surface as a Pillow RGB image."""
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def _atomic(path: Path, write: Callable[[str], None]) -> None:
    """Write through a temporary file in the same folder, then rename."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_map(surface: pygame.Surface, layout: MapLayout, path: Path, name: str) -> int:
    """Write the map as PNG (with its DPI) or, for a .pdf name, as a PDF on A4 pages;
    returns the number of pages (1 for a PNG)."""
    image = to_image(surface)
    dpi = layout.page.dpi
    if path.suffix.lower() == ".pdf":
        pages = mapprint.pages(image, dpi, name, scale_text(layout.page.scale))
        _atomic(path, lambda tmp: mapprint.save_pdf(pages, tmp, dpi, name))
        return len(pages)
    _atomic(path, lambda tmp: image.save(tmp, "PNG", dpi=(dpi, dpi)))
    return 1
