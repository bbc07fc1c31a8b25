"""Move / Run: the path follows the mouse, bends around terrain and bases; a drag
plans a destination (undo with Backspace), a click or Enter commits."""

from __future__ import annotations

import math

import pygame

from game import actions as act
from game.i18n import tr
from game.play.contract import MoveMode
from game.state import Figure
from game.ui import preview as pv
from game.ui.render import overlays
from game.ui.tools.base import Context, Point, Tool, moved_far

RECOMPUTE_CM = 0.2
"""A new path is asked for when the goal moved at least this far."""


class MoveTool(Tool):
    """Move or Run one figure."""

    def __init__(self, ctx: Context, figure: Figure, mode: MoveMode) -> None:
        self.ctx = ctx
        self.figure = figure
        self.mover = figure
        self.mode = mode
        self.name = mode
        self.reach = pv.reach_polygon(ctx.game, figure, mode)
        self.want: Point | None = None
        self.preview: pv.MovePreview | None = None
        self.planned: pv.MovePreview | None = None
        self.pressed: tuple[int, int] | None = None

    # -- previews ------------------------------------------------------------------
    def _preview(self, goal: Point) -> pv.MovePreview:
        return pv.move_preview(self.ctx.game, self.mover, goal, self.mode)

    def update(self) -> None:
        if self.want is None:
            return
        if self.preview is None or math.dist(self.preview.goal, self.want) >= RECOMPUTE_CM:
            self.preview = self._preview(self.want)

    # -- input ---------------------------------------------------------------------
    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        if self.planned is None or self.pressed is not None:
            self.want = at

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button == 1:
            self.pressed = pos
        return None

    def release(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1 or self.pressed is None:
            return None
        dragged = moved_far(self.pressed, pos)
        self.pressed = None
        if dragged:
            self.planned = self._preview(at)
            self.want = None
            return None
        if self.planned is not None:
            return self._commit(self.planned)
        return self._commit(self._preview(at))

    def key(self, key: int) -> act.Action | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            chosen = self.planned or self.preview
            return self._commit(chosen) if chosen is not None else None
        return None

    def undo(self) -> bool:
        if self.planned is None:
            return False
        self.planned = None
        return True

    def _commit(self, chosen: pv.MovePreview) -> act.Action | None:
        if chosen.problem is not None:
            self.preview = chosen
            return None
        return chosen.action()

    # -- drawing -------------------------------------------------------------------
    def shown(self) -> pv.MovePreview | None:
        return self.planned or self.preview

    def draw_under(self, surface: pygame.Surface) -> None:
        overlays.draw_reach(surface, self.ctx.camera, self.reach)

    def under_key(self) -> object:
        return ("reach", id(self))

    def draw_over(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        if shown is not None:
            overlays.draw_move(
                surface,
                self.ctx.camera,
                shown,
                self.mover.radius,
                self.ctx.units(),
                planned=shown is self.planned,
            )

    def lit_watchers(self) -> frozenset[str]:
        shown = self.shown()
        return frozenset(shown.watchers) if shown is not None else frozenset()

    def hint(self) -> str:
        key = "ui.input.hint_planned" if self.planned is not None else "ui.input.hint_move"
        return tr(key, verb=tr(f"ui.actions.{self.mode}"))
