"""When the engine fails: the game is put back, saved, and the player is told.

An exception other than `IllegalAction` from `Game.apply` (or from the AI's step)
is a bug, not a move the rules refuse. The app then

1. rebuilds the game from its seed and its history (`restore`), so the state is
   the one before the failed action — a half-applied action never stays;
2. writes an error report (the traceback, the scenario, the seed and every
   action) and a replay of the game so far next to the replays
   (`endscreen.replay_dir()`), so nothing is lost;
3. shows `ErrorPanel`, a dialog with the error, the files and the buttons
   "Continue" and "Quit" (in autoplay the demo moves on to the next battle instead).
"""

from __future__ import annotations

import datetime as dt
import logging
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import actions as act
from game.engine import Game
from game.i18n import tr
from game.ui import fonts
from game.ui.endscreen import replay_dir, save_replay
from game.ui.panels.base import PanelBase
from game.ui.panels.widgets import PAD, Button, dialog_box, fit, modal_rest, shade

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Failure:
    """What went wrong and where it was written down."""

    error: str  # "ValueError: …", one line
    action: str  # the action that failed, in its text form ("" for the AI's choice)
    restored: bool  # the game is back to the state before the action
    report: Path | None
    replay: Path | None
    stuck: bool = False  # the AI cannot go on from here (its way out failed too)


def one_line(exc: BaseException, limit: int = 200) -> str:
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def restore(game: Game) -> Game:
    """A new game at the same point: the seed, the knobs and the history played again."""
    fresh = Game(
        game.scenario, seed=game.seed, knobs=game.knob_overrides, scenario_name=game.scenario_name
    )
    for action in game.history:
        fresh.apply(action)
    return fresh


def write_report(
    game: Game, exc: BaseException, action: act.Action | None, folder: Path
) -> Path | None:
    """The traceback and how to get there again, as a text file (None if it cannot be written)."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"error-{stamp}.txt"
    lines = [
        f"DEAD.EARTH Skirmish error report, {dt.datetime.now().isoformat(timespec='seconds')}",
        f"scenario: {game.scenario_name}",
        f"seed: {game.seed}",
        f"knobs: {dict(game.knob_overrides)}",
        f"failed action: {action if action is not None else '(while the AI chose)'}",
        "",
        "".join(traceback.format_exception(exc)).rstrip(),
        "",
        f"actions before it ({len(game.history)}):",
        *(str(a) for a in game.history),
        "",
    ]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines), encoding="utf-8")
    except OSError:
        log.exception("cannot write the error report %s", path)
        return None
    return path


def record_failure(
    game: Game, exc: BaseException, action: act.Action | None, scenario_path: Any
) -> tuple[Game | None, Failure]:
    """Log the failure, write the report and a replay; the restored game (None when
    even that failed) and what to tell the player."""
    log.error("engine failure on %s: %s", action, one_line(exc), exc_info=exc)
    folder = replay_dir()
    report = write_report(game, exc, action, folder)
    try:
        fresh: Game | None = restore(game)
    except Exception:
        log.exception("the game could not be restored")
        fresh = None
    replay = None
    if fresh is not None:
        try:
            replay = save_replay(fresh, folder, scenario_path=scenario_path)
        except Exception:
            log.exception("the replay could not be saved")
    failure = Failure(
        one_line(exc), str(action) if action else "", fresh is not None, report, replay
    )
    return fresh, failure


class ErrorPanel(PanelBase):
    """A modal dialog about an engine failure: what failed, what was saved, go on or quit."""

    slot = "screen"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.failure: Failure | None = None
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:  # type: ignore[override]
        return self.failure is not None

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return self.failure is not None  # the AI waits while the dialog is up

    def show(self, failure: Failure) -> None:
        self.failure = failure

    def on_new_game(self, game: Any) -> None:
        self.failure = None

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) of the dialog's body."""
        f = self.failure
        if f is None:
            return []
        out = [("text", tr("ui.error.what", action=f.action or tr("ui.error.ai_step")))]
        out.append(("bad", f.error))
        out.append(("text", tr("ui.error.restored" if f.restored else "ui.error.not_restored")))
        if f.stuck:
            out.append(("bad", tr("ui.error.stuck")))
        if f.replay is not None:
            out.append(("dim", tr("ui.error.replay", file=str(f.replay))))
        if f.report is not None:
            out.append(("dim", tr("ui.error.report", file=str(f.report))))
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.failure is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.failure = None
            return True
        for button in self.buttons:
            if button.hit(event):
                if button.key == "quit":
                    quit_ = getattr(self.app, "quit", None)
                    if quit_ is not None:
                        quit_()
                self.failure = None
                return True
        return modal_rest(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.failure is None or self.rect.width < 200:
            return
        th, size = self.theme, self.text_size
        line_h = fonts.font(size).get_linesize()
        w = min(760, self.rect.width - 40)
        body: list[tuple[str, str]] = []
        for style_name, text in self.lines():
            body += [(style_name, part) for part in fonts.wrap(text, size, w - 4 * PAD)]
        h = line_h * (len(body) + 1) + 2 * line_h + 6 * PAD + 16
        self.box = pygame.Rect(0, 0, w, min(h, self.rect.height - 20))
        self.box.center = self.rect.center
        shade(surface, self.rect)
        dialog_box(surface, self.box, th, th.failure, 3)
        x, y = self.box.left + 2 * PAD, self.box.top + 2 * PAD
        title = fit(tr("ui.error.title"), size + 4, w - 4 * PAD, True)
        surface.blit(fonts.text(title, size + 4, th.failure, True), (x, y))
        y += fonts.font(size + 4, True).get_linesize() + PAD
        colours = {"text": th.text, "bad": th.failure, "dim": th.dim}
        for style_name, text in body:
            surface.blit(fonts.text(text, size, colours[style_name]), (x, y))
            y += line_h
        bw, bh = (w - 6 * PAD) // 2, line_h + 14
        top = self.box.bottom - 2 * PAD - bh
        hovered = {b.key for b in self.buttons if b.hover}
        self.buttons = [
            Button(
                key,
                tr(f"ui.error.{key}"),
                pygame.Rect(x + i * (bw + 2 * PAD), top, bw, bh),
                hotkey,
                hover=key in hovered,
            )
            for i, (key, hotkey) in enumerate((("continue", pygame.K_RETURN), ("quit", None)))
        ]
        for button in self.buttons:
            button.draw(surface, th, size)
