"""Events are plain data with a family; the narrator tells every kind in English and
German (issue #12)."""

from __future__ import annotations

import ast
import string
from collections import Counter
from pathlib import Path

from game.actions import IllegalAction
from game.events import FAMILIES, CatalogueEvent, Event
from game.i18n import catalogue
from game.naming import FIGURE_NAMES
from game.narration import narrate, reason_text
from game.narration.telling import words_for
from game.play.events import GameOver, RoundStarted
from game.reason import Reason
from game.ui.log import FAMILY_STYLE
from tests.events_kit import event_classes

ROOT = Path(__file__).resolve().parents[1]

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


# -- reasons ------------------------------------------------------------------------------


def _reasons_in_code() -> dict[str, set[str]]:
    """Every `Reason.of(KEY, …)` of game/: key -> the parameters given (a key chosen
    by a name or a condition: the keys it is assigned from in the function)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            named = {
                t.id: node.value
                for node in ast.walk(fn)
                if isinstance(node, ast.Assign)
                for t in node.targets
                if isinstance(t, ast.Name)
            }
            for call in ast.walk(fn):
                if not (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "of"
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == "Reason"
                ):
                    continue
                first = call.args[0]
                if isinstance(first, ast.Name):
                    first = named[first.id]
                keys = [
                    c.value
                    for c in ast.walk(first)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                ]
                if isinstance(first, ast.JoinedStr):  # f"word.{…}": the word table
                    keys = []
                for key in keys:
                    found.setdefault(key, set()).update(k.arg for k in call.keywords if k.arg)
    return found


def _fields(template: str) -> dict[str, str]:
    """The template's fields and their format specs."""
    return {f: spec or "" for _, f, spec, _ in string.Formatter().parse(template) if f}


SAMPLES = {"weapon": ("Hunting rifle", "Jagdgewehr"), "gift": ("Grauen", "Grauen")}
"""Sample values of name parameters and how the German reader sees them."""


def _sample(name: str, spec: str) -> tuple[object, str]:
    """A value for a template field, and what the German text must show of it."""
    if spec:
        return 12.5, ""
    if name in FIGURE_NAMES:
        return "Shambler 3", "Schlurfer 3"
    return SAMPLES.get(name, ("x", ""))


def test_every_reason_of_the_code_is_in_both_catalogues_with_its_parameters() -> None:
    code = _reasons_in_code()
    assert len(code) >= 100
    for lang in ("en", "de"):
        strings = catalogue(lang)
        for key, params in code.items():
            template = strings.get(f"reason.{key}")
            assert template is not None, (lang, key)
            assert set(_fields(template)) == params, (lang, key)
    en = {k for k in catalogue("en") if k.startswith("reason.")}
    de = {k for k in catalogue("de") if k.startswith("reason.")}
    assert en == de
    unused = {k for k in en if not k.startswith("reason.word.")} - {f"reason.{k}" for k in code}
    assert unused == set()


def test_every_reason_is_told_in_english_and_german() -> None:
    told = 0
    for full in sorted(k for k in catalogue("en") if k.startswith("reason.")):
        fields = _fields(catalogue("en")[full])
        samples = {f: _sample(f, spec) for f, spec in fields.items()}
        reason = Reason.of(full.removeprefix("reason."), **{f: v for f, (v, _) in samples.items()})
        english, german = reason_text(reason, "en"), reason_text(reason, "de")
        if "gift" not in fields:  # a gift keyed by its German name reads "Dread [Grauen]"
            assert english == str(reason), full
        assert german != english and "{" not in english + german, full
        assert all(shown in german for _, shown in samples.values()), (full, german)
        told += 1
    assert told >= 120


def test_an_illegal_action_says_why_in_english_and_the_narrator_in_german() -> None:
    why = Reason.of("combat.carries_none", who="Raider 2", weapon="Hunting rifle")
    error = IllegalAction(why)
    assert str(error) == "Raider 2 carries no Hunting rifle"
    assert error.reason is why
    assert reason_text(why, "de") == "Plünderer 2 trägt kein Jagdgewehr"
    nested = Reason.of(
        "support.gate_broken", ref="gate", why=Reason.of("support.improvised", who="Oda")
    )
    assert str(nested) == (
        "the gate gate is broken and stays open; Oda has used Improvisieren already (once per "
        "battle)"
    )
    assert reason_text(nested, "de") == (
        "das Tor gate ist zerbrochen und bleibt offen; Oda hat schon improvisiert (einmal je "
        "Schlacht)"
    )
