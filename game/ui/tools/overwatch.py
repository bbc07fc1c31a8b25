"""Overwatch: the sector points at the mouse; press and drag sideways to set its
width ([ and ] also narrow and widen it); release, click or Enter declares it."""

from __future__ import annotations

import math

import pygame

from game import actions as act
from game.i18n import tr
from game.state import Figure, OverwatchZone
from game.ui.render import markers, overlays, style
from game.ui.tools.base import Context, Point, Tool

MIN_ANGLE = 10.0
STEP = 10.0


def bearing(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


class OverwatchTool(Tool):
    """Declare a fire zone for one figure."""

    name = "overwatch"

    def __init__(self, ctx: Context, figure: Figure, limits: dict[str, float]) -> None:
        self.ctx = ctx
        self.figure = figure
        self.max_angle = float(limits.get("max_angle", 90.0))
        self.radius = float(limits.get("max_radius", 30.0))
        self.angle = self.max_angle
        self.direction = figure.facing
        self.pressed: tuple[int, int] | None = None
        self.press_dir: float | None = None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        assert self.figure is not None
        b = bearing(self.figure.pos, at)
        if self.press_dir is None:
            self.direction = b
            return
        off = abs((b - self.press_dir + 180.0) % 360.0 - 180.0)
        self.direction = self.press_dir
        self.angle = min(self.max_angle, max(MIN_ANGLE, 2.0 * off))

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button == 1:
            self.pressed = pos
            self.press_dir = self.direction
        return None

    def release(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1 or self.pressed is None:
            return None
        self.pressed, self.press_dir = None, None
        return self.action()

    def key(self, key: int) -> act.Action | None:
        if key == pygame.K_LEFTBRACKET:
            self.angle = max(MIN_ANGLE, self.angle - STEP)
        elif key == pygame.K_RIGHTBRACKET:
            self.angle = min(self.max_angle, self.angle + STEP)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.action()
        return None

    def action(self) -> act.Overwatch:
        assert self.figure is not None
        return act.Overwatch(
            self.figure.id, round(self.direction, 2), round(self.angle, 2), round(self.radius, 2)
        )

    def zone(self) -> OverwatchZone:
        assert self.figure is not None
        return OverwatchZone(
            self.figure.x, self.figure.y, self.direction, self.angle, self.radius, "", 0
        )

    def draw_over(self, surface: pygame.Surface) -> None:
        assert self.figure is not None
        markers.draw_sector(surface, self.ctx.camera, self.zone(), style.WHITE, strong=False)
        text = tr(
            "ui.input.overwatch_sector",
            angle=f"{self.angle:.0f}",
            direction=f"{round(self.direction) % 360}",
        )
        overlays.label_box(surface, [text], self.ctx.camera.to_screen_f(*self.figure.pos))

    def hint(self) -> str:
        return tr("ui.input.hint_overwatch")
