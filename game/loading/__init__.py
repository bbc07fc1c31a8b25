"""Loading scenario files: one reader, one validation pipeline (pipeline.py), used
by every command, the editor and the window. Stands above the format
(game/scenario.py), the board and the rules data; below the engine.

- `load_scenario(path)`, `parse_scenario(text, filename)`, `scenario_from_data(raw)`:
  a `Scenario`, or `ScenarioError` listing every problem as `file: field.path: reason`;
- `load_battle`, `require_battle`: and it has two sides to play (run, sim, play);
- `check_file`, `check_text`: what `main.py check` and the editor report (`Checked`).
"""

from __future__ import annotations

from game.loading.battle import (
    Checked,
    battle_problems,
    check_file,
    check_text,
    load_battle,
    require_battle,
)
from game.loading.pipeline import load_scenario, parse_scenario, scenario_from_data
from game.scenario import Scenario, ScenarioError

__all__ = [
    "Checked",
    "Scenario",
    "ScenarioError",
    "battle_problems",
    "check_file",
    "check_text",
    "load_battle",
    "load_scenario",
    "parse_scenario",
    "require_battle",
    "scenario_from_data",
]
