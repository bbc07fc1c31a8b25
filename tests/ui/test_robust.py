"""What keeps the window up and honest: fonts and caches across pygame re-inits,
engine failures (dialog, restore, report; the demo moves on), the scenario file
for "save replay", the high-contrast palette on the table, the docked dice tray,
the window size remembered, the tracker drawn once per change, the first-time
hint, and a headless run that must end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from table_kit import ROOT, TABLE, key, make_app, scenario, settle

from game import actions as act
from game.engine import Game
from game.ui import cache, fonts
from game.ui.app import App, UiOptions
from game.ui.app import run as run_window
from game.ui.endscreen import ENV_REPLAYS, EndScreen
from game.ui.render import style
from game.ui.settings import ENV_DIR, Settings, load_settings


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, replays and error reports go to a temporary folder."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "config"))
    monkeypatch.setenv(ENV_REPLAYS, str(tmp_path / "replays"))
    return tmp_path


# -- fonts and caches --------------------------------------------------------------------


def test_fonts_and_text_survive_pygame_quit_and_init() -> None:
    pygame.init()
    before = fonts.font(14)
    fonts.text("Round 1", 14, (255, 255, 255))
    pygame.quit()
    pygame.init()
    after = fonts.font(14)  # a stale font is noticed and made again
    assert after is not before
    assert after.size("Round 1")[0] > 0
    assert fonts.text("Round 1", 14, (255, 255, 255)).get_width() > 0
    assert fonts.wrap("a b c", 14, 10) == ["a", "b", "c"]


def test_two_windows_in_one_process_run_one_after_the_other() -> None:
    """`run` quits pygame when its window closes; the next window must still draw."""
    for _ in range(2):
        game = Game(scenario("table"), seed=2)
        controllers = dict.fromkeys(game.state.sides)
        options = UiOptions(size=(900, 600), frames=3, panels=True)
        assert run_window(game, controllers, options) == 0  # drew its panels' text
    assert not pygame.get_init()  # each window shuts pygame down behind it


def test_surface_cache_is_bounded_by_pixel_bytes() -> None:
    store: cache.SurfaceCache[pygame.Surface] = cache.SurfaceCache("test", 100 * 100 * 4 * 3)
    for i in range(10):
        store.put(i, pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(store) == 3 and store.bytes <= store.max_bytes
    assert store.get(9) is not None and store.get(0) is None
    generation = cache.generation
    cache.reset_all()
    assert len(store) == 0 and cache.generation == generation + 1


def test_fit_cuts_long_text_quickly() -> None:
    long = ", ".join(f"Shambler {i}" for i in range(200))
    cut = fonts.fit(long, 14, 300)
    assert cut.endswith("…") and fonts.font(14).size(cut)[0] <= 300
    assert fonts.fit("short", 14, 300) == "short"


# -- engine failures -----------------------------------------------------------------------


def _boom(*_: object, **__: object) -> list:
    raise RuntimeError("engine bug")


def test_an_engine_failure_in_play_is_shown_restored_and_saved(folders: Path) -> None:
    app = make_app("table", panels=True, scenario=str(TABLE))
    app.game.apply = _boom  # this game object fails; the restored one does not
    assert app.game.pending().kind == "choose_first"
    assert key(app, pygame.K_1) == []
    assert app.error_panel.visible and app.running
    failure = app.failures[-1]
    assert failure.restored and not failure.stuck and "engine bug" in failure.error
    assert failure.report is not None and "RuntimeError: engine bug" in failure.report.read_text()
    assert failure.replay is not None and failure.replay.is_file()
    app.render()  # the dialog draws
    assert app.game.pending().kind == "choose_first" and app.game.history == []
    assert key(app, pygame.K_1) == []  # the dialog is modal
    key(app, pygame.K_ESCAPE)
    assert not app.error_panel.visible
    assert key(app, pygame.K_1)  # the restored game plays on
    assert len(app.game.history) == 1


def test_an_ai_that_keeps_failing_falls_back_then_stops(
    folders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Game.apply

    def flaky(self: Game, action: act.Action) -> list:
        if len(self.history) >= 3:
            raise RuntimeError("always from here")
        return real(self, action)

    monkeypatch.setattr(Game, "apply", flaky)
    app = make_app("table", human=())
    for _ in range(50):
        settle(app)
        app.update(1.0)
        if app.error_panel.visible:
            break
    assert app.error_panel.visible and len(app.game.history) == 3
    app.error_panel.failure = None  # Continue
    for _ in range(50):
        settle(app)
        app.update(1.0)
        if app.error_panel.visible:
            break
    assert app.stuck and app.failures[-1].stuck  # its way out (end activation) failed too
    app.error_panel.failure = None
    for _ in range(5):
        app.update(1.0)
    assert len(app.game.history) == 3 and not app.error_panel.visible


def test_an_engine_failure_in_autoplay_goes_to_the_demo(folders: Path) -> None:
    app = make_app("table", human=(), panels=True, autoplay=True, speed=20)
    first = app.game
    first.apply = _boom
    for _ in range(200):
        settle(app)
        app.update(0.2)
        if app.game is not first:
            break
    assert app.game is not first and not app.error_panel.visible
    demo = next(p for p in app.panels if type(p).__name__ == "DemoPanel")
    assert demo.errors == 1 and app.failures == []


# -- scenario file, palette, dice tray, window size -----------------------------------------


def test_save_replay_uses_the_players_own_scenario_file(folders: Path) -> None:
    own = folders / "my_table.toml"
    own.write_text(
        TABLE.read_text(encoding="utf-8").replace('name = "', 'name = "My own ', 1),
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "main.py", "play", str(own), "--frames", "2"],
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", ENV_DIR: str(folders / "config")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    from game.loading import load_scenario

    sc = load_scenario(own)
    app = App(
        Game(sc, seed=1, scenario_name=sc.scenario.name),
        dict.fromkeys(s.id for s in sc.side),
        UiOptions(size=(900, 600), scenario=str(own)),
    )
    assert app.scenario_path == str(own)
    end = next(p for p in app.panels if isinstance(p, EndScreen))
    saved = end.save()
    assert saved is not None, end.message
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert "My own" in json.dumps(record)
    app.new_game(Game(scenario("refuge_raiders"), seed=1))  # another scenario: not that file
    assert app.scenario_path is None


def _pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(app.screen.get_at(pos))[:3]


def test_high_contrast_reaches_the_table_and_status_line() -> None:
    app = make_app("table", panels=True)
    try:
        app.render()
        status = (app.layout.status.right - 3, app.layout.status.centery)
        corner = (app.layout.table.left + 2, app.layout.table.top + 2)
        assert _pixel(app, status) == style.BAR
        normal_bg = _pixel(app, corner)
        app.options.palette = "high-contrast"
        app.render()
        assert style.PALETTE == "high-contrast"
        assert _pixel(app, status) == (0, 0, 0)
        assert _pixel(app, corner) != normal_bg
        board = app.camera.board_rect()
        assert _pixel(app, (board[0] + board[2] // 2, board[1] - 1)) != normal_bg
    finally:
        style.use_palette("okabe-ito")


def test_the_dice_tray_sits_over_the_log_not_the_table() -> None:
    from test_dice_view import DAMAGE, TO_HIT

    app = make_app("refuge_horde", panels=True)
    dice = next(p for p in app.panels if type(p).__name__ == "DicePanel")
    log = next(p for p in app.panels if type(p).__name__ == "LogPanel")
    dice.on_events([TO_HIT, DAMAGE])
    app.render()
    assert dice.showing and dice.tray.width > 200
    assert log.rect.contains(dice.tray)
    assert not dice.tray.colliderect(app.layout.table)


def test_the_window_size_is_remembered_after_a_resize(folders: Path) -> None:
    app = make_app("table", panels=True)
    app.settings = Settings()
    app.frame(1 / 60)
    app.screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    app.update(0.5)
    assert load_settings().window == (1600, 1000)  # not while the window is being dragged
    app.update(1.0)
    assert load_settings().window == (1280, 800)


# -- drawing once per change, the first hint, a run that ends -------------------------------


def test_the_tracker_is_drawn_once_per_change() -> None:
    app = make_app("table", panels=True)
    tracker = next(p for p in app.panels if type(p).__name__ == "TrackerPanel")
    for _ in range(10):
        app.update(1 / 60)
        app.render()
    assert tracker.renders == 1
    key(app, pygame.K_1)
    app.render()
    assert tracker.renders == 2


def test_a_first_time_player_is_told_what_to_do() -> None:
    app = make_app("table")
    key(app, pygame.K_1)  # a goes first: now a's figure to activate
    assert app.game.pending().kind == "activate"
    assert "click a figure" in app.coach()
    app.input.mouse = app.layout.table.midbottom  # the pointer over the hint: it steps aside
    assert app.coach() == ""
    auto = make_app("table", human=(), autoplay=True)
    assert auto.coach() == ""


def test_a_headless_window_without_frames_is_refused() -> None:
    out = subprocess.run(
        [sys.executable, "main.py", "play", str(TABLE)],
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "--frames" in out.stderr


def test_a_failing_preview_puts_the_tool_away_and_the_window_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from table_kit import activate, hover, screen_pos

    from game.ui import preview

    app = make_app("table", panels=True)
    raider = app.game.state.figures["raider-1"]
    raider.x, raider.y = 18.0, 30.0  # within Ferdl's charge reach (as test_input sets up)
    activate(app, "ferdl")
    monkeypatch.setattr(preview, "attack_preview", _boom)
    key(app, pygame.K_c)
    hover(app, screen_pos(app, 18, 30))
    app.render()
    assert app.input_errors and "engine bug" in app.input_errors[-1]
    assert app.input.tool is None and "engine bug" in app.message
    assert app.running and app.failures == []
