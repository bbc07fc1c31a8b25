"""Events are plain data with a family; the narrator tells every kind in English and
German (issue #12)."""

from __future__ import annotations

from collections import Counter

from game.events import FAMILIES, CatalogueEvent, Event
from game.i18n import catalogue
from game.narration import narrate
from game.narration.telling import words_for
from game.play.events import GameOver, RoundStarted
from game.ui.log import FAMILY_STYLE
from tests.events_kit import event_classes

SHARED_KINDS = {"pushed": 2}
"""Kinds two classes share (the rules' Wuchtig push and the movement room's push of
the base): their texts differ by room, and the kind is part of the events hash."""
TEXT_METHODS = ("explain", "values", "name", "consequences_text")


def test_every_event_kind_has_a_family_a_text_in_both_languages_and_is_unique() -> None:
    classes = event_classes()
    assert len(classes) >= 70
    no_family = [c.__qualname__ for c in classes if getattr(c, "family", None) not in FAMILIES]
    assert no_family == []
    assert all(f in FAMILY_STYLE for f in FAMILIES)
    keys = [f"{c.room}.{c.kind}" for c in classes if issubclass(c, CatalogueEvent)]
    assert len(keys) == len(classes), "every event is told by the catalogue"
    assert [k for k, n in Counter(keys).items() if n > 1] == []
    shared = {k: n for k, n in Counter(c.kind for c in classes).items() if n > 1}
    assert shared == SHARED_KINDS
    for lang in ("en", "de"):
        missing = [k for k in keys if k not in catalogue(lang)]
        assert missing == [], (lang, missing)
    assert all(c.section.startswith("§") for c in classes)


def test_events_are_plain_data_that_say_nothing_in_words() -> None:
    for cls in event_classes():
        for klass in cls.__mro__:
            if issubclass(klass, Event):
                said = [m for m in TEXT_METHODS if callable(klass.__dict__.get(m))]
                assert said == [], (klass.__qualname__, said)


def test_words_are_registered_for_events_only() -> None:
    told = [c for c in event_classes() if words_for(c) is not None]
    assert len(told) >= 30
    assert words_for(RoundStarted) is None  # its fields are all its template needs


def test_the_end_of_a_raid_tells_its_consequences_after_the_line() -> None:
    over = GameOver("draw", "max_rounds", 3, ("morale_minus_one",))
    assert narrate(over, "en") == (
        "Battle over in round 3: Draw — the last round is over (§12) "
        "Consequences: The refuge's morale drops by one."
    )
    assert narrate(over, "de").startswith("Schlacht vorbei in Runde 3: ")
    assert narrate(RoundStarted(4), "en") == "— Round 4 [Runde] —"
