"""3W6 roll-under (seed document 003): the seed's warhammer example, scripted dice for
defences, zones, shock, crippling, knockdown and bleeding, and properties of the
exact odds against the rolling code."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cover import Cover
from game.dice import Dice, ScriptedDice
from game.rules.combatant import AttackContext
from game.rules.loader import load_rules
from game.systems.common import Situation
from game.systems.threew6.dice import Result, p_success, result_of, sum_distribution
from game.systems.threew6.odds import attack_odds, p_hit, zone_odds
from game.systems.threew6.rules import (
    AttackPlan,
    Defence,
    Fighter,
    bleed_tick,
    defences,
    move_factor,
    plan_attack,
    roll_attack,
    take_injury,
)
from game.systems.threew6.tables import ThreeWeapon, load_three

DATA = load_three()
KNOBS = DATA.knobs
RULES = load_rules()
WARHAMMER = ThreeWeapon(damage="2W6+1", type="cr")


def fighter(name: str = "x", **values: int) -> Fighter:
    base = {"st": 10, "ge": 10, "iq": 10, "ko": 10, "max_hp": 10, "melee": 12, "ranged": 12}
    return Fighter(name=name, **{**base, **values})  # type: ignore[arg-type]


def test_the_reference_table() -> None:
    dist = sum_distribution()
    assert sum(dist.values()) == 1 and min(dist) == 3 and max(dist) == 18
    assert p_success(10) == Fraction(1, 2)
    assert p_success(3) == Fraction(1, 216) and p_success(18) == 1 and p_success(2) == 0
    assert result_of(11, 10) is Result.FAILURE and result_of(17, 16) is Result.CRITICAL_FAILURE
    assert result_of(16, 6) is Result.CRITICAL_FAILURE  # failed by 10


def test_p_hit_is_attack_times_failed_defence() -> None:
    plan = AttackPlan(
        fighter("a"),
        fighter("d"),
        "Axe",
        WARHAMMER,
        (("melee", 13),),
        Defence("dodge", (("dodge", 8),)),
    )
    assert p_hit(plan) == p_success(13) * (1 - p_success(8))


def test_the_warhammer_example() -> None:
    """Seed "Beispiel: Warhammer vs. HP 10": 2W6+1 crushing, typically ~8–9; at the
    torso a Major Wound (> HP/2) and a knockdown roll; at the arm the arm is lame and
    a Major Wound; at the head a medium hit already shocks and knocks down."""
    dist = WARHAMMER.dice.distribution()
    assert sum(k * p for k, p in dist.items()) == pytest.approx(8.0)
    victim = fighter("Opfer", ko=10, max_hp=10)
    torso = KNOBS.zone_named("torso")
    after, events = take_injury(
        victim, torso, 8, (3, 4), WARHAMMER, "Warhammer", ScriptedDice([1, 2, 3]), KNOBS
    )
    injury, roll = events[0], events[1]
    assert injury.major and not injury.lamed and injury.shock == 4  # type: ignore[attr-defined]
    assert roll.why == "knockdown" and roll.outcome == "fights_on"  # type: ignore[attr-defined]
    assert after.hp == 2 and after.shock == 4
    arm = KNOBS.zone_named("right_arm")
    after, events = take_injury(
        victim, arm, 8, (), WARHAMMER, "Warhammer", ScriptedDice([6, 5, 1]), KNOBS
    )
    assert events[0].lamed and events[0].major and "right_arm" in after.lame  # type: ignore[attr-defined]
    assert events[1].outcome == "stunned" and after.state == "stunned"  # type: ignore[attr-defined]
    head = KNOBS.zone_named("skull")
    after, events = take_injury(
        victim, head, 4, (), WARHAMMER, "Warhammer", ScriptedDice([6, 6, 4]), KNOBS
    )
    assert events[0].major and events[0].shock == 4  # type: ignore[attr-defined]
    assert events[1].outcome == "out" and after.state == "out"  # type: ignore[attr-defined]


def test_a_normal_human_falls_to_one_to_three_warhammer_hits() -> None:
    """The seed's calibration: HP 10–12 out of action after 1–3 heavy hits."""
    mean = sum(k * p for k, p in WARHAMMER.dice.distribution().items())
    for hp in (10, 11, 12):
        assert 1 <= hp / mean <= 3


def test_defences_dodge_parry_block() -> None:
    d = fighter("d", ge=12, ko=11, melee=13, shield=12, has_shield=True)
    knife = DATA.weapon(RULES.weapon("Knife"))
    got = {o.name: o.value for o in defences(d, knife, True, KNOBS)}
    assert got == {"dodge": (12 + 11) // 4 + 3, "parry": 13 // 2 + 3, "block": 12 // 2 + 3}
    ranged = {o.name for o in defences(d, knife, False, KNOBS)}
    assert ranged == {"dodge", "block"}  # a bullet is not parried
    fists = DATA.weapon(RULES.weapon("Fists"))
    assert "parry" not in {o.name for o in defences(d, fists, True, KNOBS)}
    weak = replace(d, hp=3, shock=2, lame=frozenset({"right_arm"}))
    got = {o.name: o.value for o in defences(weak, knife, True, KNOBS)}
    assert got == {"dodge": 8 // 2 - 2, "block": 9 - 2}  # halved, shocked, no parry


def test_the_attack_roll_defence_zone_and_damage() -> None:
    a, d = fighter("a", melee=13), fighter("d", ge=10, ko=10)
    plan = plan_attack(
        a, d, RULES.weapon("Machete"), RULES.weapon("Knife"), AttackContext(), Situation(), DATA
    )
    assert plan.defence is not None and plan.defence.name == "parry" and plan.defence.value == 9
    # attack 2+3+4 = 9 ≤ 13; parry 6+5+4 = 15 > 9 fails; zone 3+3+4 = 10 torso; 2W6−1: 4+5−1 = 8
    done = roll_attack(plan, ScriptedDice([2, 3, 4, 6, 5, 4, 3, 3, 4, 4, 5, 2, 2, 2]), KNOBS)
    kinds = [e.kind for e in done.events]
    assert kinds[:4] == ["3w6_attack", "3w6_defence", "3w6_zone", "3w6_injury"]
    assert done.hit and done.target.hp == 2
    parried = roll_attack(plan, ScriptedDice([2, 3, 4, 1, 2, 3]), KNOBS)
    assert parried.defended and not parried.hit


def test_no_defence_against_the_unseen() -> None:
    plan = plan_attack(
        fighter("a"),
        fighter("d"),
        RULES.weapon("Pistol"),
        None,
        AttackContext(unaware=True),
        Situation(),
        DATA,
    )
    assert plan.defence is None


def test_ranged_modifiers() -> None:
    ctx = AttackContext(cover=Cover.HEAVY, aimed=True, burst=True, into_melee=True)
    plan = plan_attack(
        fighter("a", ranged=14),
        fighter("d"),
        RULES.weapon("Assault rifle"),
        None,
        ctx,
        Situation(distance=80.0, shooter_moved=True),
        DATA,
    )
    assert dict(plan.parts) == {
        "ranged": 14,
        "far": -4,
        "cover": -4,
        "aimed": 2,
        "burst": 1,
        "moved": -2,
        "into_melee": -2,
    }


def test_a_declared_zone_costs_its_penalty() -> None:
    plan = plan_attack(
        fighter("a", melee=14),
        fighter("d"),
        RULES.weapon("Knife"),
        None,
        AttackContext(),
        Situation(),
        DATA,
        zone="skull",
    )
    assert plan.value == 7 and zone_odds(plan, KNOBS) == {"skull": 1}


def test_bleeding_ticks() -> None:
    f = fighter("b", ko=10, max_hp=10, hp=4, bleeding=True)  # injury 6: KO − 1
    after, events = bleed_tick(f, ScriptedDice([3, 3, 3]), KNOBS)
    assert after.hp == 4 and events[0].value == 9  # type: ignore[attr-defined]
    after, _ = bleed_tick(f, ScriptedDice([4, 4, 4]), KNOBS)
    assert after.hp == 3
    after, _ = bleed_tick(f, ScriptedDice([6, 6, 6]), KNOBS)
    assert after.hp == 1


def test_neck_cuts_bleed_and_crippled_legs_slow() -> None:
    f = fighter("n", max_hp=12)
    neck = KNOBS.zone_named("neck")
    cut = ThreeWeapon(damage="1W6", type="cut")
    after, events = take_injury(f, neck, 2, (2,), cut, "Knife", ScriptedDice([]), KNOBS)
    assert after.bleeding and events[0].bleeding  # type: ignore[attr-defined]
    leg = KNOBS.zone_named("left_leg")
    after, _ = take_injury(f, leg, 6, (), cut, "Knife", ScriptedDice([1, 1, 1]), KNOBS)
    assert (
        "left_leg" in after.lame
        and move_factor(after.hp_now, after.max_hp, after.lame, KNOBS) == 0.5
    )


def test_zero_hp_and_below() -> None:
    f = fighter("z", ko=10, max_hp=10, hp=2)
    torso = KNOBS.zone_named("torso")
    out, events = take_injury(f, torso, 4, (), WARHAMMER, "W", ScriptedDice([6, 6, 5]), KNOBS)
    assert events[-1].why == "conscious" and out.state == "out"  # type: ignore[attr-defined]
    dead, events = take_injury(
        f, torso, 13, (), WARHAMMER, "W", ScriptedDice([1, 1, 1, 1, 1, 1, 6, 6, 6]), KNOBS
    )
    assert [e.why for e in events[1:]] == ["knockdown", "conscious", "alive"]  # type: ignore[attr-defined]
    assert dead.state == "dead"


# -- properties ---------------------------------------------------------------------------


@given(
    st.integers(0, 20),
    st.integers(0, 20),
    st.sampled_from(["Knife", "Pistol", "Fire axe", "Sniper rifle"]),
)
def test_attack_odds_sum_to_one(skill: int, dodge_ge: int, weapon: str) -> None:
    plan = plan_attack(
        fighter("a", melee=skill, ranged=skill),
        fighter("d", ge=dodge_ge),
        RULES.weapon(weapon),
        RULES.weapon("Knife"),
        AttackContext(),
        Situation(distance=20.0),
        DATA,
    )
    odds = attack_odds(plan, KNOBS)
    assert sum(odds.wounds) == pytest.approx(1.0)
    assert 0 <= (odds.p_takedown or 0) <= odds.p_hit + 1e-12


@settings(max_examples=10, deadline=None)
@given(st.integers(8, 16), st.integers(7, 14), st.integers(0, 2**31))
def test_rolling_agrees_with_the_odds(skill: int, ge: int, seed: int) -> None:
    """Within 4 standard errors over 1,500 attacks: hit and take-down."""
    target = fighter("d", ge=ge, ko=10, max_hp=10, dr=1)
    plan = plan_attack(
        fighter("a", melee=skill),
        target,
        RULES.weapon("Fire axe"),
        RULES.weapon("Knife"),
        AttackContext(),
        Situation(),
        DATA,
    )
    odds = attack_odds(plan, KNOBS)
    dice = Dice.seeded(seed)
    n, hits, downs = 1500, 0, 0
    for _ in range(n):
        done = roll_attack(plan, dice, KNOBS)
        hits += done.hit
        downs += done.target.state in ("out", "dead")
    for p, seen in ((odds.p_hit, hits), (odds.p_takedown or 0.0, downs)):
        se = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(seen / n - p) <= 4 * se
