"""The AI flies with seed 002's jetpack (ai/items.py, docs/RULES.md §18) when the
flight gets it well closer to its goal than walking: over the refuge's wall."""

from __future__ import annotations

from ai.tactical import TacticalAI
from game import actions as act
from tests.ai.test_items import _game
from tests.engine.test_support_scenes import Placed


def test_a_raider_flies_over_the_wall_and_without_a_jetpack_it_walks() -> None:
    """The wall (y 30–31) shuts the refuge but for the gate (x 28–32); raider r1
    at (10, 38) outside, Selma at (10, 20) inside."""
    figures: list[Placed] = [("a", "selma", "Selma", 10, 20), ("b", "r1", "Raider", 10, 38)]
    game = _game(figures, {"r1": '["Jetpack"]'}, "r1")
    ai = TacticalAI()
    chosen = ai.choose(game)
    assert isinstance(chosen, act.Fly), chosen
    assert chosen.to[1] < 30.0  # inside the wall
    assert "flying with its jetpack [Jetpack]" in (ai.intent(game) or "")
    game.apply(chosen)
    assert game.state.figures["r1"].y < 30.0
    walker = _game(figures, {}, "r1")
    assert not isinstance(TacticalAI().choose(walker), act.Fly)
