"""The round's flow: initiative, alternating activation, round end, the end."""

from __future__ import annotations

import pytest

from game.actions import (
    Action,
    Activate,
    Attack,
    ChooseEntry,
    ChooseFirst,
    EndActivation,
    IllegalAction,
    Move,
)
from game.dice import ScriptedDice
from game.engine import Game
from game.narration import narrate
from game.play.events import ActivationStarted, GameOver, InitiativeRolled, RoundStarted
from game.scenario import Scenario


def test_initiative_is_w20_plus_best_ref_and_ties_reroll(duel: Scenario) -> None:
    # Side A's best REF is Mira's +3, side B's is the Raider's +1.
    # First roll: A 8 + 3 = 11, B 10 + 1 = 11 -> tie; then A 5 + 3 = 8 < B 12 + 1 = 13.
    game = Game(duel, dice=ScriptedDice([8, 10, 5, 12]))
    rolls = [e for e in game.opening_events if isinstance(e, InitiativeRolled)]
    assert [r.winner for r in rolls] == [None, "b"]
    assert rolls[0].rolls == (("a", 8, 3), ("b", 10, 1))
    pending = game.pending()
    assert pending is not None and (pending.kind, pending.side) == ("choose_first", "b")
    assert "tie" in narrate(rolls[0]) and "d20 12 + 1 = 13" in narrate(rolls[1])


def test_sides_alternate_and_the_rest_go_one_after_another(duel: Scenario) -> None:
    game = Game(duel, dice=ScriptedDice([15, 2, 15, 2]))  # A wins rounds 1 and 2
    game.apply(ChooseFirst("a", "a"))
    order = []
    for _ in range(3):
        pending = game.pending()
        assert pending is not None and pending.kind == "activate"
        fig = pending.figures[0]
        order.append(game.state.figures[fig].side)
        game.apply(Activate(fig))
        game.apply(EndActivation(fig))
    assert order == ["a", "b", "a"]
    pending = game.pending()
    assert pending is not None and pending.kind == "choose_first"  # next round's initiative
    assert game.state.round == 2


def _refused(game: Game, action: Action, match: str) -> None:
    """The action raises IllegalAction naming `match`, and the whole state is as before."""
    before, history = game.to_dict(), list(game.history)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.to_dict() == before and game.history == history


def test_wrong_decisions_are_illegal_and_change_nothing(duel: Scenario) -> None:
    game = Game(duel, dice=ScriptedDice([15, 2]))
    _refused(game, ChooseFirst("b", "b"), "it is a's decision")
    _refused(game, Activate("mira"), "waits for choose_first")
    _refused(game, Activate("nobody"), "no figure")
    game.apply(ChooseFirst("a", "b"))
    _refused(game, Activate("mira"), "it is b's decision")
    game.apply(Activate("r1"))
    _refused(game, Move("r1", (10, 100)), "off the table")
    _refused(game, Attack("r1", "mira", "Fire axe"), "carries no Fire axe")
    _refused(game, Activate("mira"), "waits for act")
    assert game.history == [ChooseFirst("a", "b"), Activate("r1")]


def test_game_ends_after_max_rounds(duel: Scenario) -> None:
    game = Game(duel, seed=5)
    events = list(game.opening_events)
    while not game.is_over():
        pending = game.pending()
        assert pending is not None
        if pending.kind == "choose_first":
            events += game.apply(ChooseFirst(pending.side, pending.side))
        elif pending.kind == "activate":
            events += game.apply(Activate(pending.figures[0]))
        else:
            events += game.apply(EndActivation(pending.figures[0]))
    assert game.state.round == 4  # after round 3
    assert game.outcome() == "draw"
    [over] = [e for e in events if isinstance(e, GameOver)]
    assert (over.round, over.consequences) == (3, ())  # no raid: no refuge consequences
    assert narrate(over, "en") == "Battle over in round 3: Draw — the last round is over (§12)"
    assert sum(isinstance(e, RoundStarted) for e in events) == 3
    assert sum(isinstance(e, ActivationStarted) for e in events) == 9


def test_clone_is_independent(duel: Scenario) -> None:
    game = Game(duel, seed=1)
    copy = game.clone()
    pending = game.pending()
    assert pending is not None
    game.apply(ChooseFirst(pending.side, pending.side))
    assert copy.history == [] and copy.pending() == pending
    # The copy's dice roll what the original's would have rolled next, on their own.
    ahead = game.clone()
    assert [ahead.dice.die(20) for _ in range(5)] == [game.dice.die(20) for _ in range(5)]
    assert ahead.dice.state == game.dice.state
    ahead.dice.die(20)
    assert ahead.dice.state != game.dice.state
    # Figures, squads and sides of the copy are its own.
    before = copy.to_dict()
    mira = game.state.figures["mira"]
    mira.x, mira.tp, mira.suppressed = 30.0, 1, True
    mira.weapons[0].loaded = 0
    mira.effects["test"] = 3
    game.state.squads["sa"].members.append("r1")
    game.state.sides["a"].ai["note"] = 1
    assert copy.to_dict() == before


def test_a_clones_board_and_waves_are_its_own() -> None:
    from raid_kit import Raid, play, raid_scenario

    barricade = ("barricade", "barricade", [(10, 30), (20, 30), (20, 31), (10, 31)])
    scen = raid_scenario([("a", "bruno", "Bruno", 30, 10)], Raid(budget=2), modules=[barricade])
    game = Game(scen, dice=ScriptedDice([]))
    copy = game.clone()
    assert game.state.board.damage("barricade", 6)  # rubble on the original's board
    assert copy.state.board.piece("barricade").kind.value == "barricade"
    assert copy.state.board.piece("barricade").structure == 6
    arrived = play(copy, ChooseEntry("b", "north"), uniforms=[0.5, 0.5])  # a wave, in the copy
    assert arrived and len(copy.profiles) == 3
    assert set(game.profiles) == {"bruno"} and set(game.state.figures) == {"bruno"}
    assert game.state.sides["b"].waves.arrived == 0  # type: ignore[union-attr]


def test_state_round_trips_through_json(duel: Scenario) -> None:
    import json

    game = Game(duel, seed=2)
    pending = game.pending()
    assert pending is not None
    game.apply(ChooseFirst(pending.side, pending.side))
    data = json.loads(json.dumps(game.to_dict()))
    other = Game(duel, seed=99)
    other.load_state(data)
    assert other.to_dict() == game.to_dict()
    assert [other.dice.die(20) for _ in range(5)] == [game.dice.die(20) for _ in range(5)]
