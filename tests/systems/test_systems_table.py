"""What the table measures for the other systems (game/play/systems/table.py): a
friend partly in the line of fire (EWS FoKa "Nicht zu treffendes Ziel steht
teilweise in Sichtlinie: MW+3"), measured from the bases on the board."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import Game
from game.loading import parse_scenario
from game.play import bridge, context
from game.play.systems import table

SCENE = """
[scenario]
name = "Line of fire"
rules = "ews"
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
id = "mira"
profile = "Mira"
at = [10, 20]
[[side.squad.figure]]
id = "jonas"
profile = "Jonas"
at = [{jx}, {jy}]
[[side]]
id = "b"
name = "B"
controller = "human"
[[side.squad]]
id = "sb"
[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [50, 20]
"""


@pytest.mark.parametrize(
    ("jx", "jy", "in_line"),
    [
        (30, 20, True),  # square in the line
        (30, 21.2, True),  # the base (1.25 cm) still crosses it
        (30, 21.3, False),  # just clear of it
        (5, 20, False),  # behind the shooter
        (55, 20, False),  # behind the target
    ],
)
def test_a_friend_partly_in_the_line_of_fire(jx: float, jy: float, in_line: bool) -> None:
    game = Game(parse_scenario(SCENE.format(jx=jx, jy=jy)), seed=1)
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    assert table.friend_in_line(game, mira, r1) is in_line
    rifle = game.rules.weapon("Hunting rifle")
    measured = context.measure(game, mira, r1, rifle)
    sit = table.situation(game, mira, r1, measured)
    assert sit.friend_in_line is in_line
    comb = bridge.combatant(game, mira), bridge.combatant(game, r1)
    needed = game.system.odds(game, *comb, rifle, measured.ctx, sit).needed
    clear = replace(sit, friend_in_line=False)
    assert needed == game.system.odds(game, *comb, rifle, measured.ctx, clear).needed + (
        3 if in_line else 0
    )
