"""Undo at the table (issue #18): Backspace takes back the players' last actions that
rolled no dice and brought nothing new; otherwise it says why. The game is put back
as it was, so its record (and a replay) simply lacks the undone action."""

from __future__ import annotations

import pygame
import pytest
from table_kit import activate, click, hover, key, make_app, run_ai, screen_pos, settle

from game import actions as act
from game.engine import Game
from game.replay import make_record, verify
from game.ui.endscreen import replay_events
from game.ui.tools.move import MoveTool


@pytest.fixture
def app():
    return make_app("table")


def _record(game: Game) -> object:
    text = (make_app.__globals__["TABLE"]).read_text(encoding="utf-8")
    return make_record(
        text,
        scenario_name=game.scenario_name,
        seed=game.seed,
        knobs=game.knob_overrides,
        actions=game.history,
        events=replay_events(game),
    )


def test_a_quiet_move_is_taken_back_and_leaves_no_trace(app) -> None:
    activate(app, "ferdl")
    history = list(app.game.history)
    key(app, pygame.K_m)
    assert isinstance(app.input.tool, MoveTool)
    click(app, screen_pos(app, 14, 40))
    settle(app)
    assert app.game.state.figures["ferdl"].pos != (10, 30)
    key(app, pygame.K_BACKSPACE)  # the Move tool has nothing planned: the move goes
    assert app.game.state.figures["ferdl"].pos == (10, 30)
    assert app.game.history == history
    assert app.message.startswith("Undone: Ferdl") and "record" in app.message
    record = _record(app.game)
    assert verify(record).ok  # type: ignore[arg-type]
    assert not any(a.startswith("move") for a in record.actions)  # type: ignore[attr-defined]
    key(app, pygame.K_BACKSPACE)  # and the activation before it
    assert app.game.pending().kind == "activate"
    key(app, pygame.K_BACKSPACE)  # the choice of who goes first came before the AI's turn
    assert app.message.startswith("Cannot undo") or app.message == "Nothing to undo."


def test_dice_cannot_be_taken_back_and_it_says_so(app) -> None:
    activate(app, "mira")
    key(app, pygame.K_a)
    hover(app, screen_pos(app, 45, 50))
    settle(app)
    click(app, screen_pos(app, 45, 50))
    settle(app)
    count = len(app.game.history)
    key(app, pygame.K_BACKSPACE)
    assert len(app.game.history) == count
    assert app.message.startswith("Cannot undo") and "dice were rolled" in app.message


def test_the_other_sides_turn_ends_the_undo(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_n)  # end the activation: the raiders act
    ended = len(app.game.history)
    run_ai(app)
    settle(app)
    assert len(app.game.history) > ended and app.input.my_turn()  # the raiders acted
    key(app, pygame.K_BACKSPACE)
    assert app.message == "Cannot undo: the other side has acted since."
    assert len(app.game.history) > ended


def test_enter_picks_a_figure_before_it_activates(app) -> None:
    key(app, pygame.K_1)  # the crew goes first
    run_ai(app)
    assert app.game.pending().kind == "activate" and app.input.selected is None
    assert key(app, pygame.K_RETURN) == []
    picked = app.input.selected
    assert picked in app.game.pending().figures
    key(app, pygame.K_RETURN)
    assert app.game.history[-1] == act.Activate(picked)
