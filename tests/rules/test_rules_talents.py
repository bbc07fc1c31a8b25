"""Talents as data (rulebook §13.1, docs/RULES.md §13.1): who may take one, how often, the
choices, and the canonical form a figure carries."""

from __future__ import annotations

import pytest

from game.rules.loader import RulesData
from game.rules.talents import NEEDS, TalentError, choices, count, gifts_of, has, split


def test_all_31_talents_of_the_rulebook_are_data(rules: RulesData) -> None:
    """Rulebook §13.1 lists 32 entries in eight lists; "Neue Gabe" is on two of them."""
    assert len(rules.talents) == 31
    assert set(rules.talents) == set(NEEDS)
    general = [t.name for t in rules.talents.values() if not t.who]
    assert general == ["Zäh", "Wachsam", "Waffengriff", "Feldarzt"]
    for archetype in rules.archetypes:
        own = [t for t in rules.talents.values() if archetype in t.who]
        assert len(own) == 4, archetype
    campaign = sorted(t.name for t in rules.talents.values() if not t.battle)
    assert campaign == ["Reliktkundig", "Späherauge"]


def test_a_talent_is_named_in_german_english_or_by_alias(rules: RulesData) -> None:
    assert rules.talent("Tough").name == "Zäh" and rules.talent("zaeh").name == "Zäh"
    assert rules.talent("Weapon master").name == "Waffenmeister"


def test_the_canonical_form_keeps_the_choice(rules: RulesData) -> None:
    taken = rules.figure_talents(
        ["tough", "Zäh", "Waffenmeister: machete / hatchet: wuchtig", "Waffengriff: RIFLES"],
        "Krieger",
        ["Assault rifle", "Machete"],
    )
    assert taken == ("Zäh", "Zäh", "Waffenmeister:Machete:Wuchtig", "Waffengriff:rifles")
    assert count(taken, "Zäh") == 2 and has(taken, "Waffenmeister")
    assert choices(taken, "Waffenmeister") == [("Machete", "Wuchtig")]
    assert split("Neue Gabe: Schleier") == ("Neue Gabe", "Schleier", None)
    gifts = rules.figure_talents(["New gift: Veil"], "Virologe", [])
    assert gifts == ("Neue Gabe:Schleier",) and gifts_of(gifts) == ("Schleier",)


@pytest.mark.parametrize(
    ("talents", "archetype", "carried", "reason"),
    [
        (["Bollwerk"], "Krieger", [], "Bollwerk is a Hüter talent; a Krieger may not take it"),
        (["Geist"], None, [], "a figure without an archetype may not take it"),
        (["Zäh", "Zäh", "Zäh"], "Krieger", [], "Zäh taken 3 times; at most 2"),
        (["Feldarzt", "Feldarzt"], None, [], "Feldarzt taken 2 times; at most 1"),
        (["Levitation"], None, [], "unknown talent 'Levitation'"),
        (["Waffengriff"], None, [], "Waffengriff needs a choice"),
        (["Waffengriff: lasers"], None, [], "unknown class 'lasers'"),
        (["Zäh: twice"], None, [], "Zäh takes no choice"),
        (["Waffenmeister: Pistol"], "Krieger", ["Machete"], "the figure carries no 'Pistol'"),
        (["Waffenmeister: Machete: sharp"], "Krieger", ["Machete"], "unexpected 'sharp'"),
        (["Neue Gabe: Flight"], "Hexer", [], "unknown gift 'Flight'"),
    ],
)
def test_talents_that_break_the_list_are_refused(
    rules: RulesData, talents: list[str], archetype: str | None, carried: list[str], reason: str
) -> None:
    """Rulebook §13.1: "Wähle beim Aufstieg ein Talent — aus der Allgemeinliste oder
    deinem Archetyp" — a talent from the general list or one's own archetype's."""
    with pytest.raises(TalentError, match=reason):
        rules.figure_talents(talents, archetype, carried)
