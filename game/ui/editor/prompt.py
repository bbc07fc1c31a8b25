"""A small modal dialog over the editor: a question with a line of text to type
(a file name, a new id, the board size) and OK / Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.i18n import tr
from game.ui import fonts
from game.ui.render import style
from game.ui.widgets import Button, button_at, panel_box

WIDTH = 560
Check = Callable[[str], str | None]
"""Called with the text on OK: None closes the dialog, a string is shown as the
problem and the dialog stays open."""


@dataclass
class Prompt:
    """A question with an editable answer."""

    title: str
    text: str
    on_ok: Check
    note: str = ""
    error: str = ""
    closed: bool = False
    buttons: list[Button] = field(default_factory=list)

    def handle(self, event: pygame.event.Event) -> bool:
        """Every event while it is open is its own (the dialog is modal)."""
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            self.error = ""
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            elif event.key == pygame.K_ESCAPE:
                self.closed = True
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.error = ""
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = button_at(self.buttons, event.pos)
            if hit is not None and hit.value == "ok":
                self.confirm()
            elif hit is not None:
                self.closed = True
        return True

    def confirm(self) -> None:
        problem = self.on_ok(self.text.strip())
        if problem:
            self.error = problem
        else:
            self.closed = True

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        area = surface.get_rect()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        lines = [(self.title, 16, style.TEXT, True)]
        if self.note:
            lines += [
                (line, 13, style.TEXT_DIM, False) for line in fonts.wrap(self.note, 13, WIDTH - 32)
            ]
        height = 24 + sum(fonts.font(s, b).get_linesize() for _, s, _, b in lines) + 110
        box = pygame.Rect(0, 0, WIDTH, height)
        box.center = area.center
        panel_box(surface, box, 250)
        y = box.y + 14
        for text, size, colour, bold in lines:
            surface.blit(fonts.text(text, size, colour, bold), (box.x + 16, y))
            y += fonts.font(size, bold).get_linesize()
        field_rect = pygame.Rect(box.x + 16, y + 8, WIDTH - 32, 30)
        pygame.draw.rect(surface, (16, 17, 20), field_rect, border_radius=4)
        pygame.draw.rect(surface, style.SKY, field_rect, 1, border_radius=4)
        shown = self.text
        f = fonts.font(15)
        while shown and f.size(shown + "|")[0] > field_rect.width - 12:
            shown = shown[1:]
        caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " "
        value = fonts.text(shown + caret, 15, style.WHITE)
        surface.blit(value, (field_rect.x + 6, field_rect.centery - value.get_height() // 2))
        y = field_rect.bottom + 6
        if self.error:
            surface.blit(fonts.text(self.error, 13, style.ORANGE, True), (box.x + 16, y))
        ok = Button(
            pygame.Rect(box.right - 236, box.bottom - 42, 106, 30),
            tr("editor.prompt.ok"),
            "ok",
            hotkey="↵",
        )
        cancel = Button(
            pygame.Rect(box.right - 122, box.bottom - 42, 106, 30),
            tr("editor.prompt.cancel"),
            "cancel",
            hotkey="Esc",
        )
        self.buttons = [ok, cancel]
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(mouse))
