"""The table's defence overlay, switched by a key (issue #7): off → fields of fire →
dead ground → threat (→ heat map, when one was simulated) → off.

The overlay is computed for the game as it stands when first shown and again only
when the board or a defender's position changes (`key()` says when; the table's
still picture includes it in its cache key). Drawing is game/ui/overlay_draw.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.overlays.heat import HeatMap
from game.overlays.planner import DefenceOverlays, compute_overlays
from game.overlays.refuge import defenders
from game.ui.camera import Camera
from game.ui.overlay_draw import draw_overlays

if TYPE_CHECKING:
    from game.engine import Game

MODES = ("fire", "dead", "threat")


class OverlayToggle:
    """Which defence overlay the table shows, and its cached geometry."""

    def __init__(self, heat: HeatMap | None = None) -> None:
        self.heat = heat
        self.mode: str | None = None
        self._key: object = None
        self._overlays: DefenceOverlays | None = None
        self.computed = 0  # how often an overlay was computed (tests)

    def modes(self) -> list[str | None]:
        """The cycle: off, then each overlay (heat only with a heat map)."""
        extra = ["heat"] if self.heat is not None else []
        return [None, *MODES, *extra]

    def cycle(self) -> str | None:
        """The next overlay (or off); returns it."""
        modes = self.modes()
        index = modes.index(self.mode) if self.mode in modes else 0
        self.mode = modes[(index + 1) % len(modes)]
        return self.mode

    def label(self) -> str:
        """The overlay's name for the status line."""
        return tr(f"planner.overlay.{self.mode}" if self.mode else "planner.overlay.off")

    def key(self, game: Game) -> object:
        """Changes whenever the picture would: the mode, the board, the defenders."""
        if self.mode is None:
            return None
        spots = tuple((d.id, d.pos) for d in defenders(game))
        return (self.mode, id(game), game.state.board.version, spots)

    def overlays(self, game: Game) -> DefenceOverlays | None:
        """The current overlay's geometry (computed on first need, then cached)."""
        if self.mode is None:
            return None
        key = self.key(game)
        if key != self._key or self._overlays is None:
            self._overlays = compute_overlays(game, [self.mode], self.heat)
            self._key = key
            self.computed += 1
        return self._overlays

    def draw(self, surface: pygame.Surface, camera: Camera, game: Game) -> None:
        """Draw the current overlay (nothing when off)."""
        overlays = self.overlays(game)
        if overlays is not None:
            draw_overlays(surface, camera, overlays)
