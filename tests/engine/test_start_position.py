"""Behind and unaware are judged from where the attacker began its activation (§5.1)."""

from __future__ import annotations

from game.actions import Activate, ChooseFirst
from game.engine import Game
from game.play.context import start_position
from game.scenario import Scenario


def test_start_position_is_recorded_at_activation(duel: Scenario) -> None:
    game = Game(duel, seed=4)
    pending = game.pending()
    assert pending is not None
    game.apply(ChooseFirst(pending.side, "a"))
    game.apply(Activate("mira"))
    mira = game.state.figures["mira"]
    assert (mira.start_x, mira.start_y) == (10.0, 10.0)
    mira.x, mira.y = 20.0, 20.0  # as if it had moved
    assert start_position(game, mira) == (10.0, 10.0)
    bruno = game.state.figures["bruno"]  # not active: where it stands
    assert start_position(game, bruno) == bruno.pos
