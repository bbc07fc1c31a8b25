"""Buttons, menus and tooltips drawn with plain pygame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import tr
from game.ui import fonts
from game.ui.render import draw, style

BUTTON_FONT = 14
TIP_FONT = 13


@dataclass
class Button:
    """A clickable label; `value` is what a click means to its owner."""

    rect: pygame.Rect
    label: str
    value: Any
    hotkey: str = ""
    enabled: bool = True
    tooltip: str = ""
    active: bool = False
    compact: bool = False  # only the hotkey shows (the tooltip names the button)
    size: int = BUTTON_FONT

    def draw(self, surface: pygame.Surface, hovered: bool) -> None:
        if not self.enabled:
            fill, edge, ink = style.BUTTON_OFF, style.BUTTON_OFF_EDGE, style.TEXT_DIM
        elif self.active:
            fill, edge, ink = style.BUTTON_ACTIVE, style.SKY, style.WHITE
        elif hovered:
            fill, edge, ink = style.BUTTON_HOVER, style.TEXT, style.WHITE
        else:
            fill, edge, ink = style.BUTTON, style.BUTTON_EDGE, style.TEXT
        pygame.draw.rect(surface, fill, self.rect, border_radius=5)
        pygame.draw.rect(surface, edge, self.rect, 1, border_radius=5)
        y = self.rect.centery - fonts.font(self.size).get_linesize() // 2
        if self.hotkey:
            key = fonts.text(self.hotkey.upper(), 11, style.YELLOW if self.enabled else ink, True)
            kx = self.rect.centerx - key.get_width() // 2 if self.compact else self.rect.x + 6
            box = pygame.Rect(kx - 2, self.rect.centery - 8, key.get_width() + 4, 16)
            pygame.draw.rect(surface, style.INK, box, border_radius=3)
            surface.blit(key, (kx, self.rect.centery - key.get_height() // 2))
            if not self.compact:
                room = self.rect.right - box.right - 9
                label = fonts.text(fonts.fit(self.label, self.size, room), self.size, ink)
                surface.blit(label, (box.right + 5, y))
        else:
            label = fonts.text(
                fonts.fit(self.label, self.size, self.rect.width - 8), self.size, ink
            )
            surface.blit(label, (self.rect.centerx - label.get_width() // 2, y))
        if not self.enabled:
            pygame.draw.line(
                surface,
                style.BUTTON_OFF_EDGE,
                (self.rect.x + 4, self.rect.bottom - 5),
                (self.rect.right - 4, self.rect.bottom - 5),
            )

    def width_for(self) -> int:
        w = 16 if self.compact else fonts.font(self.size).size(self.label)[0] + 14
        if self.hotkey:
            w += fonts.font(11, True).size(self.hotkey.upper())[0] + 10
        return w


def button_at(buttons: Sequence[Button], pos: tuple[int, int]) -> Button | None:
    for b in buttons:
        if b.rect.collidepoint(pos):
            return b
    return None


def tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int = 360) -> None:
    """A wrapped tooltip near `pos`, kept inside the window."""
    if not text:
        return
    lines = fonts.wrap(text, TIP_FONT, width)
    rendered = [fonts.text(line, TIP_FONT, style.TEXT) for line in lines]
    w = max(s.get_width() for s in rendered) + 14
    h = sum(s.get_height() for s in rendered) + 10
    box = pygame.Rect(pos[0] + 12, pos[1] - h - 8, w, h)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, style.BAR, box, border_radius=4)
    pygame.draw.rect(surface, style.YELLOW, box, 1, border_radius=4)
    y = box.y + 5
    for s in rendered:
        surface.blit(s, (box.x + 7, y))
        y += s.get_height()


def panel_box(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235) -> None:
    """A dark box with an edge (dialogs, cards)."""
    draw.blend_polygon(
        surface,
        (*style.PANEL, alpha),
        [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft],
    )
    pygame.draw.rect(surface, style.PANEL_EDGE, rect, 1, border_radius=4)


def draw_help(surface: pygame.Surface, area: pygame.Rect) -> None:
    """The controls, one per line ("key — what"), over the table (F1)."""
    lines = tr("ui.input.help").strip().split("\n")
    rows = [fonts.text(line, 14, style.TEXT) for line in lines]
    title = fonts.text(tr("ui.input.help_title"), 16, style.YELLOW, True)
    w = max(r.get_width() for r in [title, *rows]) + 28
    h = sum(r.get_height() + 2 for r in rows) + title.get_height() + 26
    box = pygame.Rect(0, 0, w, h)
    box.center = area.center
    box.clamp_ip(area)
    panel_box(surface, box, 245)
    surface.blit(title, (box.x + 14, box.y + 10))
    y = box.y + 16 + title.get_height()
    for row in rows:
        surface.blit(row, (box.x + 14, y))
        y += row.get_height() + 2
