"""The hasty retreat (rulebook §10.5, game/play/retreat.py): a side of a loot mission
whose figures are half out may flee at its turn to activate; its standing figures
leave, the finds in their hands are lost, what it carried off stays, and the
mission is lost for it. The AI flees only when the mission is lost anyway."""

from __future__ import annotations

import pytest
from test_loot import _game, _text

from ai import flight
from ai.tactical import TacticalAI
from game.actions import ChooseFirst, IllegalAction, Retreat
from game.engine import Game
from game.narration import narrate
from game.play import loot
from game.play.events import GameOver
from game.play.retreat import Retreated
from game.rules.combatant import Condition
from game.state import Presence


def _turn_of(game: Game, side: str) -> None:
    for _ in range(10):
        pending = game.pending()
        assert pending is not None
        if pending.kind == "activate" and pending.side == side:
            return
        assert pending.kind == "choose_first", pending
        game.apply(ChooseFirst(pending.side, side))
    raise AssertionError("the side never came to activate")


def _threatened(game: Game) -> None:
    """Mira is out: half of the crew (side a) is out of the fight."""
    game.state.figures["mira"].condition = Condition.OUT


def test_a_side_not_yet_threatened_may_not_flee() -> None:
    game = _game()
    _turn_of(game, "a")
    assert Retreat("a") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="fewer than half of its figures are out"):
        game.apply(Retreat("a"))


def test_a_threatened_side_flees_leaving_the_finds_in_hand_and_loses() -> None:
    game = _game()
    _threatened(game)
    bruno = game.state.figures["bruno"]
    crate, cans = game.state.markers["crate"], game.state.markers["cans"]
    crate.carrier, bruno.loot = "bruno", 1
    cans.off_by = "a"  # carried off earlier: kept
    _turn_of(game, "a")
    assert Retreat("a") in game.legal_actions()
    events = game.apply(Retreat("a"))
    assert events[:2] == [
        Retreated("a", ("bruno",), ("crate",), "a tool crate"),
        GameOver("defeat", "retreat", 1),
    ]
    assert narrate(events[0], "en") == (
        "Crew flees by its exit [überstürzter Rückzug] with Bruno; the finds still in hands "
        "are lost: a tool crate (§10.5)"
    )
    assert narrate(events[0], "de").startswith("Crew flieht überstürzt mit Bruno")
    assert game.is_over() and game.pending() is None and game.outcome() == "defeat"
    assert bruno.presence is Presence.GONE and bruno.loot == 0
    assert crate.lying and (crate.x, crate.y) == (bruno.x, bruno.y)
    assert loot.value_off(game, "a") == 2  # what already left the table is kept
    with pytest.raises(IllegalAction):
        game.apply(Retreat("a"))


def test_a_side_without_an_exit_cannot_flee() -> None:
    game = _game(_text(exit_b=False))
    game.state.figures["r1"].condition = Condition.OUT
    game.state.figures["mira"].condition = Condition.OUT
    _turn_of(game, "a")
    with pytest.raises(IllegalAction):
        game.apply(Retreat("b"))


def test_the_ai_flees_only_when_the_mission_is_lost_anyway() -> None:
    game = _game()
    _threatened(game)
    _turn_of(game, "a")
    assert not flight.should_flee(game, "a")  # nobody carried anything off: not lost
    game.state.markers["cans"].off_by = "b"
    assert flight.should_flee(game, "a")
    assert TacticalAI().choose(game) == Retreat("a")
    crate = game.state.markers["crate"]
    crate.carrier, game.state.figures["bruno"].loot = "bruno", 1  # worth 3 > 2: it may win
    assert not flight.should_flee(game, "a")
