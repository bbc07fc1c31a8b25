"""Attacks with scripted dice: to hit, the pool, needed numbers, keywords (§3.4, §3.5, §3A)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.cover import Cover
from game.dice import ScriptedDice
from game.narration import narrate
from game.rules.attack import (
    AttackInputError,
    DamageRolled,
    InfectionMarked,
    Pushed,
    ToHitRolled,
    WeaponJammed,
    noise_source,
    plan_attack,
    range_band,
    resolve_attack,
)
from game.rules.combatant import AttackContext, Combatant, Condition
from game.rules.injury import InjuryRolled, TakenOut
from game.rules.loader import RulesData
from game.rules.wounds import NeededNumber, WoundsTaken, die_wounds, needed_number
from game.words import needed_text

Fig = Callable[..., Combatant]


# --- the rulebook's example (§3.5) --------------------------------------------------


def test_rulebook_example_heavy_armour_heavy_cover(rules: RulesData, fig: Fig) -> None:
    target = fig("Jonas")  # heavy armour 4+
    assert target.ws == 4
    assert needed_number(4, cover=2, floor=2) == 6
    assert needed_number(4, cover=2, br=2, floor=2) == 4
    rifle = plan_attack(fig("Mira"), target, rules.weapon("Hunting rifle"), AttackContext(), rules)
    sniper = plan_attack(
        fig("Mira"), target, rules.weapon("Sniper rifle"), AttackContext(cover=Cover.HEAVY), rules
    )
    knife = plan_attack(
        fig("Mira"), target, rules.weapon("Knife"), AttackContext(cover=Cover.HEAVY), rules
    )
    assert rifle.damage.needed.value == 3  # 4 − BR 1
    assert sniper.damage.needed.value == 4  # 4 + 2 − 2
    assert knife.damage.needed.value == 7  # 4 + 2 + riot shield 1: only natural 6s


def test_natural_six_always_wounds() -> None:
    assert [die_wounds(f, 7) for f in range(1, 7)] == [False] * 5 + [True]
    assert [die_wounds(f, 9) for f in range(1, 7)] == [False] * 5 + [True]
    assert [die_wounds(f, 4) for f in range(1, 7)] == [False, False, False, True, True, True]


def test_needed_number_floor() -> None:
    assert needed_number(2, br=2, floor=2) == 2
    assert needed_number(3, br=5, floor=2) == 2
    assert needed_number(3, br=5, floor=3) == 3


# --- to hit -------------------------------------------------------------------------


def test_hit_and_damage_events_exact(rules: RulesData, fig: Fig) -> None:
    mira, raider = fig("Mira"), fig("Raider", name="Raider 3")
    ctx = AttackContext(cover=Cover.HEAVY)
    result = resolve_attack(
        mira, raider, rules.weapon("Hunting rifle"), ctx, rules, ScriptedDice([14, 6, 3, 4])
    )
    need = NeededNumber(3, "Light", 2, 2, (), 1, 2)
    assert result.events == (
        ToHitRolled(
            "Mira",
            (14,),
            14,
            0,
            3,
            11,
            "success",
            "Raider 3",
            "Hunting rifle",
            "ranged",
            (),
            (),
            False,
        ),
        DamageRolled("Mira", "Raider 3", (("weapon", 3),), (6, 3, 4), need, 2),
        WoundsTaken("Raider 3", 2, 0, 4, 2, False, False),
    )
    assert [narrate(e, "en") for e in result.events] == [
        "Mira shoots Raider 3: d20 14 + 3 = 17 ≥ VW 11 → hit (§3.4)",
        "Pool 3d6 [6, 3, 4] vs 4+ (light armour 3+, heavy cover +2, BR 1) → 2 wounds (§3.5)",
        "Raider 3 takes 2 wounds: TP 4 → 2 (§3.5)",
    ]
    assert (result.hit, result.wounds, result.taken, result.target.tp) == (True, 2, 2, 2)


def test_the_marker_an_attack_leaves(rules: RulesData) -> None:
    # §3.8: Laut → a firearm marker, Explosiv → an explosion, Leise → none
    assert noise_source(rules.weapon("Hunting rifle")) == "firearm"
    assert noise_source(rules.weapon("Hand grenade")) == "explosion"
    assert noise_source(rules.weapon("Knife")) is None


def test_pool_against_five_plus_counts_only_fives_and_sixes(rules: RulesData, fig: Fig) -> None:
    # Pool 3W6 [6, 3, 4] vs 5+ → 1 wound: light armour 3+, heavy cover +2, no BR (pistol)
    result = resolve_attack(
        fig("Selma"),
        fig("Raider", name="Raider 3"),
        rules.weapon("Pistol"),
        AttackContext(cover=Cover.HEAVY, burst=False),
        rules,
        ScriptedDice([15, 6, 3]),
    )
    assert narrate(result.events[1], "en") == (
        "Pool 2d6 [6, 3] vs 5+ (light armour 3+, heavy cover +2) → 1 wound (§3.5)"
    )


def test_miss_rolls_no_pool(rules: RulesData, fig: Fig) -> None:
    dice = ScriptedDice([7])
    result = resolve_attack(
        fig("Mira"), fig("Raider"), rules.weapon("Pistol"), AttackContext(), rules, dice
    )
    assert not result.hit and result.wounds == 0 and len(result.events) == 1
    assert (
        narrate(result.events[0], "en")
        == "Mira shoots Raider: d20 7 + 3 = 10 < VW 11 → miss (§3.4)"
    )
    assert dice.remaining == ()


def test_natural_20_hits_and_adds_a_die(rules: RulesData, fig: Fig) -> None:
    weak = fig("Militia").changed(ref=-9)
    result = resolve_attack(
        weak,
        fig("Jonas"),
        rules.weapon("Pistol"),
        AttackContext(),
        rules,
        ScriptedDice([20, 6, 6, 6]),
    )
    assert result.hit and result.critical and len(result.faces) == 3
    assert narrate(result.events[0], "en") == (
        "Militia shoots Jonas: d20 20 − 9 = 11 → natural 20 [Natürliche 20]: critical hit (§3.4)"
    )
    assert narrate(result.events[1], "en") == (
        "Pool 3d6 (2d6 + 1d6 natural 20) [6, 6, 6] vs 4+ (heavy armour 4+) → 3 wounds (§3.5)"
    )


def test_natural_1_misses_and_jams_a_firearm(rules: RulesData, fig: Fig) -> None:
    strong = fig("Mira").changed(ref=30)
    result = resolve_attack(
        strong, fig("Raider"), rules.weapon("Pistol"), AttackContext(), rules, ScriptedDice([1])
    )
    assert not result.hit and result.fumble and result.jammed
    assert result.events[1] == WeaponJammed("Mira", "Pistol")
    assert narrate(result.events[1], "en") == (
        "Mira's Pistol jams [Ladehemmung]: Reload before it fires again (§3.4)"
    )
    bow = resolve_attack(
        strong, fig("Raider"), rules.weapon("Bow"), AttackContext(), rules, ScriptedDice([1])
    )
    assert bow.fumble and not bow.jammed
    melee = resolve_attack(
        strong, fig("Raider"), rules.weapon("Knife"), AttackContext(), rules, ScriptedDice([1])
    )
    assert not melee.jammed


def test_advantage_and_disadvantage(rules: RulesData, fig: Fig) -> None:
    pistol = rules.weapon("Pistol")
    adv = resolve_attack(
        fig("Mira"),
        fig("Raider"),
        pistol,
        AttackContext(aimed=True, behind=True),
        rules,
        ScriptedDice([3, 12, 1, 1]),
    )
    assert adv.events[0].kept == 12 and adv.hit
    assert narrate(adv.events[0], "en") == (
        "Mira shoots Raider: d20 12 (adv [3, 12]) + 3 = 15 ≥ VW 11 → hit; "
        "advantage [Vorteil]: aimed [Zielen], from behind (§3.4)"
    )
    dis = resolve_attack(
        fig("Mira"),
        fig("Raider"),
        pistol,
        AttackContext(long_range=True),
        rules,
        ScriptedDice([3, 12]),
    )
    assert dis.events[0].kept == 3 and not dis.hit
    both = plan_attack(
        fig("Mira"),
        fig("Raider"),
        pistol,
        AttackContext(aimed=True, long_range=True, into_melee=True),
        rules,
    )
    assert both.hit.edge == 0
    suppressed = plan_attack(
        fig("Mira", suppressed=True), fig("Raider"), pistol, AttackContext(), rules
    )
    assert suppressed.hit.edge == -1 and suppressed.hit.disadvantages == ("suppressed",)


def test_attack_bonus_parts(rules: RulesData, fig: Fig) -> None:
    vet = fig("Raider veteran")
    plan = plan_attack(vet, fig("Mira"), rules.weapon("Assault rifle"), AttackContext(), rules)
    assert plan.hit.bonus == 1 + 3 and plan.damage.needed.br == 2
    melee = plan_attack(
        fig("Katz"),
        fig("Mira"),
        rules.weapon("Fire axe"),
        AttackContext(arsenal=True, bonus=-2),
        rules,
    )
    assert melee.hit.bonus == 3 + 1 - 2
    assert dict(melee.hit.bonus_parts) == {"kor": 3, "arsenal": 1, "other": -2}


def test_gang_up_is_a_knob(rules: RulesData, fig: Fig) -> None:
    ctx = AttackContext(gang_up=True)
    knife = rules.weapon("Knife")
    assert plan_attack(fig("Mira"), fig("Raider"), knife, ctx, rules).hit.edge == 1
    off = rules.with_overrides({"attack.gang_up": False})
    assert plan_attack(fig("Mira"), fig("Raider"), knife, ctx, off).hit.edge == 0


# --- pool modifiers -------------------------------------------------------------------


def test_burst_adds_a_die_and_uses_three_ammo(rules: RulesData, fig: Fig) -> None:
    plan = plan_attack(
        fig("Bruno"), fig("Raider"), rules.weapon("Assault rifle"), AttackContext(burst=True), rules
    )
    assert plan.damage.pool == 3 and plan.ammo == 3
    single = plan_attack(
        fig("Bruno"), fig("Raider"), rules.weapon("Assault rifle"), AttackContext(), rules
    )
    assert single.damage.pool == 2 and single.ammo == 1


def test_aus_dem_nichts_from_cover_or_hidden(rules: RulesData, fig: Fig) -> None:
    rifle = rules.weapon("Hunting rifle")
    for ctx, pool in [
        (AttackContext(), 3),
        (AttackContext(attacker_cover=Cover.LIGHT), 4),
        (AttackContext(unaware=True), 4),
    ]:
        assert plan_attack(fig("Mira"), fig("Raider"), rifle, ctx, rules).damage.pool == pool
    # only the Späher has it
    bruno = plan_attack(fig("Bruno"), fig("Raider"), rifle, AttackContext(unaware=True), rules)
    assert bruno.damage.pool == 3


def test_raserei_and_seuchenhauch_change_the_pool(rules: RulesData, fig: Fig) -> None:
    axe = rules.weapon("Fire axe")
    assert (
        plan_attack(fig("Katz"), fig("Raider"), axe, AttackContext(frenzy=True), rules).damage.pool
        == 4
    )
    weak = fig("Katz", weakened=True)
    plan = plan_attack(weak, fig("Raider"), axe, AttackContext(), rules)
    assert plan.damage.pool == 2 and plan.hit.edge == -1


def test_riot_shield_and_shield_wall_raise_the_needed_number(rules: RulesData, fig: Fig) -> None:
    club = rules.weapon("Crowbar")
    pistol = rules.weapon("Pistol")
    jonas = fig("Jonas")
    assert plan_attack(fig("Raider"), jonas, club, AttackContext(), rules).damage.needed.value == 5
    assert (
        plan_attack(fig("Raider"), jonas, pistol, AttackContext(), rules).damage.needed.value == 4
    )
    plan = plan_attack(fig("Raider"), fig("Mira"), pistol, AttackContext(shield_wall=1), rules)
    assert plan.damage.needed.value == 4
    assert needed_text(plan.damage.needed, "en") == "light armour 3+, shield wall [Schildwall] +1"


def test_kein_schmerz_gives_melee_advantage_at_half_tp(rules: RulesData, fig: Fig) -> None:
    axe = rules.weapon("Fire axe")
    assert plan_attack(fig("Katz"), fig("Raider"), axe, AttackContext(), rules).hit.edge == 0
    hurt = fig("Katz", tp=3)
    assert plan_attack(hurt, fig("Raider"), axe, AttackContext(), rules).hit.edge == 1
    pistol = plan_attack(hurt, fig("Raider"), rules.weapon("Pistol"), AttackContext(), rules)
    assert pistol.hit.edge == 0


@pytest.mark.parametrize(
    ("weapon", "ctx", "match"),
    [
        ("Pistol", AttackContext(burst=True), "cannot fire a burst"),
        ("Knife", AttackContext(long_range=True), "ranged attacks only"),
        ("Pistol", AttackContext(gang_up=True), "melee attacks only"),
        ("Knife", AttackContext(frenzy=True), "has no Raserei"),
    ],
)
def test_contradictory_inputs_are_rejected(
    rules: RulesData, fig: Fig, weapon: str, ctx: AttackContext, match: str
) -> None:
    with pytest.raises(AttackInputError, match=match):
        plan_attack(fig("Mira"), fig("Raider"), rules.weapon(weapon), ctx, rules)


# --- keywords and going down ------------------------------------------------------------


def test_wuchtig_pushes_a_wounded_target(rules: RulesData, fig: Fig) -> None:
    ctx = AttackContext(direction=(0.6, 0.8))
    result = resolve_attack(
        fig("Katz"), fig("Bruno"), rules.weapon("Fire axe"), ctx, rules, ScriptedDice([15, 5, 2, 1])
    )
    assert result.push == 3.0 and result.push_direction == (0.6, 0.8)
    assert result.events[-1] == Pushed("Bruno", "Katz", 3.0, (0.6, 0.8))
    assert narrate(result.events[-1], "en") == "Bruno is pushed 3 cm away from Katz [Wuchtig] (§3A)"
    missed = resolve_attack(
        fig("Katz"), fig("Bruno"), rules.weapon("Fire axe"), ctx, rules, ScriptedDice([15, 1, 1, 1])
    )
    assert missed.push == 0 and not any(isinstance(e, Pushed) for e in missed.events)


def test_infektion_marks_the_wounded(rules: RulesData, fig: Fig) -> None:
    result = resolve_attack(
        fig("Shambler"),
        fig("Mira"),
        rules.weapon("Claws"),
        AttackContext(),
        rules,
        ScriptedDice([19, 3, 1]),
    )
    assert result.infected and result.events[-1] == InfectionMarked("Mira", "Claws")


def test_extra_is_out_core_figure_rolls_injury(rules: RulesData, fig: Fig) -> None:
    shotgun = rules.weapon("Shotgun")
    out = resolve_attack(
        fig("Bruno"),
        fig("Raider", tp=3),
        shotgun,
        AttackContext(),
        rules,
        ScriptedDice([18, 6, 6, 6]),
    )
    assert out.incapacitated and out.events[-1] == TakenOut("Raider")
    assert out.target.condition is Condition.OUT
    mira = fig("Mira", tp=1)
    hurt = resolve_attack(
        fig("Raider"), mira, shotgun, AttackContext(), rules, ScriptedDice([18, 6, 1, 1, 12])
    )
    assert hurt.events[-1] == InjuryRolled("Mira", (12,), 12, 1, "Übel", "out_stabilisable", 0)
    assert hurt.target.condition is Condition.OUT_UNSTABLE
    assert narrate(hurt.events[-1], "en") == (
        "Mira rolls on the injury table [Verletzung]: d20 12 + 1 = 13 → bad [Übel]: "
        "out for the battle, First aid can stabilise (§3.9)"
    )


def test_range_bands(rules: RulesData) -> None:
    rifle = rules.weapon("Hunting rifle")  # 60 cm
    assert [range_band(rifle, d, rules) for d in (10, 60, 60.5, 120, 121)] == [
        "normal",
        "normal",
        "long",
        "long",
        None,
    ]
    with pytest.raises(AttackInputError, match="base contact"):
        range_band(rules.weapon("Knife"), 1, rules)
