"""Abfangen (docs/RULES.md §13): the attack pauses for the Hüter's side and resumes on
Intercept; overwatch and free attacks decide it at once."""

from __future__ import annotations

import json

import pytest
from combat_kit import Fig, of, play, scenario, start

from game.actions import Attack, Charge, IllegalAction, Intercept
from game.dice import ScriptedDice
from game.engine import Game
from game.play import bridge, combat, intercept
from game.play.combat_events import InterceptDecided, InterceptOffered
from game.rules.abilities import Intercepted
from game.rules.attack import DamageRolled, ToHitRolled


def _hit_next_to_jonas(ally: str = "Bruno", r1_y: float = 10) -> Game:
    """r1 (Raider, pistol) hits `ally`, who stands in base contact with Jonas (Hüter)."""
    scen = scenario(
        [
            Fig("a", "r1", (30, r1_y), "Raider", facing=90),
            Fig("b", "ally", (30, 30), ally, facing=270),
            Fig("b", "jonas", (32.6, 30), "Jonas", facing=270),
        ]
    )
    return start(scen, "r1")


def test_a_hit_next_to_a_hueter_pauses_for_its_side() -> None:
    game = _hit_next_to_jonas()
    events = play(game, Attack("r1", "ally", "Pistol"), [15])
    assert [type(e) for e in events[-2:]] == [ToHitRolled, InterceptOffered]
    pending = game.pending()
    assert pending is not None
    assert (pending.side, pending.kind, pending.figures) == ("b", "intercept", ("jonas",))
    assert game.state.phase == "intercept" and combat.paused(game)
    assert game.legal_actions() == [Intercept("jonas", True), Intercept("jonas", False)]
    assert game.state.figures["r1"].ammo == 6  # spent when the attack resumes
    json.dumps(game.to_dict())  # the paused attack is plain data
    with pytest.raises(IllegalAction):
        play(game, Attack("r1", "ally", "Knife"))
    with pytest.raises(IllegalAction, match="cannot intercept"):
        play(game, Intercept("ally", True))


def test_accepting_rolls_the_damage_against_the_hueter() -> None:
    # Jonas: heavy armour 4+ (no cover, no shield wall for him) — Bruno would need
    # light 3+ with Jonas's shield wall +1 = 4+ too. Pool [4, 3] → 1 wound on Jonas.
    game = _hit_next_to_jonas()
    play(game, Attack("r1", "ally", "Pistol"), [15])
    events = play(game, Intercept("jonas", True), [4, 3])
    decided = of(events, InterceptDecided)[0]
    assert (decided.accept, decided.auto, decided.guardian_need, decided.ally_need) == (
        True,
        False,
        4,
        4,
    )
    assert of(events, Intercepted)
    damage = of(events, DamageRolled)[0]
    assert (damage.who, damage.needed.value, damage.wounds) == ("Jonas", 4, 1)
    st = game.state
    assert (st.figures["jonas"].tp, st.figures["ally"].tp) == (6, 7)
    assert st.phase == "activations" and st.interrupted == {}
    pending = game.pending()
    assert pending is not None and (pending.kind, pending.figures) == ("act", ("r1",))
    assert st.figures["r1"].ammo == 5 and len(st.noise) == 1
    assert intercept.guardians(game, st.figures["ally"]) == []  # once per round
    assert bridge.combatant(game, st.figures["jonas"]).intercepts_left == 0


def test_declining_lets_the_hit_land_on_the_ally() -> None:
    game = _hit_next_to_jonas()
    play(game, Attack("r1", "ally", "Pistol"), [15])
    events = play(game, Intercept("jonas", False), [4, 3])
    assert not of(events, Intercepted)
    damage = of(events, DamageRolled)[0]
    assert (damage.who, damage.needed.value, damage.wounds) == ("Ally", 4, 1)
    assert dict(damage.needed.effects) == {"shield_wall": 1}
    st = game.state
    assert (st.figures["jonas"].tp, st.figures["ally"].tp) == (7, 6)
    assert intercept.guardians(game, st.figures["ally"]) != []  # not used up


def test_a_paused_attack_survives_save_and_load() -> None:
    game = _hit_next_to_jonas()
    play(game, Attack("r1", "ally", "Pistol"), [15])
    saved = json.loads(json.dumps(game.to_dict()))
    copy = game.clone()
    copy.load_state(saved)
    a = play(game, Intercept("jonas", True), [6, 6])
    b = play(copy, Intercept("jonas", True), [6, 6])
    assert [e.to_dict() for e in a] == [e.to_dict() for e in b]
    assert copy.state.figures["jonas"].tp == game.state.figures["jonas"].tp == 5


def test_overwatch_shots_intercept_automatically_when_the_hueter_is_harder_to_wound() -> None:
    # Selma: no armour 2+ with shield wall +1 → 3+; Jonas 4+ → Jonas steps in.
    game = _hit_next_to_jonas("Selma")
    st = game.state
    game.dice = ScriptedDice([15, 4, 3])
    events = combat.attack(game, st.figures["r1"], st.figures["ally"], "Pistol", mode="overwatch")
    decided = of(events, InterceptDecided)[0]
    assert (decided.accept, decided.auto, decided.guardian_need, decided.ally_need) == (
        True,
        True,
        4,
        3,
    )
    assert not combat.paused(game)
    assert (st.figures["jonas"].tp, st.figures["ally"].tp) == (6, 4)


def test_automatic_abfangen_declines_when_it_would_not_help() -> None:
    game = _hit_next_to_jonas()
    st = game.state
    game.dice = ScriptedDice([15, 4, 3])
    events = combat.attack(game, st.figures["r1"], st.figures["ally"], "Pistol", mode="overwatch")
    assert not of(events, InterceptDecided)[0].accept
    assert (st.figures["jonas"].tp, st.figures["ally"].tp) == (7, 6)


def test_a_miss_does_not_ask_the_hueter() -> None:
    game = _hit_next_to_jonas()
    events = play(game, Attack("r1", "ally", "Pistol"), [5])
    assert not of(events, InterceptOffered) and not combat.paused(game)


def test_a_charge_pauses_too_and_the_turn_moves_on_after_the_decision() -> None:
    game = _hit_next_to_jonas(r1_y=20)
    events = play(game, Charge("r1", "ally", "Knife"), [15])
    assert of(events, InterceptOffered) and combat.paused(game)
    r1 = game.state.figures["r1"]
    assert r1.y == pytest.approx(30 - 2.5, abs=0.5)  # moved into contact first
    # Knife 2W6 against Jonas: heavy 4+ and the riot shield +1 in melee → 5+.
    events = play(game, Intercept("jonas", True), [5, 4])
    assert of(events, DamageRolled)[0].needed.value == 5
    assert game.state.figures["jonas"].tp == 6
    pending = game.pending()
    assert pending is not None and (pending.kind, pending.side) == ("activate", "b")
