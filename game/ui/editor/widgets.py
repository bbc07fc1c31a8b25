"""The editor's side-panel building blocks: a column laid out top to bottom each
frame (headers, wrapped text, rows of buttons, grids of palette buttons with a
swatch), then drawn; clicks are looked up in the buttons it made."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import fonts
from game.ui.render import style
from game.ui.widgets import Button

ROW_H = 28
GAP = 4
PAD = 10
LABEL_W = 92
TEXT = 13
Draw = Callable[[pygame.Surface], None]
Swatch = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass
class Cell:
    """One button of a row: its text, what a click means, and how it looks."""

    text: str
    value: Any
    active: bool = False
    enabled: bool = True
    tooltip: str = ""
    swatch: Swatch | None = None
    hotkey: str = ""
    weight: float = 1.0


@dataclass
class SwatchButton(Button):
    """A button with a small picture on its left and the text after it."""

    swatch: Swatch | None = None

    def draw(self, surface: pygame.Surface, hovered: bool) -> None:
        if self.swatch is None:
            super().draw(surface, hovered)
            return
        label, self.label = self.label, ""
        hotkey, self.hotkey = self.hotkey, ""
        super().draw(surface, hovered)
        self.label, self.hotkey = label, hotkey
        box = pygame.Rect(self.rect.x + 5, self.rect.y + 5, 26, self.rect.height - 10)
        self.swatch(surface, box)
        ink = style.WHITE if self.active else (style.TEXT if self.enabled else style.TEXT_DIM)
        room = self.rect.right - box.right - 8
        text = fonts.text(_fit(self.label, self.size, room), self.size, ink)
        surface.blit(text, (box.right + 6, self.rect.centery - text.get_height() // 2))


def _blit(image: pygame.Surface, pos: tuple[int, int]) -> Draw:
    def op(surface: pygame.Surface) -> None:
        surface.blit(image, pos)

    return op


def _value_box(rect: pygame.Rect, text: str) -> Draw:
    """A value shown between its buttons (not clickable)."""

    def op(surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (24, 26, 30), rect, border_radius=5)
        img = fonts.text(_fit(text, 14, rect.width - 8), 14, style.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))

    return op


def _fit(value: str, size: int, width: int) -> str:
    f = fonts.font(size)
    if f.size(value)[0] <= width:
        return value
    while value and f.size(value + "…")[0] > width:
        value = value[:-1]
    return value + "…"


class Column:
    """A panel area filled from the top; `buttons` and `ops` are what was laid out."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.y = rect.y + PAD
        self.buttons: list[Button] = []  # SwatchButtons and other Button kinds
        self.ops: list[Draw] = []
        self.clipped = False

    @property
    def inner(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + PAD, self.y, self.rect.width - 2 * PAD, 0)

    def room(self) -> int:
        return self.rect.bottom - PAD - self.y

    def fits(self, height: int) -> bool:
        ok = height <= self.room()
        if not ok:
            self.clipped = True
        return ok

    def space(self, height: int = 6) -> None:
        self.y += height

    def header(self, text: str, right: str = "") -> None:
        if not self.fits(24):
            return
        x, y, w = self.rect.x + PAD, self.y + 4, self.rect.width - 2 * PAD

        def op(s: pygame.Surface) -> None:
            s.blit(fonts.text(text, 14, style.YELLOW, True), (x, y))
            if right:
                img = fonts.text(right, 12, style.TEXT_DIM)
                s.blit(img, (x + w - img.get_width(), y + 2))
            pygame.draw.line(s, style.PANEL_EDGE, (x, y + 20), (x + w, y + 20))

        self.ops.append(op)
        self.y += 26

    def text(self, value: str, colour: style.RGB = style.TEXT_DIM, size: int = TEXT) -> None:
        x, w = self.rect.x + PAD, self.rect.width - 2 * PAD
        for line in fonts.wrap(value, size, w):
            h = fonts.font(size).get_linesize()
            if not self.fits(h):
                return
            self.ops.append(_blit(fonts.text(line, size, colour), (x, self.y)))
            self.y += h
        self.y += 2

    def row(self, label: str | None, cells: Sequence[Cell], height: int = ROW_H) -> None:
        """An optional label on the left, the cells sharing the rest by weight."""
        if not self.fits(height):
            return
        x, w = self.rect.x + PAD, self.rect.width - 2 * PAD
        if label is not None:
            y = self.y
            img_y = y + (height - fonts.font(TEXT).get_linesize()) // 2
            shown = _fit(label, TEXT, LABEL_W - 4)
            self.ops.append(_blit(fonts.text(shown, TEXT, style.TEXT), (x, img_y)))
            x, w = x + LABEL_W, w - LABEL_W
        total = sum(c.weight for c in cells) or 1.0
        free = w - GAP * (len(cells) - 1)
        cx = x
        for i, cell in enumerate(cells):
            cw = round(free * cell.weight / total) if i < len(cells) - 1 else x + w - cx
            self._button(pygame.Rect(cx, self.y, cw, height), cell)
            cx += cw + GAP
        self.y += height + GAP

    def grid(self, cells: Sequence[Cell], columns: int = 2, height: int = ROW_H) -> None:
        for start in range(0, len(cells), columns):
            part = list(cells[start : start + columns])
            if not self.fits(height):
                return
            x, w = self.rect.x + PAD, self.rect.width - 2 * PAD
            cw = (w - GAP * (columns - 1)) // columns
            for i, cell in enumerate(part):
                self._button(pygame.Rect(x + i * (cw + GAP), self.y, cw, height), cell)
            self.y += height + GAP

    def bar(self, share: float, text: str) -> None:
        """A progress bar with a text on it."""
        if not self.fits(22):
            return
        rect = pygame.Rect(self.rect.x + PAD, self.y, self.rect.width - 2 * PAD, 20)

        def op(s: pygame.Surface) -> None:
            pygame.draw.rect(s, (20, 22, 26), rect, border_radius=4)
            fill = rect.copy()
            fill.width = round(rect.width * max(0.0, min(1.0, share)))
            if fill.width > 0:
                pygame.draw.rect(s, style.BLUE, fill, border_radius=4)
            pygame.draw.rect(s, style.PANEL_EDGE, rect, 1, border_radius=4)
            img = fonts.outlined(text, 12, style.WHITE, style.INK)
            s.blit(img, img.get_rect(center=rect.center))

        self.ops.append(op)
        self.y += 24

    def custom(self, height: int, paint: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        if not self.fits(height):
            return
        rect = pygame.Rect(self.rect.x + PAD, self.y, self.rect.width - 2 * PAD, height)
        self.ops.append(lambda s: paint(s, rect))
        self.y += height + GAP

    def _button(self, rect: pygame.Rect, cell: Cell) -> None:
        if cell.value is None:
            self.ops.append(_value_box(rect, cell.text))
            return
        button = SwatchButton(
            rect,
            cell.text,
            cell.value,
            hotkey=cell.hotkey,
            enabled=cell.enabled,
            tooltip=cell.tooltip,
            active=cell.active,
            size=13,
            swatch=cell.swatch,
        )
        self.buttons.append(button)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        for op in self.ops:
            op(surface)
        for b in self.buttons:
            b.draw(surface, b.enabled and b.rect.collidepoint(mouse))
