"""Each rule system's reach (`RuleSystem.reach_factor`): DEAD.EARTH and 3W6 shoot up
to 2 × a weapon's range; EWS (seed 004) "Fast jede Waffe kann außerdem bis zum
dreifachen ihrer Reichweite eingesetzt werden, wodurch der Mindestwurf allerdings um
weitere 6 Punkte auf 24 im Kampf bzw. 21 in Ruhe steigt." (Almost any weapon may be
used up to three times its range, the MW rising by another 6 points to 24 in combat,
21 calm.)"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import Game
from game.loading import parse_scenario
from game.play import bridge, combat, context
from game.play.systems import table
from game.reason import Reason

SCENE = """
[scenario]
name = "Far shot"
rules = "{rules}"
max_rounds = 3
[board]
width_cm = 200
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
at = [5, 20]
facing = 0
[[side]]
id = "b"
name = "B"
controller = "human"
[[side.squad]]
id = "sb"
[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [{x}, 20]
"""


def _game(rules: str, x: float) -> Game:
    return Game(parse_scenario(SCENE.format(rules=rules, x=x)), seed=1)


def _problem(game: Game) -> Reason | None:
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    return combat.attack_problem(game, mira, r1, "Hunting rifle")


@pytest.mark.parametrize(("rules", "factor"), [("deadearth", 2.0), ("ews", 3.0), ("3w6", 2.0)])
def test_each_system_says_how_far_a_weapon_reaches(rules: str, factor: float) -> None:
    game = _game(rules, 157.5)  # 150 cm between the bases: 2.5 × the hunting rifle's 60
    assert game.system.reach_factor(game) == factor
    assert combat.reach(game, game.rules.weapon("Hunting rifle")) == 60 * factor
    problem = _problem(game)
    if rules == "ews":
        assert problem is None
    else:
        assert str(problem) == (
            "R1 is 150.0 cm away, beyond 2 × the Hunting rifle's range (120 cm) (§5.1)"
        )


def test_beyond_three_times_the_range_ews_refuses_too() -> None:
    game = _game("ews", 192.5)  # 185 cm > 180
    assert str(_problem(game)) == (
        "R1 is 185.0 cm away, beyond 3 × the Hunting rifle's range (180 cm) (§5.1)"
    )


def test_the_extreme_band_is_mw_24_in_combat_and_21_calm() -> None:
    """Mira's Fernkampf 15: at MW 24 no face reaches it (15 + 6 = 21); Aimed (calm,
    P) MW 21 — only a 6 hits: 1/6."""
    game = _game("ews", 157.5)
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    rifle = game.rules.weapon("Hunting rifle")
    measured = context.measure(game, mira, r1, rifle)
    sit = replace(table.situation(game, mira, r1, measured), can_react=False)
    comb = bridge.combatant(game, mira), bridge.combatant(game, r1)
    combat_odds = game.system.odds(game, *comb, rifle, measured.ctx, sit)
    assert combat_odds.needed == 24 and combat_odds.p_hit == 0.0
    calm = replace(measured.ctx, aimed=True)
    calm_odds = game.system.odds(game, *comb, rifle, calm, sit)
    assert calm_odds.needed == 21 and calm_odds.p_hit == pytest.approx(1 / 6)
    near = _game("ews", 117.5)  # 110 cm: long (≤ 2 × 60), MW 18
    m, t = near.state.figures["mira"], near.state.figures["r1"]
    there = context.measure(near, m, t, rifle)
    sit_near = replace(table.situation(near, m, t, there), can_react=False)
    pair = bridge.combatant(near, m), bridge.combatant(near, t)
    assert near.system.odds(near, *pair, rifle, there.ctx, sit_near).needed == 18
