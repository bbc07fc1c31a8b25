"""Tests and saves (§2), morale and re-tests (§3.7)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.dice import ScriptedDice
from game.narration import narrate
from game.rules.checks import Outcome, SaveRolled, check_outcome, roll_check, saving_throw
from game.rules.combatant import Combatant, Condition
from game.rules.loader import RulesData, RulesDataError
from game.rules.morale import (
    MoraleImmune,
    MoraleTested,
    StoodFast,
    Unmoved,
    at_half_strength,
    morale_retest,
    morale_test,
    morale_test_due,
    steadied_by,
)

Fig = Callable[..., Combatant]


@pytest.mark.parametrize(
    ("face", "mod", "target", "outcome"),
    [
        (20, -10, 30, Outcome.CRITICAL),
        (1, 20, 5, Outcome.FUMBLE),
        (9, 3, 12, Outcome.SUCCESS),
        (8, 3, 12, Outcome.FAILURE),
    ],
)
def test_check_outcome(face: int, mod: int, target: int, outcome: Outcome) -> None:
    assert check_outcome(face, mod, target) is outcome


def test_roll_check_with_edge() -> None:
    check = roll_check(ScriptedDice([5, 15]), 0, 12, edge=1)
    assert check.roll.kept == 15 and check.success and check.total == 15


def test_save(rules: RulesData, fig: Fig) -> None:
    save = saving_throw(fig("Bruno"), "kor", rules, ScriptedDice([8]), reason="poison")
    assert save == SaveRolled("Bruno", (8,), 8, 0, 3, 12, "failure", "kor", "poison")
    assert narrate(save, "en") == (
        "Bruno saves [Rettungswurf] on KÖR against poison or disease: d20 8 + 3 = 11 < 12 "
        "→ failure (§2)"
    )
    assert saving_throw(fig("Bruno"), "kor", rules, ScriptedDice([9])).success
    with pytest.raises(ValueError, match="unknown attribute"):
        saving_throw(fig("Bruno"), "str", rules, ScriptedDice([9]))


def test_morale_test_due(rules: RulesData) -> None:
    assert morale_test_due(6, 3, rules, tested_at_half=False, leader_fell=False)
    assert not morale_test_due(6, 4, rules, tested_at_half=False, leader_fell=False)
    assert not morale_test_due(6, 2, rules, tested_at_half=True, leader_fell=False)
    assert morale_test_due(6, 5, rules, tested_at_half=True, leader_fell=True)
    assert morale_test_due(5, 2, rules, tested_at_half=False, leader_fell=False)
    assert not morale_test_due(5, 3, rules, tested_at_half=False, leader_fell=False)


def test_half_strength_is_a_knob(rules: RulesData) -> None:
    """morale.half_strength_share: the share of the starting figures at which a squad
    first tests (§3.7; half in the rulebook)."""
    assert rules.knobs.morale.half_strength_share == 0.5
    assert at_half_strength(6, 3, rules) and not at_half_strength(6, 4, rules)
    third = rules.with_overrides({"morale.half_strength_share": 1 / 3})
    assert at_half_strength(6, 2, third) and not at_half_strength(6, 3, third)
    assert not morale_test_due(6, 3, third, tested_at_half=False, leader_fell=False)
    most = rules.with_overrides({"morale.half_strength_share": 0.75})
    assert morale_test_due(8, 6, most, tested_at_half=False, leader_fell=False)
    with pytest.raises(RulesDataError, match="half_strength_share"):
        rules.with_overrides({"morale.half_strength_share": 1.0})


def test_unverrueckbar_keeps_the_hueter_and_its_neighbours_from_testing(
    rules: RulesData, fig: Fig
) -> None:
    """Rulebook §13.1 (Hüter): "Unverrückbar — du kannst nicht zurückgedrängt werden;
    immun gegen Furcht, solange du stehst — angrenzende Verbündete ebenso" — immune
    to fear while it stands, and so are adjacent allies (contract §7, corrected
    2026-12-01: the talent is the Hüter's own)."""
    jonas = fig("Jonas", talents=frozenset({"Unverrückbar"}))
    beside, away = fig("Militia", name="M1"), fig("Militia", name="M2")
    squad = [jonas, beside, away]
    adjacent = [[beside], [jonas], [fig("Bruno")]]  # M2 stands beside a Krieger only
    result = morale_test(squad, rules, ScriptedDice([5]), adjacent=adjacent)
    assert result.events == (
        Unmoved("Jonas"),
        StoodFast("M1", "Jonas"),
        MoraleTested("M2", (5,), 5, 0, 0, 12, "failure", False),
    )
    assert result.suppressed == ("M2",)
    assert narrate(result.events[0], "en") == (
        "Jonas is immovable [Unverrückbar]: immune to morale [Moral] (§3.7)"
    )
    assert narrate(result.events[1], "en") == (
        "M1 stands fast beside Jonas [Unverrückbar]: immune to morale [Moral] (§3.7)"
    )
    assert narrate(result.events[1], "de") == (
        "M1 steht unverrückbar neben Jonas: immun gegen Moral (§3.7)"
    )
    # a Hüter who is down holds nobody, and a Hüter without the talent holds nobody
    down = jonas.changed(tp=0, condition=Condition.DOWN)
    assert steadied_by(beside, [down]) is None
    assert steadied_by(beside, [fig("Jonas")]) is None
    with pytest.raises(ValueError, match="one list of adjacent allies"):
        morale_test([jonas], rules, ScriptedDice(), adjacent=[])


def test_morale_test_suppresses_failures_and_skips_the_immune(rules: RulesData, fig: Fig) -> None:
    squad = [
        fig("Raider", name="R1"),
        fig("Raider", name="R2"),
        fig("Bruno"),
        fig("Raider", name="R3", tp=0, condition=Condition.OUT),
    ]
    result = morale_test(squad, rules, ScriptedDice([11, 12]))
    assert result.suppressed == ("R1",)
    assert result.events == (
        MoraleTested("R1", (11,), 11, 0, 0, 12, "failure", False),
        MoraleTested("R2", (12,), 12, 0, 0, 12, "success", False),
        MoraleImmune("Bruno"),
    )
    assert narrate(result.events[0], "en") == (
        "R1 tests morale [Moralprobe]: WIL d20 11 < 12 → suppressed [unterdrückt] (§3.7)"
    )
    assert result.figures[3] is squad[3]


def test_retest_ends_suppression_with_leader_advantage(rules: RulesData, fig: Fig) -> None:
    r = fig("Raider", suppressed=True)
    after, event = morale_retest(r, rules, ScriptedDice([4, 13]), leader_standing=True)
    assert not after.suppressed and event.retest and event.edge == 1
    assert narrate(event, "en") == (
        "Raider re-tests morale [Moralprobe]: WIL d20 13 (adv [4, 13]) ≥ 12 → holds (§3.7)"
    )
    still, _ = morale_retest(r, rules, ScriptedDice([11]))
    assert still.suppressed
    with pytest.raises(ValueError, match="not suppressed"):
        morale_retest(fig("Raider"), rules, ScriptedDice([11]))
