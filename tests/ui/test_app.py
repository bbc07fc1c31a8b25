"""The app: the play command, screenshots, start-up time, the AI's pace, hot-seat,
resizing, and a longer unattended autoplay run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import numpy as np
import pygame
import pytest
from table_kit import ROOT, SHOTS, TABLE, click, key, make_app, run_ai, scenario, screen_pos

from game import actions as act
from game.ai_choice import controllers_for
from game.cli import DEFAULT_COMMAND
from game.cli.play import table_sides
from game.engine import Game
from game.play.movement import Moved
from game.ui.app import App, UiOptions
from game.ui.preview import AttackPreview

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _play(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env={**ENV, "DEADEARTH_CONFIG_DIR": str(SHOTS / "config")},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _not_blank(path) -> np.ndarray:
    surf = pygame.image.load(str(path))
    pixels = pygame.surfarray.array3d(surf)
    assert pixels.std() > 20
    assert len(np.unique(pixels.reshape(-1, 3)[::11], axis=0)) > 40
    return pixels


def test_play_is_the_default_command() -> None:
    assert DEFAULT_COMMAND == "play"


def test_default_start_opens_the_horde_raid_quickly_and_saves_a_screenshot() -> None:
    """`python main.py` (with frames for the test) opens refuge_horde and says when its
    first frame came (the time itself: tests/bench/bench_ui.py, bench_startup.py)."""
    target = SHOTS / "app_default.png"
    firsts = []
    for _ in range(2):  # the better of two: the first may pay for a cold disk cache
        start = time.perf_counter()
        out = _play("--frames", "1", "--screenshot", str(target))
        wall = time.perf_counter() - start
        assert out.returncode == 0, out.stderr
        firsts.append(float(re.search(r"First frame ([0-9.]+) s", out.stderr).group(1)))
        print(f"\nfirst frame after {firsts[-1]:.2f} s (whole run {wall:.2f} s)")
    assert all(first > 0 for first in firsts)
    surf = pygame.image.load(str(target))
    assert surf.get_size() == (1600, 1000)
    _not_blank(target)


def test_autoplay_frames_screenshot_under_the_dummy_driver() -> None:
    target = SHOTS / "app_autoplay.png"
    out = _play(
        "play",
        str(TABLE),
        "--autoplay",
        "--frames",
        "240",
        "--speed",
        "8",
        "--screenshot",
        str(target),
        "--size",
        "1280x800",
        "--units",
        "in",
    )
    assert out.returncode == 0, out.stderr
    assert pygame.image.load(str(target)).get_size() == (1280, 800)
    _not_blank(target)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--side", "nosuch", "--frames", "1"], "--side"),
        (["--screenshot", "x.png"], "--frames"),
        (["--speed", "0", "--frames", "1"], "--speed"),
        (["--size", "12", "--frames", "1"], "--size"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    out = _play(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr


def test_side_and_autoplay_choose_the_controllers() -> None:
    sc = scenario("table")
    assert controllers_for(sc, table=table_sides(sc, None, False))["a"] is None
    assert controllers_for(sc, table=table_sides(sc, None, False))["b"] is not None
    swapped = controllers_for(sc, table=table_sides(sc, "b", False))
    assert swapped["b"] is None and swapped["a"] is not None
    assert all(
        c is not None for c in controllers_for(sc, table=table_sides(sc, None, True)).values()
    )


def test_ai_turns_are_applied_one_action_per_step() -> None:
    app = make_app("table", human=("b",))
    first = len(app.game.history)
    app.step_ai(0.0)  # the timer starts at 0: one action now
    assert len(app.game.history) == first + 1
    app.step_ai(0.01)
    assert len(app.game.history) == first + 1  # not yet: the AI waits between actions
    app.animator.skip()
    app.step_ai(10.0)
    assert len(app.game.history) >= first + 1


def test_the_ai_shows_the_odds_of_its_attack_before_rolling() -> None:
    app = make_app("table", human=())
    seen: list[AttackPreview] = []
    for _ in range(4000):
        if app.game.is_over():
            break
        app.animator.skip()
        before = len(app.game.history)
        app.step_ai(10.0)
        if app.ai_next is not None and isinstance(app.ai_next, act.Attack | act.Charge):
            assert len(app.game.history) == before  # held back while the odds show
            preview = app.preview
            assert preview is not None and preview.target == app.ai_next.target
            seen.append(preview)
    assert seen


def test_hot_seat_both_sides_at_the_table() -> None:
    app = make_app("table", human=("a", "b"))
    assert app.human_sides == {"a", "b"}
    key(app, pygame.K_2)  # a lets b go first
    assert app.game.pending().side == "b"
    events = click(app, screen_pos(app, 45, 30))
    assert app.game.pending().kind == "act" and app.game.pending().side == "b"
    key(app, pygame.K_m)
    events = click(app, screen_pos(app, 48, 36))
    assert any(isinstance(e, Moved) and e.figure == "raider-1" for e in events)
    assert run_ai(app) == []  # nothing for an AI to do


def test_resizing_the_window_relayouts_and_refits() -> None:
    app = make_app("table", panels=True)
    app.screen = pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    assert app.layout.size == (1000, 700)
    x, y, w, h = app.camera.board_rect()
    table = app.layout.table
    assert table.contains(pygame.Rect(x, y, w, h).inflate(-2, -2))
    app.render()
    for panel in app.shown_panels():
        assert panel.rect.width <= 1000 and panel.rect.height <= 700


def test_a_failing_panel_is_switched_off_and_the_game_goes_on() -> None:
    class Broken:
        rect = pygame.Rect(0, 0, 0, 0)

        def handle_event(self, event):
            return False

        def update(self, dt):
            raise RuntimeError("boom")

        def draw(self, surface):
            pass

        def on_events(self, events):
            pass

    app = make_app("table")
    app.panels.append(Broken())
    app.update(1 / 60)
    app.render()
    assert app.panel_errors and "boom" in app.panel_errors[0]
    app.update(1 / 60)
    assert len(app.panel_errors) == 1


def test_new_game_starts_over_in_the_same_window() -> None:
    app = make_app("table", panels=True)
    key(app, pygame.K_1)
    app.new_game(Game(scenario("refuge_raiders"), seed=4))
    assert app.game.scenario_name.startswith(scenario("refuge_raiders").scenario.name)
    assert app.camera.board_size == (120.0, 120.0)
    app.update(1 / 60)
    app.render()


def test_autoplay_runs_whole_games_unattended() -> None:
    """A shorter stand-in for the hour-long attract mode: every shipped scenario to
    its end (or 20000 frames), panels included, at high speed."""
    pygame.display.init()  # whatever ran before (a window may have shut pygame down)
    pygame.event.clear()
    for name in ("table", "refuge_raiders"):
        sc = scenario(name)
        game = Game(sc, seed=5)
        controllers = controllers_for(sc, table=table_sides(sc, None, True))
        app = App(
            game, controllers, UiOptions(size=(1280, 800), speed=60, autoplay=True, frames=20000)
        )
        app.panels = [p for p in app.panels if type(p).__name__ != "DemoPanel"]
        app.relayout((1280, 800))
        start = time.perf_counter()
        frames = 0
        while not game.is_over() and frames < 20000:
            app.frame(1 / 60)
            frames += 1
        took = time.perf_counter() - start
        print(f"\n{name}: {frames} frames, {len(game.history)} actions, {took:.1f} s")
        assert app.panel_errors == []
        assert len(game.history) > 20


def test_moves_are_animated_along_their_path_and_can_be_skipped() -> None:
    from shapely.geometry import LineString, Point

    from game.ui.anim import Animator

    leg = Moved("f", "move", (0.0, 0.0), (10.0, 10.0), ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0)),
                20.0, 20.0, 20.0, 20.0, "destination")  # fmt: skip
    anim = Animator()
    anim.feed([leg], speed=1.0)
    assert anim.busy
    path = LineString(leg.points)
    seen = []
    while anim.busy:
        anim.update(0.05)
        pos = anim.positions().get("f")
        if pos is not None:
            seen.append(pos)
            assert path.distance(Point(pos)) < 1e-6
    assert len(seen) > 5 and seen[0] != seen[-1]
    fast = Animator()
    fast.feed([leg], speed=4.0)
    assert fast.legs[0].duration < anim_duration(leg)
    fast.skip()
    assert not fast.busy and fast.positions() == {}


def anim_duration(leg: Moved) -> float:
    from game.ui.anim import Animator

    a = Animator()
    a.feed([leg], speed=1.0)
    return a.legs[0].duration


class _Compiling:
    """A warm-up that is still compiling (game.warmup.WarmUp's face)."""

    busy = True
    elapsed = 12.0


def test_the_ai_plays_during_the_warm_up_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("table", human=(), panels=False)
    app.warm = _Compiling()  # type: ignore[assignment]
    for _ in range(120):
        app.frame(1 / 60)
    assert len(app.game.history) > 0  # the kernels' interim path plays meanwhile
    monkeypatch.setattr(type(app.ai_worker), "thinking", property(lambda self: True))
    app.message_t = 0.0
    app.intent = None
    assert app._status_right() == (
        "First start: the geometry runs as plain Python while it compiles beside the window"
        " (12 s, once)"
    )
