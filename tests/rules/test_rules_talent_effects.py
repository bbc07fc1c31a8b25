"""What talents do in battle, with scripted dice (rulebook §13.1, docs/RULES.md §13.1).

Each test quotes the rulebook line it checks (German, then the English reading)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from game.dice import ScriptedDice
from game.narration import narrate
from game.odds import attack_odds
from game.play.profiles import inline_profile
from game.rules.abilities import GiftTamed, cast_gift, immune_serum, shield_wall_bonus
from game.rules.ammo import AmmoState
from game.rules.attack import (
    DamageRolled,
    HitWarded,
    Pushed,
    WeaponJammed,
    plan_attack,
    resolve_attack,
)
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData
from game.rules.talent_effects import with_talents
from game.rules.wounds import apply_wounds
from game.scenario import InlineStats

Fig = Callable[..., Combatant]


def talented(rules: RulesData, name: str, *talents: str) -> Combatant:
    """A combatant of profile `name` that took `talents` (checked and canonical)."""
    prof = rules.profile(name)
    taken = rules.figure_talents(talents, prof.archetype, prof.weapons)
    return Combatant.from_profile(with_talents(replace(prof, talents=taken), rules), rules)


# --- on the profile ---------------------------------------------------------------------


def test_zaeh_schattenschritt_neue_gabe_and_the_bomb_on_the_profile(rules: RulesData) -> None:
    """Rulebook: "Zäh — +1 TP zusätzlich (max. 2×)" (Tough: +1 TP, at most twice);
    "Schattenschritt — +5 cm Bewegung" (Shadow step: +5 cm move); "Neue Gabe" (a gift);
    "Improvisierte Bombe — 1×/Einsatz eine gebaute Sprengladung" (one built charge)."""
    bruno = rules.profile("Bruno")
    tough = with_talents(replace(bruno, talents=("Zäh", "Zäh")), rules)
    assert (bruno.tp, tough.tp) == (7, 9)
    mira = rules.profile("Mira")
    assert with_talents(replace(mira, talents=("Schattenschritt",)), rules).move == mira.move + 5
    selma = with_talents(replace(rules.profile("Selma"), talents=("Neue Gabe:Schleier",)), rules)
    assert selma.gifts == ("Schleier",)
    ferdl = rules.profile("Ferdl")
    plain = replace(ferdl, loadouts=(("Shotgun", "Crowbar"),), talents=(BOMB,))
    assert with_talents(plain, rules).weapons == ("Shotgun", "Crowbar", "Improvised bomb")
    carried = with_talents(replace(ferdl, talents=(BOMB,)), rules)
    assert carried.weapons.count("Improvised bomb") == 1  # he already carries one


BOMB = "Improvisierte Bombe"


def test_inline_talents_replace_the_bases_and_add_to_given_values(rules: RulesData) -> None:
    """Inline stats start from the base's values before its talents (P): TP 8 given with
    Zäh is 9; a base that took Zäh but whose talents are replaced loses its +1."""
    stats = InlineStats(base="Bruno", TP=8, talents=["Zäh"])
    assert inline_profile(stats, rules).tp == 9
    tough = InlineStats(base="Bruno", talents=["Zäh"])
    assert inline_profile(tough, rules).tp == 8
    assert inline_profile(InlineStats(base="Bruno", talents=[]), rules).tp == 7


# --- attacks ---------------------------------------------------------------------------


def test_waffengriff_adds_one_with_its_class_only(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Waffengriff — wähle eine Waffengattung: +1 auf Angriffswürfe damit" (Weapon grip:
    choose a weapon class: +1 to attack rolls with it)."""
    mira = talented(rules, "Mira", "Waffengriff: rifles")
    raider = fig("Raider")
    rifle = plan_attack(mira, raider, rules.weapon("Hunting rifle"), AttackContext(), rules)
    knife = plan_attack(mira, raider, rules.weapon("Knife"), AttackContext(), rules)
    plain = plan_attack(fig("Mira"), raider, rules.weapon("Hunting rifle"), AttackContext(), rules)
    assert rifle.hit.bonus == plain.hit.bonus + 1
    assert ("waffengriff", 1) in rifle.hit.bonus_parts
    assert (
        knife.hit.bonus
        == plan_attack(fig("Mira"), raider, rules.weapon("Knife"), AttackContext(), rules).hit.bonus
    )
    # the odds read the same plan: 14 + 3 + 1 ≥ VW 11 → hit on 7+, 14 of 20 faces
    assert attack_odds(
        mira, raider, rules.weapon("Hunting rifle"), AttackContext(), rules
    ).p_hit == pytest.approx(14 / 20)


def test_waffenmeister_br_or_wuchtig(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Waffenmeister — eine deiner Waffen erhält dauerhaft +1 Bruch oder Wuchtig"
    (Weapon master: one of its weapons gets +1 BR or Wuchtig for good)."""
    machete = rules.weapon("Machete")
    raider = fig("Raider")  # light armour 3+
    br = talented(rules, "Bruno", "Waffenmeister: Machete")
    assert plan_attack(br, raider, machete, AttackContext(), rules).damage.needed.value == 2
    assert (
        plan_attack(fig("Bruno"), raider, machete, AttackContext(), rules).damage.needed.value == 2
    )
    jonas = fig("Jonas")  # heavy 4+: BR 1 → 3+, BR 2 → 2+
    assert plan_attack(br, jonas, machete, AttackContext(), rules).damage.needed.value == 3
    assert (
        plan_attack(fig("Bruno"), jonas, machete, AttackContext(), rules).damage.needed.value == 4
    )
    heavy = talented(rules, "Bruno", "Waffenmeister: Machete: Wuchtig")
    ctx = AttackContext(direction=(1.0, 0.0))
    result = resolve_attack(heavy, raider, machete, ctx, rules, ScriptedDice([15, 6, 1]))
    assert [type(e) for e in result.events if isinstance(e, Pushed)] == [Pushed]
    assert result.push == rules.knobs.attack.wuchtig_push
    plain = resolve_attack(fig("Bruno"), raider, machete, ctx, rules, ScriptedDice([15, 6, 1]))
    assert plain.push == 0


def test_kopfschuss_adds_a_die_after_aim(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Kopfschuss — nach der Aktion Zielen macht dein nächster Schuss +1W6" (Headshot:
    after Aim its next shot gets +1W6)."""
    mira = talented(rules, "Mira", "Kopfschuss")
    rifle = rules.weapon("Hunting rifle")
    aimed = plan_attack(mira, fig("Raider"), rifle, AttackContext(aimed=True), rules)
    unaimed = plan_attack(mira, fig("Raider"), rifle, AttackContext(), rules)
    assert (aimed.damage.pool, unaimed.damage.pool) == (4, 3)
    result = resolve_attack(
        mira,
        fig("Raider"),
        rifle,
        AttackContext(aimed=True),
        rules,
        ScriptedDice([3, 15, 1, 2, 3, 6]),
    )
    rolled = next(e for e in result.events if isinstance(e, DamageRolled))
    assert dict(rolled.pool_parts) == {"weapon": 3, "kopfschuss": 1}
    assert narrate(rolled, "en").startswith("Pool 4d6 (3d6 + 1d6 headshot [Kopfschuss])")


def test_ueberladen_adds_a_die_and_fumbles_on_one_or_two(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Überladen — eine Waffe feuert mit +1W6, riskiert danach Ladehemmung (Patzer schon
    auf 1–2)" (Overcharge: a weapon fires with +1W6, then risks jams: a fumble on 1–2)."""
    ferdl = talented(rules, "Ferdl", "Überladen: Shotgun")
    shotgun = rules.weapon("Shotgun")
    plan = plan_attack(ferdl, fig("Raider"), shotgun, AttackContext(), rules)
    assert plan.damage.pool == 4 and plan.hit.fumble_max == 2
    two = resolve_attack(ferdl, fig("Raider"), shotgun, AttackContext(), rules, ScriptedDice([2]))
    assert (two.hit, two.fumble, two.jammed) == (False, True, True)
    assert any(isinstance(e, WeaponJammed) for e in two.events)
    plain = resolve_attack(
        fig("Ferdl"), fig("Raider"), shotgun, AttackContext(), rules, ScriptedDice([2])
    )
    assert (plain.fumble, plain.jammed) == (False, False)
    odds = attack_odds(ferdl, fig("Raider"), shotgun, AttackContext(), rules)
    assert odds.p_fumble == pytest.approx(2 / 20)


def test_blutrausch_gives_two_frenzy_dice(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Blutrausch+ — Raserei gibt +2W6 im Nahkampf (statt +1)" (Blood frenzy+: Raserei
    gives +2W6 in melee instead of +1)."""
    axe = rules.weapon("Fire axe")
    ctx = AttackContext(frenzy=True)
    katz = talented(rules, "Katz", "Blutrausch+")
    assert plan_attack(katz, fig("Raider"), axe, ctx, rules).damage.pool == 5
    assert plan_attack(fig("Katz"), fig("Raider"), axe, ctx, rules).damage.pool == 4


# --- defences and counters -------------------------------------------------------------


def test_bollwerk_gives_two_ws_in_the_shield_wall(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Bollwerk — Schildwall gibt +2 Wundschwelle statt +1" (Bulwark: Schildwall gives
    +2 WS instead of +1)."""
    assert shield_wall_bonus([fig("Jonas")], rules) == 1
    assert shield_wall_bonus([talented(rules, "Jonas", "Bollwerk")], rules) == 2
    assert shield_wall_bonus([fig("Jonas"), talented(rules, "Jonas", "Bollwerk")], rules) == 2


def test_leibwache_and_unbaendig_counters(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Leibwache — Abfangen 2×/Runde" (Bodyguard: Abfangen twice per round); "Unbändig —
    unter halber TP ignorierst du 2 Wunden pro Runde (statt 1)" (Untamed: below half TP
    it ignores 2 wounds per round instead of 1)."""
    assert fig("Jonas").intercepts_left == 1
    assert talented(rules, "Jonas", "Leibwache").intercepts_left == 2
    katz = talented(rules, "Katz", "Unbändig")  # TP 7
    d = apply_wounds(katz, 6, rules)  # 7→3, then two ignored
    assert (d.target.tp, d.ignored) == (3, 2)
    assert apply_wounds(fig("Katz"), 6, rules).target.tp == 2


def test_fels_in_der_brandung_wards_off_one_hit(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Fels in der Brandung — 1×/Kampf einen Treffer, der dich verwunden würde, ganz
    abwehren" (Rock in the surf: once per battle a hit that would wound it is warded off
    entirely; P: the first such hit)."""
    bruno = talented(rules, "Bruno", "Fels in der Brandung")
    assert bruno.fels_left == 1
    pistol = rules.weapon("Pistol")
    miss = resolve_attack(
        fig("Mira"), bruno, pistol, AttackContext(), rules, ScriptedDice([19, 1, 1])
    )
    assert miss.target.fels_left == 1  # no die wounded: nothing to ward off
    first = resolve_attack(
        fig("Mira"), bruno, pistol, AttackContext(), rules, ScriptedDice([19, 6, 6])
    )
    assert first.target.tp == 7 and first.target.fels_left == 0
    warded = next(e for e in first.events if isinstance(e, HitWarded))
    assert narrate(warded, "en") == (
        "Bruno wards off the hit [Fels in der Brandung]: its wounds (2) are ignored (§13.1)"
    )
    second = resolve_attack(
        fig("Mira"), first.target, pistol, AttackContext(), rules, ScriptedDice([19, 6, 6])
    )
    assert second.target.tp == 5


# --- abilities --------------------------------------------------------------------------


def test_heilkunst_heals_one_w6(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Heilkunst — Immunserum heilt 1W6 statt 1W3 TP" (Healing art: Immunserum
    heals 1W6 instead of 1W3 TP). Scripted die 5: 1W6 → 5 (1W3 would read it as 3)."""
    selma = talented(rules, "Selma", "Heilkunst")
    after, event = immune_serum(selma, fig("Bruno", tp=1), "heal", rules, ScriptedDice([5]))
    assert (after.tp, event.healed) == (6, 5)
    plain, _ = immune_serum(fig("Selma"), fig("Bruno", tp=1), "heal", rules, ScriptedDice([5]))
    assert plain.tp == 4


def test_baendigung_takes_the_strain_of_one_gift_that_would_go_over(
    rules: RulesData, fig: Fig
) -> None:
    """Rulebook: "Bändigung — 1×/Kampf eine Gabe wirken, ohne Belastung zu nehmen"
    (Taming: once per battle cast a gift without taking strain; P: the first gift whose
    strain would go over the limit, so no backlash die is rolled)."""
    oda = talented(rules, "Oda", "Bändigung").changed(strain=2)  # WIL 3: limit 6
    under = cast_gift(oda, "Grauen", rules, ScriptedDice())
    assert (under.figure.strain, under.figure.taming_left) == (3, 1)
    at_limit = oda.changed(strain=6)
    tamed = cast_gift(at_limit, "Grauen", rules, ScriptedDice())
    assert (tamed.figure.strain, tamed.figure.taming_left, tamed.backlash) == (6, 0, None)
    assert isinstance(tamed.events[1], GiftTamed)
    assert narrate(tamed.events[1], "en") == (
        "Oda tames the gift [Bändigung]: it costs no strain (§13.1)"
    )
    again = cast_gift(tamed.figure, "Grauen", rules, ScriptedDice([6]))
    assert again.figure.strain == 7  # used up: strain and a backlash roll


def test_feuerdisziplin_single_shots_lose_the_long_range_disadvantage(
    rules: RulesData, fig: Fig
) -> None:
    """Rulebook: "Feuerdisziplin — kontrollierte Einzelschüsse mit Automatikwaffen ohne den
    Munitions- und Weit-Malus" (Fire discipline: controlled single shots with automatic
    weapons without the ammo and the long-range malus). Its bursts keep both."""
    rifle = rules.weapon("Assault rifle")
    far = AttackContext(long_range=True)
    disciplined = talented(rules, "Bruno", "Feuerdisziplin")
    shot = plan_attack(disciplined, fig("Raider"), rifle, far, rules)
    assert shot.hit.disadvantages == () and shot.ammo == 1
    burst = plan_attack(disciplined, fig("Raider"), rifle, replace(far, burst=True), rules)
    assert burst.hit.disadvantages == ("long_range",) and burst.ammo == 3
    plain = plan_attack(fig("Bruno"), fig("Raider"), rifle, far, rules)
    assert plain.hit.disadvantages == ("long_range",)
    pistol = plan_attack(disciplined, fig("Raider"), rules.weapon("Pistol"), far, rules)
    assert pistol.hit.disadvantages == ("long_range",)  # not an automatic weapon


def test_feldwerkstatt_bursts_cost_one_less(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Feldwerkstatt — die Gruppe verbraucht 1 Munition weniger je
    Automatik-Stoß" (Field workshop: the group uses 1 ammo less per burst)."""
    rifle = rules.weapon("Assault rifle")
    ctx = AttackContext(burst=True, burst_discount=1)
    plan = plan_attack(fig("Bruno"), fig("Raider"), rifle, ctx, rules)
    assert plan.ammo == 2
    result = resolve_attack(
        fig("Bruno"), fig("Raider"), rifle, ctx, rules, ScriptedDice([2]), ammo=AmmoState(2, 3)
    )
    assert result.ammo == AmmoState(0, 0) and result.ammo_used == 2


def test_todestrotz_puts_the_fall_off_and_the_odds_know_it(rules: RulesData, fig: Fig) -> None:
    """Rulebook: "Todestrotz — fällst du auf 0 TP, bleibst du eine letzte Aktivierung
    stehen, bevor die Verletzung greift" (Defiance of death: falling to 0 TP it stays
    standing for a last activation before the injury takes hold). The odds panel shows
    no take-down while the Berserker can defy (P: once a battle)."""
    katz = talented(rules, "Katz", "Todestrotz")
    assert katz.defiance_left == 1
    low = replace(katz, tp=1)
    axe = rules.weapon("Fire axe")
    assert attack_odds(fig("Bruno"), low, axe, AttackContext(), rules).p_takedown == 0.0
    spent = replace(low, defiance_left=0)
    down = attack_odds(fig("Bruno"), spent, axe, AttackContext(), rules).p_takedown
    assert down is not None and down > 0.5
    dice = ScriptedDice([19, 6, 6, 6, 6, 6])
    hit = resolve_attack(fig("Bruno"), low, axe, AttackContext(), rules, dice)
    assert (hit.target.tp, hit.target.condition.value, hit.target.defiant) == (0, "standing", True)
