"""The ruler (R): drag between two points, or click from waypoint to waypoint (as a
drag ruler with waypoints): each leg's length and the total are shown. A click
starts a path and adds a waypoint, the last leg follows the mouse; Enter (or a
click on the last waypoint) ends it, Backspace takes the last waypoint back. A
measurement stays shown until the next one."""

from __future__ import annotations

import itertools
import math

import pygame

from game import actions as act
from game.i18n import tr
from game.ui.render import overlays
from game.ui.tools.base import Context, Point, Tool, moved_far


class RulerTool(Tool):
    """Measure distances in cm or inches, along waypoints."""

    name = "ruler"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.points: list[Point] = []
        """The waypoints so far (the first is where the measurement starts)."""
        self.cursor: Point | None = None
        """The mouse, the end of the live last leg while the path is open."""
        self.open = False
        self.dragging = False
        self._pressed: tuple[int, int] | None = None

    @property
    def a(self) -> Point | None:
        """Where the measurement starts."""
        return self.points[0] if self.points else None

    @property
    def b(self) -> Point | None:
        """Where it ends now (the mouse while the path is open)."""
        path = self.path()
        return path[-1] if path else None

    def path(self) -> list[Point]:
        """The waypoints, and the mouse while the path is open."""
        if self.open and self.cursor is not None and self.points:
            return [*self.points, self.cursor]
        return list(self.points)

    def legs(self) -> list[float]:
        """Each leg's length in cm."""
        path = self.path()
        return [math.dist(p, q) for p, q in itertools.pairwise(path)]

    def total(self) -> float:
        return sum(self.legs())

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1:
            return None
        if not self.open:  # a new measurement
            self.points, self.open = [at], True
        self.cursor, self.dragging, self._pressed = at, True, pos
        return None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        self.cursor = at

    def release(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1 or not self.dragging:
            return None
        self.dragging = False
        self.cursor = at
        dragged = moved_far(self._pressed, pos)
        if dragged and len(self.points) == 1:  # a plain drag: one measured line
            self.points.append(at)
            self.open = False
        elif self.points and self._on_last(at) and len(self.points) > 1:
            self.open = False  # a click on the last waypoint ends the path
        elif dragged or at != self.points[-1]:
            self.points.append(at)
        return None

    def _on_last(self, at: Point) -> bool:
        last = self.ctx.camera.to_screen(*self.points[-1])
        return not moved_far(last, self.ctx.camera.to_screen(*at))

    def key(self, key: int) -> act.Action | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.open:
            self.open = False
        return None

    def undo(self) -> bool:
        """Backspace: the last waypoint goes (the path stays open)."""
        if len(self.points) <= 1:
            return False
        self.points.pop()
        self.open = True
        return True

    def draw_over(self, surface: pygame.Surface) -> None:
        path = self.path()
        if len(path) >= 2:
            overlays.draw_ruler(surface, self.ctx.camera, path, self.ctx.units())

    def hint(self) -> str:
        if self.open and len(self.points) > 1:
            return tr("newcomer.ruler.open")
        return tr("newcomer.ruler.hint")
