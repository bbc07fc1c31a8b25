"""The side panels inside the real window: built, drawn, the demo moving on to the
next battle, the end screen over a finished game (dummy video driver)."""

from __future__ import annotations

from pathlib import Path

import pytest
from panel_kit import distinct_colours, shot
from table_kit import make_app

from game.ui.app import App
from game.ui.demo import END_HOLD, DemoPanel
from game.ui.dice_view import DicePanel
from game.ui.endscreen import EndScreen
from game.ui.log import LogPanel
from game.ui.odds_panel import OddsPanel
from game.ui.settings import ENV_DIR
from game.ui.tracker import TrackerPanel

STEP = 1 / 60


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))


def _panel(app: App, cls: type) -> object:
    return next(p for p in app.panels if isinstance(p, cls))


def _run(app: App, seconds: float) -> None:
    for _ in range(int(seconds / STEP)):
        app.update(STEP)


def test_every_panel_is_built_and_drawn_during_autoplay() -> None:
    app = make_app("refuge_raiders", seed=5, human=(), panels=True, autoplay=True, speed=8.0)
    for cls in (TrackerPanel, OddsPanel, LogPanel, DicePanel, EndScreen, DemoPanel):
        assert _panel(app, cls) is not None
    for _ in range(12):
        _run(app, 0.5)
        app.render()
    assert not app.broken, app.panel_errors
    assert len(app.game.history) > 3
    log = _panel(app, LogPanel)
    assert len(log.log) > 10
    shot(app.screen, "app_panels_autoplay")
    assert distinct_colours(app.screen, app.layout.sidebar) > 20


def test_high_contrast_large_text_window() -> None:
    app = make_app("refuge_horde", seed=2, panels=True, palette="high-contrast", large_text=True)
    _run(app, 1.0)
    app.render()
    assert not app.broken, app.panel_errors
    shot(app.screen, "app_panels_high_contrast")


def test_demo_moves_on_to_the_next_battle_in_the_window() -> None:
    app = make_app("open_skirmish", seed=1, human=(), panels=True, autoplay=True, speed=4.0)
    first = app.game
    first.state.outcome = "draw"  # staged: the battle is decided
    _run(app, 0.5)
    app.render()
    assert _panel(app, EndScreen).shown
    shot(app.screen, "app_demo_end")
    _run(app, END_HOLD / 4 + 0.5)
    assert app.game is not first and not app.game.is_over()
    assert app.game.scenario_name != first.scenario_name
    assert all(c is not None for c in app.controllers.values())
    _run(app, 1.0)
    app.render()
    assert not app.broken, app.panel_errors


def test_end_screen_over_a_finished_game_can_be_closed() -> None:
    app = make_app("open_skirmish", seed=1, panels=True)
    app.game.state.outcome = "victory"
    import pygame

    app.render()
    end = _panel(app, EndScreen)
    assert end.shown
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert not end.shown
