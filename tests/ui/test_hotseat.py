"""Hot-seat: both sides at the table from the command line (`--side a,b`), whose
turn it is on the status line, in the tracker and in the hand-over box, and no AI
playing either side."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pygame
import pytest
from table_kit import ROOT, SHOTS, TABLE, click, key, make_app, run_ai, scenario, screen_pos, shot

from game.ai_choice import controllers_for
from game.cli import CliError
from game.cli.play import add_arguments, run, side_list, table_sides
from game.i18n import set_language
from game.ui.coach import HANDOVER_S
from game.ui.render import hud

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_side_takes_a_comma_list_and_repeats() -> None:
    assert side_list(None) is None
    assert side_list("a") == ["a"]
    assert side_list("a,b") == ["a", "b"]
    assert side_list(["a", "b,a"]) == ["a", "b"]
    with pytest.raises(CliError, match="empty"):
        side_list("a,")


def test_both_sides_named_are_played_at_the_table() -> None:
    sc = scenario("table")
    assert controllers_for(sc, table=table_sides(sc, "a,b", False)) == {"a": None, "b": None}
    assert controllers_for(sc, table=table_sides(sc, ["b", "a"], False)) == {"a": None, "b": None}
    only_b = controllers_for(sc, table=table_sides(sc, ["b"], False))
    assert only_b["b"] is None and only_b["a"] is not None
    assert all(
        c is not None for c in controllers_for(sc, table=table_sides(sc, "a,b", True)).values()
    )
    with pytest.raises(CliError, match="'zz'"):
        table_sides(sc, "a,zz", False)


def test_play_errors_speak_the_players_language() -> None:
    sc = scenario("table")
    with pytest.raises(CliError, match=r"^--side 'a,': an empty side name$"):
        side_list("a,")
    parser = argparse.ArgumentParser()
    add_arguments(parser, "play")
    try:
        set_language("de")
        with pytest.raises(CliError, match=r"^--side 'a,': ein leerer Seitenname$"):
            side_list("a,")
        with pytest.raises(CliError, match=r"^--side 'zz': die Seiten des Szenarios sind a, b$"):
            table_sides(sc, "a,zz", False)
        set_language("en")
        with pytest.raises(CliError, match=r"^--speed muss größer als 0"):  # --lang comes first
            run(parser.parse_args([str(TABLE), "--lang", "de", "--speed", "0", "--frames", "1"]))
    finally:
        set_language("en")


def test_the_play_command_opens_a_hot_seat_game() -> None:
    out = subprocess.run(
        [sys.executable, "main.py", "play", str(TABLE), "--side", "a,b", "--frames", "2"],
        cwd=ROOT,
        env={**ENV, "DEADEARTH_CONFIG_DIR": str(SHOTS / "config")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    bad = subprocess.run(
        [
            sys.executable,
            "main.py",
            "play",
            str(TABLE),
            *("--side", "a", "--side", "x", "--frames", "1"),
        ],
        cwd=ROOT,
        env={**ENV, "DEADEARTH_CONFIG_DIR": str(SHOTS / "config")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "--side 'x'" in bad.stderr and "Traceback" not in bad.stderr


def test_whose_turn_is_shown_and_the_players_take_turns() -> None:
    app = make_app("table", human=("a", "b"), panels=True)
    assert hud.situation(app.game, app.human_sides).startswith("Round 1 · Crew (player 1)")
    assert app.coach() == ""  # the first player: nothing to hand over
    key(app, pygame.K_2)  # Crew lets the Raiders activate first
    assert app.game.pending().side == "b"
    assert "Raiders (player 2)" in hud.situation(app.game, app.human_sides)
    assert app.coach() == "Hot-seat: Raiders (player 2) plays now — hand over the mouse"
    tracker = next(p for p in app.panels if type(p).__name__ == "TrackerPanel")
    text = "\n".join(t for _, t, _ in tracker.lines_for())
    assert "Crew (player 1)" in text and "Raiders (player 2)" in text
    app.render()
    shot(app, "hotseat_handover.png")
    for _ in range(int(HANDOVER_S * 60) + 2):
        app.update(1 / 60)
    assert "hand over" not in app.coach()
    history = len(app.game.history)
    assert run_ai(app) == []  # no AI plays either side
    assert len(app.game.history) == history
    fig = app.game.state.figures["raider-1"]
    click(app, screen_pos(app, *fig.pos))  # player 2 activates a raider
    assert app.game.state.active == ("raider-1",)
