"""The AI flies with seed 002's jetpack (ai/items.py, docs/RULES.md §18) when the
flight gets it well closer to its goal than walking: over the refuge's wall."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from ai.tactical import TacticalAI
from game import actions as act
from tests.ai.test_items import NO_WAVE, _game
from tests.engine.test_support_scenes import Placed, scene


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


def test_a_game_with_a_flight_replays_with_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The raid scene played by the AI (the raider flies over the wall), recorded,
    then `replay --verify`."""
    figures: list[Placed] = [("a", "selma", "Selma", 5, 5), ("b", "r1", "Raider", 5, 38)]
    text = scene(figures, modules=("gate",), raid=True, knobs=NO_WAVE)
    at = text.index('id = "r1"')
    end = text.index("\n", text.index("profile = ", at)) + 1
    text = text[:end] + 'equipment = ["Jetpack"]\n' + text[end:]
    text = text.replace('controller = "human"', 'controller = "ai:tactical"')
    source, record = tmp_path / "scene.toml", tmp_path / "g.json"
    source.write_text(text, encoding="utf-8")
    assert main.main(["run", str(source), "--seed", "1", "--record", str(record)]) == 0
    actions = json.loads(record.read_text(encoding="utf-8"))["actions"]
    assert any(str(a).startswith("fly ") for a in actions)
    capsys.readouterr()
    assert main.main(["replay", str(record), "--verify"]) == 0
    assert "the replay matches the record" in capsys.readouterr().out
