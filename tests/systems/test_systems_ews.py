"""EWS ±W6 with FoKa (seed document 004): the seed's own examples, scripted dice for
the special rules, and properties of the exact odds against the rolling code."""

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
from game.systems.ews.dice import (
    automatic,
    difference_distribution,
    margin_distribution,
    p_success,
    p_win,
    result_distribution,
    signed,
)
from game.systems.ews.odds import melee_distribution, p_down, p_escape, shot_odds
from game.systems.ews.rules import (
    Fighter,
    MeleePlan,
    StrayRolled,
    plan_melee,
    plan_shot,
    roll_melee,
    roll_shot,
    roll_test,
    take_damage,
)
from game.systems.ews.tables import load_ews

EWS = load_ews()
KNOBS = EWS.knobs
RULES = load_rules()


def fighter(name: str = "x", **values: int) -> Fighter:
    base = {"melee": 12, "ranged": 12, "dodge": 12, "con": 12}
    return Fighter(name=name, **{**base, **values})


# -- the roll ------------------------------------------------------------------------------


def test_even_faces_add_and_odd_faces_subtract() -> None:
    assert [signed(f) for f in range(1, 7)] == [-1, 2, -3, 4, -5, 6]
    with pytest.raises(ValueError):
        signed(7)


def test_grok_reads_the_street_sign() -> None:
    """Seed: Grok (12) rolls a 1 against an easy test (9): 12 − 1 = 11 ≥ 9."""
    face, result = roll_test(ScriptedDice([1]), 12, 9, KNOBS)
    assert (face, result) == (1, 11) and result >= 9


def test_the_83_percent_shooter() -> None:
    """Seed: a relaxed average shooter (FW 12) hits a still, man-sized target at
    short range almost always (83 %): the calm MW for short range is 9."""
    assert KNOBS.mw.calm.short == 9
    assert p_success(12, 9) == Fraction(5, 6)
    assert round(float(p_success(12, 9)) * 100) == 83


def test_stahlkatze_must_roll_a_6() -> None:
    """Seed "Beispielkampf, Fernkampf": short range in combat (12), the attacker moves
    fast (+3), the target in 1/3 cover behind the motorbike (+3) → MW 18; Stahlkatze's
    Fernkampf 12 needs a 6."""
    cat, rider = fighter("Stahlkatze", ranged=12), fighter("Fahrer")
    sit = Situation(distance=5.0, visible=0.6, shooter_moved=True)
    plan = plan_shot(cat, rider, RULES.weapon("Knife"), AttackContext(), sit, EWS)
    assert plan.mw == 18
    assert dict(plan.mw_parts) == {"band_short": 12, "shooter_moving": 3, "cover": 3}
    assert p_success(plan.value, plan.mw) == Fraction(1, 6)
    hits = [f for f in range(1, 7) if plan.value + signed(f) >= plan.mw]
    assert hits == [6]


def test_stahlkatze_tears_the_soldier_in_melee() -> None:
    """Seed "Beispielkampf, Nahkampf": Nahkampf 18 rolls a 4 (22), the soldier 9 rolls
    a 2 (11); the difference 11 + claws 4 − no armour = 15 damage."""
    cat = fighter("Stahlkatze", melee=18)
    soldier = fighter("Soldat", melee=9)
    plan = MeleePlan(cat, soldier, "Krallen", 4, (("melee", 18),), "Gewehr", 2, (("melee", 9),))
    done = roll_melee(plan, ScriptedDice([4, 2]))
    event = done.events[0]
    assert (event.result, event.their_result) == (22, 11)  # type: ignore[attr-defined]
    assert done.attacker_wins and done.difference == 11 and done.damage == 15


def test_an_automatic_success_rolls_no_die() -> None:
    dice = ScriptedDice([])
    assert automatic(18, 12) and not automatic(17, 12)
    assert roll_test(dice, 18, 12, KNOBS) == (0, 18)
    assert p_success(18, 12) == 1 and margin_distribution(18, 12) == {6: 1}


def test_contests_go_to_the_initiator_on_a_tie() -> None:
    assert p_win(12, 12) == Fraction(7, 12)  # 1/6 ties + half of the rest
    mine = result_distribution(12)
    assert sum(mine.values()) == 1 and set(mine) == {11, 14, 9, 16, 7, 18}


# -- shots -------------------------------------------------------------------------------


def test_the_range_bands_and_the_calm_shot() -> None:
    rifle = RULES.weapon("Hunting rifle")  # range 60
    a, t = fighter("a", ranged=14), fighter("t")
    band = {
        d: plan_shot(a, t, rifle, AttackContext(), Situation(distance=d), EWS).mw
        for d in (5.0, 40.0, 90.0)
    }
    assert band == {5.0: 12, 40.0: 15, 90.0: 18}
    calm = plan_shot(a, t, rifle, AttackContext(aimed=True), Situation(distance=40.0), EWS)
    assert calm.mw == 12 and calm.calm


@pytest.mark.parametrize(
    ("visible", "mw"), [(1.0, 0), (0.7, 0), (0.6, 3), (0.3, 6), (0.2, 6), (0.1, 9), (0.05, 9)]
)
def test_cover_from_the_visible_share(visible: float, mw: int) -> None:
    plan = plan_shot(
        fighter("a"),
        fighter("t"),
        RULES.weapon("Pistol"),
        AttackContext(),
        Situation(distance=20.0, visible=visible),
        EWS,
    )
    assert dict(plan.mw_parts).get("cover", 0) == mw


def test_every_movement_and_melee_modifier_counts() -> None:
    ctx = AttackContext(into_melee=True, attacker_cover=Cover.HEAVY)
    sit = Situation(
        distance=20.0, target_ran=True, shooter_ran=True, difficult=True, friend_in_line=True
    )
    plan = plan_shot(fighter("a"), fighter("t"), RULES.weapon("Pistol"), ctx, sit, EWS)
    assert dict(plan.mw_parts) == {
        "band_medium": 15,
        "target_moving": 3,
        "shooter_moving": 6,
        "difficult_ground": 3,
        "target_in_melee": 3,
        "friend_in_line": 3,
        "shooter_cover": 3,
    }


def test_wounds_burden_the_shooter() -> None:
    hurt = replace(fighter("a", ranged=14), wounds=1, crits=1, tp=3)
    plan = plan_shot(hurt, fighter("t"), RULES.weapon("Pistol"), AttackContext(), Situation(), EWS)
    assert dict(plan.value_parts) == {"ranged": 14, "wounds": -3, "critical": -6, "low_tp": -1}
    assert plan.value == 4


def test_a_dodge_beats_the_shot_with_a_higher_margin() -> None:
    a, t = fighter("a", ranged=15), fighter("t", dodge=15)
    pistol = RULES.weapon("Pistol")  # fast: MW 15
    plan = plan_shot(a, t, pistol, AttackContext(), Situation(distance=20.0), EWS, dodge=True)
    assert plan.mw == 15 and plan.dodge is not None and plan.dodge.mw == 15
    # shot 15+2 = 17 (margin 2), dodge 15+4 = 19 (margin 4): escaped
    done = roll_shot(plan, ScriptedDice([2, 4]), KNOBS)
    assert done.dodged and not done.hit and done.damage == 0
    # shot 15+4 (margin 4), dodge 15+4 (margin 4): not higher, hit
    done = roll_shot(plan, ScriptedDice([4, 4]), KNOBS)
    assert done.hit and done.damage == 4 + 6 - 0
    assert 0 < p_escape(plan, KNOBS) < 1


def test_a_burst_adds_a_schwelle_of_damage() -> None:
    gun = RULES.weapon("Assault rifle")
    plain = plan_shot(fighter("a"), fighter("t"), gun, AttackContext(), Situation(), EWS)
    burst = plan_shot(fighter("a"), fighter("t"), gun, AttackContext(burst=True), Situation(), EWS)
    assert burst.bonus - plain.bonus == KNOBS.damage.burst == 3


# -- damage -------------------------------------------------------------------------------


def test_a_scratch_a_wound_and_a_critical_wound() -> None:
    dice = ScriptedDice([])
    f = fighter("t", con=12)  # WS 4
    after, events = take_damage(f, 3, KNOBS, dice)
    assert after.tp == 9 and after.wounds == 0 and events[0].wound == "scratch"  # type: ignore[attr-defined]
    after, _ = take_damage(f, 4, KNOBS, dice)
    assert after.wounds == 1 and dict(after.malus(KNOBS)) == {"wounds": -3}
    after, _ = take_damage(f, 11, KNOBS, dice)  # TP 1 ≤ WS: staggering too
    assert after.wounds == 1 and dict(after.malus(KNOBS)) == {"wounds": -3, "low_tp": -1}


def test_the_konstitution_roll_at_zero_tp() -> None:
    f = fighter("t", con=12, tp=5)
    out, events = take_damage(f, 13, KNOBS, ScriptedDice([1]))  # 12 − 1 = 11 < 12
    assert out.state == "out" and out.crits == 1
    assert events[-1].outcome == "out"  # type: ignore[attr-defined]
    up, _ = take_damage(f, 6, KNOBS, ScriptedDice([2]))  # 14 ≥ 12: fights on at −3
    assert up.state == "standing" and up.survived == 1 and ("low_tp", -3) in up.malus(KNOBS)


def test_the_rolls_at_minus_tp_and_death() -> None:
    f = fighter("t", con=12, tp=0, survived=1)
    dead, events = take_damage(f, 12, KNOBS, ScriptedDice([1]))  # −12: roll vs 12, fails
    assert dead.state == "dead" and events[-1].mw == 12  # type: ignore[attr-defined]
    deep, events = take_damage(f, 24, KNOBS, ScriptedDice([6, 4]))  # −24: vs 12 then 15
    assert deep.state == "standing" and deep.survived == 3
    assert [e.mw for e in events[1:]] == [12, 15]  # type: ignore[attr-defined]
    gone, events = take_damage(f, 60, KNOBS, ScriptedDice([]))
    assert gone.state == "dead" and events[-1].kind == "ews_killed"


def test_the_odds_of_a_fall_follow_the_rolls() -> None:
    f = fighter("t", con=12, tp=5)
    assert p_down(f, 3, KNOBS) == 0
    assert p_down(f, 6, KNOBS) == 1 - p_success(12, 12) == Fraction(1, 2)
    assert p_down(f, 17, KNOBS) == 1 - Fraction(1, 2) * Fraction(1, 2)
    assert p_down(f, 70, KNOBS) == 1


def test_melee_hits_the_loser_whoever_it_is() -> None:
    a, d = fighter("a", melee=10), fighter("d", melee=14, armour=1)
    knife, axe = RULES.weapon("Knife"), RULES.weapon("Fire axe")
    plan = plan_melee(a, d, knife, axe, Situation(), EWS)
    done = roll_melee(plan, ScriptedDice([1, 2]))  # 9 vs 16: the defender hits back
    assert not done.attacker_wins and done.damage == 7 + 6 - 0
    crowd = plan_melee(a, d, knife, axe, Situation(opponents=3), EWS)
    assert crowd.their_value == 14 - 6


def test_a_derived_profile_for_what_the_data_does_not_list() -> None:
    prof = replace(RULES.profile("Raider"), name="Scavenger")
    ews = EWS.profile(prof)
    assert ews.con == 12 and ews.armour == 2 and ews.ranged == 11
    assert EWS.profile(RULES.profile("Mira")).ranged == 15


# -- properties ------------------------------------------------------------------------------

values = st.integers(min_value=3, max_value=24)
mws = st.sampled_from([9, 12, 15, 18, 21, 24])


@given(values, mws)
def test_test_odds_sum_to_one(value: int, mw: int) -> None:
    assert sum(margin_distribution(value, mw).values()) == 1
    assert 0 <= p_success(value, mw) <= 1


@given(values, values)
def test_contest_odds_sum_to_one(a: int, b: int) -> None:
    assert sum(difference_distribution(a, b).values()) == 1
    assert p_win(a, b) + sum(p for d, p in difference_distribution(a, b).items() if d < 0) == 1


@given(values, values, st.integers(min_value=0, max_value=12), st.booleans())
def test_shot_odds_sum_to_one(ranged: int, dodge: int, visible10: int, dodging: bool) -> None:
    plan = plan_shot(
        fighter("a", ranged=ranged),
        fighter("t", dodge=dodge),
        RULES.weapon("Pistol"),
        AttackContext(),
        Situation(distance=20.0, visible=min(1.0, visible10 / 10)),
        EWS,
        dodge=dodging,
    )
    odds = shot_odds(plan, KNOBS)
    assert sum(odds.wounds) == pytest.approx(1.0)
    assert 0 <= odds.p_takedown <= odds.p_hit + 1e-12  # type: ignore[operator]


@given(values, values)
def test_melee_odds_sum_to_one(a: int, b: int) -> None:
    plan = plan_melee(
        fighter("a", melee=a),
        fighter("d", melee=b),
        RULES.weapon("Machete"),
        RULES.weapon("Knife"),
        Situation(),
        EWS,
    )
    found = melee_distribution(plan)
    assert sum(found.to_defender.values()) == 1 and sum(found.to_attacker.values()) == 1


@settings(max_examples=12, deadline=None)
@given(
    st.integers(min_value=8, max_value=18),
    st.integers(min_value=8, max_value=16),
    st.integers(0, 2**31),
)
def test_rolling_agrees_with_the_odds(ranged: int, dodge: int, seed: int) -> None:
    """Within 4 standard errors over 1,500 shots, for the hit and the take-down."""
    target = fighter("t", dodge=dodge, con=12, armour=2)
    plan = plan_shot(
        fighter("a", ranged=ranged),
        target,
        RULES.weapon("Hunting rifle"),
        AttackContext(),
        Situation(distance=30.0, visible=0.5),
        EWS,
        dodge=True,
    )
    odds = shot_odds(plan, KNOBS)
    dice = Dice.seeded(seed)
    n, hits, downs = 1500, 0, 0
    for _ in range(n):
        done = roll_shot(plan, dice, KNOBS)
        hits += done.hit
        after, _ = take_damage(target, done.damage, KNOBS, dice)
        downs += after.state != "standing"
    for p, seen in ((odds.p_hit, hits), (odds.p_takedown or 0.0, downs)):
        se = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(seen / n - p) <= 4 * se


# -- the seed's further modifiers -----------------------------------------------------------


@pytest.mark.parametrize(
    ("crossing", "ran", "mw"), [(0.0, False, 0), (2.9, False, 0), (3.0, False, 3), (8.0, True, 3)]
)
def test_a_target_moving_across_the_line_of_sight(crossing: float, ran: bool, mw: int) -> None:
    """Seed: "Ziel bewegt sich schnell oder bewegt sich quer zur Sichtlinie: MW+3" —
    once, however it moves (P: ≥ 3 cm square to the line this round)."""
    sit = Situation(distance=20.0, target_crossing=crossing, target_ran=ran)
    plan = plan_shot(fighter("a"), fighter("t"), RULES.weapon("Pistol"), AttackContext(), sit, EWS)
    assert dict(plan.mw_parts).get("target_moving", 0) == mw


@pytest.mark.parametrize(
    ("visible", "mw"), [(None, 3), (1.0, 0), (0.4, 0), (0.33, 3), (0.11, 3), (0.1, 9), (0.0, 9)]
)
def test_the_shooters_own_cover_from_its_visible_share(visible: float | None, mw: int) -> None:
    """Seed: "Schütze in 2/3 Deckung: MW+3; Schütze in 9/10 Deckung: MW+9 (Blindschuss)";
    without a measured share heavy cover on the table is 2/3 (P)."""
    ctx = AttackContext(attacker_cover=Cover.HEAVY)
    sit = Situation(distance=20.0, shooter_visible=visible)
    plan = plan_shot(fighter("a"), fighter("t"), RULES.weapon("Pistol"), ctx, sit, EWS)
    assert dict(plan.mw_parts).get("shooter_cover", 0) == mw


@pytest.mark.parametrize(
    ("distance", "aimed", "band_mw", "scope"),
    [
        (5.0, True, 9, 0),  # calm short: already at Kurz, nothing to take
        (40.0, True, 12, -3),  # calm medium 12 → 9
        (90.0, True, 15, -3),  # calm long 15 → 12
        (40.0, False, 15, 0),  # in combat the scope does not help
    ],
)
def test_a_scope_shortens_a_calm_shots_range_steps(
    distance: float, aimed: bool, band_mw: int, scope: int
) -> None:
    """Seed: "Ein Zielfernrohr reduziert bei ruhigem Schuss den Mindestwurf durch die
    Entfernung … um 3 bis 6 Punkte, allerdings nicht unter Kurz" (P: 3)."""
    rifle = RULES.weapon("Hunting rifle")
    sit = Situation(distance=distance, scope=True)
    plan = plan_shot(fighter("a"), fighter("t"), rifle, AttackContext(aimed=aimed), sit, EWS)
    parts = dict(plan.mw_parts)
    assert sum(v for k, v in parts.items() if k.startswith("band_")) == band_mw
    assert parts.get("scope", 0) == scope
    assert plan.mw == band_mw + scope
    bare = plan_shot(
        fighter("a"),
        fighter("t"),
        rifle,
        AttackContext(aimed=aimed),
        replace(sit, scope=False),
        EWS,
    )
    assert bare.mw == band_mw


def test_a_blind_shot_at_a_crossing_target_with_a_scope_rolls_as_planned() -> None:
    """Calm medium 12, scope −3, crossing +3, blind +9 = MW 21: a value 18 rolling a 4
    reaches 22 (margin 1, damage 1 + 9 − 0 = 10); a 2 reaches 20 and misses."""
    rifle = RULES.weapon("Hunting rifle")
    sit = Situation(distance=40.0, target_crossing=5.0, shooter_visible=0.05, scope=True)
    plan = plan_shot(
        fighter("a", ranged=18), fighter("t"), rifle, AttackContext(aimed=True), sit, EWS
    )
    assert plan.mw == 21
    hit = roll_shot(plan, ScriptedDice([4]), KNOBS)
    assert hit.hit and hit.margin == 1 and hit.damage == 10
    miss = roll_shot(plan, ScriptedDice([2]), KNOBS)
    assert not miss.hit and miss.damage == 0


def test_a_hit_on_a_target_in_melee_with_another_may_stray() -> None:
    """Seed: "Ziel ist im Nahkampf mit einem Ziel, das getroffen werden kann: MW±0, aber
    bei einem Treffer wird erneut gewürfelt. Zeigt der Würfel eine 5 wird das andere
    Ziel getroffen." Value 15 vs MW 15 (medium): a 4 hits by 4; then a 5 strays."""
    pistol = RULES.weapon("Pistol")  # damage 6
    other = fighter("o", armour=2)
    plan = plan_shot(
        fighter("a", ranged=15),
        fighter("t"),
        pistol,
        AttackContext(),
        Situation(distance=20.0),
        EWS,
        other=other,
    )
    assert plan.mw == 15
    strayed = roll_shot(plan, ScriptedDice([4, 5]), KNOBS)
    assert strayed.strayed and not strayed.hit and strayed.damage == 4 + 6 - 2
    assert strayed.events[-1] == StrayRolled("a", "t", "o", 5, True)
    kept = roll_shot(plan, ScriptedDice([4, 6]), KNOBS)
    assert kept.hit and not kept.strayed and kept.damage == 10
    missed = roll_shot(plan, ScriptedDice([3]), KNOBS)  # a miss rolls no second die
    assert not missed.hit and len(missed.events) == 1
    alone = replace(plan, other=None)
    assert shot_odds(plan, KNOBS).p_hit == pytest.approx(shot_odds(alone, KNOBS).p_hit * 5 / 6)
    assert sum(shot_odds(plan, KNOBS).wounds) == pytest.approx(1.0)
