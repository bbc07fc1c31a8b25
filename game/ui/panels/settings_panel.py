"""The settings dialog (F2): units, animation speed, palette, language, window size,
large text and the AI's level (ai/levels.py). A click on a row — or its number key —
moves it to the next choice; the change applies at once (the AI level to the AI
sides of the battle on the table) and is saved to the settings file
(game/ui/settings.py). The window size is also remembered when the window is
resized by hand (the app saves it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ai.levels import LEVELS, level
from game.i18n import languages, set_language, set_units, tr
from game.ui import fonts
from game.ui.panels.base import PanelBase
from game.ui.panels.widgets import PAD, dialog_box, fit, shade
from game.ui.settings import PALETTES, UNITS, Settings, save_settings

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
WINDOWS = ((1280, 800), (1600, 1000), (1920, 1080), (2560, 1440))
TOGGLE_KEY = pygame.K_F2
ROWS = ("units", "speed", "palette", "language", "window", "large_text", "ai_level")


def next_choice(choices: Sequence[Any], current: Any) -> Any:
    """The choice after `current` (the first if it is not among them)."""
    items = list(choices)
    try:
        return items[(items.index(current) + 1) % len(items)]
    except ValueError:
        return items[0]


class SettingsPanel(PanelBase):
    """A modal list of the settings; hidden until F2."""

    slot = "screen"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.open = False
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.message = ""

    @property
    def settings(self) -> Settings:
        """The app's settings object (made from its options when it has none)."""
        current = getattr(self.app, "settings", None)
        if not isinstance(current, Settings):
            current = Settings(
                units=self.option("units", "cm"),
                speed=float(self.option("speed", 1.0)),
                palette=self.option("palette", "okabe-ito"),
                language=self.language,
                large_text=bool(self.option("large_text", False)),
            )
            self.app.settings = current
        return current

    def choices(self, name: str) -> Sequence[Any]:
        return {
            "units": UNITS,
            "speed": SPEEDS,
            "palette": PALETTES,
            "language": tuple(languages()),
            "window": WINDOWS,
            "large_text": (False, True),
            "ai_level": LEVELS,
        }[name]

    def value_text(self, name: str, value: Any) -> str:
        if name == "units":
            return tr(f"ui.settings.units_{value}")
        if name == "palette":
            return tr(f"ui.settings.palette_{value.replace('-', '_')}")
        if name == "speed":
            return f"× {value:g}"
        if name == "window":
            return f"{value[0]} × {value[1]}"
        if name == "language":
            try:
                return tr(f"ui.settings.language_{value}")
            except KeyError:
                return str(value)
        if name == "large_text":
            return tr("common.yes") if value else tr("common.no")
        if name == "ai_level":
            return tr(f"ui.settings.ai_level_{value}")
        return str(value)

    def change(self, name: str) -> None:
        """Move one setting to its next choice, apply it and save."""
        settings = self.settings
        value = next_choice(self.choices(name), getattr(settings, name))
        setattr(settings, name, value)
        options = getattr(self.app, "options", None)
        if name == "language":
            set_language(value)
        if name == "units":
            set_units(value)
        if name == "ai_level":
            for controller in getattr(self.app, "controllers", {}).values():
                if hasattr(controller, "level"):
                    controller.level = level(value)
        if options is not None and name != "window" and hasattr(options, name):
            setattr(options, name, value)
        resize = getattr(self.app, "resize_window", None)
        if name == "window" and resize is not None:
            resize(value)
        try:
            path = save_settings(settings)
        except OSError as exc:
            self.message = tr("ui.settings.save_failed", reason=exc.strerror or str(exc))
        else:
            self.message = tr("ui.settings.saved", file=str(path))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY:
            self.open = not self.open
            self.message = ""
            return True
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open = False
            elif pygame.K_1 <= event.key < pygame.K_1 + len(ROWS):
                self.change(ROWS[event.key - pygame.K_1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for name, rect in self.rows:
                if rect.collidepoint(event.pos):
                    self.change(name)
                    return True
            if not self.box.collidepoint(event.pos):
                self.open = False
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open or self.rect.width < 200:
            return
        th, size = self.theme, self.text_size
        line_h = fonts.font(size).get_linesize()
        row_h = line_h + 12
        w = min(int(620 * (1.3 if self.large_text else 1.0)), self.rect.width - 20)
        h = line_h * 3 + row_h * len(ROWS) + 4 * PAD
        self.box = pygame.Rect(0, 0, w, min(h, self.rect.height - 20))
        self.box.center = self.rect.center
        shade(surface, self.rect, 140)
        dialog_box(surface, self.box, th, th.accent, 2)
        x, y = self.box.left + 2 * PAD, self.box.top + PAD
        title = f"{tr('ui.settings.title')} · {tr('ui.settings.hint')}"
        surface.blit(fonts.text(fit(title, size, w - 4 * PAD, True), size, th.text, True), (x, y))
        y += line_h + PAD
        self.rows = []
        settings = self.settings
        label_w = w // 2 - 2 * PAD
        for i, name in enumerate(ROWS):
            rect = pygame.Rect(x, y, w - 4 * PAD, row_h - 4)
            pygame.draw.rect(surface, th.panel_alt, rect, border_radius=5)
            key = fonts.text(str(i + 1), size, th.on_accent, True)
            badge = key.get_rect(midleft=(rect.left + 8, rect.centery)).inflate(8, 2)
            pygame.draw.rect(surface, th.accent, badge, border_radius=3)
            surface.blit(key, key.get_rect(center=badge.center))
            label = fit(tr(f"ui.settings.{name}"), size, label_w - badge.width)
            surface.blit(fonts.text(label, size, th.dim), (badge.right + 10, rect.top + 6))
            value = fit(
                self.value_text(name, getattr(settings, name)), size, w // 2 - 2 * PAD, True
            )
            surface.blit(fonts.text(value, size, th.text, True), (x + label_w + PAD, rect.top + 6))
            self.rows.append((name, rect))
            y += row_h
        if self.message:
            msg = fit(self.message, size - 2, w - 4 * PAD)
            surface.blit(fonts.text(msg, max(10, size - 2), th.dim), (x, y + 4))
