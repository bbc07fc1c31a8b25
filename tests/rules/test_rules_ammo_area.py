"""Ammunition (§5.6), area attacks, burning zones, the minefield (§5.5), structures (§11)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.cover import Cover
from game.dice import ScriptedDice
from game.narration import narrate
from game.rules.ammo import (
    AmmoSpent,
    AmmoState,
    Reloaded,
    fire_problem,
    fresh_ammo,
    reload,
    spend_ammo,
)
from game.rules.area import (
    TemplatePlaced,
    burn_damage,
    minefield_weapon,
    template_damage,
    throw_template,
)
from game.rules.attack import AttackInputError, plan_attack, resolve_attack
from game.rules.checks import SaveRolled
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData
from game.rules.structures import StructureDamaged, attack_structure, structure_points

Fig = Callable[..., Combatant]


def test_fresh_ammo(rules: RulesData) -> None:
    assert fresh_ammo(rules.weapon("Pistol"), rules) == AmmoState(6, 4)
    assert fresh_ammo(rules.weapon("Crossbow"), rules) == AmmoState(6, 1)
    assert fresh_ammo(rules.weapon("Bow"), rules) == AmmoState(6, None)
    assert fresh_ammo(rules.weapon("Hand grenade"), rules) == AmmoState(1, None)
    small = rules.with_overrides({"ammo.supply_die": 2})
    assert fresh_ammo(small.weapon("Pistol"), small) == AmmoState(2, 2)


def test_shots_and_bursts_turn_the_supply_down(rules: RulesData) -> None:
    rifle = rules.weapon("Assault rifle")
    ammo = fresh_ammo(rifle, rules)  # supply 6, magazine 3
    ammo, event = spend_ammo("Bruno", rifle, ammo, True, rules)
    assert ammo == AmmoState(3, 2) and event == AmmoSpent("Bruno", "Assault rifle", 3, 3, 2)
    assert narrate(event, "en") == (
        "Bruno fires the Assault rifle: −3 ammo, supply 3, magazine 2 (§8.3)"
    )
    ammo, _ = spend_ammo("Bruno", rifle, ammo, False, rules)
    assert ammo == AmmoState(2, 1)
    assert str(fire_problem(rifle, ammo, True, rules)) == (
        "not enough ammo for a burst with the Assault rifle (2 left)"
    )
    ammo, _ = spend_ammo("Bruno", rifle, ammo, False, rules)
    assert ammo == AmmoState(1, 0)
    assert "magazine is empty" in str(fire_problem(rifle, ammo, False, rules))
    ammo, event = reload("Bruno", rifle, ammo)
    assert ammo == AmmoState(1, 1) and event == Reloaded("Bruno", "Assault rifle", 1, 1)
    ammo, _ = spend_ammo("Bruno", rifle, ammo, False, rules)
    assert ammo == AmmoState(0, 0)
    with pytest.raises(ValueError, match="no ammo left"):
        reload("Bruno", rifle, ammo)


def test_jam_and_reload_clears_it(rules: RulesData, fig: Fig) -> None:
    pistol = rules.weapon("Pistol")
    result = resolve_attack(
        fig("Mira"),
        fig("Raider"),
        pistol,
        AttackContext(),
        rules,
        ScriptedDice([1]),
        ammo=fresh_ammo(pistol, rules),
    )
    assert result.ammo == AmmoState(5, 3, jammed=True) and result.ammo_used == 1
    with pytest.raises(AttackInputError, match="jammed"):
        resolve_attack(
            fig("Mira"),
            fig("Raider"),
            pistol,
            AttackContext(),
            rules,
            ScriptedDice([15]),
            ammo=result.ammo,
        )
    cleared, _ = reload("Mira", pistol, result.ammo)
    assert cleared == AmmoState(5, 4, jammed=False)


def test_nachladen_after_every_shot(rules: RulesData) -> None:
    bow = rules.weapon("Crossbow")
    ammo, _ = spend_ammo("Oda", bow, fresh_ammo(bow, rules), False, rules)
    assert ammo == AmmoState(5, 0) and fire_problem(bow, ammo, False, rules)


def test_melee_needs_no_ammo(rules: RulesData) -> None:
    assert fire_problem(rules.weapon("Knife"), AmmoState(0, 0), False, rules) is None


# --- templates --------------------------------------------------------------------------


def test_throw_hits_the_point(rules: RulesData, fig: Fig) -> None:
    grenade = rules.weapon("Hand grenade")
    throw = throw_template(
        fig("Ferdl"),
        grenade,
        AttackContext(),
        rules,
        ScriptedDice([9]),
        ammo=fresh_ammo(grenade, rules),
    )
    assert throw.hit and not throw.on_thrower and not throw.dud and throw.radius == 4.0
    assert throw.ammo == AmmoState(0, None)
    assert (
        narrate(throw.events[0], "en")
        == "Ferdl throws at the point: d20 9 + 1 = 10 ≥ 10 → hit (§3.4)"
    )
    assert narrate(throw.events[-1], "en") == (
        "Ferdl's Hand grenade template [Schablone] (4 cm) lands on the point (§3A)"
    )


def test_a_missed_grenade_is_a_dud(rules: RulesData, fig: Fig) -> None:
    """Seed 002 (contract §5.5, corrected 2026-12-01): no scatter; a missed grenade
    has no effect."""
    throw = throw_template(
        fig("Ferdl"), rules.weapon("Hand grenade"), AttackContext(), rules, ScriptedDice([5])
    )
    assert not throw.hit and throw.dud and not throw.on_thrower
    assert throw.events[-1] == TemplatePlaced("Ferdl", "Hand grenade", 4.0, False, True, 0)
    assert narrate(throw.events[-1], "en") == (
        "Ferdl's Hand grenade template [Schablone] (4 cm) misses: no effect (§3A)"
    )


def test_missed_molotov_lands_on_the_thrower(rules: RulesData, fig: Fig) -> None:
    """Seed 002: a missed Molotov lands centred on the thrower (not only a fumble)."""
    throw = throw_template(
        fig("Ferdl"), rules.weapon("Molotov"), AttackContext(), rules, ScriptedDice([8])
    )
    assert throw.on_thrower and throw.burning_rounds == 2
    assert narrate(throw.events[-1], "en") == (
        "Ferdl's Molotov template [Schablone] (4 cm) lands on the thrower, "
        "a burning zone [brennende Zone] for 2 rounds (§3A)"
    )


def test_throw_needs_a_template(rules: RulesData, fig: Fig) -> None:
    with pytest.raises(AttackInputError, match="no template"):
        throw_template(fig("Ferdl"), rules.weapon("Pistol"), AttackContext(), rules, ScriptedDice())


def test_every_figure_under_the_template_gets_its_own_pool(rules: RulesData, fig: Fig) -> None:
    grenade = rules.weapon("Hand grenade")  # 3W6 BR 1
    victims = [(fig("Raider", name="A"), Cover.NONE), (fig("Jonas"), Cover.HEAVY)]
    # A: REF save 2 + 1 < 12, pool [2, 2, 1, 6]; Jonas: save 5 + 0 < 12, pool [5, 4, 3, 1]
    dice = ScriptedDice([2, 2, 2, 1, 6, 5, 5, 4, 3, 1])
    results = template_damage(fig("Ferdl"), grenade, victims, rules, dice, critical=True)
    a, j = results
    assert a.faces == (2, 2, 1, 6) and a.wounds == 3  # light 3+ − BR 1 = 2+
    assert j.faces == (5, 4, 3, 1)
    assert j.events[1].needed.value == 5 and j.wounds == 1  # heavy 4+ + heavy cover 2 − 1
    assert j.target.tp == 6 and a.target.tp == 1


def test_a_made_explosion_save_halves_the_pool(rules: RulesData, fig: Fig) -> None:
    """Rulebook §2: "Rettungswürfe sind Proben auf das passende Attribut (… REF gegen
    Explosion/Sturz …)" — saves are tests on the fitting attribute, REF against an
    explosion. Contract §5.5: every figure under the template saves REF 12 (P)
    before its pool is rolled; a success halves its pool, rounded down (P)."""
    grenade = rules.weapon("Hand grenade")  # 3W6 BR 1
    raider = fig("Raider")  # REF +1
    dice = ScriptedDice([11, 6])  # 11 + 1 = 12: saved, 3W6 → 1W6
    (result,) = template_damage(fig("Ferdl"), grenade, [(raider, Cover.NONE)], rules, dice)
    save, rolled = result.events[:2]
    assert isinstance(save, SaveRolled) and save.success and save.attribute == "ref"
    assert narrate(save, "en") == (
        "Raider saves [Rettungswurf] on REF against an explosion: d20 11 + 1 = 12 ≥ 12"
        " → success (§2)"
    )
    assert rolled.pool_parts == (("weapon", 3), ("explosion_save", -2))
    assert result.faces == (6,) and result.wounds == 1
    # a natural 20's dice are halved too: 3 + 1 = 4 → 2
    (crit,) = template_damage(
        fig("Ferdl"),
        grenade,
        [(raider, Cover.NONE)],
        rules,
        ScriptedDice([15, 1, 1]),
        critical=True,
    )
    assert crit.faces == (1, 1) and crit.events[1].pool_parts == (
        ("weapon", 3),
        ("critical", 1),
        ("explosion_save", -2),
    )


def test_a_fire_template_has_no_explosion_save(rules: RulesData, fig: Fig) -> None:
    """(P) The rulebook's save is "REF gegen Explosion": the Molotov (Feuer, not
    Explosiv) burns whoever it touches without one."""
    molotov = rules.weapon("Molotov")  # 2W6
    dice = ScriptedDice([3, 4])
    (result,) = template_damage(fig("Ferdl"), molotov, [(fig("Raider"), Cover.NONE)], rules, dice)
    assert not any(isinstance(e, SaveRolled) for e in result.events)
    assert result.faces == (3, 4)


def test_burning_zone_damage(rules: RulesData, fig: Fig) -> None:
    burn = burn_damage(fig("Raider"), rules, ScriptedDice([3, 2]))
    assert burn.wounds == 1 and narrate(burn.events[0], "en") == (
        "Pool 2d6 [3, 2] vs 3+ (light armour 3+) → 1 wound (§3.5)"
    )


def test_minefield_weapon_from_knobs(rules: RulesData) -> None:
    mine = minefield_weapon(rules)
    assert (mine.pool, mine.br, mine.template, mine.has("Explosiv"), mine.loud) == (
        3,
        1,
        "small",
        True,
        True,
    )


# --- structures -------------------------------------------------------------------------


def test_brute_breaks_barricades_twice_as_fast(rules: RulesData, fig: Fig) -> None:
    assert structure_points("barricade", rules) == 6 and structure_points("gate", rules) == 8
    claws = rules.weapon("Brute claws")  # 3W6 BR 1 vs structure 4+ → 3+
    hit = attack_structure(fig("Brute"), claws, "barricade", 6, rules, ScriptedDice([3, 2, 6]))
    assert hit == StructureDamaged("Brute", "barricade", (3, 2, 6), 3, 2, 2, 4, 6, 2)
    assert narrate(hit, "en") == (
        "Brute strikes the barricade [Barrikade]: pool [3, 2, 6] vs 3+ → 2 wounds × 2 = "
        "−4 structure points, 6 → 2 (§5.3)"
    )
    axe = attack_structure(
        fig("Katz"), rules.weapon("Fire axe"), "gate", 2, rules, ScriptedDice([6, 6, 6])
    )
    assert axe.after == 0 and narrate(axe, "en").endswith("2 → 0: broken (§5.3)")
    with pytest.raises(AttackInputError):
        attack_structure(fig("Mira"), rules.weapon("Pistol"), "gate", 8, rules, ScriptedDice())


def test_template_weapons_go_through_the_throw(rules: RulesData, fig: Fig) -> None:
    grenade = rules.weapon("Hand grenade")
    with pytest.raises(AttackInputError, match="throw_template"):
        resolve_attack(fig("Ferdl"), fig("Raider"), grenade, AttackContext(), rules, ScriptedDice())
    plan = plan_attack(fig("Ferdl"), fig("Jonas"), grenade, AttackContext(), rules)
    assert plan.hit.target_number == 10 and plan.damage.needed.value == 3
