"""An illegal move says why in the reader's words, without raw coordinates (issue
#18): the path finder's English ('goal overlaps solid terrain') is told through
the catalogue."""

from __future__ import annotations

import re

import pytest

from game.narration import reason_text
from game.narration.reasons import PATH_WHY, path_why
from game.reason import Reason


def unreachable(why: str) -> Reason:
    return Reason.of("move.unreachable", who="Mira", why=why)


def test_an_unreachable_spot_is_told_without_coordinates() -> None:
    text = reason_text(unreachable("goal overlaps solid terrain"), "en")
    assert text == "Mira cannot move there: the spot is inside solid terrain"
    assert not re.search(r"\d", text)
    german = reason_text(unreachable("no way through"), "de")
    assert german == (
        "Mira kann sich nicht dorthin bewegen: kein Weg führt um Gelände und Figuren dorthin"
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_word_of_the_path_finder_is_told(language: str) -> None:
    for words in PATH_WHY:
        for text in (words, f"goal {words}", f"start {words}"):
            told = path_why(text, language)
            assert told != text and told != words
    assert path_why("start off the table", "en") == "where it stands: the spot is off the table"
    assert path_why("something new", language) == "something new"  # as it is
