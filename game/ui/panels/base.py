"""What every side panel shares: the app it reads, its options, theme and fonts.

A subclass overrides what it needs of the panel protocol (game/ui/panel.py);
the defaults consume nothing and draw nothing. Options are read from
`app.options` (then `app.settings`), so a panel also works with a bare stand-in
app in tests: any object with a `game` attribute.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Game
from game.events import Event
from game.i18n import current_language
from game.ui.panels.theme import Theme, theme

TEXT_SIZE = 14
LARGE_TEXT_SIZE = 21
LARGE_TEXT_HEIGHT = 1000
"""px of window height at which large text is full size (smaller windows: smaller)."""


class PanelBase:
    """Defaults for the panel protocol, and helpers to read the app."""

    slot = "sidebar"
    weight = 1.0
    min_height = 0
    visible = True
    busy = False

    def __init__(self, app: Any) -> None:
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- the protocol -------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        return None

    def on_events(self, events: list[Event]) -> None:
        return None

    # -- reading the app -----------------------------------------------------------
    @property
    def game(self) -> Game | None:
        return getattr(self.app, "game", None)

    def option(self, name: str, default: Any) -> Any:
        """An option of the app (`app.options`, else `app.settings`), else `default`."""
        for holder in ("options", "settings"):
            source = getattr(self.app, holder, None)
            value = getattr(source, name, None) if source is not None else None
            if value is not None:
                return value
        return default

    @property
    def theme(self) -> Theme:
        return theme(self.option("palette", None))

    @property
    def language(self) -> str:
        return current_language()

    @property
    def speed(self) -> float:
        try:
            return max(0.05, float(self.option("speed", 1.0)))
        except (TypeError, ValueError):
            return 1.0

    @property
    def large_text(self) -> bool:
        """Big letters for a demo screen: asked for, or in autoplay."""
        return bool(self.option("large_text", False) or self.option("autoplay", False))

    @property
    def text_size(self) -> int:
        """The panels' letter size: large text shrinks with the window's height (so the
        side column keeps room for its log), never below the normal size + 2."""
        if not self.large_text:
            return TEXT_SIZE
        size = getattr(getattr(self.app, "layout", None), "size", None)
        height = size[1] if size is not None else LARGE_TEXT_HEIGHT
        scaled = round(LARGE_TEXT_SIZE * min(1.0, height / LARGE_TEXT_HEIGHT))
        return max(TEXT_SIZE + 2, scaled)

    def mouse_inside(self, event: pygame.event.Event) -> bool:
        """Is the pointer of this mouse event (or the current pointer) in the panel?"""
        pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
        return bool(self.rect.collidepoint(pos))
