"""AI-vs-AI playouts of every shipped scenario under the EWS and 3W6 (issue #14): no
exception, the game ends, every event tells itself in English and German, the same
seed plays the same game, a record with `rules` replays to the same hash, and the
system's own rolls happen (the interface is what the engine goes through)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Game
from game.loading import load_scenario
from game.narration import narrate
from game.replay import make_record, verify
from game.sim import run_game
from game.systems import SYSTEM_NAMES
from game.systems.ews.rules import EwsEvent
from game.systems.threew6.rules import ThreeEvent

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml"))
OTHERS = ("ews", "3w6")
OWN = {"ews": EwsEvent, "3w6": ThreeEvent}


def test_the_systems_are_the_scenario_format_s() -> None:
    assert SYSTEM_NAMES == ("deadearth", "ews", "3w6")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
@pytest.mark.parametrize("system", OTHERS)
def test_ai_plays_every_scenario_under_each_system(path: Path, system: str) -> None:
    scenario = load_scenario(path).under(system)  # type: ignore[arg-type]
    result = run_game(scenario, 1, scenario_name=scenario.scenario.name)
    assert result.outcome is not None
    own = [e for e in result.events if isinstance(e, OWN[system])]
    others = [e for e in result.events if isinstance(e, OWN["ews" if system == "3w6" else "3w6"])]
    assert others == []
    for event in result.events[::7]:
        for lang in ("en", "de"):
            assert narrate(event, lang)
    if path.stem == "open_skirmish":  # (the raids take longer: played once)
        assert own, "the system's rolls decide the attacks"
        again = run_game(scenario, 1, scenario_name=scenario.scenario.name)
        assert again.events_hash == result.events_hash


def test_a_record_keeps_the_system_and_replays(tmp_path: Path) -> None:
    path = ROOT / "scenarios" / "open_skirmish.toml"
    text = path.read_text(encoding="utf-8")
    scenario = load_scenario(path).under("ews")
    result = run_game(scenario, 2, scenario_name=scenario.scenario.name)
    record = make_record(
        text,
        scenario_name=scenario.scenario.name,
        seed=2,
        knobs={},
        actions=result.actions,
        events=result.events,
        rules="ews",
    )
    assert record.to_dict()["rules"] == "ews"
    assert verify(record).ok
    plain = make_record(
        text, scenario_name="x", seed=2, knobs={}, actions=result.actions, events=result.events
    )
    assert "rules" not in plain.to_dict()
    assert not verify(plain).ok  # the same actions under DEAD.EARTH are another game


def test_hit_points_are_the_system_s() -> None:
    scenario = load_scenario(ROOT / "scenarios" / "open_skirmish.toml")
    tp = {f.profile: f.max_tp for f in Game(scenario, seed=1).state.figures.values()}
    ews = {f.profile: f.max_tp for f in Game(scenario.under("ews"), seed=1).state.figures.values()}
    three = {
        f.profile: f.max_tp for f in Game(scenario.under("3w6"), seed=1).state.figures.values()
    }
    assert tp["Mira"] == 5 and ews["Mira"] == 12 and three["Mira"] == 10
    assert ews["Raider boss"] == 15 and three["Katz"] == 13
