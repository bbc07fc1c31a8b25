"""The static layer: the table, its 10 cm grid, terrain by kind, refuge modules
with icons and labels, entry zones. Cached per (board version, zoom, view): a
frame only blits it.

Up to `FULL_LAYER_MAX` px a side the whole table is rendered once per zoom (panning
is free); closer in, only the visible part is rendered (again after a pan)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import shapely

from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.i18n import current_language, tr
from game.naming import entry_label
from game.ui import fonts
from game.ui.cache import MB, cached
from game.ui.camera import Camera
from game.ui.render import draw, icons, labels, style

FULL_LAYER_MAX = 3200
GRID_CM = 10.0
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class EntryZone:
    """A raid's entry zone, drawn on the table."""

    id: str
    side_index: int
    polygon: tuple[Point, ...]
    name: str = ""  # the scenario's name for it ('' : its id made readable)


@dataclass(frozen=True, slots=True)
class Frame:
    """Board region → layer px: local = ((x − x0)·s, (y1 − y)·s)."""

    x0: float
    y1: float
    s: float

    def pt(self, x: float, y: float) -> Point:
        return ((x - self.x0) * self.s, (self.y1 - y) * self.s)

    def pts(self, coords: Sequence[Sequence[float]]) -> list[Point]:
        return [self.pt(c[0], c[1]) for c in coords]


def kind_label(kind: TerrainKind) -> str:
    return tr(f"ui.table.kind.{kind.value}")


class TerrainLayer:
    """The cached static picture of the table. `labels=False` leaves the modules'
    and the entry zones' labels out (the table view places them itself, clear of
    the figures' names: `module_labels`, overlay_draw.entry_tags)."""

    def __init__(self, labels: bool = True) -> None:
        self.labels = labels
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None
        self._anchor: Point = (0.0, 0.0)
        self.renders = 0  # how often it was rebuilt (tests, benchmark)

    @staticmethod
    def _look() -> tuple[str, str]:
        """The palette and the language of the labels."""
        return (style.PALETTE, current_language())

    def draw(
        self, surface: pygame.Surface, camera: Camera, board: Board, entries: Sequence[EntryZone]
    ) -> None:
        """Blit the layer for this camera (rebuilding it if the key changed)."""
        bw, bh = board.width, board.height
        full = max(bw, bh) * camera.scale <= FULL_LAYER_MAX
        if full:
            key: tuple[object, ...] = (
                *self._look(),
                board.version,
                round(camera.scale, 6),
                len(entries),
            )
            x0, y1 = 0.0, bh
            size = (math.ceil(bw * camera.scale) + 1, math.ceil(bh * camera.scale) + 1)
        else:
            vx, vy, vw, vh = camera.view
            x0, y1 = camera.to_board(vx, vy)
            key = (
                *self._look(),
                board.version,
                round(camera.scale, 6),
                len(entries),
                round(x0, 4),
                round(y1, 4),
                vw,
                vh,
            )
            size = (vw, vh)
        if key != self._key or self._surface is None:
            frame = Frame(x0, y1, camera.scale)
            self._surface = render_layer(size, frame, board, entries, labels=self.labels)
            self._key = key
            self._anchor = (x0, y1)
            self.renders += 1
        surface.blit(self._surface, camera.to_screen(*self._anchor))


def render_layer(
    size: tuple[int, int],
    frame: Frame,
    board: Board,
    entries: Sequence[EntryZone],
    *,
    labels: bool = True,
    palette: style.Palette | None = None,
) -> pygame.Surface:
    """Render the table region into a new surface, in `palette` (default: the
    window's, `style.screen()`)."""
    look = palette or style.screen()
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    table = pygame.Rect(
        frame.pt(0.0, board.height), (board.width * frame.s, board.height * frame.s)
    )
    layer.fill(look.table, table)
    _grid(layer, frame, board, look.table_grid)
    pieces = sorted(board, key=_order)
    for piece in pieces:
        _piece(layer, frame, piece, look)
    for entry in entries:
        _entry(layer, frame, entry, labels)
    if labels:
        for piece in pieces:
            _label(layer, frame, piece)
    pygame.draw.rect(layer, look.table_edge, table, 2)
    return layer


def _order(piece: TerrainPiece) -> tuple[int, int, str]:
    if piece.kind in style.ZONE_ORDER:
        return (0, style.ZONE_ORDER.index(piece.kind), piece.id)
    solid = piece.blocks_movement or piece.kind is TerrainKind.GATE
    return (2 if solid else 1, 0, piece.id)


def _grid(layer: pygame.Surface, frame: Frame, board: Board, colour: style.RGB) -> None:
    step = GRID_CM
    while step * frame.s < 24:
        step *= 2
    x = step
    while x < board.width - 1e-9:
        pygame.draw.line(layer, colour, frame.pt(x, 0.0), frame.pt(x, board.height))
        x += step
    y = step
    while y < board.height - 1e-9:
        pygame.draw.line(layer, colour, frame.pt(0.0, y), frame.pt(board.width, y))
        y += step


def _rings(
    geometry: shapely.Geometry,
) -> list[tuple[list[Sequence[float]], list[list[Sequence[float]]]]]:
    out = []
    for poly in shapely.get_parts(geometry):
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        out.append((list(poly.exterior.coords), [list(h.coords) for h in poly.interiors]))
    return out


def _piece(layer: pygame.Surface, frame: Frame, piece: TerrainPiece, look: style.Palette) -> None:
    st = look.terrain_style(piece.kind, open=piece.open, broken=piece.destroyed)
    for exterior, holes in _rings(piece.polygon):
        pts = frame.pts(exterior)
        hole_pts = [frame.pts(h) for h in holes]
        _fill(layer, st, pts, hole_pts)
        width = st.width if frame.s >= 4 else 1
        for ring in (pts, *hole_pts):
            if st.dashed:
                draw.dashed_polyline(
                    layer, st.outline, ring, width=width, dash=7, gap=5, closed=True
                )
            else:
                pygame.draw.polygon(layer, st.outline, ring, width)


def _fill(
    layer: pygame.Surface, st: style.TerrainStyle, pts: list[Point], holes: list[list[Point]]
) -> None:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = math.floor(min(xs)), math.floor(min(ys))
    w, h = math.ceil(max(xs)) - x0 + 2, math.ceil(max(ys)) - y0 + 2
    if w <= 0 or h <= 0:
        return
    box = pygame.Rect(x0, y0, w, h).clip(layer.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    piece = pygame.Surface(box.size, pygame.SRCALPHA)
    piece.fill(st.fill)
    if st.hatch != "none":
        draw.hatch(piece, st.hatch, st.ink, st.spacing, box.topleft)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    for hole in holes:
        pygame.draw.polygon(mask, (0, 0, 0, 0), [(x - box.x, y - box.y) for x, y in hole])
    piece.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(piece, box.topleft)


@cached("swatch", MB)
def swatch(kind: TerrainKind, size: tuple[int, int]) -> pygame.Surface:
    """A small sample of a kind as the table draws it (fill, hatching, outline and
    a module's icon), for the legend (cached; the palette's change empties it)."""
    return kind_swatch(kind, size, style.screen())


def kind_swatch(
    kind: TerrainKind, size: tuple[int, int], look: style.Palette, scale: float = 0.0
) -> pygame.Surface:
    """A sample of a kind as the table draws it in the palette `look`: its fill,
    hatching and outline (as wide as the table draws it at `scale` px per cm, else
    thin) and a module's icon."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill(look.table)
    st = look.terrain_style(kind)
    pts: list[Point] = [(1.0, 1.0), (w - 2.0, 1.0), (w - 2.0, h - 2.0), (1.0, h - 2.0)]
    _fill(out, st, pts, [])
    width = st.width if scale >= 4 else min(2, st.width)
    if st.dashed:
        draw.dashed_polyline(out, st.outline, pts, width=width, dash=4, gap=3, closed=True)
    else:
        pygame.draw.polygon(out, st.outline, pts, width)
    name = ICON_OF.get(kind)
    if name is not None:
        ic = icons.icon(name, h - 4)
        out.blit(ic, ic.get_rect(center=(w // 2, h // 2)))
    return out


ICON_OF = {
    TerrainKind.INFIRMARY: "infirmary",
    TerrainKind.SHELTER: "shelter",
    TerrainKind.STORAGE: "storage",
    TerrainKind.ARSENAL: "arsenal",
    TerrainKind.RADIO: "radio",
    TerrainKind.WATCHTOWER: "watchtower",
    TerrainKind.MINEFIELD: "minefield",
    TerrainKind.GATE: "gate",
}


def _label_text(piece: TerrainPiece) -> str | None:
    """A module's name (and structure points when it has any); None for no label."""
    if not piece.is_module and piece.kind not in ICON_OF:
        return None
    text = kind_label(piece.kind)
    if piece.kind is TerrainKind.GATE and piece.open:
        text = tr("ui.table.gate_open")
    if piece.destroyed:
        text = tr("ui.table.destroyed", name=text)
    elif piece.structure is not None and piece.max_structure:
        text = f"{text} {piece.structure}/{piece.max_structure}"
    return text


def label_image(
    piece: TerrainPiece, scale: float, plate: bool = True, size: int | None = None
) -> pygame.Surface | None:
    """A module's icon and name as one picture (None for a piece without a label),
    on a dark translucent plate (`plate`) so it reads over overlays and hatching.
    The text is `size` px (the printed map's, from its scale), by default 10–14 px
    with the zoom (`scale` px per cm: the window and the editor)."""
    text = _label_text(piece)
    if text is None:
        return None
    if size is None:
        text_px = max(10, min(14, round(scale * 1.3)))
        icon_px = max(12, min(22, round(scale * 2.2)))
    else:
        text_px, icon_px = size, round(size * ICON_PER_TEXT)
    label = fonts.outlined(text, text_px, style.TEXT, style.INK)
    name = ICON_OF.get(piece.kind)
    ic = icons.icon(name, icon_px) if name is not None else None
    icon_w = ic.get_width() + max(3, text_px // 5) if ic is not None else 0
    height = max(ic.get_height() if ic is not None else 0, label.get_height())
    out = pygame.Surface((icon_w + label.get_width(), height), pygame.SRCALPHA)
    if ic is not None:
        out.blit(ic, (0, (height - ic.get_height()) // 2))
    out.blit(label, (icon_w, (height - label.get_height()) // 2))
    return labels.plated(out, text_px) if plate else out


ICON_PER_TEXT = 1.5
"""A module icon's size per px of its label's text, when the text's size is given."""


def _label(layer: pygame.Surface, frame: Frame, piece: TerrainPiece) -> None:
    """Modules get an icon and their name, at the piece's middle."""
    image = label_image(piece, frame.s)
    if image is None:
        return
    point = piece.polygon.representative_point()
    cx, cy = frame.pt(point.x, point.y)
    layer.blit(image, (cx - image.get_width() / 2, cy - image.get_height() / 2))


@dataclass(frozen=True, slots=True)
class ModuleLabel:
    """A module's label and where it may go on screen, best first (its middle, then
    just outside its outline: above, below, right, left, the corners, then inside
    along its top and bottom edges)."""

    image: pygame.Surface
    spots: tuple[pygame.Rect, ...]


def module_labels(
    board: Board, camera: Camera, plate: bool = True, size: int | None = None
) -> list[ModuleLabel]:
    """The labels of the modules in view, for the figures' drawing to place (`size`:
    px of their text, as `label_image`)."""
    out = []
    view = pygame.Rect(camera.view)
    for piece in board:
        image = label_image(piece, camera.scale, plate, size)
        if image is None:
            continue
        x0, y0, x1, y1 = piece.polygon.bounds
        left, top = camera.to_screen(x0, y1)
        right, bottom = camera.to_screen(x1, y0)
        outline = pygame.Rect(left, top, right - left, bottom - top)
        if not view.colliderect(outline.inflate(80, 40)):
            continue
        point = piece.polygon.representative_point()
        centre = camera.to_screen(point.x, point.y)
        out.append(ModuleLabel(image, label_spots(image.get_rect(), centre, outline)))
    return out


def label_spots(
    box: pygame.Rect, centre: tuple[int, int], outline: pygame.Rect
) -> tuple[pygame.Rect, ...]:
    """Where a label of size `box` may go around a module with this screen outline."""
    cx, cy = centre
    w, h = box.size
    mid_x, mid_y = cx - w // 2, cy - h // 2
    above, below = outline.top - h - 2, outline.bottom + 2
    east, west = outline.right + 3, outline.left - w - 3
    spots = [
        (mid_x, mid_y),
        (mid_x, above),
        (mid_x, below),
        (east, mid_y),
        (west, mid_y),
        (outline.right - w, above),
        (outline.left, above),
        (outline.right - w, below),
        (outline.left, below),
    ]
    if outline.height >= 3 * h:
        spots += [(mid_x, outline.top + 3), (mid_x, outline.bottom - h - 3)]
    return tuple(box.move(x, y) for x, y in spots)


def _entry(layer: pygame.Surface, frame: Frame, entry: EntryZone, named: bool = True) -> None:
    colour = style.side_colour(entry.side_index)
    pts = frame.pts(entry.polygon)
    draw.blend_polygon(layer, (*colour, 50), pts)
    draw.dashed_polyline(layer, colour, pts, width=2, dash=10, gap=6, closed=True)
    if not named:
        return
    poly = shapely.Polygon(entry.polygon)
    c = poly.centroid
    cx, cy = frame.pt(c.x, c.y)
    text = tr("ui.table.entry", name=entry_label(entry.id, entry.name))
    label = fonts.outlined(text, 12, colour, style.INK)
    ic = icons.icon("entry", 16)
    lx = min(max(cx - label.get_width() / 2, 2), layer.get_width() - label.get_width() - 2)
    ly = min(max(cy - label.get_height() / 2, 2), layer.get_height() - label.get_height() - 2)
    layer.blit(ic, (lx - 18, ly))
    layer.blit(label, (lx, ly))
