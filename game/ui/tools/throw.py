"""Throw: the template follows the mouse and shows whom it would touch; click to throw."""

from __future__ import annotations

import math

import pygame

from game import actions as act
from game.i18n import tr
from game.naming import local_figure_name, say
from game.state import Figure
from game.ui import describe
from game.ui import preview as pv
from game.ui.render import overlays
from game.ui.render.figures import Marks
from game.ui.tools.base import Context, Point, Tool

RECOMPUTE_CM = 0.2


class ThrowTool(Tool):
    """Throw one template weapon."""

    name = "throw"

    def __init__(self, ctx: Context, figure: Figure, weapon: str) -> None:
        self.ctx = ctx
        self.figure = figure
        self.weapon = weapon
        self.want: Point | None = None
        self.preview: pv.TemplatePreview | None = None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        self.want = at

    def update(self) -> None:
        if self.want is None or self.figure is None:
            return
        if self.preview is None or math.dist(self.preview.centre, self.want) >= RECOMPUTE_CM:
            self.preview = pv.template_preview(self.ctx.game, self.figure, self.weapon, self.want)

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1 or self.figure is None:
            return None
        self.want = at
        self.preview = pv.template_preview(self.ctx.game, self.figure, self.weapon, at)
        return self.preview.action() if self.preview.problem is None else None

    def key(self, key: int) -> act.Action | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.preview is not None:
            return self.preview.action() if self.preview.problem is None else None
        return None

    def mark(self, marks: Marks) -> None:
        if self.preview is None:
            return
        targets = dict(marks.targets)
        targets.update({fid: "touched" for fid in self.preview.touched})
        targets.update({fid: "shielded" for fid in self.preview.shielded})
        marks.targets = targets

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.preview is None or self.figure is None:
            return
        camera = self.ctx.camera
        overlays.draw_template(surface, camera, self.preview, self.figure.pos)
        at = camera.to_screen_f(*self.preview.centre)
        thrower = camera.to_screen_f(*self.figure.pos)
        gap = max(14.0, self.preview.radius * camera.scale + 6)
        overlays.label_box(surface, self.lines(), at, avoid=(thrower, at), gap=gap)

    def lines(self) -> list[str]:
        """The throw's box: the weapon, its odds, who it touches or why not."""
        assert self.preview is not None
        lines = [say("ui.actions.do_throw", weapon=self.weapon)]
        if self.preview.problem is None:
            lines += describe.throw_lines(self.ctx.game, self.preview)
        if self.preview.touched:
            lines.append(tr("ui.input.touches", names=self._names(self.preview.touched)))
        if self.preview.shielded:
            lines.append(tr("ui.input.shielded", names=self._names(self.preview.shielded)))
        if self.preview.problem:
            lines.append(tr("ui.input.not_now", reason=self.preview.problem))
        return lines

    def _names(self, ids: tuple[str, ...]) -> str:
        """The figures' names in the reader's language, joined."""
        figs = self.ctx.game.state.figures
        return ", ".join(local_figure_name(figs[f].name) for f in ids)

    def hint(self) -> str:
        return tr("ui.input.hint_throw")

    def attack_preview(self) -> pv.TemplatePreview | None:
        """The throw being considered (the odds panel shows its odds)."""
        return self.preview
