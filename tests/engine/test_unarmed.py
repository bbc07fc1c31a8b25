"""Fists [Fäuste] (RULES.md §5.4 "Fists / improvised", 1W6, Leise): a figure carrying
no melee weapon strikes with the unarmed weapon the knob melee.unarmed_weapon names —
in the Attack, the charge, the coup-de-grâce and the free attack on withdrawal; a
figure carrying a melee weapon, and the infected, get none. Dice are scripted."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, scenario, start

from ai.scoring import arms
from ai.tactical import TacticalAI
from game.actions import Attack, Charge, FinishOff, IllegalAction, Move
from game.engine import Game
from game.narration import narrate
from game.odds import attack_odds
from game.play import bridge, combat, context
from game.play.combat_events import AttackMade, FinishedOff
from game.play.movement import Charged, FreeAttack
from game.rules.attack import DamageRolled, ToHitRolled
from game.rules.combatant import Condition
from game.rules.loader import RulesDataError, load_rules
from game.rules.wounds import WoundsTaken
from tests.ai.kit import drive_to
from tests.ai.kit import scene as ai_scene


def _duel(*, knob: str | None = None) -> Game:
    """A pistol-only militia (its default loadout) in base contact with a raider that
    faces it (no attack from behind); `knob`: melee.unarmed_weapon for this game."""
    scen = scenario(
        [
            Fig("a", "m", (10, 10), "Militia"),
            Fig("b", "r1", (12.6, 10), "Raider", facing=180),  # 0.1 cm: in contact
            Fig("b", "r2", (50, 50), "Raider"),
        ]
    )
    game = start(scen, "m")
    if knob is not None:
        game.rules = game.rules.with_overrides({"melee.unarmed_weapon": knob})
    return game


def _mine(game: Game, kinds: tuple[type, ...] = (Attack, Charge, FinishOff)) -> list[object]:
    return [a for a in game.legal_actions() if isinstance(a, kinds) and a.figure == "m"]


def test_a_pistol_militia_strikes_with_its_fists_1w6() -> None:
    game = _duel()
    assert Attack("m", "r1", "Fists") in _mine(game)
    assert Attack("m", "r1", "Pistol") in _mine(game)
    # W20 12 + 0 ≥ VW 11 → hit; 1W6 [4] vs light armour 3+ → 1 wound.
    events = play(game, Attack("m", "r1", "Fists / improvised"), [12, 4])
    [made] = of(events, AttackMade)
    assert (made.weapon, made.mode) == ("Fists", "action")
    [hit] = of(events, ToHitRolled)
    assert (hit.faces, hit.target, hit.weapon_type, hit.outcome) == ((12,), 11, "melee", "success")
    [damage] = of(events, DamageRolled)
    assert (damage.pool_parts, damage.faces, damage.needed.value) == ((("weapon", 1),), (4,), 3)
    assert of(events, WoundsTaken)[0].tp_after == 3 == game.state.figures["r1"].tp
    assert narrate(made, "en").startswith("M attacks R1 with the Fists")
    assert "Fäuste" in narrate(made, "de")
    assert not game.state.noise  # Leise: no noise marker


def test_the_odds_of_a_fist_attack_come_from_the_same_rules() -> None:
    game = _duel()
    m, r1 = game.state.figures["m"], game.state.figures["r1"]
    assert combat.attack_problem(game, m, r1, "Fists") is None
    fists = game.rules.weapon("Fists")
    ctx = context.measure(game, m, r1, fists).ctx
    attacker, target = bridge.combatant(game, m), bridge.combatant(game, r1)
    odds = attack_odds(attacker, target, fists, ctx, game.rules)
    # W20 11–19 hits (9/20) with 1W6 ≥ 3 (4/6); a natural 20 adds 1W6 (2 × 4/6).
    assert odds.expected_wounds == pytest.approx(9 / 20 * 4 / 6 + 1 / 20 * 8 / 6)
    far = game.state.figures["r2"]
    assert str(combat.attack_problem(game, m, far, "Fists")) == (
        "melee needs base contact; R2 is 54.1 cm away (§5.1)"
    )


def test_a_pistol_militia_charges_with_its_fists() -> None:
    scen = scenario(
        [
            Fig("a", "m", (10, 10), "Militia"),
            Fig("b", "r1", (10, 20), "Raider", facing=270),  # facing the militia
            Fig("b", "r2", (50, 50), "Raider"),
        ]
    )
    game = start(scen, "m")
    assert _mine(game, (Charge,)) == [Charge("m", "r1", "Fists")]
    events = play(game, Charge("m", "r1", "fists / improvised"), [12, 4])
    assert of(events, Charged) == [Charged("m", "r1", "Fists", 7.25)]
    [made] = of(events, AttackMade)
    assert (made.weapon, made.mode) == ("Fists", "charge")
    assert of(events, DamageRolled)[0].faces == (4,)
    assert game.state.figures["r1"].tp == 3


def test_a_pistol_militia_strikes_a_withdrawing_enemy_with_its_fists() -> None:
    scen = scenario(
        [
            Fig("a", "m", (10, 10), "Militia", facing=0),
            Fig("b", "mira", (12.6, 10), "Mira", facing=180),
            Fig("a", "m2", (50, 50), "Militia"),
        ]
    )
    game = start(scen, "mira")
    # Mira walks off: the militia strikes first, W20 15 ≥ VW 13, 1W6 [5] vs 3+.
    events = play(game, Move("mira", (20.0, 10.0)), [15, 5])
    assert of(events, FreeAttack) == [FreeAttack("m", "mira", "Fists")]
    assert of(events, AttackMade)[0].mode == "free"
    [hit] = of(events, ToHitRolled)
    assert (hit.faces, hit.target, hit.outcome) == ((15,), 13, "success")
    assert of(events, DamageRolled)[0].wounds == 1
    mira = game.state.figures["mira"]
    assert (mira.tp, mira.pos) == (mira.max_tp - 1, pytest.approx((20.0, 10.0)))


def test_a_pistol_militia_finishes_off_with_its_fists() -> None:
    game = _duel()
    r1 = game.state.figures["r1"]
    r1.tp, r1.condition = 0, Condition.DOWN
    assert FinishOff("m", "r1", "Fists") in _mine(game)
    events = play(game, FinishOff("m", "r1", "Fists"))  # no roll
    assert events[0] == FinishedOff("m", "r1", "Fists", Condition.DOWN.value)


def test_a_figure_with_a_knife_gets_no_fists() -> None:
    scen = scenario(
        [
            Fig("a", "selma", (10, 10), "Selma"),  # pistol and knife
            Fig("b", "r1", (12.6, 10), "Raider", facing=180),
        ]
    )
    game = start(scen, "selma")
    selma = game.state.figures["selma"]
    assert [w.name for w in bridge.weapons(game, selma)] == ["Pistol", "Knife"]
    offered = [a for a in game.legal_actions() if isinstance(a, Attack | Charge | FinishOff)]
    assert Attack("selma", "r1", "Knife") in offered
    assert not [a for a in offered if a.weapon == "Fists"]
    with pytest.raises(IllegalAction, match="Selma carries no Fists"):
        game.apply(Attack("selma", "r1", "Fists"))


def test_the_infected_fight_with_their_own_claws_only() -> None:
    rules = load_rules()
    shambler = scenario([Fig("b", "s", (10, 10), "Shambler"), Fig("a", "m", (40, 40), "Militia")])
    game = start(shambler, "m")
    assert [w.name for w in bridge.weapons(game, game.state.figures["s"])] == ["Claws"]
    assert [w.name for w in rules.arms(["Pistol"], "infected")] == ["Pistol"]
    assert [w.name for w in rules.arms(["Pistol"], "raiders")] == ["Pistol", "Fists"]


def test_the_ai_counts_the_fists_among_the_militias_arms() -> None:
    game = _duel()
    names = [a.weapon.name for a in arms(game, game.state.figures["m"])]
    assert names == ["Pistol", "Fists"]
    assert [a.weapon.name for a in arms(game, game.state.figures["m"], melee=False)] == ["Pistol"]


def test_the_tactical_ai_charges_with_fists_when_the_pistol_is_useless() -> None:
    sc = ai_scene([("a", "r1", "Raider", 30, 42), ("b", "m", "Militia", 30, 30)])
    game = drive_to(Game(sc, seed=1), "m")
    pistol = game.state.figures["m"].weapon("Pistol")
    pistol.jammed, game.state.figures["m"].ammo = True, 0
    game.state.figures["r1"].tp = 1
    assert TacticalAI().choose(game) == Charge("m", "r1", "Fists")


def test_the_knob_names_the_unarmed_weapon_or_turns_it_off() -> None:
    game = _duel(knob="Knife")  # a designer's choice: everyone has a knife
    assert Attack("m", "r1", "Knife") in _mine(game)
    events = play(game, Attack("m", "r1", "Knife"), [12, 4, 2])
    assert of(events, DamageRolled)[0].faces == (4, 2)
    for none in ("", "None"):  # "none" for a command line's --set
        off = _duel(knob=none)
        assert off.rules.unarmed() is None
        assert not [a for a in _mine(off) if a.weapon != "Pistol"]
        with pytest.raises(IllegalAction, match="M carries no Fists"):
            off.apply(Attack("m", "r1", "Fists"))


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("Pistol", "'Pistol' is a ranged weapon; the unarmed weapon must be a melee weapon"),
        ("Laser", "unknown weapon 'Laser'"),
    ],
)
def test_a_bad_unarmed_weapon_is_refused_naming_the_knob(value: str, reason: str) -> None:
    with pytest.raises(RulesDataError, match=r"knobs\.toml \[melee\] unarmed_weapon: " + reason):
        load_rules().with_overrides({"melee.unarmed_weapon": value})
