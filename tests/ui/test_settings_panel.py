"""The settings dialog: F2 opens it, a row click or number cycles a setting, which
applies to the app's options at once and is saved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from panel_kit import distinct_colours, fake_app, played, shot, surface

from game.i18n import current_language, set_language
from game.ui.panels.settings_panel import ROWS, SettingsPanel, next_choice
from game.ui.settings import ENV_DIR, Settings, load_settings


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    return tmp_path


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0)


def test_next_choice_wraps() -> None:
    assert next_choice(("cm", "in"), "in") == "cm"
    assert next_choice((0.5, 1.0), 3.0) == 0.5


def test_opens_changes_applies_and_saves(config: Path) -> None:
    game, _ = played(actions=5)
    app = fake_app(game)
    app.settings = Settings()
    panel = SettingsPanel(app)
    target = surface((1200, 800))
    panel.rect = target.get_rect()
    assert not panel.handle_event(_key(pygame.K_2))  # closed: nothing consumed
    assert panel.handle_event(_key(pygame.K_F2)) and panel.open
    panel.draw(target)
    shot(target, "settings")
    assert distinct_colours(target, panel.box) > 5
    units = dict(panel.rows)["units"]
    click = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=units.center, button=1)
    assert panel.handle_event(click)
    assert app.options.units == "in" and app.settings.units == "in"
    panel.handle_event(_key(pygame.K_1 + ROWS.index("palette")))
    assert app.options.palette == "high-contrast"
    panel.handle_event(_key(pygame.K_1 + ROWS.index("window")))
    saved = load_settings()
    assert saved.units == "in" and saved.palette == "high-contrast"
    assert saved.window != Settings().window
    panel.draw(target)
    shot(target, "settings_high_contrast")
    assert panel.handle_event(_key(pygame.K_ESCAPE)) and not panel.open


def test_language_switches_the_catalogue(config: Path) -> None:
    app = fake_app(None)
    panel = SettingsPanel(app)
    try:
        panel.change("language")
        assert current_language() == app.settings.language != "en"
    finally:
        set_language("en")


def test_f2_reaches_the_dialog_in_the_window(config: Path) -> None:
    from table_kit import make_app

    app = make_app("refuge_raiders", panels=True)
    panel = next(p for p in app.panels if isinstance(p, SettingsPanel))
    app.dispatch(_key(pygame.K_F2))
    assert panel.open
    app.dispatch(_key(pygame.K_1))  # units
    assert app.options.units == "in"
    app.render()
    shot(app.screen, "app_settings")
    app.dispatch(_key(pygame.K_ESCAPE))
    assert not panel.open
    assert load_settings().units == "in"


def test_the_ai_level_applies_to_the_ai_sides_at_once_and_is_saved(config: Path) -> None:
    from ai import controller_for

    app = fake_app(None)
    app.settings = Settings()
    tactical, horde = controller_for("ai:tactical"), controller_for("ai:horde")
    app.controllers = {"a": tactical, "b": horde, "c": None}
    panel = SettingsPanel(app)
    assert app.settings.ai_level == "normal"
    panel.change("ai_level")
    assert app.settings.ai_level == "hard" and load_settings().ai_level == "hard"
    assert tactical.level.name == horde.level.name == "hard"  # type: ignore[attr-defined]
    assert panel.value_text("ai_level", "classic") == "classic (the old AI)"
