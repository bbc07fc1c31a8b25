"""`ai:tactical` in small scenes: what it picks, and that it picks it for a reason."""

from __future__ import annotations

import math

import pytest

from ai.candidates import plans
from ai.tactical import TacticalAI
from game import actions as act
from game.engine import Game
from game.play import handlers, support
from game.rules.combatant import Condition
from tests.ai.kit import drive_to, scene

LOW_WALL = ("low-wall", "low_wall", [(17, 57), (23, 57), (23, 58), (17, 58)])
STORAGE = ("storage", "storage", [(30, 30), (40, 30), (40, 40), (30, 40)])


def test_it_shoots_the_wounded_target_in_the_open() -> None:
    sc = scene(
        [
            ("a", "bruno", "Bruno", 20, 60),
            ("a", "mira", "Mira", 40, 60),
            ("b", "r1", "Raider", 30, 30),
        ],
        terrain=[LOW_WALL],
    )
    game = drive_to(Game(sc, seed=1), "r1")
    game.state.figures["mira"].tp = 1
    choice = TacticalAI().choose(game)
    assert choice == act.Attack("r1", "mira", "Pistol", False)


def test_the_shot_is_valued_with_the_engines_odds() -> None:
    sc = scene([("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)])
    game = drive_to(Game(sc, seed=1), "r1")
    ai = TacticalAI()
    sit = ai.situation(game, game.state.figures["r1"])
    (shot,) = [s for s in sit.shots if s.action.weapon == "Pistol"]
    before = shot.value
    game.state.figures["bruno"].tp = 1  # same odds of wounds, a sure take-down on any
    sit = ai.situation(game, game.state.figures["r1"])
    (shot,) = [s for s in sit.shots if s.action.weapon == "Pistol"]
    assert shot.value > 2 * before
    assert shot.aimed >= shot.value


def test_a_raider_in_the_storage_loots_it() -> None:
    sc = scene(
        [("a", "bruno", "Bruno", 70, 10), ("b", "r1", "Raider", 35, 35)],
        modules=[STORAGE],
        raid="raiders",
        key_point="storage",
        terrain=[("hall", "building", [(50, 0), (55, 0), (55, 50), (50, 50)])],
    )
    game = drive_to(Game(sc, seed=2), "r1")
    assert TacticalAI().choose(game) == act.Interact("r1", "storage")


def test_a_raider_with_loot_heads_for_its_entry_zone() -> None:
    sc = scene(
        [("a", "bruno", "Bruno", 75, 5), ("b", "r1", "Raider", 35, 35)],
        modules=[STORAGE],
        raid="raiders",
        key_point="storage",
        terrain=[("hall", "building", [(60, 0), (65, 0), (65, 30), (60, 30)])],
    )
    game = drive_to(Game(sc, seed=2), "r1")
    raider = game.state.figures["r1"]
    raider.loot = 2
    ai = TacticalAI()
    choice = ai.choose(game)
    assert isinstance(choice, act.Run | act.Move)
    assert choice.to[1] > raider.y + 10  # north, toward the entry edge at y 76–80
    assert ai.intent(game) == "Raiders: carrying the loot off the table"


def test_a_suppressed_figure_only_falls_back_or_takes_cover() -> None:
    sc = scene([("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)])
    game = drive_to(Game(sc, seed=3), "r1")
    raider = game.state.figures["r1"]
    raider.suppressed = True
    for _ in range(2):
        choice = TacticalAI().choose(game)
        assert isinstance(choice, act.Move | act.Run | act.TakeCover | act.EndActivation)
        if isinstance(choice, act.Move | act.Run):
            assert math.dist(choice.to, (30, 60)) > math.dist(raider.pos, (30, 60))
        game.apply(choice)
        if game.pending() is None or game.pending().kind != "act":  # type: ignore[union-attr]
            break


def test_it_gives_first_aid_to_a_friend_that_is_down() -> None:
    sc = scene(
        [
            ("a", "selma", "Selma", 30, 30),
            ("a", "bruno", "Bruno", 32.6, 30),
            ("b", "r1", "Raider", 75, 75),
        ],
        terrain=[("block", "building", [(45, 0), (50, 0), (50, 80), (45, 80)])],
    )
    game = drive_to(Game(sc, seed=4), "selma")
    bruno = game.state.figures["bruno"]
    bruno.condition, bruno.tp = Condition.DOWN, 0
    assert support.aid_problem(game, game.state.figures["selma"], bruno) is None
    assert TacticalAI().choose(game) == act.FirstAid("selma", "bruno")


def test_a_raider_finishes_off_a_defender_that_is_down_beside_it() -> None:
    """Down (Streifschuss) stands up again at its next activation: with no one else
    in reach, the raider beside it deals the coup-de-grâce [Gnadenstoß]; one that is
    out for the battle is not worth the action."""
    sc = scene(
        [
            ("b", "r1", "Raider", 30, 30),
            ("a", "bruno", "Bruno", 32.6, 30),
            ("a", "selma", "Selma", 75, 75),
        ],
        terrain=[("block", "building", [(45, 0), (50, 0), (50, 80), (45, 80)])],
    )
    game = drive_to(Game(sc, seed=4), "r1")
    bruno = game.state.figures["bruno"]
    bruno.condition, bruno.tp = Condition.DOWN, 0
    choice = TacticalAI().choose(game)
    assert isinstance(choice, act.FinishOff) and choice.target == "bruno"
    assert "finishing off Bruno [Gnadenstoß]" in (TacticalAI().intent(game) or "")
    bruno.condition = Condition.OUT_STABLE
    assert not isinstance(TacticalAI().choose(game), act.FinishOff)


def test_a_melee_fighter_charges_what_it_can_reach() -> None:
    sc = scene([("a", "katz", "Katz", 30, 30), ("b", "r1", "Raider", 30, 42)])
    game = drive_to(Game(sc, seed=5), "katz")
    choice = TacticalAI("reckless").choose(game)
    assert choice == act.Charge("katz", "r1", "Fire axe")


def test_nothing_in_sight_means_overwatch_is_on_the_list() -> None:
    sc = scene(
        [("a", "mira", "Mira", 30, 20), ("b", "r1", "Raider", 30, 60)],
        terrain=[("block", "building", [(10, 38), (50, 38), (50, 42), (10, 42)])],
    )
    game = drive_to(Game(sc, seed=6), "mira")
    sit = TacticalAI().situation(game, game.state.figures["mira"])
    assert not sit.shots
    watch = [p for p in plans(sit) if isinstance(p.action, act.Overwatch)]
    assert watch and watch[0].value > 0
    direction = watch[0].action.direction  # type: ignore[attr-defined]
    assert abs(direction - 90.0) < 1e-6  # toward the raider behind the block


def test_plans_are_legal_and_sorted_and_the_intent_names_them() -> None:
    sc = scene([("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)], terrain=[LOW_WALL])
    game = drive_to(Game(sc, seed=7), "r1")
    ai = TacticalAI()
    found = plans(ai.situation(game, game.state.figures["r1"]))
    values = [p.value for p in found]
    assert values == sorted(values, reverse=True)
    for plan in found:
        handler = handlers.handler_for(plan.action)
        handler.check(game, plan.action)  # raises IllegalAction if not
    line = ai.intent(game)
    assert line is not None and line.startswith("Side b: ")


@pytest.mark.parametrize("preset", ["balanced", "cautious", "reckless"])
def test_the_preset_changes_what_a_spot_is_worth(preset: str) -> None:
    sc = scene([("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)])
    game = drive_to(Game(sc, seed=8), "r1")
    from ai.scorer import Scorer

    sc_ = Scorer(TacticalAI(preset).situation(game, game.state.figures["r1"]))
    calm = Scorer(TacticalAI("cautious").situation(game, game.state.figures["r1"]))
    wild = Scorer(TacticalAI("reckless").situation(game, game.state.figures["r1"]))
    assert calm.expo_mult > wild.expo_mult and wild.attack_mult > calm.attack_mult
    assert calm.expo_mult >= sc_.expo_mult >= wild.expo_mult


def test_the_scenario_ai_table_sets_the_sliders() -> None:
    sc = scene(
        [("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)],
        ai='{ preset = "cautious", aggression = 0.9 }',
    )
    game = Game(sc, seed=1)
    slide = TacticalAI().settings(game, "b")
    assert slide.preset == "cautious" and slide.aggression == 0.9
    assert slide.self_preservation == 0.9  # from the preset
    assert TacticalAI("reckless").settings(game, "b").preset == "reckless"  # set in code


def test_decisions_never_draw_the_games_dice() -> None:
    sc = scene([("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)])
    game = drive_to(Game(sc, seed=9), "r1")
    before = dict(game.dice.rng.bit_generator.state)
    first = [str(TacticalAI().choose(game)) for _ in range(2)]
    assert game.dice.rng.bit_generator.state == before
    assert first[0] == first[1]


def test_a_move_that_strips_the_targets_cover_is_a_flank() -> None:
    wall = ("low-wall", "low_wall", [(25, 57), (35, 57), (35, 58), (25, 58)])
    sc = scene([("a", "bruno", "Bruno", 30, 59.6), ("b", "r1", "Raider", 40, 48)], terrain=[wall])
    game = drive_to(Game(sc, seed=10), "r1")
    sit = TacticalAI().situation(game, game.state.figures["r1"])
    flanks = [p for p in plans(sit) if p.what == "flank"]
    assert flanks and all(isinstance(p.action, act.Move) for p in flanks)
    assert flanks[0].target == "Bruno"
    assert sit.spots is not None
    j = sit.enemies.index(game.state.figures["bruno"])
    to = flanks[0].action.to  # type: ignore[attr-defined]
    i = next(k for k, xy in enumerate(sit.spots.xy) if tuple(round(v, 3) for v in xy) == to)
    assert sit.spots.cover_them[i, j] < sit.spots.cover_them[0, j]


def test_a_tinkerer_goes_to_patch_up_a_smashed_barricade() -> None:
    barricade = ("barricade", "barricade", [(36, 40), (44, 40), (44, 41), (36, 41)])
    sc = scene(
        [("a", "ferdl", "Ferdl", 40, 20), ("b", "r1", "Raider", 75, 75)],
        modules=[barricade, ("storage", "storage", [(10, 10), (20, 10), (20, 20), (10, 20)])],
        raid="raiders",
        key_point="storage",
        terrain=[("block", "building", [(60, 60), (70, 60), (70, 70), (60, 70)])],
    )
    game = Game(sc, seed=11)
    game.state.board.damage("barricade", 6)  # smashed: rubble now
    game.state.destroyed_modules.append("barricade")
    drive_to(game, "ferdl")
    ai = TacticalAI()
    first = ai.choose(game)
    assert isinstance(first, act.Move | act.Run)
    assert first.to[1] > 30.0  # toward the rubble at y 40
    assert ai.intent(game) == "Defenders: patching up the barricade"
    ferdl = game.state.figures["ferdl"]
    ferdl.x, ferdl.y = 40.0, 38.6  # in contact with it now
    game.state.spent["ferdl"] = []
    assert TacticalAI().choose(game) == act.Interact("ferdl", "barricade")
