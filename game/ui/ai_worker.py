"""The AI's choice off the UI thread.

`AiWorker.start(controller, game, intent)` hands a clone of the game to one daemon
thread of its own (one for the window's life, so that the movement caches the board
keeps per thread stay warm between decisions), which asks the controller for the
activation's intent line (when `intent`) and its action; the window keeps drawing
and takes the `Choice` with `take(game)` once it is in, then applies the action
itself, on the UI thread, to the real game. A choice made for an earlier state of
the game (or another game) is never taken.

The clone is the game as it stands when the choice is asked for, so the AI decides
exactly what it would decide on the game itself: the same seed plays the same game.
What the AI keeps in its clone's cache (its flow fields, planning boards, odds —
the `GameCache` entries a clone may share) is handed on to the next clone of the
same game, as it would stay on the game played directly. With `threaded=False`
the choice is made at once in `start` (headless runs that must be reproducible
frame by frame, tests).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.base import Controller
from game.actions import Action
from game.engine import Game
from game.play.cache import GameCache

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Choice:
    """What the AI decided: its action, the activation's intent line (when asked
    for and it has one), or the exception its controller raised; and what the
    action is shown with (the `preview` asked of `start`, None if it failed)."""

    action: Action | None
    intent: str | None = None
    error: BaseException | None = None
    preview: Any = None  # what the action is shown with before it is made


@dataclass
class _Job:
    key: tuple[int, int]
    controller: Controller
    game: Game
    want_intent: bool
    preview: Callable[[Game, Action], Any] | None
    done: threading.Event = field(default_factory=threading.Event)
    choice: Choice | None = None

    def run(self) -> None:
        try:
            self.choice = self._decide()
        finally:
            self.done.set()

    def _decide(self) -> Choice:
        intent: str | None = None
        try:
            if self.want_intent:
                intent = self.controller.intent(self.game)
            action = self.controller.choose(self.game)
        except Exception as exc:  # handed to the window, which falls back
            log.exception("the AI's choice failed")
            return Choice(None, intent, exc)
        shown = None
        try:
            shown = self.preview(self.game, action) if self.preview is not None else None
        except Exception:  # the window works it out again (and reports it)
            log.exception("the preview of the AI's choice failed")
        return Choice(action, intent, None, shown)


def job_key(game: Game) -> tuple[int, int]:
    """Which game, at which action, a choice is for."""
    return (id(game), len(game.history))


class AiWorker:
    """One AI decision at a time, on a clone of the game, in a thread of its own."""

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self._job: _Job | None = None
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._carry: GameCache | None = None  # the cache of the AI's last clone …
        self._carry_from: Game | None = None  # … of this game

    def start(
        self,
        controller: Controller,
        game: Game,
        want_intent: bool = False,
        preview: Callable[[Game, Action], Any] | None = None,
    ) -> None:
        """Ask `controller` for its choice on a clone of `game` as it stands now (and
        `preview(clone, action)`, what the window shows the action with)."""
        view = game.clone()
        if self._carry is not None and self._carry_from is game:
            view.cache.take_over(self._carry)
        job = _Job(job_key(game), controller, view, want_intent, preview)
        self._job = job
        if not self.threaded:
            job.run()
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._serve, name="ai-choice", daemon=True)
            self._thread.start()
        self._queue.put(job)

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            job.run()

    def asked_for(self, game: Game) -> bool:
        """Is a choice for `game` as it stands now under way or in?"""
        return self._job is not None and self._job.key == job_key(game)

    @property
    def thinking(self) -> bool:
        """Is the latest choice asked for still being made?"""
        return self._job is not None and not self._job.done.is_set()

    def take(self, game: Game) -> Choice | None:
        """The choice for `game` as it stands now, once it is in (then it is gone)."""
        job = self._job
        if job is None or job.key != job_key(game) or not job.done.is_set():
            return None
        self._job = None
        self._carry, self._carry_from = job.game.cache, game
        return job.choice

    def forget(self) -> None:
        """Drop the choice under way (a new game; it still finishes in the thread)."""
        self._job = None
        self._carry, self._carry_from = None, None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the latest choice is in (True) or `timeout` s pass (False)."""
        job = self._job
        return job is None or job.done.wait(timeout)

    def close(self) -> None:
        """Let the thread end once it has finished what it is doing."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread = None
