"""Every action's text form round-trips, whatever its values (hypothesis over every
action type, built from the dataclass fields): `Action.parse(str(a)) == a`."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.actions import Action, ActionParseError, UseAbility, action_types

TEXT = st.text(max_size=12)
NUMBER = st.floats(allow_nan=False)
POINT = st.tuples(NUMBER, NUMBER)
NONE_LIKE = st.sampled_from(["none", "None", "NONE", " none", "none ", "'none'", '"none"'])


def _strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values for one field's type hint (str, float, bool, point, or optional)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return st.none() | _strategy(inner[0])
    if hint is str:
        return TEXT | NONE_LIKE
    if hint is float:
        return NUMBER
    if hint is bool:
        return st.booleans()
    if typing.get_origin(hint) is tuple:
        return POINT
    raise AssertionError(f"no strategy for {hint!r}")  # a new field type: add one here


def _action(cls: type[Action]) -> st.SearchStrategy[Action]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: _strategy(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.builds(cls, **fields)


ACTIONS = st.one_of([_action(cls) for _, cls in sorted(action_types().items())])


@given(ACTIONS)
def test_every_action_round_trips_through_its_text(action: Action) -> None:
    text = str(action)
    assert Action.parse(text) == action, text
    assert Action.from_dict(action.to_dict()) == action


def test_the_text_none_is_not_no_value() -> None:
    named = UseAbility("oda", "Grauen", target="none")
    assert str(named) == "ability figure=oda ability=Grauen target='none' at=none"
    assert Action.parse(str(named)).target == "none"  # type: ignore[attr-defined]
    nothing = UseAbility("oda", "Grauen")
    assert str(nothing) == "ability figure=oda ability=Grauen target=none at=none"
    assert Action.parse(str(nothing)).target is None  # type: ignore[attr-defined]
    assert Action.parse('ability figure=oda ability=Grauen target="none"') == named


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('attack figure=mira target=r3 weapon="Hunting rifle"', "Hunting rifle"),
        ("attack figure=mira target=r3 weapon=Hunting\\ rifle", "Hunting rifle"),
        ("attack figure=mira target=r3 weapon='it'\"'\"'s'", "it's"),
        ('attack figure=mira target=r3 weapon="say \\"hi\\""', 'say "hi"'),
    ],
)
def test_hand_typed_quotes_read_as_a_shell_reads_them(text: str, expected: str) -> None:
    assert Action.parse(text).weapon == expected  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    ["attack figure='mira target=r3 weapon=x", 'attack figure="mira', "attack figure=mira\\"],
)
def test_unclosed_quotes_are_a_clear_error(text: str) -> None:
    with pytest.raises(ActionParseError, match="cannot read"):
        Action.parse(text)
