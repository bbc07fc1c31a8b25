"""The legend (K): every terrain kind with its swatch and what it does, the status
icons and marks of the figures, what the defence overlays (D) show, and a glossary
of the rulebook's terms (KÖR, VW, d20 …: the English name first, the German in
brackets); and the line for the terrain piece under the mouse ("South-east
barricade [Barrikade]: heavy cover +2 · blocks movement · 6/6 structure points").
What a kind does is read from a sample piece of that kind (game/board/terrain.py),
so the legend follows the board's rules."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

import pygame

from game.board.terrain import Board, TerrainKind, TerrainPiece, make_piece
from game.cover import Cover
from game.i18n import current_language, tr
from game.naming import piece_kind, piece_name
from game.ui import fonts
from game.ui.defence import OVERLAYS
from game.ui.overlay_draw import LegendEntry, draw_swatch
from game.ui.render import icons, style
from game.ui.render.terrain import ICON_OF, kind_label, swatch
from game.ui.widgets import panel_box

STATUSES = ("aimed", "overwatch", "cover", "suppressed", "infected", "loot", "down")
"""The status icons the legend explains, in the figures' order."""
SIZES = (13, 12, 11, 10)
"""Letter sizes tried, largest first, until the legend fits the table."""
PAD = 10


@cache
def sample(kind: TerrainKind) -> TerrainPiece:
    """A piece of this kind (closed, whole) to read its properties from."""
    return make_piece("legend", kind, [(0, 0), (1, 0), (1, 1), (0, 1)])


def traits(piece: TerrainPiece) -> str:
    """What a piece does: sight, movement, cover, ground, platform, module."""
    parts = []
    if piece.blocks_sight:
        parts.append(tr("ui.legend.blocks_sight"))
    if piece.cover is Cover.HEAVY:
        parts.append(tr("ui.legend.heavy"))
    elif piece.cover is Cover.LIGHT:
        parts.append(tr("ui.legend.light"))
    if piece.blocks_movement:
        parts.append(tr("ui.legend.blocks_move"))
    if piece.difficult:
        parts.append(tr("ui.legend.difficult"))
    if piece.is_platform:
        parts.append(tr("ui.legend.platform"))
    kind = piece_kind(piece)
    if kind in ICON_OF:
        parts.append(tr(f"ui.legend.module.{kind.value}"))
    if kind is TerrainKind.BURNING:
        parts.append(tr("ui.legend.burning"))
    if piece.expires_round is not None or kind in (TerrainKind.SMOKE, TerrainKind.BURNING):
        parts.append(tr("ui.legend.zone"))
    if piece.structure is not None and piece.max_structure:
        parts.append(tr("ui.legend.structure", points=piece.structure, max=piece.max_structure))
    return " · ".join(parts) if parts else tr("ui.legend.open")


def hover_line(board: Board, piece: TerrainPiece) -> str:
    """The line for the piece under the mouse: its name and what it does."""
    name = piece_name(board, piece.id)
    return tr("ui.legend.hover", name=name[:1].upper() + name[1:], traits=traits(piece))


def piece_under(board: Board, at: tuple[float, float]) -> TerrainPiece | None:
    """The piece drawn on top at a board point (solid pieces over zones)."""
    found = board.pieces_at(at)
    if not found:
        return None
    return max(found, key=lambda p: (p.blocks_movement, not p.is_zone, p.id))


def rows() -> list[tuple[pygame.Surface | None, str, bool]]:
    """The legend's rows: (picture, text, is_heading), terrain then figures."""
    out: list[tuple[pygame.Surface | None, str, bool]] = [(None, tr("ui.legend.terrain"), True)]
    for kind in TerrainKind:
        text = f"{kind_label(kind)} — {traits(sample(kind))}"
        out.append((swatch(kind, SWATCH), text, False))
    out.append((None, tr("ui.legend.figures"), True))
    for name in STATUSES:
        out.append((icons.icon(name, 16), tr(f"ui.legend.status.{name}"), False))
    for mark in ("ring_eligible", "ring_target", "pips"):
        out.append((None, tr(f"ui.legend.{mark}"), False))
    out.append((None, tr("newcomer.legend.overlays"), True))
    for entry in overlay_entries():
        out.append((overlay_swatch(entry), entry.label, False))
    out.append((None, tr("newcomer.legend.terms"), True))
    out += [(None, tr(f"newcomer.glossary.{term}"), False) for term in TERMS]
    return out


TERMS = ("kor", "ref", "ver", "wil", "tp", "vw", "ws", "br", "dice", "section")
"""The rulebook's terms the glossary explains, in its order."""


def overlay_entries() -> list[LegendEntry]:
    """What each registered defence overlay (D, game/ui/defence.py) shows: its sample
    and its name with the editor's explanation of it."""
    out = []
    for overlay in OVERLAYS:
        name = tr(f"planner.overlay.{overlay.name}")
        tip = EDITOR_KEY.sub("", tr(f"editor.defence.{overlay.name}_tip"))
        label = tr("newcomer.legend.overlay", name=name[:1].upper() + name[1:], tip=tip)
        out.append(dataclasses.replace(overlay.sample, label=label))
    return out


EDITOR_KEY = re.compile(r"\s*\(\d\)$")
"""The editor's key at the end of its explanation ("… (1)"): not the window's."""


def overlay_swatch(entry: LegendEntry) -> pygame.Surface:
    """A sample of an overlay as the table draws it."""
    out = pygame.Surface(SWATCH, pygame.SRCALPHA)
    draw_swatch(out, out.get_rect(), entry, OVERLAY_SCALE)
    return out


SWATCH = (30, 16)
OVERLAY_SCALE = 3.0
"""px per cm of an overlay's sample."""


Row = tuple[pygame.Surface | None, str, bool]
Laid = list[list[tuple[pygame.Surface | None, list[str], bool]]]
"""Columns of rows: picture, the text's wrapped lines, is it a heading."""
ICON_W = 36
"""px from a row's picture to its text."""


def draw_legend(
    surface: pygame.Surface, area: pygame.Rect, wider: pygame.Rect | None = None
) -> pygame.Rect:
    """The legend in a box over `area` (the table), or over `wider` (the whole
    window) when the table is too small (`layout`). Returns the box."""
    key = (tuple(area), tuple(wider) if wider else None, current_language(), style.PALETTE)
    if key not in _LAID_OUT:
        _LAID_OUT.clear()  # one window size, language and palette at a time
        _LAID_OUT[key] = layout(area, wider)
    place, laid, size, _ = _LAID_OUT[key]
    return _draw(surface, place, laid, size)


_LAID_OUT: dict[tuple[object, ...], tuple[pygame.Rect, Laid, int, bool]] = {}
"""The legend's layout for the window as it is (`layout` wraps and measures every
row, too much to redo each frame while the legend is open)."""


def layout(
    area: pygame.Rect, wider: pygame.Rect | None = None
) -> tuple[pygame.Rect, Laid, int, bool]:
    """Where the legend goes and how: two columns when they fit side by side, else
    one, long lines wrapped, smaller letters until it fits — over `area`, else over
    `wider`. Returns (where, columns, letter size, squeezed: it did not fit and is
    cut at the bottom)."""
    items = rows()
    heads = [i for i, (_, _, head) in enumerate(items) if head]
    figures, terms = heads[1], heads[-1]
    three = [items[:figures], items[figures:terms], items[terms:]]
    two = [items[:figures], items[figures:]]
    for place in (area, wider or area):
        for size in SIZES:
            for columns in (three, two, [items]):
                laid = _lay_out(columns, size, place)
                if laid is not None:
                    return place, laid, size, False
    place = wider or area
    laid = _lay_out(three, SIZES[-1], place, squeeze=True)
    assert laid is not None
    return place, laid, SIZES[-1], True


def _lay_out(
    columns: list[list[Row]], size: int, area: pygame.Rect, squeeze: bool = False
) -> Laid | None:
    """The columns with their texts wrapped to fit `area` side by side (None when
    they do not fit; `squeeze`: as they come, clipped at the bottom)."""
    room = area.width - 8 - PAD * (len(columns) + 1)
    text_w = room // len(columns) - ICON_W
    if text_w < 120 and not squeeze:
        return None
    laid: Laid = [
        [
            (picture, fonts.wrap(text, size, text_w, head) or [""], head)
            for picture, text, head in col
        ]
        for col in columns
    ]
    if _size(laid, size)[1] > area.height - 8 and not squeeze:
        return None
    return laid


def _line_h(size: int) -> int:
    return fonts.font(size).get_linesize()


def _row_h(lines: list[str], size: int) -> int:
    return max(18, len(lines) * _line_h(size) + 3)


def _col_w(col: list[tuple[pygame.Surface | None, list[str], bool]], size: int) -> int:
    return max(fonts.font(size, head).size(line)[0] for _, lines, head in col for line in lines)


def _size(laid: Laid, size: int) -> tuple[int, int]:
    title_h = fonts.font(size + 2, True).get_linesize() + 6
    w = sum(_col_w(c, size) + ICON_W for c in laid) + PAD * (len(laid) + 1)
    h = title_h + max(sum(_row_h(lines, size) for _, lines, _ in c) for c in laid) + 2 * PAD
    return w, h


def _draw(surface: pygame.Surface, area: pygame.Rect, laid: Laid, size: int) -> pygame.Rect:
    box = pygame.Rect((0, 0), _size(laid, size))
    box.width = min(box.width, area.width)
    box.height = min(box.height, area.height)
    box.center = area.center
    box.clamp_ip(area)
    panel_box(surface, box, 245)
    title = fonts.text(tr("ui.legend.title"), size + 2, style.YELLOW, True)
    surface.blit(title, (box.x + PAD, box.y + PAD))
    top = box.y + PAD + title.get_height() + 6
    x = box.x + PAD
    line_h = _line_h(size)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    for col in laid:
        y = top
        for picture, lines, head in col:
            row_h = _row_h(lines, size)
            if picture is not None:
                surface.blit(picture, (x, y + (min(row_h, 18) - picture.get_height()) // 2 + 1))
            ink = style.YELLOW if head else style.TEXT
            for k, line in enumerate(lines):
                label = fonts.text(line, size, ink, head)
                surface.blit(label, (x + (0 if head else ICON_W), y + 1 + k * line_h))
            y += row_h
        x += _col_w(col, size) + ICON_W + PAD
    surface.set_clip(clip)
    return box
