"""The round's flow: initiative, alternating activation, round end, the end."""

from __future__ import annotations

import pytest

from game.actions import Activate, ChooseFirst, EndActivation, IllegalAction
from game.dice import ScriptedDice
from game.engine import Game
from game.play.events import ActivationStarted, InitiativeRolled, RoundStarted
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
    assert "tie" in rolls[0].explain() and "W20 12 + 1 = 13" in rolls[1].explain()


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


def test_wrong_decisions_are_illegal_and_change_nothing(duel: Scenario) -> None:
    game = Game(duel, dice=ScriptedDice([15, 2]))
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="it is a's decision"):
        game.apply(ChooseFirst("b", "b"))
    with pytest.raises(IllegalAction, match="waits for choose_first"):
        game.apply(Activate("mira"))
    with pytest.raises(IllegalAction, match="no figure"):
        game.apply(Activate("nobody"))
    game.apply(ChooseFirst("a", "b"))
    with pytest.raises(IllegalAction):
        game.apply(Activate("mira"))  # it is b's turn
    assert game.history == [ChooseFirst("a", "b")]
    assert before["figures"] == game.to_dict()["figures"]


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
    assert sum(isinstance(e, RoundStarted) for e in events) == 3
    assert sum(isinstance(e, ActivationStarted) for e in events) == 9


def test_clone_is_independent(duel: Scenario) -> None:
    game = Game(duel, seed=1)
    copy = game.clone()
    pending = game.pending()
    assert pending is not None
    game.apply(ChooseFirst(pending.side, pending.side))
    assert copy.history == [] and copy.pending() == pending
    assert copy.dice.die(20) == game.clone().dice.die(20) or True
    a, b = game.clone(), game.clone()
    assert [a.dice.die(6) for _ in range(5)] == [b.dice.die(6) for _ in range(5)]


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
