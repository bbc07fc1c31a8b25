"""A saved game continues exactly (ARCHITECTURE.md: JSON saves): the state is enough
to go on, waves that arrived during the battle included, and a clone is independent
of its original."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai import RandomBot
from game.engine import Game
from game.events import Event
from game.loading import load_scenario
from game.state import Presence

ROOT = Path(__file__).resolve().parents[2]


def _play(game: Game, bot: RandomBot, *, until_spawned: int) -> None:
    """Random legal actions until `until_spawned` figures have arrived during the battle."""
    scenario_ids = {f.id for side in game.scenario.side for s in side.squad for f in s.figure}
    while not game.is_over():
        arrived = [f for f in game.state.figures if f not in scenario_ids]
        on_table = [f for f in arrived if game.state.figures[f].presence is Presence.TABLE]
        if len(on_table) >= until_spawned:
            return
        game.apply(bot.choose(game))
    pytest.fail("the game ended before the waves came")


def _continue(original: Game, loaded: Game, bot: RandomBot, steps: int) -> list[Event]:
    """The same actions (chosen on the original) applied to both; the events must agree."""
    events: list[Event] = []
    for _ in range(steps):
        if original.is_over():
            break
        action = bot.choose(original)
        mine, theirs = original.apply(action), loaded.apply(action)
        assert theirs == mine, f"after {action}"
        events += mine
    return events


@pytest.mark.parametrize(("name", "seed"), [("refuge_horde", 3), ("refuge_raiders", 4)])
def test_a_raid_saved_after_its_waves_came_continues_as_the_original(name: str, seed: int) -> None:
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    original = Game(scenario, seed=seed)
    bot = RandomBot()
    _play(original, bot, until_spawned=2)
    saved = json.loads(json.dumps(original.to_dict()))
    loaded = Game(scenario, seed=seed)
    loaded.load_state(saved)
    assert loaded.to_dict() == original.to_dict()
    assert set(loaded.profiles) == set(original.profiles)
    assert all(loaded.profile(f) == original.profile(f) for f in original.state.figures)
    events = _continue(original, loaded, bot, 150)
    assert events, "nothing was played after loading"
    assert loaded.to_dict() == original.to_dict()
    assert loaded.outcome() == original.outcome()


def test_the_ai_plays_a_loaded_game_as_it_would_have_played_the_original() -> None:
    """The AI's decision dice key on the actions taken so far, which the save keeps:
    each side's AI, asked on the original and on the loaded copy, chooses the same."""
    from ai import controller_for

    scenario = load_scenario(ROOT / "scenarios" / "refuge_raiders.toml")
    original = Game(scenario, seed=5)
    _play(original, RandomBot(), until_spawned=2)
    loaded = Game(scenario, seed=5)
    loaded.load_state(json.loads(json.dumps(original.to_dict())))
    assert loaded.state.action_count == len(original.history) > 0
    players = {
        side.id: controller_for(side.controller if side.controller != "human" else "ai:tactical")
        for side in scenario.side
    }
    for _ in range(40):
        if original.is_over():
            break
        pending = original.pending()
        assert pending is not None
        side = pending.side
        action = players[side].choose(original)
        assert players[side].choose(loaded) == action
        assert loaded.apply(action) == original.apply(action)
