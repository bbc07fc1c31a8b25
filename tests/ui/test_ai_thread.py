"""The AI chooses in a thread of its own: the window keeps drawing while it thinks
(and says so), its choice is applied on the UI thread, the same seed plays the same
game as the AI playing the game directly, the warm-up still holds the first move, a
failing controller falls back, and a choice for an old game is never applied."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from table_kit import make_app, scenario

from ai import controller_for
from ai.memo import MEMO
from ai.scoring import ODDS
from game import actions as act
from game.engine import Game
from game.ui.ai_worker import AiWorker
from game.ui.app import App

SLOW_S = 0.4
HELD_S = 60.0
"""How long a held AI waits for its release at most (a frame that waited for it
would hang this long, then find the AI done)."""


class Slow:
    """The tactical AI, taking its time (waiting: the GIL is free meanwhile): SLOW_S,
    or, `held`, until the test sets `release`."""

    def __init__(self, fail: bool = False, held: bool = False) -> None:
        self.inner = controller_for("ai:tactical")
        self.fail = fail
        self.calls = 0
        self.release = threading.Event()
        self.wait_s = HELD_S if held else SLOW_S

    def choose(self, game: Game) -> act.Action:
        self.calls += 1
        self.release.wait(self.wait_s)
        if self.fail:
            raise RuntimeError("the slow AI broke")
        return self.inner.choose(game)

    def intent(self, game: Game) -> str | None:
        return self.inner.intent(game)


OPENED: list[App] = []


@pytest.fixture(autouse=True)
def _close_threads() -> Iterator[None]:
    yield
    while OPENED:
        OPENED.pop().ai_worker.close()


def _app(name: str = "table", seed: int = 5, **kw: Any) -> App:
    app = make_app(name, seed=seed, human=(), ai_thread=True, **kw)
    OPENED.append(app)
    return app


def _play(app: App, actions: int, timeout: float = 120.0) -> None:
    """Let the window's clock run until `actions` actions are applied."""
    end = time.monotonic() + timeout
    while len(app.game.history) < actions and not app.game.is_over():
        assert time.monotonic() < end, "the AI stopped"
        app.animator.skip()
        if not app.step_ai(10.0) and app.ai_worker.thinking:
            app.ai_worker.wait(5.0)


def test_the_window_keeps_drawing_while_the_ai_thinks() -> None:
    app = _app(panels=True)
    slow = Slow(held=True)  # thinks until released: no clock in this test
    app.controllers = {side: slow for side in app.controllers}
    assert app.step_ai(10.0) == []  # asked, not waited for
    assert app.ai_worker.thinking
    side = app.game.state.sides[app.game.pending().side].name
    assert app._status_right() == f"{side} (AI) is thinking …"
    for _ in range(5):
        app.frame(1 / 60)  # a frame that waited for the AI would find it done
        assert app.ai_worker.thinking, "a frame waited for the AI"
    assert app.game.history == []
    slow.release.set()
    end = time.monotonic() + 120.0
    while not app.game.history:  # frames go on: the panels settle, the choice comes in
        assert time.monotonic() < end, "the AI's choice never came in"
        app.frame(1 / 60)
        app.ai_worker.wait(1 / 60)  # paced like the window's clock: a spinning loop
        # would starve the AI thread of the GIL (a first kernel load calls back often)
    assert slow.calls <= len(app.game.history) + 1  # asked once per action (one under way)


def test_the_same_seed_plays_the_same_game_as_the_ai_on_its_own() -> None:
    sc = scenario("refuge_raiders")
    direct = Game(sc, seed=7)
    bots = {s.id: controller_for(s.controller if s.controller != "human" else "ai:tactical")
            for s in sc.side}  # fmt: skip
    for _ in range(60):
        pending = direct.pending()
        if pending is None:
            break
        direct.apply(bots[pending.side].choose(direct))
    app = _app("refuge_raiders", seed=7)
    _play(app, len(direct.history))
    assert app.game.history == direct.history
    assert app.game.dice.state == direct.dice.state
    assert app.intent is not None or any(
        isinstance(a, act.Activate) for a in app.game.history
    )  # intents came with the activations


def test_the_intent_comes_with_the_first_choice_of_an_activation() -> None:
    app = _app(panels=True)
    intents: list[tuple[str, str]] = []
    for _ in range(400):
        before = app.intent
        app.animator.skip()
        app.update(1.0)  # the dice settle, the AI steps
        app.ai_worker.wait(5.0)
        if app.intent is not None and app.intent != before:
            intents.append(app.intent)
        if len(intents) >= 2:
            break
    assert len(intents) >= 2
    log = next(p for p in app.panels if type(p).__name__ == "LogPanel")
    app.update(1 / 60)
    assert any(e.fixed == intents[-1][1] for e in log.log.entries)


class FakeWarmUp:
    busy = True
    elapsed = 3.0


def test_the_first_move_does_not_wait_for_the_warm_up() -> None:
    """The kernels run on their interim path meanwhile (game.board.jit)."""
    app = _app()
    app.warm = FakeWarmUp()  # type: ignore[assignment]
    app.step_ai(0.0)
    assert app.ai_worker.asked_for(app.game)
    if app.ai_worker.thinking:
        assert app._status_right().startswith("First start: the geometry runs as plain Python")
    _play(app, 1)
    assert len(app.game.history) == 1


def test_a_controller_failing_in_its_thread_falls_back() -> None:
    app = _app()
    app.controllers = {side: Slow(fail=True) for side in app.controllers}
    _play(app, 1)
    assert app.message.startswith("the AI failed (the slow AI broke)")
    assert len(app.game.history) == 1 and app.failures == []


def test_a_choice_for_the_last_game_is_not_applied_to_the_next() -> None:
    app = _app()
    app.controllers = {side: Slow() for side in app.controllers}
    app.step_ai(10.0)
    assert app.ai_worker.thinking
    old = app.game
    app.new_game(Game(scenario("table"), seed=6))
    assert not app.ai_worker.asked_for(app.game)
    time.sleep(SLOW_S * 1.5)  # the old choice comes in …
    assert app.ai_worker.take(app.game) is None  # … and is not taken
    assert old.history == [] and app.game.history == []
    _play(app, 1)
    assert len(app.game.history) == 1


def test_without_a_thread_the_choice_is_made_at_once() -> None:
    worker = AiWorker(threaded=False)
    game = Game(scenario("table"), seed=5)
    worker.start(controller_for("ai:tactical"), game)
    assert not worker.thinking
    choice = worker.take(game)
    assert choice is not None and isinstance(choice.action, act.Action)
    assert worker.take(game) is None  # taken once


def test_the_next_clone_goes_on_with_what_the_ai_kept_on_the_last() -> None:
    worker = AiWorker(threaded=False)
    game = Game(scenario("refuge_raiders"), seed=7)
    ai = controller_for("ai:tactical")
    clones: list[Game] = []

    def keep(clone: Game, action: act.Action) -> None:
        clones.append(clone)

    while (pending := game.pending()) is not None and pending.kind != "act":
        game.apply(ai.choose(game))
    for _ in range(2):
        worker.start(ai, game, preview=keep)
        choice = worker.take(game)
        assert choice is not None and choice.action is not None
        game.apply(choice.action)
    first, second = clones
    assert first is not second and first.state is not second.state
    assert ODDS in set(first.cache)
    assert second.cache.value(ODDS) is first.cache.value(ODDS)  # handed on, not rebuilt
    assert MEMO not in set(second.cache) or second.cache.value(MEMO) is not first.cache.value(MEMO)
    worker.forget()
    worker.start(ai, game, preview=keep)
    assert clones[-1].cache.value(ODDS) is not first.cache.value(ODDS)  # a new game starts afresh
