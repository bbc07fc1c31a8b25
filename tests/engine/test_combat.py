"""The Attack action through the engine: sight, range, cover, ammo, jams, bursts,
melee contact, noise, aim, and what casualties set off (docs/RULES.md §5, §7, §8, §9)."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Attack, IllegalAction, Reload
from game.dice import ScriptedDice
from game.narration import narrate
from game.play import combat, noise
from game.play.combat_events import AttackMade
from game.play.noise import NoiseChecked, NoiseMade
from game.rules.ammo import AmmoSpent
from game.rules.attack import DamageRolled, ToHitRolled, WeaponJammed
from game.rules.combatant import Condition
from game.rules.injury import InjuryRolled, TakenOut
from game.rules.morale import MoraleTested
from game.rules.wounds import WoundsTaken
from game.state import Presence

BARRICADE = ("bar", "barricade", rect(20, 26, 40, 27))


def test_rulebook_example_heavy_armour_behind_heavy_cover_needs_6() -> None:
    # RULES §5.2: heavy armour 4+ behind heavy cover +2 → 6+. The Raider (REF +1)
    # shoots Jonas over a barricade: W20 15 + 1 = 16 ≥ VW 10; pool [6, 5] → 1 wound.
    scen = scenario(
        [Fig("a", "r1", (30, 10), "Raider", facing=90), Fig("b", "jonas", (30, 30), "Jonas")],
        modules=[BARRICADE],
    )
    game = start(scen, "r1")
    events = play(game, Attack("r1", "jonas", "Pistol"), [15, 6, 5])
    made = of(events, AttackMade)[0]
    assert (made.cover, made.distance, made.visible_fraction) == (2, 17.5, 1.0)
    damage = of(events, DamageRolled)[0]
    assert damage.needed.value == 6 and damage.faces == (6, 5) and damage.wounds == 1
    assert "heavy armour 4+, heavy cover +2" in narrate(damage, "en")
    assert game.state.figures["jonas"].tp == 6


def test_rulebook_example_with_a_br2_sniper_rifle_needs_4() -> None:
    sniper = Fig("a", "r1", (30, 10), stats={"base": "Raider", "weapons": ["Sniper rifle"]})
    scen = scenario([sniper, Fig("b", "jonas", (30, 30), "Jonas")], modules=[BARRICADE])
    game = start(scen, "r1")
    events = play(game, Attack("r1", "jonas", "Sniper rifle"), [15, 4, 3, 6])
    damage = of(events, DamageRolled)[0]
    assert damage.needed.value == 4 and damage.wounds == 2
    assert game.state.figures["jonas"].tp == 5


def test_a_ranged_attack_without_line_of_sight_is_illegal_and_changes_nothing() -> None:
    scen = scenario(
        [Fig("a", "r1", (30, 10), "Raider"), Fig("b", "jonas", (30, 30), "Jonas")],
        terrain=[("wall", "wall", rect(20, 19, 40, 21))],
    )
    game = start(scen, "r1")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="no line of sight"):
        play(game, Attack("r1", "jonas", "Pistol"), [])
    assert game.to_dict() == before
    assert not any(isinstance(a, Attack) for a in game.legal_actions())


def test_long_range_gives_disadvantage_two_faces_lower_kept() -> None:
    # Hunting rifle range 60; the bases are 70 cm apart: long range (≤ 120).
    # W20 [15, 4] with disadvantage keeps 4: 4 + 3 = 7 < VW 11 → miss.
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 82.5), "Raider", facing=270)],
        height=100,
    )
    game = start(scen, "mira")
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [15, 4])
    hit = of(events, ToHitRolled)[0]
    assert (hit.faces, hit.kept, hit.outcome) == ((15, 4), 4, "failure")
    assert hit.disadvantages == ("long_range",)
    assert of(events, AttackMade)[0].long_range
    assert not of(events, DamageRolled)
    mira = game.state.figures["mira"]
    assert (mira.ammo, mira.weapon("Hunting rifle").loaded) == (5, 2)


def test_beyond_twice_the_range_is_illegal() -> None:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 140), "Raider")], height=150
    )
    game = start(scen, "mira")
    with pytest.raises(IllegalAction, match="beyond 2 × the Hunting rifle's range"):
        play(game, Attack("mira", "r1", "Hunting rifle"))


def test_a_natural_1_jams_the_firearm_until_reload() -> None:
    scen = scenario([Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 40), "Raider")])
    game = start(scen, "mira")
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [1])
    assert of(events, WeaponJammed) and of(events, ToHitRolled)[0].outcome == "fumble"
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    assert mira.weapon("Hunting rifle").jammed and mira.ammo == 5
    problem = combat.attack_problem(game, mira, r1, "Hunting rifle")
    assert problem is not None and problem.key == "ammo.jammed"
    game.state.spent["mira"].clear()  # as in a later activation: only the jam stops it
    assert not any(
        isinstance(a, Attack) and a.weapon == "Hunting rifle" for a in combat.legal(game, mira)
    )
    play(game, Reload("mira", "Hunting rifle"), [11])  # the jam test 11 + VER 1 ≥ 12 clears it
    assert not mira.weapon("Hunting rifle").jammed
    assert combat.attack_problem(game, mira, r1, "Hunting rifle") is None


def test_a_shot_that_jams_is_still_heard() -> None:
    """A Laut weapon fired, even if the natural 1 jammed it: it leaves its noise marker
    and the round-end noise roll is due (§8)."""
    scen = scenario([Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 40), "Raider")])
    game = start(scen, "mira")
    assert not game.state.loud_fired
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [1])
    assert of(events, WeaponJammed)
    [made] = of(events, NoiseMade)
    assert (made.source, made.x, made.y, made.radius, made.figure) == (
        "firearm",
        10.0,
        10.0,
        60.0,
        "mira",
    )
    assert [(m.source, m.radius) for m in game.state.noise] == [("firearm", 60.0)]
    assert game.state.loud_fired
    game.dice = ScriptedDice([5])  # round end: the noise roll is made, W6 5 > 2: quiet
    assert noise.round_end_check(game) == [NoiseChecked(5, 2, "quiet")]


def test_a_burst_uses_three_ammo_and_adds_one_w6() -> None:
    # Assault rifle: 2W6 BR 1 + 1W6 burst against light armour 3+ → 2+.
    scen = scenario([Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (10, 40), "Raider")])
    game = start(scen, "bruno")
    events = play(game, Attack("bruno", "r1", "Assault rifle", burst=True), [15, 1, 2, 1])
    damage = of(events, DamageRolled)[0]
    assert damage.faces == (1, 2, 1) and dict(damage.pool_parts) == {"weapon": 2, "burst": 1}
    assert damage.wounds == 1
    assert of(events, AmmoSpent)[0].used == 3
    bruno = game.state.figures["bruno"]
    assert (bruno.ammo, bruno.weapon("Assault rifle").loaded) == (3, 2)


def test_ammo_runs_out() -> None:
    scen = scenario([Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (10, 40), "Raider")])
    game = start(scen, "bruno")
    bruno, r1 = game.state.figures["bruno"], game.state.figures["r1"]
    bruno.ammo = 2
    problem = combat.attack_problem(game, bruno, r1, "Assault rifle", burst=True)
    assert str(problem) == "not enough ammo for a burst with the Assault rifle (2 left)"
    bruno.ammo = 1
    play(game, Attack("bruno", "r1", "Assault rifle"), [2])  # a miss, the last shot
    assert bruno.ammo == 0 and bruno.weapon("Assault rifle").loaded == 0
    problem = combat.attack_problem(game, bruno, r1, "Assault rifle")
    assert str(problem) == "the Assault rifle's magazine is empty: Reload first"
    assert not any(isinstance(a, Attack) for a in combat.legal(game, bruno))  # melee only


def test_melee_needs_base_contact() -> None:
    scen = scenario(
        [Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (10, 15), "Raider", facing=270)]
    )
    game = start(scen, "bruno")
    with pytest.raises(IllegalAction, match=r"melee needs base contact; R1 is 2\.5 cm away"):
        play(game, Attack("bruno", "r1", "Machete"))
    r1 = game.state.figures["r1"]
    r1.y = 12.9  # 0.4 cm between the bases: in contact
    assert Attack("bruno", "r1", "Machete") in game.legal_actions()
    # KÖR 3: 15 + 3 = 18 ≥ 11; machete 2W6 BR 1 vs light 3+ → 2+: two wounds.
    events = play(game, Attack("bruno", "r1", "Machete"), [15, 4, 2])
    assert of(events, WoundsTaken)[0].tp_after == 2
    assert game.state.noise == []  # a blade is Leise


def test_a_laut_shot_leaves_a_noise_marker_a_leise_one_does_not() -> None:
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira"),
            Fig("a", "oda", (20, 10), "Oda"),
            Fig("b", "r1", (10, 40), "Raider", facing=270),
        ]
    )
    game = start(scen, "mira")
    play(game, Attack("mira", "r1", "Hunting rifle"), [2])
    [marker] = game.state.noise
    assert (marker.x, marker.y, marker.radius, marker.source) == (10, 10, 60.0, "firearm")
    assert game.state.loud_fired
    game.dice = ScriptedDice([2])  # Oda's crossbow (Leise) misses
    oda, r1 = game.state.figures["oda"], game.state.figures["r1"]
    events = combat.attack(game, oda, r1, "Crossbow")
    assert of(events, ToHitRolled)[0].outcome == "failure"
    assert oda.weapon("Crossbow").loaded == 0  # Nachladen: magazine 1
    assert len(game.state.noise) == 1


def test_aim_gives_advantage_and_is_used_up() -> None:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 40), "Raider", facing=270)]
    )
    game = start(scen, "mira")
    mira = game.state.figures["mira"]
    mira.aimed = 2
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [3, 9, 1, 1, 1])
    hit = of(events, ToHitRolled)[0]
    assert (hit.faces, hit.kept, hit.advantages) == ((3, 9), 9, ("aimed",))
    assert mira.aimed == 0


def test_the_attacker_turns_toward_its_target() -> None:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (40, 10), "Raider", facing=180)]
    )
    game = start(scen, "mira")
    play(game, Attack("mira", "r1", "Hunting rifle"), [2])
    assert game.state.figures["mira"].facing == pytest.approx(0.0)


def test_killing_half_the_squad_sets_off_a_morale_test_and_failures_are_suppressed() -> None:
    # Natural 20: 3W6 + 1W6; four sixes take the Raider's 4 TP; it is an extra: out.
    # Its squad is down to 1 of 2: r2 tests W20 5 + WIL 0 < 12 → suppressed.
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira"),
            Fig("b", "r1", (10, 40), "Raider", facing=270),
            Fig("b", "r2", (30, 40), "Raider", facing=270),
        ]
    )
    game = start(scen, "mira")
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [20, 6, 6, 6, 6, 5])
    r1, r2 = game.state.figures["r1"], game.state.figures["r2"]
    assert of(events, TakenOut) and r1.condition is Condition.OUT
    assert r1.presence is Presence.GONE
    [test] = of(events, MoraleTested)
    assert (test.who, test.kept, test.success) == ("R2", 5, False)
    assert r2.suppressed and game.state.squads["sb"].half_tested


def test_an_incapacitated_core_figure_rolls_on_the_injury_table() -> None:
    # Shotgun 3W6 + 1W6 (natural 20) against Selma (no armour 2+, TP 4): four wounds.
    # Injury W20 16 + KÖR 0 = 16 → Streifschuss: down. Mira (same squad) tests morale: 15 holds.
    shotgun = Fig("a", "r1", (10, 10), stats={"base": "Raider", "weapons": ["Shotgun"]})
    scen = scenario(
        [
            shotgun,
            Fig("b", "selma", (10, 30), "Selma", facing=270),
            Fig("b", "mira", (40, 50), "Mira"),
        ]
    )
    game = start(scen, "r1")
    events = play(game, Attack("r1", "selma", "Shotgun"), [20, 6, 6, 6, 6, 16, 15])
    [injury] = of(events, InjuryRolled)
    assert (injury.kept, injury.modifier, injury.effect) == (16, 0, "down")
    selma = game.state.figures["selma"]
    assert selma.condition is Condition.DOWN and selma.tp == 0 and selma.on_table
    assert of(events, MoraleTested)[0].success


def test_only_standing_enemies_can_be_targeted() -> None:
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira"),
            Fig("a", "bruno", (20, 10), "Bruno"),
            Fig("b", "r1", (10, 40), "Raider"),
        ]
    )
    game = start(scen, "mira")
    with pytest.raises(IllegalAction, match="on Mira's side"):
        play(game, Attack("mira", "bruno", "Hunting rifle"))
    with pytest.raises(IllegalAction, match="carries no Pistol"):
        play(game, Attack("mira", "r1", "Pistol"))
    game.state.figures["r1"].condition = Condition.DOWN
    with pytest.raises(IllegalAction, match="not standing"):
        play(game, Attack("mira", "r1", "Hunting rifle"))
    with pytest.raises(IllegalAction, match="no figure or terrain piece 'ghost'"):
        play(game, Attack("mira", "ghost", "Knife"))
