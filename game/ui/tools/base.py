"""What every tool gets (`Context`) and does (`Tool`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import actions as act
from game.engine import Game
from game.state import Figure
from game.ui.camera import Camera
from game.ui.render.figures import Marks

Point = tuple[float, float]
CLICK_SLOP = 5
"""px a press may move and still count as a click."""


@dataclass
class Context:
    """The table as tools see it."""

    game: Game
    camera: Camera
    units: Callable[[], str]

    def figure_at(self, point: Point, *, standing_only: bool = False) -> Figure | None:
        """The figure whose base is under the board point (the nearest if several)."""
        best: Figure | None = None
        best_d = math.inf
        slack = 3.0 / max(self.camera.scale, 1e-6)
        for fig in self.game.state.figures.values():
            if not fig.on_table or (standing_only and not fig.standing):
                continue
            d = math.dist(point, fig.pos)
            if d <= fig.radius + slack and d < best_d:
                best, best_d = fig, d
        return best


class Tool:
    """A mode of the table; the default methods do nothing."""

    name = "tool"
    figure: Figure | None = None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        """The mouse moved (board point, screen px)."""

    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        return None

    def release(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        return None

    def key(self, key: int) -> act.Action | None:
        return None

    def undo(self) -> bool:
        """Take back something not yet committed (True if there was something)."""
        return False

    def update(self) -> None:
        """Recompute previews that changed (once per frame, not per mouse event)."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Drawn under the figures (areas); must not change unless `under_key` does."""

    def under_key(self) -> object:
        """Identifies what `draw_under` draws (the table redraws its still picture
        when it changes)."""
        return None

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn over the figures (paths, lines, labels)."""

    def mark(self, marks: Marks) -> None:
        """Add highlights to the figures' marks."""

    def lit_watchers(self) -> frozenset[str]:
        """Overwatch sectors to light up."""
        return frozenset()

    def hint(self) -> str:
        return ""

    def attack_preview(self) -> object | None:
        """The attack being considered (for the odds panel), if any."""
        return None


def moved_far(a: tuple[int, int] | None, b: tuple[int, int]) -> bool:
    return a is not None and math.dist(a, b) > CLICK_SLOP
