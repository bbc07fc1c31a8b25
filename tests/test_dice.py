"""Dice: seeded determinism, advantage, expressions, scripted faces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.dice import (
    Dice,
    DiceExhausted,
    DiceExpression,
    DiceExpressionError,
    ScriptedDice,
    net_edge,
)


def test_same_seed_same_rolls() -> None:
    a, b = Dice.seeded(7), Dice.seeded(7)
    assert [a.w20().kept for _ in range(50)] == [b.w20().kept for _ in range(50)]


@pytest.mark.parametrize(
    ("adv", "dis", "edge"), [(0, 0, 0), (1, 0, 1), (3, 0, 1), (0, 2, -1), (1, 1, 0), (4, 1, 0)]
)
def test_advantage_and_disadvantage_cancel(adv: int, dis: int, edge: int) -> None:
    assert net_edge(adv, dis) == edge


def test_w20_keeps_higher_with_advantage_lower_with_disadvantage() -> None:
    assert ScriptedDice([4, 17]).w20(1).kept == 17
    assert ScriptedDice([4, 17]).w20(-1).kept == 4
    roll = ScriptedDice([20]).w20()
    assert roll.natural_20 and roll.faces == (20,)


def test_w3_is_half_a_w6_rounded_up() -> None:
    assert [ScriptedDice([f]).w3() for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_expressions() -> None:
    assert ScriptedDice([5]).roll("1W3+1").total == 4
    roll = ScriptedDice([2, 6]).roll("2W6")
    assert roll.faces == (2, 6) and roll.total == 8
    assert ScriptedDice().roll(3).total == 3
    assert str(DiceExpression.parse("w3 + 1")) == "1W3+1"
    assert DiceExpression.parse("1W3+1").distribution() == pytest.approx(
        {2: 1 / 3, 3: 1 / 3, 4: 1 / 3}
    )


@pytest.mark.parametrize("text", ["", "W", "2X6", "1W3+", "3d1", "abc"])
def test_bad_expressions_are_named(text: str) -> None:
    with pytest.raises(DiceExpressionError, match="dice"):
        DiceExpression.parse(text)


def test_scripted_dice_fail_loudly() -> None:
    dice = ScriptedDice([3])
    assert dice.w6() == 3
    with pytest.raises(DiceExhausted):
        dice.w6()
    with pytest.raises(ValueError, match="impossible"):
        ScriptedDice([7]).w6()


@given(st.integers(0, 2**32 - 1))
def test_rolls_stay_in_range(seed: int) -> None:
    dice = Dice.seeded(seed)
    assert all(1 <= f <= 6 for f in dice.pool(10))
    assert 1 <= dice.w20(1).kept <= 20
    expr = dice.roll("1W3+1")
    assert 2 <= expr.total <= 4
