"""Every length a person reads follows the reader's units (issue #18): the catalogue
marks its lengths (`{distance:len:.1f}`), the narrator and the window fill them in
cm or inches; stored texts stay in cm."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import catalogue, set_units, tr
from game.i18n.lengths import fill, units_of
from game.narration import narrate, reason_text
from game.play.movement import Moved
from game.reason import Reason
from main import main

ROOT = Path(__file__).resolve().parents[1]
READ_ROOMS = ("combat", "movement", "engine", "reason", "rules", "ui")
"""The rooms of the battle log, the dice lines, the status line and the window."""


@pytest.fixture(autouse=True)
def reader_units() -> Iterator[None]:
    yield
    set_units("cm")


def moved() -> Moved:
    return Moved(
        "f1", "move", (0.0, 0.0), (25.4, 0.0), ((0.0, 0.0), (25.4, 0.0)),
        25.4, 25.4, 30.0, 25.4, "destination",
    )  # fmt: skip


def test_marked_lengths_in_cm_read_as_the_plain_format_did() -> None:
    assert fill("{d:len:.1f} and {r:len:g}, at ({x:at:.1f})", {"d": 12.34, "r": 5, "x": 2}) == (
        "12.3 cm and 5 cm, at (2.0)"
    )
    assert fill("{n:.1f} cm", {"n": 1.25}) == "1.2 cm"  # unmarked: str.format


def test_marked_lengths_in_inches() -> None:
    set_units("in")
    assert fill("{d:len:.1f}, {r:len:g}, {x:at:.1f}", {"d": 25.4, "r": 5.08, "x": 2.54}) == (
        "10.0 in, 2 in, 1.0"
    )
    assert fill("{r:len:g}", {"r": 6.0}) == "2.4 in"  # g in inches: one decimal at most
    assert fill("{r:len:g}", {"r": ""}) == ""  # a length not known shows nothing


def test_the_narrator_tells_a_move_in_the_readers_units() -> None:
    assert "25.4 cm from (0.0, 0.0) to (25.4, 0.0)" in narrate(moved(), "en")
    set_units("in")
    english, german = narrate(moved(), "en"), narrate(moved(), "de")
    assert "10.0 in from (0.0, 0.0) to (10.0, 0.0)" in english
    assert "10.0 of 11.8 in used" in english
    assert "10.0 in" in german and "cm" not in german


def test_reasons_read_in_the_readers_units_and_are_stored_in_cm() -> None:
    why = Reason.of("combat.melee_contact", target="Mira", distance=12.7)
    set_units("in")
    assert "5.0 in away" in reason_text(why, "en")
    assert "12.7 cm away" in str(why)  # AttackWithheld stores str(): the events hash
    with units_of("cm"):
        assert "12.7 cm" in reason_text(why, "en")
    assert "5.0 in" in reason_text(why, "en")


def test_the_action_bar_tip_reads_in_the_readers_units() -> None:
    set_units("in")
    assert tr("ui.actions.tip_move", cm=25.4).startswith("Move up to 10 in ")


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_template_the_reader_reads_writes_cm_after_a_number(language: str) -> None:
    texts = catalogue(language)
    literal = re.compile(r"\{[^}]*\}\s?cm\b")
    stray = [
        key
        for key, text in texts.items()
        if key.split(".")[0] in READ_ROOMS and literal.search(text)
    ]
    assert stray == []


def test_run_log_in_inches(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = str(ROOT / "scenarios" / "open_skirmish.toml")
    assert main(["run", scenario, "--seed", "1", "--log", "--units", "in"]) == 0
    log = capsys.readouterr().out
    assert " in from (" in log
    assert not re.search(r"\d cm\b", log)
