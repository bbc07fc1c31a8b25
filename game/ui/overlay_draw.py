"""Defence overlays drawn through the camera (issue #7): fields of fire, dead ground,
threat streamlines and lanes, the heat map; and their legend entries. Each overlay's
`draw_…(surface, camera, value, look)` and `…_legend(value, look)` are named in its
entry of the registry (game/ui/defence.py), which draws them in order.

Each overlay has its own colour AND pattern (hatching, dashes, glyphs), so they read
apart without colour too. Sizes (line widths, hatch spacing, glyphs) follow the
zoom, with a floor for the screen, so a print at true size keeps ~1 mm patterns.
Big surfaces (a print at 150 dpi) are filled in tiles: memory stays bounded.
Shared by the map export (game/ui/mapexport.py), the editor and the in-game table;
what depends on the table's colours takes the `style.Palette` it is drawn in (the
window's, `style.screen()`, when given none).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pygame
import shapely
from shapely.geometry.base import BaseGeometry

from game.i18n import count_text, tr
from game.naming import entry_label
from game.overlays.dead_ground import DeadGround
from game.overlays.fields_of_fire import FieldOfFire, FieldsOfFire
from game.overlays.heat import LAYERS, HeatMap, bilinear, local_max
from game.overlays.threat import Threat
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.render import draw, icons, style
from game.ui.render.style import Palette, TerrainStyle, tint
from game.ui.render.terrain import EntryZone

Point = tuple[float, float]
Rings = list[tuple[list[Point], list[list[Point]]]]
TILE = 1024
"""px: the largest piece of a big surface filled at once."""


FIRE_PALE: style.RGB = tint(style.GREEN, 0.55)
"""The fields of fire's green, lighter: long range."""
FIRE_DARK: style.RGB = (0, 100, 72)
"""The fields of fire's green, darker: each defender's outline on a light table."""
FIRE_NORMAL = TerrainStyle((*style.GREEN, 80), "diag", (*style.GREEN, 210), style.GREEN, 2, 10)
FIRE_LONG = TerrainStyle((*FIRE_PALE, 72), "diag", (*FIRE_PALE, 170), FIRE_PALE, 2, 20, True)
"""Long range: the same green and hatching, lighter and half as dense."""
FIRE_OWN = TerrainStyle((*style.GREEN, 120), "diag", (*style.GREEN, 240), style.WHITE, 3, 7)
FIRE_OWN_LONG = TerrainStyle((*FIRE_PALE, 100), "diag", (*FIRE_PALE, 220), style.WHITE, 2, 14, True)
"""The selected defender's own field in the editor: stronger, outlined in white."""
DEAD = TerrainStyle((0, 0, 0, 95), "cross", (*style.VERMILLION, 190), style.VERMILLION, 2, 12)
DEAD_ON_PAPER = TerrainStyle(
    (0, 0, 0, 38), "cross", (*style.VERMILLION, 190), style.VERMILLION, 2, 12
)
"""Dead ground on a light table (the printed map): a light grey, the same hatching."""
LANE = TerrainStyle((*style.PURPLE, 55), "horiz", (*style.PURPLE, 150), style.PURPLE, 2, 9, True)
THREAT: style.RGB = style.PURPLE
HEAT_COLOUR: dict[str, style.RGB] = {
    "attackers": style.ORANGE,
    "defenders": style.SKY,
    "breaches": style.YELLOW,
}
HEAT_HATCH = {"attackers": "diag", "defenders": "back", "breaches": "grid"}
HEAT_GLYPH = {"attackers": "star", "defenders": "diamond", "breaches": "square"}


def _darker(colour: style.RGB) -> style.RGB:
    r, g, b = colour
    return (max(0, r - 110), max(0, g - 110), max(0, b - 110))


HEAT_STYLE = {
    name: TerrainStyle(
        (*colour, 170), HEAT_HATCH[name], (*_darker(colour), 235), _darker(colour), 1, 12
    )
    for name, colour in HEAT_COLOUR.items()
}
"""How a layer's hotspot looks (the legend's swatch)."""
HEAT_FLOOR = 0.05
"""Share of a layer's peak below which the heat map shows nothing."""
HEAT_HATCHED = 0.35
"""Share of the peak from which a layer's hotspot is hatched."""
HOTSPOTS = 10
"""Most glyphs marking a layer's local peaks."""


@dataclass(frozen=True, slots=True)
class Look:
    """How the overlays are drawn: on a table in `palette` (None: the window's),
    with every defender's field outlined (`each_field`: the printed map), the field
    of the defender named `own` highlighted (the editor)."""

    palette: Palette | None = None
    each_field: bool = False
    own: str | None = None


SCREEN = Look()


# -- sizes ---------------------------------------------------------------------------


def px(camera: Camera, cm: float, floor: float) -> int:
    """A length of `cm` on the table in px, never below `floor`."""
    return max(round(floor), round(cm * camera.scale))


def spacing(camera: Camera, st: TerrainStyle) -> int:
    """Hatch spacing: the style's px on screen, about 1.5 mm per 10 px printed."""
    return max(st.spacing, round(st.spacing * 0.025 * camera.scale))


# -- filled geometry -------------------------------------------------------------------


def screen_rings(camera: Camera, geometry: BaseGeometry) -> Rings:
    """The polygons of a geometry as screen rings (exterior, holes), outermost first
    (an island inside another polygon's hole comes after it)."""
    parts = [p for p in shapely.get_parts(geometry) if p.geom_type == "Polygon" and not p.is_empty]
    parts.sort(key=lambda p: -shapely.area(shapely.envelope(p.exterior)))
    return [
        (
            camera.many_to_screen(np.asarray(p.exterior.coords)),
            [camera.many_to_screen(np.asarray(h.coords)) for h in p.interiors],
        )
        for p in parts
    ]


def _bounds(rings: Rings) -> pygame.Rect | None:
    pts = np.asarray([pt for ext, _ in rings for pt in ext], np.float64)
    if not len(pts):
        return None
    x0, y0 = np.floor(pts.min(axis=0)).astype(int)
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
    return pygame.Rect(int(x0) - 1, int(y0) - 1, int(x1 - x0) + 3, int(y1 - y0) + 3)


def tiles(area: pygame.Rect, size: int = TILE) -> Iterator[pygame.Rect]:
    """`area` cut into rectangles of at most size × size."""
    for y in range(area.top, area.bottom, size):
        for x in range(area.left, area.right, size):
            yield pygame.Rect(x, y, min(size, area.right - x), min(size, area.bottom - y))


def _clip(surface: pygame.Surface) -> pygame.Rect:
    return surface.get_clip() or surface.get_rect()


def _origin(camera: Camera) -> tuple[int, int]:
    """The table's top-left corner on screen: hatching lines up to it."""
    x, y = camera.to_screen(0.0, camera.board_size[1])
    return (x, y)


def fill_geometry(
    surface: pygame.Surface, camera: Camera, geometry: BaseGeometry, st: TerrainStyle
) -> None:
    """A translucent fill with the style's hatching over a (multi)polygon with holes."""
    rings = screen_rings(camera, geometry)
    box = _bounds(rings)
    if box is None:
        return
    area = box.clip(_clip(surface))
    ox, oy = _origin(camera)
    gap = spacing(camera, st)
    width = line_width(camera)
    for tile in tiles(area):
        layer = hatched(tile.size, (tile.x - ox, tile.y - oy), st, gap, width)
        mask = pygame.Surface(tile.size, pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        for ext, holes in rings:
            pygame.draw.polygon(mask, (255, 255, 255, 255), _shift(ext, tile))
            for hole in holes:
                pygame.draw.polygon(mask, (0, 0, 0, 0), _shift(hole, tile))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(layer, tile.topleft)


def line_width(camera: Camera) -> int:
    """Hatch line width: 1 px on screen, about 0.3 mm printed."""
    return max(1, round(0.03 * camera.scale))


def hatched(
    size: tuple[int, int], offset: tuple[int, int], st: TerrainStyle, gap: int, width: int
) -> pygame.Surface:
    """A surface of the style's fill with its hatch lines (`offset`: the surface's
    position from the table's corner, so patterns line up across tiles)."""
    w, h = size
    rgba = np.empty((h, w, 4), np.uint8)
    rgba[...] = st.fill
    if st.hatch != "none":
        x = np.arange(w)[None, :] + offset[0]
        y = np.arange(h)[:, None] + offset[1]
        rgba[pattern(st.hatch, x, y, gap, width)] = st.ink
    return pygame.image.frombuffer(rgba.tobytes(), size, "RGBA").copy()


def _shift(points: Sequence[Point], tile: pygame.Rect) -> list[Point]:
    return [(x - tile.x, y - tile.y) for x, y in points]


def outline_geometry(
    surface: pygame.Surface,
    camera: Camera,
    geometry: BaseGeometry,
    colour: style.RGB,
    width: int,
    dashed: bool = False,
) -> None:
    """The edges of a (multi)polygon, solid or dashed."""
    dash = max(8, width * 4)
    for ext, holes in screen_rings(camera, geometry):
        for ring in (ext, *holes):
            if len(ring) < 2:
                continue
            if dashed:
                draw.dashed_polyline(
                    surface, colour, ring, width=width, dash=dash, gap=dash * 0.7, closed=True
                )
            else:
                pygame.draw.lines(surface, colour, True, ring, width)


def area(surface: pygame.Surface, camera: Camera, geometry: BaseGeometry, st: TerrainStyle) -> None:
    """Fill and outline in one style."""
    if geometry.is_empty:
        return
    fill_geometry(surface, camera, geometry, st)
    width = px(camera, 0.05 * st.width, st.width)
    outline_geometry(surface, camera, geometry, st.outline, width, st.dashed)


# -- the overlays --------------------------------------------------------------------


def draw_fire(
    surface: pygame.Surface, camera: Camera, fire: FieldsOfFire, look: Look = SCREEN
) -> None:
    """The union: long range lighter and sparser, normal range stronger; with
    `look.each_field`, every defender's own field (within range) outlined thinly too."""
    area(surface, camera, fire.long, FIRE_LONG)
    area(surface, camera, fire.normal, FIRE_NORMAL)
    if look.each_field:
        draw_field_outlines(surface, camera, fire, look.palette)


def light_table(palette: Palette | None = None) -> bool:
    """Is the table drawn light (the print palette)?"""
    return (palette or style.screen()).light


def field_edge(palette: Palette | None = None) -> style.RGB:
    """The colour of a defender's field outline: dark green on a light table, light
    green on a dark one."""
    return FIRE_DARK if light_table(palette) else FIRE_PALE


def dead_style(palette: Palette | None = None) -> TerrainStyle:
    """Dead ground darkens a dark table; on a light one a light grey does."""
    return DEAD_ON_PAPER if light_table(palette) else DEAD


def draw_field_outlines(
    surface: pygame.Surface, camera: Camera, fire: FieldsOfFire, palette: Palette | None = None
) -> None:
    """Each defender's field within range as a thin outline (names: `field_tags`)."""
    width = px(camera, 0.025, 1)
    edge = field_edge(palette)
    for field in fire.each:
        outline_geometry(surface, camera, field.normal, edge, width)


def draw_own_field(surface: pygame.Surface, camera: Camera, field: FieldOfFire) -> None:
    """One defender's field highlighted (the editor's selected defender): normal and
    long range stronger than the union, outlined in white."""
    old = surface.get_clip()
    surface.set_clip(_clip(surface).clip(pygame.Rect(camera.board_rect())))
    try:
        area(surface, camera, field.long, FIRE_OWN_LONG)
        area(surface, camera, field.normal, FIRE_OWN)
    finally:
        surface.set_clip(old)


# -- labels on the table -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tag:
    """A label and the spots it may take, best first (placed with the figures' names
    and the modules' labels, like `game.ui.render.terrain.ModuleLabel`)."""

    image: pygame.Surface
    spots: tuple[pygame.Rect, ...]


def text_px(camera: Camera, cm: float, floor: int = 10) -> int:
    """A text size of `cm` on the table (so a print's labels grow with its scale)."""
    return max(floor, round(cm * camera.scale))


@lru_cache(maxsize=256)  # drawn every frame in the editor; the result is only blitted
def label_box(
    text: str,
    size: int,
    ink: style.RGB,
    paper: style.RGB,
    edge: style.RGB,
    icon: pygame.Surface | None = None,
) -> pygame.Surface:
    """Text (after an icon) on an opaque box with a coloured edge: readable over any
    fill or hatching."""
    image = fonts.text(text, size, ink, True)
    pad, line = max(2, size // 5), max(1, size // 10)
    icon_w = icon.get_width() + pad if icon is not None else 0
    height = max(image.get_height(), icon.get_height() if icon is not None else 0) + pad
    out = pygame.Surface((icon_w + image.get_width() + 2 * pad, height), pygame.SRCALPHA)
    box = out.get_rect()
    radius = max(2, size // 4)
    pygame.draw.rect(out, paper, box, border_radius=radius)
    pygame.draw.rect(out, edge, box, line, border_radius=radius)
    if icon is not None:
        out.blit(icon, icon.get_rect(midleft=(pad, box.centery)))
    out.blit(image, image.get_rect(midleft=(pad + icon_w, box.centery)))
    return out


def draw_entry_zones(
    surface: pygame.Surface,
    camera: Camera,
    zones: Sequence[EntryZone],
    width: int = 2,
    dash: float = 10,
    gap: float = 6,
) -> None:
    """The raids' entry zones: a tint and a dashed edge in the raid's colour (their
    labels: `entry_tags`, placed with the other labels over the overlays)."""
    for zone in zones:
        colour = style.side_colour(zone.side_index)
        pts = camera.many_to_screen(zone.polygon)
        draw.blend_polygon(surface, (*colour, 60), pts)
        draw.dashed_polyline(surface, colour, pts, width=width, dash=dash, gap=gap, closed=True)


def entry_tags(
    camera: Camera,
    zones: Sequence[EntryZone],
    size: int,
    ink: style.RGB = style.INK,
    paper: style.RGB = style.WHITE,
) -> list[Tag]:
    """Each entry zone's name on an opaque box edged in the raid's colour (`size` px
    text); spots along the zone's long side, its middle first, moved onto the table
    where the zone is narrower than the label."""
    out = []
    for zone in zones:
        colour = style.side_colour(zone.side_index)
        text = tr("ui.table.entry", name=entry_label(zone.id, zone.name))
        image = label_box(text, size, ink, paper, colour, icons.icon("entry", size))
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        along = (0.0, -0.25, 0.25, -0.4, 0.4)
        if x1 - x0 >= y1 - y0:
            points = [(cx + t * (x1 - x0), cy) for t in along]
        else:
            points = [(cx, cy + t * (y1 - y0)) for t in along]
        table = pygame.Rect(camera.board_rect()).inflate(-4, -4)
        spots = tuple(image.get_rect(center=camera.to_screen(x, y)).clamp(table) for x, y in points)
        out.append(Tag(image, spots))
    return out


TAG_POINTS = 72
"""Points along a field's outline tried for its name."""
TAG_SPOTS = 14
"""Spots offered to the label placement per field."""


def tag_points(
    field: FieldOfFire, others: Sequence[FieldOfFire], inside: BaseGeometry
) -> list[Point]:
    """Points on a field's outline for its name, best first: where fewest other
    fields cover it (its own edge is told apart there), then farthest from the
    defender; only points in `inside` (the table less a margin)."""
    parts = [p for p in shapely.get_parts(field.normal) if p.geom_type == "Polygon"]
    if not parts:
        return []
    ring = max(parts, key=lambda p: p.area).exterior
    pts = [ring.interpolate(i / TAG_POINTS, normalized=True) for i in range(TAG_POINTS)]
    xy = np.asarray([(p.x, p.y) for p in pts], np.float64)
    keep = shapely.contains_xy(inside, xy[:, 0], xy[:, 1])
    xy = xy[keep]
    if not len(xy):
        return []
    crowd = np.zeros(len(xy))
    for other in others:
        if other is not field:
            crowd += shapely.contains_xy(other.normal.buffer(0.5), xy[:, 0], xy[:, 1])
    far = np.hypot(xy[:, 0] - field.pos[0], xy[:, 1] - field.pos[1])
    order = np.lexsort((-far, crowd))
    return [(float(xy[i, 0]), float(xy[i, 1])) for i in order]


def field_tags(
    camera: Camera,
    fire: FieldsOfFire,
    names: Mapping[str, str],
    size_cm: float = 0.35,
    palette: Palette | None = None,
) -> list[Tag]:
    """Each defender's name on its field's outline (the printed map)."""
    w, h = camera.board_size
    inside = shapely.box(1.5, 1.5, w - 1.5, h - 1.5)
    size = text_px(camera, size_cm)
    edge = field_edge(palette)
    out = []
    for field in fire.each:
        image = label_box(names.get(field.figure, field.figure), size, style.INK, style.WHITE, edge)
        spots = []
        for x, y in tag_points(field, fire.each, inside)[: TAG_SPOTS * 3 : 3]:
            spots.append(image.get_rect(center=camera.to_screen(x, y)))
        if spots:
            out.append(Tag(image, tuple(spots)))
    return out


def draw_dead(
    surface: pygame.Surface, camera: Camera, dead: DeadGround, look: Look = SCREEN
) -> None:
    """The dead ground darkened and cross-hatched; the edge of the ground looked at."""
    area(surface, camera, dead.dead, dead_style(look.palette))
    near = dead.refuge.buffer(dead.reach).intersection(shapely.box(0, 0, *camera.board_size))
    outline_geometry(surface, camera, near, style.VERMILLION, px(camera, 0.03, 1), True)


def _line(surface: pygame.Surface, pts: Sequence[Point], colour: style.RGB, width: int) -> None:
    """A line with a dark casing."""
    pygame.draw.lines(surface, style.INK, False, pts, width + 2)
    for p in pts:
        pygame.draw.circle(surface, style.INK, p, (width + 2) / 2)
    pygame.draw.lines(surface, colour, False, pts, width)
    for p in pts:
        pygame.draw.circle(surface, colour, p, width / 2)


def _chevrons(
    surface: pygame.Surface, pts: Sequence[Point], colour: style.RGB, every: float, size: float
) -> None:
    """Arrowheads along a polyline (direction of travel) and at its end."""
    travelled = every / 2
    for a, b in itertools.pairwise(pts):
        seg = math.dist(a, b)
        while travelled < seg:
            t = travelled / seg
            at = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            _head(surface, a, at, colour, size)
            travelled += every
        travelled -= seg
    if len(pts) >= 2:
        _head(surface, pts[-2], pts[-1], colour, size * 1.4)


def _head(surface: pygame.Surface, a: Point, b: Point, colour: style.RGB, size: float) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] + size * 0.5 * math.cos(ang), b[1] + size * 0.5 * math.sin(ang))
    left = (tip[0] + size * math.cos(ang + 2.6), tip[1] + size * math.sin(ang + 2.6))
    right = (tip[0] + size * math.cos(ang - 2.6), tip[1] + size * math.sin(ang - 2.6))
    pygame.draw.polygon(surface, style.INK, [tip, left, right], 0)
    pygame.draw.polygon(surface, colour, [tip, left, right], max(1, round(size / 4)))


def draw_threat(
    surface: pygame.Surface, camera: Camera, threats: Sequence[Threat], look: Look = SCREEN
) -> None:
    """Lanes: a hatched corridor around a dashed path; streamlines: solid lines with
    chevrons pointing the way; the goal outlined."""
    width = px(camera, 0.06, 2)
    head = px(camera, 0.35, 8)
    every = camera.scale * 12.0
    for threat in threats:
        for lane in threat.lanes:
            area(surface, camera, lane.corridor, LANE)
        for lane in threat.lanes:
            pts = camera.many_to_screen(lane.points)
            draw.dashed_polyline(
                surface, style.INK, pts, width=width + 2, dash=head * 1.6, gap=head
            )
            draw.dashed_polyline(surface, THREAT, pts, width=width, dash=head * 1.6, gap=head)
            _chevrons(surface, pts, THREAT, every, head)
        for line in threat.streamlines:
            _line(surface, camera.many_to_screen(line.points), THREAT, width)
        for line in threat.streamlines:
            _chevrons(surface, camera.many_to_screen(line.points), THREAT, every, head)
        outline_geometry(surface, camera, threat.goal, THREAT, px(camera, 0.12, 3), True)


def draw_heat(surface: pygame.Surface, camera: Camera, heat: HeatMap, look: Look = SCREEN) -> None:
    """Each layer: its colour, more opaque where more fell; hatched hotspots and a
    glyph on each local peak."""
    board = pygame.Rect(camera.board_rect())
    area_ = board.clip(_clip(surface))
    ox, oy = _origin(camera)
    gap = max(8, round(0.3 * camera.scale))
    for name in LAYERS:
        peak = heat.peak(name)
        if peak <= 0:
            continue
        for tile in tiles(area_):
            if _tile_peak(camera, heat, name, tile) < HEAT_FLOOR * peak:
                continue
            offset = (tile.x - ox, tile.y - oy)
            layer = _heat_tile(camera, heat, name, peak, tile, offset, gap, line_width(camera))
            surface.blit(layer, tile.topleft)
    for name in LAYERS:
        _hotspots(surface, camera, heat, name)


def _tile_peak(camera: Camera, heat: HeatMap, name: str, tile: pygame.Rect) -> float:
    """The most in any grid cell a tile (with a cell's margin) shows."""
    x0, y1 = camera.to_board(tile.left, tile.top)
    x1, y0 = camera.to_board(tile.right, tile.bottom)
    grid = heat.grids[name]
    c0, c1 = max(0, int(x0 / heat.cell) - 1), min(grid.shape[1], int(x1 / heat.cell) + 2)
    r0, r1 = max(0, int(y0 / heat.cell) - 1), min(grid.shape[0], int(y1 / heat.cell) + 2)
    part = grid[r0:r1, c0:c1]
    return float(part.max()) if part.size else 0.0


def _heat_tile(
    camera: Camera,
    heat: HeatMap,
    name: str,
    peak: float,
    tile: pygame.Rect,
    offset: tuple[int, int],
    gap: int,
    width: int,
) -> pygame.Surface:
    """One tile of one layer as an RGBA surface (bilinear between grid cells)."""
    sx = np.arange(tile.left, tile.right, dtype=np.float64) + 0.5
    sy = np.arange(tile.top, tile.bottom, dtype=np.float64) + 0.5
    bx = camera.centre[0] + (sx - camera.view[0] - camera.view[2] / 2.0) / camera.scale
    by = camera.centre[1] - (sy - camera.view[1] - camera.view[3] / 2.0) / camera.scale
    cols = bx / heat.cell - 0.5
    rows = by / heat.cell - 0.5
    share = bilinear(heat.grids[name], rows, cols) / peak
    alpha = np.where(share >= HEAT_FLOOR, 40 + 170 * np.clip(share, 0, 1) ** 0.7, 0)
    rgba = np.zeros((*share.shape, 4), np.uint8)
    rgba[..., :3] = HEAT_COLOUR[name]
    rgba[..., 3] = alpha.astype(np.uint8)
    px_x = np.arange(tile.width)[None, :] + offset[0]
    px_y = np.arange(tile.height)[:, None] + offset[1]
    lines = pattern(HEAT_HATCH[name], px_x, px_y, gap, width)
    ink = lines & (share >= HEAT_HATCHED)
    rgba[ink, :3] = _darker(HEAT_COLOUR[name])
    rgba[ink, 3] = 235
    return pygame.image.frombuffer(rgba.tobytes(), tile.size, "RGBA").copy()


def pattern(kind: str, x: np.ndarray, y: np.ndarray, gap: int, width: int) -> np.ndarray:
    """Hatch lines as a boolean image (x: a row of columns, y: a column of rows):
    diag (/), back (\\), cross (both), horiz, vert, grid (both), dots."""
    diag_w = max(1, round(width * 1.4))  # diagonals: the same width across the line
    shape = np.broadcast_shapes(x.shape, y.shape)
    out = np.zeros(shape, np.bool_)
    if kind in ("diag", "cross", "x"):
        out |= ((x + y) % gap) < diag_w
    if kind in ("back", "cross", "x"):
        out |= ((x - y) % gap) < diag_w
    if kind in ("horiz", "grid"):
        out |= (y % gap) < width
    if kind in ("vert", "grid"):
        out |= (x % gap) < width
    if kind == "dots":
        r = max(1, gap // 6)
        out |= ((x % gap) < r * 2) & ((y % gap) < r * 2)
    return out


def _hotspots(surface: pygame.Surface, camera: Camera, heat: HeatMap, name: str) -> None:
    grid = heat.grids[name]
    peak = heat.peak(name)
    if peak <= 0:
        return
    top = (grid == local_max(grid, max(3, round(6 / heat.cell)))) & (grid >= 0.5 * peak)
    rows, cols = np.nonzero(top)
    order = np.argsort(-grid[rows, cols])[:HOTSPOTS]
    size = px(camera, 0.6, 7)
    for k in order:
        x, y = (cols[k] + 0.5) * heat.cell, (rows[k] + 0.5) * heat.cell
        glyph(surface, HEAT_GLYPH[name], camera.to_screen_f(x, y), size, HEAT_COLOUR[name])


def glyph(
    surface: pygame.Surface, shape: str, centre: Point, size: float, colour: style.RGB
) -> None:
    """A side-style glyph with a dark rim."""
    draw.draw_glyph(surface, shape, centre, size + 2, style.INK)
    draw.draw_glyph(surface, shape, centre, size, colour)


# -- the legend ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One line of the legend: an area swatch, a line sample or a glyph."""

    key: str
    label: str
    swatch: str  # area | line | lane | glyph
    look: TerrainStyle | None = None
    colour: style.RGB = style.WHITE
    shape: str = "circle"


def fire_legend(fire: FieldsOfFire, look: Look = SCREEN) -> list[LegendEntry]:
    """Normal and long range; each defender's outline (the printed map); the
    highlighted defender's own field (the editor)."""
    out = [
        LegendEntry("fire_normal", tr("planner.legend.fire_normal"), "area", FIRE_NORMAL),
        LegendEntry("fire_long", tr("planner.legend.fire_long"), "area", FIRE_LONG),
    ]
    if look.each_field and fire.each:
        out.append(LegendEntry("fire_each", tr("planner.legend.fire_each"), "field", FIRE_NORMAL))
    if look.own is not None:
        label = tr("planner.legend.fire_own", name=look.own)
        out.append(LegendEntry("fire_own", label, "area", FIRE_OWN))
    return out


def dead_legend(dead: DeadGround, look: Look = SCREEN) -> list[LegendEntry]:
    label = tr("planner.legend.dead", reach=dead.reach)
    return [LegendEntry("dead", label, "area", dead_style(look.palette))]


def heat_legend(heat: HeatMap, look: Look = SCREEN) -> list[LegendEntry]:
    """A line per layer: how many fell or broke in how many raids."""
    raids = count_text("planner.in_raids", heat.games)
    return [
        LegendEntry(
            f"heat_{layer}",
            tr(f"planner.legend.heat_{layer}", n=heat.counts[layer], in_raids=raids),
            "heat",
            HEAT_STYLE[layer],
            HEAT_COLOUR[layer],
            HEAT_GLYPH[layer],
        )
        for layer in LAYERS
    ]


def threat_legend(threats: Sequence[Threat], look: Look = SCREEN) -> list[LegendEntry]:
    """Streamlines, lanes and the goal, those there are."""
    out = []
    if any(t.streamlines for t in threats):
        out.append(
            LegendEntry("streamlines", tr("planner.legend.streamlines"), "line", None, THREAT)
        )
    if any(t.lanes for t in threats):
        out.append(LegendEntry("lanes", tr("planner.legend.lanes"), "lane", LANE, THREAT))
    if threats:
        out.append(LegendEntry("goal", tr("planner.legend.goal"), "goal", None, THREAT))
    return out


def draw_swatch(
    surface: pygame.Surface,
    rect: pygame.Rect,
    entry: LegendEntry,
    scale: float,
    palette: Palette | None = None,
) -> None:
    """The legend's sample for an entry inside `rect`, drawn as on a table (in
    `palette`) seen at `scale` px per cm (same line widths and hatching as the map)."""
    look = palette or style.screen()
    w, h = rect.width / scale, rect.height / scale
    cam = Camera((w, h), (rect.x, rect.y, rect.width, rect.height), scale, (w / 2, h / 2))
    pygame.draw.rect(surface, look.table, rect)
    old = surface.get_clip()
    surface.set_clip(rect)
    width = px(cam, 0.06, 2)
    head = px(cam, 0.35, 8)
    inset = 3 / scale
    line = cam.many_to_screen([(inset, h / 2), (w - inset, h / 2)])
    if entry.swatch in ("area", "heat") and entry.look is not None:
        area(surface, cam, shapely.box(0, 0, w, h).buffer(-inset, join_style="mitre"), entry.look)
        if entry.swatch == "heat":
            glyph(surface, entry.shape, rect.center, px(cam, 0.6, 7), entry.colour)
    elif entry.swatch == "line":
        _line(surface, line, entry.colour, width)
        _head(surface, line[0], line[1], entry.colour, head)
    elif entry.swatch == "lane" and entry.look is not None:
        fill_geometry(surface, cam, shapely.box(0, h * 0.12, w, h * 0.88), entry.look)
        draw.dashed_polyline(surface, style.INK, line, width=width + 2, dash=head * 1.6, gap=head)
        draw.dashed_polyline(surface, entry.colour, line, width=width, dash=head * 1.6, gap=head)
        _head(surface, line[0], line[1], entry.colour, head)
    elif entry.swatch == "goal":
        box = shapely.box(0, 0, w, h).buffer(-2 * inset, join_style="mitre")
        outline_geometry(surface, cam, box, entry.colour, px(cam, 0.12, 3), True)
    elif entry.swatch == "field" and entry.look is not None:
        fill_geometry(surface, cam, shapely.box(0, 0, w, h), entry.look)
        box = shapely.box(0, 0, w, h).buffer(-2 * inset, join_style="mitre")
        outline_geometry(surface, cam, box, field_edge(look), px(cam, 0.025, 1))
    surface.set_clip(old)
    pygame.draw.rect(surface, style.INK, rect, 1)
