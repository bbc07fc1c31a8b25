"""Helpers for engine tests: small scenarios written from SCENARIO.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine import Game
from game.loading import load_scenario, parse_scenario
from game.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]

DUEL = """
[scenario]
name = "Duel"
rules = "deadearth"
max_rounds = 3

[board]
width_cm = 60.0
height_cm = 60.0

[[terrain]]
id = "crates"
kind = "crates"
polygon = [[28, 20], [32, 20], [32, 24], [28, 24]]

[[side]]
id = "a"
name = "Side A"
controller = "human"

[[side.squad]]
id = "sa"
leader = "mira"

[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [10, 10]

[[side.squad.figure]]
id = "bruno"
profile = "Bruno"
at = [14, 10]

[[side]]
id = "b"
name = "Side B"
controller = "ai:tactical"

[[side.squad]]
id = "sb"

[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [10, 40]

[objective]
kind = "drive_off"
"""


@pytest.fixture
def duel() -> Scenario:
    return parse_scenario(DUEL, "duel.toml")


@pytest.fixture
def shipped() -> Callable[[str], Scenario]:
    def load(name: str) -> Scenario:
        return load_scenario(ROOT / "scenarios" / f"{name}.toml")

    return load


def make(scenario: Scenario, **kwargs: object) -> Game:
    return Game(scenario, **kwargs)  # type: ignore[arg-type]
