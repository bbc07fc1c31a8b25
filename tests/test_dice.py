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


# --- no draw around the dice -------------------------------------------------------------


def test_permutation_is_the_generators_own_draw() -> None:
    """Same draws, same order as the generator's permutation (AI decisions stay put)."""
    import numpy as np

    dice, rng = Dice.seeded(11), np.random.default_rng(11)
    for n in (0, 1, 5, 40):
        assert dice.permutation(n).tolist() == rng.permutation(n).tolist()
    assert dice.die(6) == int(rng.integers(1, 7))


def test_scripted_dice_script_permutations_and_refuse_others() -> None:
    dice = ScriptedDice(orders=[(2, 0, 1)])
    assert dice.permutation(3).tolist() == [2, 0, 1]
    with pytest.raises(DiceExhausted, match="orders"):
        dice.permutation(3)
    with pytest.raises(ValueError, match="not an order of range\\(3\\)"):
        ScriptedDice(orders=[(0, 1, 1)]).permutation(3)
    with pytest.raises(ValueError, match="not an order of range\\(2\\)"):
        ScriptedDice(orders=[(0, 1, 2)]).permutation(2)


def test_scripted_dice_have_no_generator() -> None:
    dice = ScriptedDice([3])
    with pytest.raises(AttributeError, match="no generator"):
        dice.rng.permutation(4)
    assert dice.state == {}


@pytest.mark.parametrize("frac", [1.0, -0.1, 2.5, float("nan")])
def test_scripted_uniforms_are_fractions(frac: float) -> None:
    with pytest.raises(ValueError, match="not a fraction in \\[0, 1\\)"):
        ScriptedDice(uniforms=[0.5, frac])


def test_scripted_uniforms_scale_to_the_range() -> None:
    dice = ScriptedDice(uniforms=[0.0, 0.25])
    assert dice.uniform(10.0, 20.0) == 10.0
    assert dice.uniform(-4.0, 4.0) == -2.0


def test_copies_roll_what_the_original_would() -> None:
    dice = Dice.seeded(5)
    dice.die(20)
    twin = dice.copy()
    assert [twin.die(6) for _ in range(8)] == [dice.die(6) for _ in range(8)]
    saved = dice.state
    first = [dice.die(20) for _ in range(4)]
    dice.state = saved
    assert [dice.die(20) for _ in range(4)] == first
    with pytest.raises(ValueError, match="scripted dice"):
        dice.state = {}
    script = ScriptedDice([4, 5], choices=[1])
    copy = script.copy()
    assert (copy.w6(), copy.w6(), copy.choice(2)) == (4, 5, 1)
    assert script.remaining == (4, 5)  # the original's script is untouched
