"""The ruler (R): press and drag between any two points; the length stays shown
until the next measurement."""

from __future__ import annotations

import pygame

from game import actions as act
from game.i18n import tr
from game.ui.render import overlays
from game.ui.tools.base import Context, Point, Tool


class RulerTool(Tool):
    """Measure distances in cm or inches."""

    name = "ruler"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.a: Point | None = None
        self.b: Point | None = None
        self.dragging = False

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button == 1:
            self.a, self.b, self.dragging = at, at, True
        return None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        if self.dragging:
            self.b = at

    def release(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button == 1 and self.dragging:
            self.b, self.dragging = at, False
        return None

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.a is not None and self.b is not None:
            overlays.draw_ruler(surface, self.ctx.camera, self.a, self.b, self.ctx.units())

    def hint(self) -> str:
        return tr("ui.input.hint_ruler")
