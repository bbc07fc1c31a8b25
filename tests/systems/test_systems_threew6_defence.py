"""The 3W6 defender's choice and declared hit zones at the table (seed 003, issue #14
item 3): an Attack that hits pauses for the defending side's `Defend`; each defence
rolls against its own value; a declared zone costs its aim penalty and lands there;
the AI answers with the best odds; the choice is in the record and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.threew6 import aimed, best_zone, choose_defence
from game.actions import Action, Activate, Attack, Charge, ChooseFirst, Defend, IllegalAction
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.lab import AttackTally
from game.loading import load_scenario, parse_scenario
from game.narration import narrate
from game.play.context import measure
from game.play.systems.threew6 import ThreeW6, ZoneOdds
from game.replay import make_record, verify
from game.sim import run_game
from game.systems.threew6.rules import (
    AttackRolled,
    DefenceChosen,
    DefenceOffered,
    DefenceRolled,
    InjuryTaken,
    ZoneStruck,
)
from tests.systems.threew6_kit import SCENE, raider_next_to_jonas

ROOT = Path(__file__).resolve().parents[2]


def _hit(game: Game, faces: list[int], zone: str | None = None) -> list[Event]:
    game.dice = ScriptedDice(faces)
    return game.apply(Attack("r1", "jonas", "Knife", zone=zone))


def test_a_hit_waits_for_the_defender_with_the_exact_odds() -> None:
    game = raider_next_to_jonas()
    events = _hit(game, [3, 3, 3])  # 9 ≤ 11: a hit; no further die is rolled
    pending = game.pending()
    assert pending is not None and pending.kind == "defence" and pending.side == "a"
    assert pending.figures == ("jonas",)
    options = {o["defence"]: (o["value"], o["p_success"]) for o in pending.data["options"]}
    # Dodge ⌊(10 + 12) / 4⌋ + 3 = 8; Parry ⌊13 / 2⌋ + 3 = 9; Block ⌊12 / 2⌋ + 3 = 9
    assert options == {
        "dodge": (8, 56 / 216),
        "parry": (9, 81 / 216),
        "block": (9, 81 / 216),
        "none": (0, 0.0),
    }
    assert [str(a) for a in game.legal_actions()] == [
        "defend figure=jonas defence=dodge",
        "defend figure=jonas defence=parry",
        "defend figure=jonas defence=block",
        "defend figure=jonas defence='none'",
    ]
    offered = next(e for e in events if isinstance(e, DefenceOffered))
    assert narrate(offered, "en") == (
        "R1 hits Jonas: which active defence [Aktive Verteidigung]? Dodge 3d6 ≤ 8 (25.9 %), "
        "Parry 3d6 ≤ 9 (37.5 %), Block 3d6 ≤ 9 (37.5 %), or none "
        "(§3W6 Aktive Verteidigungen)"
    )
    assert narrate(offered, "de").startswith("R1 trifft Jonas: welche aktive Verteidigung?")
    with pytest.raises(IllegalAction):
        game.apply(Defend("r1", "dodge"))  # not the figure that was hit
    with pytest.raises(IllegalAction):
        game.apply(Attack("r1", "jonas", "Knife"))  # nothing else until the answer


@pytest.mark.parametrize(
    ("defence", "faces", "value", "fends"),
    [
        ("dodge", [2, 3, 3], 8, True),  # 8 ≤ 8
        ("dodge", [3, 3, 3], 8, False),  # 9 > 8
        ("parry", [3, 3, 3], 9, True),  # 9 ≤ 9
        ("block", [4, 3, 3], 9, False),  # 10 > 9
    ],
)
def test_each_defence_rolls_against_its_own_value(
    defence: str, faces: list[int], value: int, fends: bool
) -> None:
    game = raider_next_to_jonas()
    _hit(game, [3, 3, 3])
    # the defence, then (if it fails) the zone 3W6 (10: torso) and the Knife's 1W6−1 (6 − 1)
    game.dice = ScriptedDice([*faces, 4, 3, 3, 6])
    events = game.apply(Defend("jonas", defence))
    chosen = [e for e in events if isinstance(e, DefenceChosen)]
    rolled = [e for e in events if isinstance(e, DefenceRolled)]
    assert [c.defence for c in chosen] == [defence]
    assert len(rolled) == 1 and rolled[0].defence == defence and rolled[0].value == value
    assert rolled[0].faces == tuple(faces)
    injuries = [e for e in events if isinstance(e, InjuryTaken)]
    assert bool(injuries) is not fends
    if not fends:
        assert injuries[0].zone == "torso" and injuries[0].injury == 1  # 5 − DR 4
        assert game.state.figures["jonas"].tp == 12
    line = narrate(rolled[0], "en")
    assert f"3d6 [{', '.join(map(str, faces))}] = {sum(faces)} vs {value}" in line
    assert line.endswith("(§3W6 Aktive Verteidigungen)")
    pending = game.pending()
    assert pending is not None and pending.kind == "act" and game.state.phase == "activations"


def test_no_defence_takes_the_hit() -> None:
    game = raider_next_to_jonas()
    _hit(game, [3, 3, 3])
    game.dice = ScriptedDice([4, 3, 3, 6])
    events = game.apply(Defend("jonas", "none"))
    assert not [e for e in events if isinstance(e, DefenceRolled)]
    assert (
        narrate(events[0], "en") == "Jonas chooses no active defence (§3W6 Aktive Verteidigungen)"
    )
    assert [e.zone for e in events if isinstance(e, ZoneStruck)] == ["torso"]


def test_a_miss_asks_nothing() -> None:
    game = raider_next_to_jonas()
    _hit(game, [6, 6, 1])  # 13 > 11
    pending = game.pending()
    assert pending is not None and pending.kind == "act"


def test_a_declared_zone_costs_its_penalty_and_lands_there() -> None:
    """The skull: aim −7 (P, knobs [[zone]]): the Raider's melee 11 becomes 4."""
    game = raider_next_to_jonas()
    events = _hit(game, [1, 1, 2], zone="skull")  # 4 ≤ 4
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.value == 4 and ("zone_skull", -7) in rolled.parts
    assert "= 4 vs 4 (Nahkampf 11, aimed at skull −7) → success" in narrate(rolled, "en")
    assert game.pending().data["zone"] == "skull"  # type: ignore[union-attr]
    # no zone dice: the Knife's 1W6−1 = 5, DR 4 → 1 at the skull: shock, so a Major
    # Wound, and the knockdown roll 3W6 9 ≤ KO 12
    game.dice = ScriptedDice([6, 3, 3, 3])
    events = game.apply(Defend("jonas", "none"))
    zone = next(e for e in events if isinstance(e, ZoneStruck))
    assert zone.zone == "skull" and zone.declared and zone.faces == ()
    injury = next(e for e in events if isinstance(e, InjuryTaken))
    assert injury.injury == 1 and injury.major and injury.shock == 1
    assert narrate(zone, "en") == "The hit strikes Jonas's skull (declared) (§3W6 Trefferzonen)"


def test_a_zone_is_only_declared_where_there_are_zones() -> None:
    game = raider_next_to_jonas()
    with pytest.raises(IllegalAction, match="no hit zone 'tail'"):
        game.apply(Attack("r1", "jonas", "Knife", zone="tail"))
    plain = Game(parse_scenario(SCENE.replace('rules = "3w6"', 'rules = "ews"')), seed=1)
    plain.apply(ChooseFirst(plain.pending().side, "b"))  # type: ignore[union-attr]
    plain.apply(Activate("r1"))
    with pytest.raises(IllegalAction, match="no hit zone 'torso'"):
        plain.apply(Attack("r1", "jonas", "Knife", zone="torso"))


def test_the_zone_stays_out_of_the_text_form_until_declared() -> None:
    assert str(Attack("a", "b", "Knife")) == "attack figure=a target=b weapon=Knife burst=false"
    aimed_at = Attack("a", "b", "Knife", zone="left_arm")
    assert str(aimed_at).endswith("burst=false zone=left_arm")
    assert Action.parse(str(aimed_at)) == aimed_at
    assert Action.parse("defend figure=a defence=none") == Defend("a", "none")


def test_the_ai_takes_the_best_odds() -> None:
    game = raider_next_to_jonas()
    _hit(game, [3, 3, 3])
    assert choose_defence(game) == Defend("jonas", "parry")  # 9 ties Block: first listed


def test_the_ai_aims_where_it_pays() -> None:
    rolled = ZoneOdds(None, 0.10, 0.05)
    skull = ZoneOdds("skull", 0.12, 0.0)  # worth 0.12 against 0.115: not by MARGIN
    arm = ZoneOdds("right_arm", 0.10, 0.30)  # 0.19
    assert best_zone((rolled, skull)) is None
    assert best_zone((rolled, skull, arm)) == "right_arm"


def test_the_ai_aims_a_sure_blow_at_a_limb() -> None:
    """Katz (melee 15, Fire axe 2W6+2 cut) against a Runner (HP 10, no DR): a leg or
    an arm lames at ≥ 5 injury (HP/2), so aiming at one (−2) pays; the first of the
    equal ones (the table's order) is declared. A Knife in a Raider's hand against
    Jonas (DR 4) gains nothing by aiming: rolled."""
    text = SCENE.replace('profile = "Jonas"', 'profile = "Runner"').replace(
        'profile = "Raider"', 'profile = "Katz"'
    )
    game = Game(parse_scenario(text), dice=ScriptedDice([20, 1]))
    game.apply(ChooseFirst("a", "b"))
    game.apply(Activate("r1"))
    axe = game.rules.weapon("Fire axe")
    katz, runner = game.state.figures["r1"], game.state.figures["jonas"]
    system = game.system
    assert isinstance(system, ThreeW6)
    odds = {
        o.zone: o
        for o in system.aim_odds(game, katz, runner, axe, measure(game, katz, runner, axe))
    }
    assert odds["right_leg"].p_lamed == pytest.approx(0.603471, abs=1e-6)
    assert odds[None].p_lamed == pytest.approx(0.392562, abs=1e-6)
    assert odds["torso"].p_lamed == 0.0
    assert aimed(game, Attack("r1", "jonas", "Fire axe")) == Attack(
        "r1", "jonas", "Fire axe", zone="right_leg"
    )
    plain = raider_next_to_jonas()
    assert aimed(plain, Attack("r1", "jonas", "Knife")) == Attack("r1", "jonas", "Knife")


def test_a_record_with_the_player_s_choice_replays() -> None:
    """An AI-vs-AI 3W6 game ends; its answers and aimed charges replay."""
    path = ROOT / "scenarios" / "open_skirmish.toml"
    scenario = load_scenario(path).under("3w6")
    result = run_game(scenario, 1, scenario_name=scenario.scenario.name)
    answers = [a for a in result.actions if isinstance(a, Defend)]
    assert answers, "the defenders were asked"
    zoned = [a for a in result.actions if isinstance(a, Charge) and a.zone is not None]
    assert zoned, "the AI aimed a charge's blow"
    record = make_record(
        path.read_text(encoding="utf-8"),
        scenario_name=scenario.scenario.name,
        seed=1,
        knobs={},
        actions=result.actions,
        events=result.events,
        rules="3w6",
    )
    assert verify(record).ok
    # another answer to one question is another game
    i = result.actions.index(answers[0])
    other = "none" if answers[0].defence != "none" else "dodge"
    changed = [*result.actions[:i], Defend(answers[0].figure, other)]
    game = Game(scenario, seed=1)
    for a in changed:
        game.apply(a)
    assert game.history[-1] == Defend(answers[0].figure, other)


def test_a_game_saved_while_the_defender_decides_goes_on_the_same() -> None:
    game = raider_next_to_jonas()
    _hit(game, [3, 3, 3])
    saved = json.loads(json.dumps(game.to_dict()))
    loaded = Game(parse_scenario(SCENE), dice=ScriptedDice([20, 1]))
    loaded.load_state(saved)
    assert loaded.pending() == game.pending() and loaded.state.phase == "defence"
    assert loaded.legal_actions() == game.legal_actions()
    told = []
    for g in (game, loaded):
        g.dice = ScriptedDice([4, 3, 3, 4, 3, 3, 6])  # Block 10 > 9, torso, 1W6−1 = 5
        told.append([narrate(e, "en") for e in g.apply(Defend("jonas", "block"))])
    assert told[0] == told[1] and any("Block" in line for line in told[0])
    assert loaded.state.figures["jonas"].tp == game.state.figures["jonas"].tp == 12


def test_the_lab_counts_a_paused_attack_once_it_is_answered() -> None:
    game = raider_next_to_jonas()
    tally = AttackTally()
    attack = Attack("r1", "jonas", "Knife")
    tally(game, attack, _hit(game, [3, 3, 3]))
    assert tally.range[0] == [0, 0] and len(tally.waiting) == 1
    game.dice = ScriptedDice([4, 3, 3, 4, 3, 3, 6])
    answer = Defend("jonas", "block")
    tally(game, answer, game.apply(answer))
    assert tally.range[0] == [1, 0] and tally.waiting == []
