"""The table in the editor: the document drawn with the window's own renderers
(terrain layer, figures, overwatch sectors, scale bar), the deploy zones, the
defence overlays, and on top what editing needs — problems marked, the selection
with its handles, the hovered item."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pygame
from pydantic import ValidationError

from game.board.terrain import Board, make_piece
from game.i18n import tr
from game.overlays.fields_of_fire import FieldOfFire
from game.play.profiles import figure_profile
from game.play.setup import initial_overwatch, new_figure
from game.rules.loader import RulesData, load_rules
from game.scenario import FigureSpec
from game.state import Figure
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.defence import DefenceOverlays, draw_overlays
from game.ui.editor import geometry as geo
from game.ui.editor.document import Document, Item, Path, Point
from game.ui.overlay_draw import Tag, draw_own_field
from game.ui.render import draw, markers, style
from game.ui.render.figures import Marks, draw_figures
from game.ui.render.terrain import EntryZone, TerrainLayer, module_labels

HANDLE_PX = 9
TURN_PX = 26
"""How far above the selection the turn handle sits."""
FACE_PX = 16
"""How far beyond a base the facing handle sits."""
PROBLEM: style.RGB = style.VERMILLION
SELECT: style.RGB = style.WHITE


def display_figures(doc: Document, rules: RulesData) -> list[Figure]:
    """The document's figures as the table draws them (unknown profiles as plain
    small bases)."""
    out = []
    for it in doc.figures():
        assert it.at is not None and it.side is not None
        side_id = str(doc.table(("side", it.side)).get("id", ""))
        raw = doc.table(it.ref)
        squad = str(doc.get((*it.ref[:-2], "id"), ""))
        facing = raw.get("facing", 90)
        facing = float(facing) if isinstance(facing, int | float) else 90.0
        try:
            spec = FigureSpec.model_validate(raw)
            profile = figure_profile(spec, rules)
        except (ValidationError, KeyError, ValueError, IndexError, LookupError):
            profile = rules.profile("Militia")
        fig = new_figure(
            it.id or "?", profile, rules, side=side_id, squad=squad, at=it.at, facing=facing
        )
        if raw.get("overwatch") is True:
            fig.overwatch = initial_overwatch(fig, profile, rules)
        out.append(fig)
    return out


def build_board(doc: Document) -> Board:
    """The document's pieces as a Board (keyed by place, so duplicate ids still show)."""
    w, h = doc.board_size()
    board = Board(w, h)
    for it in doc.pieces():
        table = doc.table(it.ref)
        is_module = it.layer == "module"
        structure = table.get("structure")
        try:
            piece = make_piece(
                f"{it.layer}[{it.ref[1]}]",
                it.kind,
                it.polygon,
                is_module=is_module,
                structure=structure if isinstance(structure, int) else None,
                open=table.get("open") is True,
            )
        except ValueError:  # an unknown kind: validation explains it
            piece = make_piece(f"{it.layer}[{it.ref[1]}]", "rubble", it.polygon)
        board.pieces[piece.id] = piece
    return board


def entry_zones(doc: Document) -> list[EntryZone]:
    return [
        EntryZone(it.id, it.side or 0, it.polygon, it.label)
        for it in doc.zones()
        if it.what == "entry"
    ]


class TableLook:
    """The drawable board, entries and figures of one document version (cached)."""

    def __init__(self) -> None:
        self.rules = load_rules()
        self._version: tuple[int, int] | None = None
        self.board = Board(120.0, 120.0)
        self.entries: list[EntryZone] = []
        self.figures: list[Figure] = []
        self.side_index: dict[str, int] = {}
        self.terrain = TerrainLayer(labels=False)  # module labels: placed with the figures

    def update(self, doc: Document) -> None:
        key = (id(doc), doc.version)
        if key == self._version:
            return
        self._version = key
        self.board = build_board(doc)
        self.entries = entry_zones(doc)
        self.figures = display_figures(doc, self.rules)
        self.side_index = {str(side.get("id", i)): i for i, side in doc.tables(("side",))}


class OverlayLayer:
    """The defence overlays drawn once per (overlays, camera) into a cached layer."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._surface: pygame.Surface | None = None
        self.renders = 0

    def draw(
        self,
        screen: pygame.Surface,
        camera: Camera,
        area: pygame.Rect,
        overlays: DefenceOverlays | None,
        shown: Sequence[str],
        own: FieldOfFire | None = None,
    ) -> None:
        """The overlays shown; `own`: the selected defender's field highlighted."""
        if overlays is None or not shown:
            return
        key = (id(overlays), tuple(shown), id(own), camera.scale, camera.centre, camera.view)
        if key != self._key or self._surface is None:
            surface = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
            surface.fill((0, 0, 0, 0))
            surface.set_clip(area)
            draw_overlays(surface, camera, overlays, shown)
            if own is not None:
                draw_own_field(surface, camera, own)
            self._surface, self._key = surface, key
            self.renders += 1
        screen.blit(self._surface, area.topleft, area)


def item_screen_box(camera: Camera, item: Item) -> pygame.Rect:
    """The item's bounding box on screen."""
    if item.at is not None:
        x, y = camera.to_screen(*item.at)
        return pygame.Rect(x - 6, y - 6, 12, 12)
    x0, y0, x1, y1 = geo.bbox(item.polygon)
    a = camera.to_screen(x0, y1)
    b = camera.to_screen(x1, y0)
    return pygame.Rect(a, (max(1, b[0] - a[0]), max(1, b[1] - a[1])))


def handle_positions(camera: Camera, item: Item) -> dict[str, tuple[float, float]]:
    """Screen positions of a piece's or zone's stretch handles and its turn handle
    ('turn'). A side too short on screen has no middle handles (on a thin wall they
    would cover the wall itself, which is grabbed to move it)."""
    if item.at is not None:
        return {}
    box = geo.bbox(item.polygon)
    out = {name: camera.to_screen_f(*p) for name, p in geo.handle_points(box).items()}
    width = out["se"][0] - out["sw"][0]
    height = out["sw"][1] - out["nw"][1]
    if height < 3 * HANDLE_PX:
        out.pop("n")
        out.pop("s")
    if width < 3 * HANDLE_PX:
        out.pop("e")
        out.pop("w")
    x0, _ = out["nw"]
    x1, top = out["ne"]
    out["turn"] = ((x0 + x1) / 2, top - TURN_PX)
    return out


def face_handle(camera: Camera, item: Item, facing: float, radius_cm: float) -> Point:
    assert item.at is not None
    cx, cy = camera.to_screen_f(*item.at)
    r = radius_cm * camera.scale + FACE_PX
    a = math.radians(facing)
    return (cx + r * math.cos(a), cy - r * math.sin(a))


def outline(
    surface: pygame.Surface,
    camera: Camera,
    item: Item,
    colour: style.RGB,
    width: int,
    radius_cm: float = 1.25,
    dashed: bool = False,
) -> None:
    """An item's outline (a ring round a figure's base)."""
    if item.at is not None:
        c = camera.to_screen_f(*item.at)
        pygame.draw.circle(surface, colour, c, radius_cm * camera.scale + 3 + width, width)
        return
    pts = camera.many_to_screen(item.polygon)
    if dashed:
        draw.dashed_polyline(surface, colour, pts, width=width, dash=9, gap=6, closed=True)
    else:
        pygame.draw.polygon(surface, colour, pts, width)


def warning_badge(surface: pygame.Surface, at: tuple[float, float], size: int = 16) -> None:
    """A warning triangle with '!': a problem, told apart by shape, not colour only."""
    x, y = at
    pts = [(x, y - size * 0.55), (x + size * 0.6, y + size * 0.5), (x - size * 0.6, y + size * 0.5)]
    pygame.draw.polygon(surface, style.INK, [(px, py + 1) for px, py in pts])
    pygame.draw.polygon(surface, style.YELLOW, pts)
    pygame.draw.polygon(surface, style.INK, pts, 1)
    mark = fonts.text("!", max(9, size - 5), style.INK, True)
    surface.blit(mark, mark.get_rect(center=(round(x), round(y + size * 0.12))))


def draw_problems(
    surface: pygame.Surface,
    camera: Camera,
    items: Iterable[Item],
    radius: dict[Path, float],
    chosen: Path | None,
) -> None:
    """Every item with a problem outlined in vermillion with a warning badge."""
    for it in items:
        width = 4 if it.ref == chosen else 3
        outline(surface, camera, it, PROBLEM, width, radius.get(it.ref, 1.25))
        box = item_screen_box(camera, it)
        warning_badge(surface, (box.right + 4, box.top - 4))


def draw_selection(surface: pygame.Surface, camera: Camera, item: Item, radius_cm: float) -> None:
    """The selected item's white outline (problem marks go over it)."""
    outline(surface, camera, item, style.INK, 4, radius_cm)
    outline(surface, camera, item, SELECT, 2, radius_cm)


def draw_handles(
    surface: pygame.Surface, camera: Camera, item: Item, facing: float, radius_cm: float
) -> None:
    """The selected item's stretch and turn handles (a figure: its facing handle)."""
    if item.at is not None:
        c = camera.to_screen_f(*item.at)
        h = face_handle(camera, item, facing, radius_cm)
        pygame.draw.line(surface, SELECT, c, h, 1)
        pygame.draw.circle(surface, style.INK, h, 7)
        pygame.draw.circle(surface, style.SKY, h, 5)
        return
    handles = handle_positions(camera, item)
    turn = handles.pop("turn")
    pygame.draw.line(surface, SELECT, (turn[0], handles["nw"][1]), turn, 1)
    pygame.draw.circle(surface, style.INK, turn, 8)
    pygame.draw.circle(surface, style.SKY, turn, 6)
    pygame.draw.arc(surface, style.INK, pygame.Rect(turn[0] - 4, turn[1] - 4, 8, 8), 0.5, 5.2, 2)
    half = HANDLE_PX // 2
    for x, y in handles.values():
        box = pygame.Rect(round(x) - half, round(y) - half, HANDLE_PX, HANDLE_PX)
        pygame.draw.rect(surface, SELECT, box)
        pygame.draw.rect(surface, style.INK, box, 1)


def draw_deploy_zones(surface: pygame.Surface, camera: Camera, items: Iterable[Item]) -> None:
    """Deploy zones: a tint and a dashed outline in the side's colour (their labels:
    `deploy_tags`)."""
    for it in items:
        colour = style.side_colour(it.side or 0)
        pts = camera.many_to_screen(it.polygon)
        draw.blend_polygon(surface, (*colour, 22), pts)
        draw.dashed_polyline(surface, colour, pts, width=2, dash=14, gap=6, closed=True)


def deploy_tags(camera: Camera, items: Iterable[Item]) -> list[Tag]:
    """Each deploy zone's label and where it may go: inside its corners (top left
    first), then just outside its top and bottom edges — placed with the modules'
    labels and the figures' names, clear of them."""
    out = []
    for it in items:
        colour = style.side_colour(it.side or 0)
        text = tr("editor.table.deploy", side=it.label or it.id)
        image = fonts.outlined(text, 12, colour, style.INK)
        x0, y0, x1, y1 = geo.bbox(it.polygon)
        left, top = camera.to_screen(x0, y1)
        right, bottom = camera.to_screen(x1, y0)
        w, h = image.get_size()
        corners = [
            (left + 4, top + 3),
            (right - w - 4, top + 3),
            (left + 4, bottom - h - 3),
            (right - w - 4, bottom - h - 3),
            (left, top - h - 2),
            (right - w, top - h - 2),
            (left, bottom + 2),
            (right - w, bottom + 2),
        ]
        out.append(Tag(image, tuple(pygame.Rect(x, y, w, h) for x, y in corners)))
    return out


def draw_scale_bar(surface: pygame.Surface, camera: Camera, units: str) -> None:
    markers.draw_scale_bar(surface, camera, units)


def draw_table_figures(
    surface: pygame.Surface,
    camera: Camera,
    figures: list[Figure],
    side_index: dict[str, int],
    marks: Marks,
    board: Board | None = None,
    tags: Sequence[Tag] = (),
) -> None:
    """Overwatch sectors (on the table only) under the bases, then the bases, their
    names, the `board`'s module labels and the `tags` (placed clear of each other and
    the bases)."""
    old = surface.get_clip()
    surface.set_clip(old.clip(pygame.Rect(camera.board_rect())))
    markers.draw_sectors(surface, camera, figures, side_index, frozenset())
    surface.set_clip(old)
    fixed: list[Any] = module_labels(board, camera) if board is not None else []
    draw_figures(surface, camera, figures, side_index, marks, fixed=[*fixed, *tags])
