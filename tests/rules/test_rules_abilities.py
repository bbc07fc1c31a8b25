"""Archetype signatures, strain, backlash and gifts (§1.3, §4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.cover import Cover
from game.dice import ScriptedDice
from game.narration import narrate
from game.rules.abilities import (
    AbilityError,
    BacklashRolled,
    FrenzyTaken,
    GiftCast,
    Intercepted,
    SerumGiven,
    StrainTaken,
    Suppressed,
    Veiled,
    Weakened,
    add_strain,
    cast_gift,
    dread,
    frenzy,
    immune_serum,
    intercept,
    plague_breath,
    shield_wall_bonus,
    strain_limit,
    veil,
)
from game.rules.attack import finish_attack, plan_attack, roll_to_hit
from game.rules.checks import SaveRolled
from game.rules.combatant import AttackContext, Combatant, Condition
from game.rules.loader import RulesData
from game.rules.morale import MoraleImmune
from game.rules.wounds import WoundsTaken

Fig = Callable[..., Combatant]


def test_shield_wall(rules: RulesData, fig: Fig) -> None:
    jonas = fig("Jonas")
    assert shield_wall_bonus([jonas], rules) == 1
    assert shield_wall_bonus([jonas, fig("Jonas", name="J2")], rules) == 1  # no stacking (P)
    assert shield_wall_bonus([fig("Jonas", ran_this_round=True)], rules) == 0
    assert shield_wall_bonus([fig("Bruno")], rules) == 0
    assert shield_wall_bonus([fig("Jonas", tp=0, condition=Condition.DOWN)], rules) == 0
    stacking = rules.with_overrides({"signature.Schildwall.stacks": True})
    assert shield_wall_bonus([jonas, fig("Jonas", name="J2")], stacking) == 2


def test_abfangen_moves_the_hit_to_the_guardian(rules: RulesData, fig: Fig) -> None:
    mira, jonas = fig("Mira"), fig("Jonas")
    plan = plan_attack(
        fig("Raider"),
        mira,
        rules.weapon("Pistol"),
        AttackContext(cover=Cover.LIGHT, shield_wall=1),
        rules,
    )
    dice = ScriptedDice([15, 4, 3])
    hit = roll_to_hit(plan, dice)
    new_plan, guardian, event = intercept(plan, jonas, rules)
    assert event == Intercepted("Jonas", "Mira") and guardian.intercepts_left == 0
    assert narrate(event, "en") == "Jonas takes the hit meant for Mira [Abfangen] (§1.3)"
    assert new_plan.damage.needed.value == 4  # his own heavy armour, no cover, no shield wall
    result = finish_attack(new_plan, hit, rules, dice, before=(event,))
    assert result.events[0] == event and result.target.name == "Jonas"
    assert result.wounds == 1 and result.target.tp == 6
    with pytest.raises(AbilityError, match="no Abfangen left"):
        intercept(plan, guardian, rules)
    with pytest.raises(AbilityError, match="has no Abfangen"):
        intercept(plan, fig("Bruno"), rules)


def test_strain_and_backlash(rules: RulesData, fig: Fig) -> None:
    oda = fig("Oda")  # WIL 3 → limit 6
    assert strain_limit(oda, rules) == 6
    calm = add_strain(oda.changed(strain=5), 1, rules, ScriptedDice(), source="Grauen")
    assert calm.figure.strain == 6 and calm.backlash is None
    assert calm.events == (StrainTaken("Oda", 1, 6, 6, "Grauen"),)
    over = add_strain(oda.changed(strain=6), 1, rules, ScriptedDice([1]), source="Grauen")
    assert over.backlash == "wound" and over.figure.tp == 3
    assert over.events[1:] == (
        BacklashRolled("Oda", 1, "wound"),
        WoundsTaken("Oda", 1, 0, 4, 3, False, False),
    )
    assert narrate(over.events[1], "en") == (
        "Oda is over the strain limit, backlash [Rückschlag] d6 1: 1 wound (§4.1)"
    )
    lose = add_strain(oda.changed(strain=6), 1, rules, ScriptedDice([3]), source="Grauen")
    assert lose.lose_action and lose.figure.tp == 4
    nothing = add_strain(oda.changed(strain=6), 1, rules, ScriptedDice([4]), source="Grauen")
    assert nothing.backlash == "nothing" and not nothing.lose_action


def test_backlash_wound_can_take_a_figure_down(rules: RulesData, fig: Fig) -> None:
    weak = fig("Oda", tp=1, strain=6)
    down = add_strain(weak, 1, rules, ScriptedDice([1, 10]), source="Riss-Stoß")
    assert down.figure.condition is Condition.OUT_UNSTABLE and down.figure.tp == 0


def test_raserei(rules: RulesData, fig: Fig) -> None:
    katz = fig("Katz")  # WIL 1 → limit 4
    taken = frenzy(katz, "melee", rules, ScriptedDice())
    assert taken.figure.strain == 1
    assert taken.events[0] == FrenzyTaken("Katz", "melee", 1)
    assert narrate(taken.events[0], "en") == "Katz rages [Raserei]: +1d6 in melee this round (§1.3)"
    over = frenzy(katz.changed(strain=4), "action", rules, ScriptedDice([2]))
    assert over.lose_action and over.figure.strain == 5
    with pytest.raises(AbilityError):
        frenzy(fig("Bruno"), "melee", rules, ScriptedDice())


def test_seuchenhauch(rules: RulesData, fig: Fig) -> None:
    selma, raider = fig("Selma"), fig("Raider")
    target, events = plague_breath(selma, raider, rules, ScriptedDice([11]))
    assert target.weakened
    assert events == (
        SaveRolled("Raider", (11,), 11, 0, 0, 12, "failure", "kor", "seuchenhauch"),
        Weakened("Raider", "Selma", 1),
    )
    resisted, events = plague_breath(selma, raider, rules, ScriptedDice([12]))
    assert not resisted.weakened and len(events) == 1
    with pytest.raises(AbilityError):
        plague_breath(fig("Mira"), raider, rules, ScriptedDice([12]))


def test_immunserum(rules: RulesData, fig: Fig) -> None:
    selma = fig("Selma")
    healed, event = immune_serum(selma, fig("Mira", tp=1), "heal", rules, ScriptedDice([5]))
    assert healed.tp == 4 and event == SerumGiven("Selma", "Mira", "heal", (3,), 3, 4)
    assert narrate(event, "en") == (
        "Selma gives Mira the serum [Immunserum]: heals [3] 3 TP, TP 4 (§1.3)"
    )
    capped, _ = immune_serum(selma, fig("Mira", tp=4), "heal", rules, ScriptedDice([6]))
    assert capped.tp == 5
    up, _ = immune_serum(
        selma, fig("Mira", tp=0, condition=Condition.DOWN), "heal", rules, ScriptedDice([1])
    )
    assert up.condition is Condition.STANDING and up.tp == 1
    bad = fig("Mira", tp=0, condition=Condition.OUT_UNSTABLE)
    stable, _ = immune_serum(selma, bad, "stabilise", rules, ScriptedDice())
    assert stable.condition is Condition.OUT_STABLE
    cured, event = immune_serum(selma, fig("Mira"), "cure", rules, ScriptedDice())
    assert cured == fig("Mira") and event.mode == "cure"
    with pytest.raises(AbilityError):
        immune_serum(selma, bad, "heal", rules, ScriptedDice([1]))
    with pytest.raises(AbilityError):
        immune_serum(fig("Mira"), bad, "stabilise", rules, ScriptedDice())


def test_gifts(rules: RulesData, fig: Fig) -> None:
    oda = fig("Oda")
    cast = cast_gift(oda, "riss-stoss", rules, ScriptedDice())
    assert cast.events[0] == GiftCast("Oda", "Riss-Stoß") and cast.figure.strain == 1
    weapon = rules.weapon(rules.gift("Riss-Stoß").weapon or "")
    assert (weapon.range, weapon.pool, weapon.br, weapon.has("Leise")) == (30, 2, 1, True)
    target, events = dread(oda, fig("Raider"), rules, ScriptedDice([5]))
    assert target.suppressed and events[-1] == Suppressed("Raider", "Grauen")
    brave, events = dread(oda, fig("Bruno"), rules, ScriptedDice())
    assert not brave.suppressed and events == (MoraleImmune("Bruno"),)
    veiled = veil(oda, rules)
    assert veiled == Veiled("Oda", 20.0)
    assert narrate(veiled, "en") == (
        "Oda is veiled [Schleier]: it cannot be targeted from beyond 20 cm until its next "
        "activation (§4)"
    )
    with pytest.raises(AbilityError):
        veil(oda, rules, gift="Grauen")
