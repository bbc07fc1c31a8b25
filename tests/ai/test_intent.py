"""The intent line: catalogue keys rendered in English and German."""

from __future__ import annotations

from ai.intent import Intent, place_of
from game.engine import Game
from game.i18n import catalogue
from tests.ai.kit import scene


def test_an_intent_reads_in_both_languages() -> None:
    line = Intent("horde", "Die Toten", "drawn", sound="firearm", place="gate")
    assert line.text("en") == "Horde: drawn by gunfire at the gate"
    assert line.text("de") == "Horde: angelockt von Schüssen bei dem Tor"
    loot = Intent("raiders", "Bande", "loot", place="storage")
    assert loot.text("en") == "Raiders: looting the storage"
    other = Intent("skirmish", "Die Überlebenden", "shoot", target="Raider 2")
    assert other.text("en") == "Die Überlebenden: shooting at Raider 2"


def test_every_english_intent_string_has_a_german_one() -> None:
    en = {k for k in catalogue("en") if k.startswith("ai.")}
    de = {k for k in catalogue("de") if k.startswith("ai.")}
    assert en == de and len(en) > 30


def test_places_are_named_after_modules_or_the_side_of_the_table() -> None:
    sc = scene(
        [("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)],
        modules=[("gate", "gate", [(38, 38), (42, 38), (42, 39), (38, 39)])],
    )
    state = Game(sc, seed=1).state
    assert place_of(state, (40.0, 36.0)) == "gate"
    assert place_of(state, (40.0, 75.0)) == "north"
    assert place_of(state, (2.0, 45.0)) == "west"
    assert place_of(state, (41.0, 41.0)) == "gate"
    assert place_of(state, (40.0, 20.0)) == "south"
