"""The editor's tools: mouse and keys on the table in, commands out.

- select: click to select; drag to move; drag a handle to stretch (corners and
  sides) or turn (the round one on top); a figure's blue handle turns its facing;
- draw: click the corners of a polygon (drag: a rectangle);
- preset: click to drop a refuge module or terrain preset (R turns it);
- defender: click to place a defender of the chosen profile;
- entry / deploy: drag a rectangle (a click near an edge makes an entry strip).

A drag is shown live (the document changes as the mouse moves) and recorded as
one command when the button is released; Esc puts the item back.
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.naming import say
from game.ui.editor import edits
from game.ui.editor import geometry as geo
from game.ui.editor.commands import SetValue
from game.ui.editor.document import MISSING, Item, Path, Point, number, point_data
from game.ui.editor.presets import PRESET_BY_KEY, layer_of
from game.ui.editor.view import HANDLE_PX, face_handle, handle_positions
from game.ui.render import draw, style

if TYPE_CHECKING:
    from game.ui.editor.app import EditorApp

DRAG_PX = 4
"""Mouse travel before a press becomes a drag."""
CLOSE_PX = 10
"""How near the first corner a click closes a polygon."""
DOUBLE_CLICK_MS = 400
GRAB_PX = HANDLE_PX // 2 + 3
"""How near a handle's middle a press grabs it."""
EDGE_REACH_CM = 3.0
"""A dragged entry zone this near a board edge is stretched onto it."""


def _board_point(app: EditorApp, pos: tuple[int, int], snap: bool | None = None) -> Point:
    p = app.camera.to_board(*pos)
    return geo.snap_point(p) if (app.snap if snap is None else snap) else p


class Tool:
    """A tool's interface (the select tool and the placing tools)."""

    name = "tool"

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        return False

    def draw(self, surface: pygame.Surface, app: EditorApp) -> None:
        return None

    def hint(self, app: EditorApp) -> str:
        return tr(f"editor.hint.{self.name}")

    def cancel(self, app: EditorApp) -> bool:
        """Esc: drop what is under way; False when there was nothing to drop."""
        return False

    @property
    def busy(self) -> bool:
        """A drag or a polygon under way (validation and overlays wait)."""
        return False


class SelectTool(Tool):
    """Select, move, stretch, turn."""

    name = "select"

    def __init__(self) -> None:
        self.mode: str | None = None  # press | move | stretch | turn | face
        self.item: Item | None = None
        self.path: Path = ()
        self.original: Any = None
        self.press: tuple[int, int] = (0, 0)
        self.handle_name = ""

    @property
    def busy(self) -> bool:
        return self.mode in ("move", "stretch", "turn", "face")

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos, app)
            return True
        if event.type == pygame.MOUSEMOTION and self.mode is not None:
            self._drag(event.pos, app)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.mode is not None:
            self._up(app)
            return True
        return False

    def _down(self, pos: tuple[int, int], app: EditorApp) -> None:
        sel = app.selected_item()
        grab = self._handle_at(app, sel, pos) if sel is not None else None
        if sel is not None and grab is not None:
            self._start(app, sel, grab, pos)
            return
        item = app.item_at(pos)
        app.select(item.ref if item is not None else None)
        if item is not None:
            self._start(app, item, "press", pos)

    def _start(self, app: EditorApp, item: Item, mode: str, pos: tuple[int, int]) -> None:
        self.item, self.press = item, pos
        if mode in geo.HANDLES:
            self.mode, self.handle_name = "stretch", mode
        else:
            self.mode = mode
        if item.at is not None:
            self.path = (*item.ref, "facing") if mode == "face" else (*item.ref, "at")
        else:
            self.path = item.ref if item.what == "deploy" else (*item.ref, "polygon")
        self.original = copy.deepcopy(app.doc.get(self.path))

    def _handle_at(self, app: EditorApp, item: Item, pos: tuple[int, int]) -> str | None:
        if item.at is not None:
            h = face_handle(app.camera, item, app.facing_of(item), app.radius_of(item))
            return "face" if math.dist(h, pos) <= 9 else None
        for name, (x, y) in handle_positions(app.camera, item).items():
            if abs(x - pos[0]) <= GRAB_PX and abs(y - pos[1]) <= GRAB_PX:
                return name
        return None

    def _drag(self, pos: tuple[int, int], app: EditorApp) -> None:
        item = self.item
        assert item is not None
        if self.mode == "press":
            if math.dist(pos, self.press) < DRAG_PX:
                return
            self.mode = "move"
        value = self._value(app, item, pos)
        if value is not None:
            app.doc.put(self.path, value)

    def _value(self, app: EditorApp, item: Item, pos: tuple[int, int]) -> Any:
        here = app.camera.to_board(*pos)
        if self.mode == "face":
            assert item.at is not None
            deg = math.degrees(math.atan2(here[1] - item.at[1], here[0] - item.at[0]))
            return number((geo.snap_angle(deg) if app.snap else deg) % 360.0)
        start = app.camera.to_board(*self.press)
        if self.mode == "move":
            dx, dy = here[0] - start[0], here[1] - start[1]
            anchor = item.at if item.at is not None else item.polygon[0]
            if app.snap:
                target = geo.snap_point((anchor[0] + dx, anchor[1] + dy))
                dx, dy = target[0] - anchor[0], target[1] - anchor[1]
            if item.at is not None:
                return point_data((item.at[0] + dx, item.at[1] + dy))
            return [point_data(p) for p in geo.translate(item.polygon, dx, dy)]
        if self.mode == "stretch":
            to = geo.snap_point(here) if app.snap else here
            return [point_data(p) for p in geo.stretch(item.polygon, self.handle_name, to)]
        if self.mode == "turn":
            c = geo.centre(item.polygon)
            a0 = math.atan2(start[1] - c[1], start[0] - c[0])
            a1 = math.atan2(here[1] - c[1], here[0] - c[0])
            deg = math.degrees(a1 - a0)
            deg = geo.snap_angle(deg) if app.snap else deg
            return [point_data(p) for p in geo.rotate(item.polygon, deg, c)]
        return None

    def _up(self, app: EditorApp) -> None:
        mode, item = self.mode, self.item
        self.mode = None
        if mode == "press" or item is None:
            return
        new = app.doc.get(self.path)
        if new == self.original:
            return
        label = tr(f"editor.cmd.{mode}")
        command = SetValue(self.path, new, label, focus=item.ref, old=self.original)
        app.history.done(command)
        app.changed()

    def cancel(self, app: EditorApp) -> bool:
        if self.mode is None:
            return False
        if self.mode != "press":
            app.doc.put(self.path, self.original if self.original is not MISSING else MISSING)
        self.mode = None
        return True


class DrawTool(Tool):
    """Draw a polygon of the chosen kind, corner by corner (or drag a rectangle)."""

    name = "draw"

    def __init__(self) -> None:
        self.points: list[Point] = []
        self.mouse: Point | None = None
        self.press: tuple[int, int] | None = None
        self.rect_from: Point | None = None
        self.last_click: tuple[int, tuple[int, int]] = (-10_000, (0, 0))

    @property
    def busy(self) -> bool:
        return bool(self.points) or self.rect_from is not None

    def hint(self, app: EditorApp) -> str:
        return tr("editor.hint.draw", kind=tr(f"ui.table.kind.{app.draw_kind}"))

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = _board_point(app, event.pos)
            far = self.press is not None and math.dist(event.pos, self.press) >= DRAG_PX * 2
            if far and not self.points and self.rect_from is None:
                assert self.press is not None
                self.rect_from = _board_point(app, self.press)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos, app)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos, app)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._close(app)
                return True
            if event.key == pygame.K_BACKSPACE and self.points:
                self.points.pop()
                return True
        return False

    def _click(self, pos: tuple[int, int], app: EditorApp) -> None:
        p = _board_point(app, pos)
        now = pygame.time.get_ticks()
        double = now - self.last_click[0] <= DOUBLE_CLICK_MS and (
            math.dist(pos, self.last_click[1]) <= 6
        )
        self.last_click = (now, pos)
        if not self.points:
            self.press = pos
            return
        first = app.camera.to_screen_f(*self.points[0])
        if len(self.points) >= 3 and (math.dist(first, pos) <= CLOSE_PX or double):
            self._close(app)
            return
        if p != self.points[-1]:
            self.points.append(p)

    def _release(self, pos: tuple[int, int], app: EditorApp) -> None:
        if self.rect_from is not None:
            a, b = self.rect_from, _board_point(app, pos)
            self.rect_from, self.press = None, None
            if abs(a[0] - b[0]) >= geo.MIN_SIZE_CM and abs(a[1] - b[1]) >= geo.MIN_SIZE_CM:
                self._add(app, geo.rect(a[0], a[1], b[0], b[1]))
            return
        if self.press is not None and not self.points:
            self.points = [_board_point(app, self.press)]
        self.press = None

    def _close(self, app: EditorApp) -> None:
        if len(self.points) < 3:
            app.say(tr("editor.msg.need_corners"))
            return
        pts, self.points = self.points, []
        self._add(app, pts)

    def _add(self, app: EditorApp, pts: list[Point]) -> None:
        kind = app.draw_kind
        extra = {"open": False} if kind == "gate" else None
        app.do(edits.add_piece(app.doc, layer_of(kind), kind, pts, extra))

    def cancel(self, app: EditorApp) -> bool:
        busy = self.busy or self.press is not None
        self.points, self.rect_from, self.press = [], None, None
        return busy

    def draw(self, surface: pygame.Surface, app: EditorApp) -> None:
        cam = app.camera
        colour = style.YELLOW
        if self.rect_from is not None and self.mouse is not None:
            a, b = self.rect_from, self.mouse
            pts = cam.many_to_screen(geo.rect(a[0], a[1], b[0], b[1]))
            draw.blend_polygon(surface, (*colour, 50), pts)
            pygame.draw.polygon(surface, colour, pts, 2)
            return
        if not self.points:
            if self.mouse is not None:
                _cross(surface, cam.to_screen_f(*self.mouse), colour)
            return
        pts = cam.many_to_screen(self.points)
        pts_open = [*pts, cam.to_screen_f(*self.mouse)] if self.mouse is not None else pts
        if len(pts_open) >= 3:
            draw.blend_polygon(surface, (*colour, 40), pts_open)
        pygame.draw.lines(surface, style.INK, False, pts_open, 4)
        pygame.draw.lines(surface, colour, False, pts_open, 2)
        for i, p in enumerate(pts):
            r = 7 if i == 0 and len(pts) >= 3 else 4
            pygame.draw.circle(surface, style.INK, p, r + 1)
            pygame.draw.circle(surface, colour if i else style.WHITE, p, r)


def _cross(surface: pygame.Surface, c: tuple[float, float], colour: style.RGB) -> None:
    x, y = c
    for dx, dy in ((8, 0), (0, 8)):
        pygame.draw.line(surface, style.INK, (x - dx, y - dy), (x + dx, y + dy), 4)
        pygame.draw.line(surface, colour, (x - dx, y - dy), (x + dx, y + dy), 2)


class PresetTool(Tool):
    """Drop the chosen preset where the mouse is; R turns it a quarter."""

    name = "preset"

    def __init__(self) -> None:
        self.mouse: Point | None = None
        self.turns = 0

    def hint(self, app: EditorApp) -> str:
        return tr("editor.hint.preset", preset=tr(f"editor.preset.{app.preset}"))

    def shape(self, app: EditorApp) -> list[Point] | None:
        if self.mouse is None:
            return None
        return PRESET_BY_KEY[app.preset].placed(self.mouse, self.turns, app.snap)

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = app.camera.to_board(*event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = app.camera.to_board(*event.pos)
            preset = PRESET_BY_KEY[app.preset]
            pts = self.shape(app)
            assert pts is not None
            app.do(edits.add_piece(app.doc, preset.layer, preset.kind, pts, dict(preset.extra)))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.turns = (self.turns + (3 if event.mod & pygame.KMOD_SHIFT else 1)) % 4
            return True
        return False

    def draw(self, surface: pygame.Surface, app: EditorApp) -> None:
        pts = self.shape(app)
        if pts is None:
            return
        screen = app.camera.many_to_screen(pts)
        draw.blend_polygon(surface, (*style.YELLOW, 70), screen)
        pygame.draw.polygon(surface, style.YELLOW, screen, 2)


class DefenderTool(Tool):
    """Place a defender of the chosen profile at the mouse."""

    name = "defender"

    def __init__(self) -> None:
        self.mouse: Point | None = None

    def hint(self, app: EditorApp) -> str:
        return say("editor.hint.defender", profile=app.profile)

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = _board_point(app, event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            at = _board_point(app, event.pos)
            app.do(edits.place_defender(app.doc, app.profile, at))
            return True
        return False

    def draw(self, surface: pygame.Surface, app: EditorApp) -> None:
        if self.mouse is None:
            return
        radius = float(app.look.rules.profile(app.profile).base_radius)
        c = app.camera.to_screen_f(*self.mouse)
        r = max(3.0, radius * app.camera.scale)
        side = app.doc.defending_side()
        colour = style.side_colour(side if side is not None else 0)
        draw.blend_circle(surface, (*colour, 120), c, r)
        pygame.draw.circle(surface, style.WHITE, c, r, 1)


class ZoneTool(Tool):
    """Drag a rectangle: a raid's entry zone or the defenders' deploy zone."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.start: Point | None = None
        self.mouse: Point | None = None
        self.press: tuple[int, int] | None = None

    @property
    def busy(self) -> bool:
        return self.start is not None

    def handle(self, event: pygame.event.Event, app: EditorApp) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = _board_point(app, event.pos)
            return self.start is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.start, self.press = _board_point(app, event.pos), event.pos
            self.mouse = self.start
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.start is not None:
            start, self.start = self.start, None
            end = _board_point(app, event.pos)
            moved = self.press is not None and math.dist(self.press, event.pos) >= DRAG_PX * 2
            self._finish(app, start, end, moved)
            return True
        return False

    def zone(self, app: EditorApp, a: Point, b: Point) -> list[Point]:
        box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        if self.name == "entry":
            box = geo.clamp_rect_to_edge(box, app.doc.board_size(), EDGE_REACH_CM)
        return geo.rect(*box)

    def _finish(self, app: EditorApp, a: Point, b: Point, moved: bool) -> None:
        if self.name == "entry":
            if moved:
                pts = self.zone(app, a, b)
            else:
                pts = geo.edge_strip(
                    b, app.doc.board_size(), edits.ENTRY_LENGTH_CM, edits.ENTRY_DEPTH_CM
                )
            x0, y0, x1, y1 = geo.bbox(pts)
            if x1 - x0 >= geo.MIN_SIZE_CM and y1 - y0 >= geo.MIN_SIZE_CM:
                app.do(edits.add_entry(app.doc, pts, app.threat))
            return
        if not moved:
            app.say(tr("editor.msg.drag_zone"))
            return
        app.do(edits.set_deploy(app.doc, self.zone(app, a, b)))

    def cancel(self, app: EditorApp) -> bool:
        busy = self.start is not None
        self.start = None
        return busy

    def draw(self, surface: pygame.Surface, app: EditorApp) -> None:
        if self.start is None or self.mouse is None:
            if self.mouse is not None:
                _cross(surface, app.camera.to_screen_f(*self.mouse), style.YELLOW)
            return
        side = app.doc.raid_side() if self.name == "entry" else app.doc.defending_side()
        default = 1 if self.name == "entry" else 0
        colour = style.side_colour(side if side is not None else default)
        pts = app.camera.many_to_screen(self.zone(app, self.start, self.mouse))
        draw.blend_polygon(surface, (*colour, 60), pts)
        draw.dashed_polyline(surface, colour, pts, width=2, dash=10, gap=6, closed=True)


def make_tools() -> dict[str, Tool]:
    """One of each tool, by name."""
    tools: list[Tool] = [
        SelectTool(),
        DrawTool(),
        PresetTool(),
        DefenderTool(),
        ZoneTool("entry"),
        ZoneTool("deploy"),
    ]
    return {t.name: t for t in tools}
