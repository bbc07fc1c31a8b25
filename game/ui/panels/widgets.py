"""Small drawing pieces the panels share: a framed box with a title, a button,
text lines with a width limit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import fonts
from game.ui.panels.theme import Colour, Theme
from game.ui.render import draw, style

PAD = 8


def frame(
    surface: pygame.Surface, rect: pygame.Rect, th: Theme, title: str = "", size: int = 14
) -> pygame.Rect:
    """Fill the panel's box, draw its border and title; return the inner area."""
    pygame.draw.rect(surface, th.panel, rect)
    pygame.draw.rect(surface, th.border, rect, 1)
    top = rect.top + PAD // 2
    if title:
        label = fonts.text(title, size, th.dim, True)
        surface.blit(label, (rect.left + PAD, top))
        top += label.get_height() + 2
    return pygame.Rect(rect.left + PAD, top, rect.width - 2 * PAD, rect.bottom - top - PAD // 2)


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value`, cut with '…' so that it fits `width` px."""
    return fonts.fit(value, size, width, bold)


def line(
    surface: pygame.Surface,
    value: str,
    pos: tuple[int, int],
    colour: Colour,
    size: int,
    *,
    width: int | None = None,
    bold: bool = False,
) -> int:
    """Draw one line of text (cut to `width`); return its height."""
    if width is not None:
        value = fit(value, size, width, bold)
    img = fonts.text(value, size, colour, bold)
    surface.blit(img, pos)
    return img.get_height()


@dataclass(slots=True)
class Button:
    """A clickable labelled box; `hotkey` (a pygame key) presses it too."""

    key: str
    label: str
    rect: pygame.Rect
    hotkey: int | None = None
    enabled: bool = True
    hover: bool = False

    def hit(self, event: pygame.event.Event) -> bool:
        """Did this mouse-up or key-down press the button?"""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            return bool(self.rect.collidepoint(event.pos))
        return event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey

    def draw(self, surface: pygame.Surface, th: Theme, size: int) -> None:
        fill = th.accent if self.enabled and self.hover else th.panel_alt
        ink = th.on_accent if self.enabled and self.hover else (th.text if self.enabled else th.dim)
        pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        pygame.draw.rect(
            surface, th.accent if self.enabled else th.border, self.rect, 2, border_radius=6
        )
        img = fonts.text(fit(self.label, size, self.rect.width - 12, True), size, ink, True)
        surface.blit(img, img.get_rect(center=self.rect.center))


MODAL_EVENTS = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
)
"""The input a modal dialog keeps from the table beneath it."""


def modal_rest(buttons: list[Button], event: pygame.event.Event) -> bool:
    """A modal dialog's handling once none of its `buttons` was pressed: the hover
    follows the mouse, and every input event is taken (True) so none reaches the
    table."""
    if event.type == pygame.MOUSEMOTION:
        for button in buttons:
            button.hover = button.rect.collidepoint(event.pos)
    return event.type in MODAL_EVENTS


def shade(surface: pygame.Surface, area: pygame.Rect, alpha: int = 150) -> None:
    """Dim `area` behind a dialog."""
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, area.topleft)


def dialog_box(
    surface: pygame.Surface,
    box: pygame.Rect,
    th: Theme,
    edge: Colour,
    width: int,
    radius: int = 8,
) -> None:
    """A dialog's filled, rounded box with its coloured border."""
    pygame.draw.rect(surface, th.panel, box, border_radius=radius)
    pygame.draw.rect(surface, edge, box, width, border_radius=radius)


def side_index(game: Any, side: str) -> int:
    """A side's place in the scenario (its colour and glyph on the table)."""
    for i, sid in enumerate(game.state.sides):
        if sid == side:
            return i
    return 0


def side_marker(
    surface: pygame.Surface, game: Any, side: str, centre: tuple[int, int], size: int
) -> None:
    """The side's glyph in its colour, as the table draws its bases."""
    i = side_index(game, side)
    shape = style.SIDE_SHAPES[i % len(style.SIDE_SHAPES)]
    colour = style.SIDE_COLOURS[i % len(style.SIDE_COLOURS)]
    draw.draw_glyph(surface, shape, centre, size / 2, colour)
