"""A 3W6 table for the defence tests: a Raider next to Jonas, both sides played by
hand (tests/systems and tests/ui)."""

from __future__ import annotations

from game.actions import Activate, ChooseFirst
from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario

SCENE = """
[scenario]
name = "Defence"
rules = "3w6"
max_rounds = 3
[board]
width_cm = 80
height_cm = 40
[[side]]
id = "a"
name = "A"
controller = "human"
[[side.squad]]
id = "sa"
[[side.squad.figure]]
id = "jonas"
profile = "Jonas"
at = [30, 30]
[[side]]
id = "b"
name = "B"
controller = "human"
[[side.squad]]
id = "sb"
[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [32.5, 30]
"""


def raider_next_to_jonas(scene: str = SCENE) -> Game:
    """The Raider (melee 11) activated in base contact with Jonas: GE 10, KO 12, melee
    13, a Crowbar and a Riot shield with Block skill 12, HP 13, DR 4."""
    game = Game(parse_scenario(scene), dice=ScriptedDice([20, 1]))
    game.apply(ChooseFirst("a", "b"))
    game.apply(Activate("r1"))
    return game
