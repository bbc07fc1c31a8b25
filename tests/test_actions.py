"""Actions have a text form that round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.actions import (
    Action,
    ActionParseError,
    Attack,
    Move,
    Overwatch,
    UseAbility,
    action_types,
)

EXAMPLES = [
    Move("mira", (42.5, 61.0)),
    Attack("mira", "raider-3", "Hunting rifle", burst=False),
    Attack("bruno", "r1", "Assault rifle", burst=True),
    Overwatch("bruno", 90.0, 60.0, 100.0),
    UseAbility("oda", "Grauen", target="raider-1"),
    UseAbility("selma", "Seuchenhauch", target=None, at=None),
    UseAbility("oda", "Riss-Stoß", at=(1.5, -2.25)),
    Attack("a b", "none", 'it\'s "odd"'),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_text_round_trip(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert Action.from_dict(action.to_dict()) == action


def test_text_form_is_readable() -> None:
    assert str(Move("mira", (42.5, 61))) == "move figure=mira to=42.5,61"
    assert str(Attack("mira", "r3", "Hunting rifle")) == (
        "attack figure=mira target=r3 weapon='Hunting rifle' burst=false"
    )


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty"),
        ("teleport figure=a", "unknown action"),
        ("move figure=a to=1", "bad value"),
        ("move figure=a", "missing"),
        ("move figure=a to=1,2 speed=3", "unexpected"),
        ("attack figure=a target=b weapon=c burst=maybe", "true or false"),
        ("move figure='a", "cannot read"),
    ],
)
def test_bad_text_is_a_clear_error(text: str, match: str) -> None:
    with pytest.raises(ActionParseError, match=match):
        Action.parse(text)


def test_every_action_type_has_a_verb() -> None:
    assert {
        "move",
        "run",
        "charge",
        "attack",
        "throw",
        "aim",
        "reload",
        "cover",
        "overwatch",
        "aid",
        "interact",
        "ability",
        "end",
        "activate",
        "first",
        "entry",
        "intercept",
    } <= set(action_types())


@given(
    st.text(min_size=1, max_size=12),
    st.floats(-1e6, 1e6, allow_nan=False),
    st.floats(-1e6, 1e6, allow_nan=False),
)
def test_round_trip_any_ids_and_points(fid: str, x: float, y: float) -> None:
    action = Move(fid, (x, y))
    assert Action.parse(str(action)) == action
