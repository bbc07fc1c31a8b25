"""The table under the other systems (game/play/systems/): a friend partly in the
line of fire (EWS FoKa "Nicht zu treffendes Ziel steht teilweise in Sichtlinie:
MW+3"), measured from the bases on the board; first aid stops 3W6 bleeding."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.actions import Activate, ChooseFirst, FirstAid
from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario
from game.narration import narrate
from game.play import bridge, context
from game.play.systems import table
from game.systems.threew6.rules import BleedingStopped

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


def _aid_game(rules: str) -> Game:
    """Jonas in base contact with a wounded, bleeding Mira; Jonas activated."""
    text = SCENE.format(jx=12.5, jy=20).replace('rules = "ews"', f'rules = "{rules}"')
    game = Game(parse_scenario(text), dice=ScriptedDice([20, 1]))
    game.apply(ChooseFirst("a", "a"))
    game.apply(Activate("jonas"))
    mira = game.state.figures["mira"]
    mira.tp -= 3
    mira.uses["3w6.bleeding"] = 1
    return game


@pytest.mark.parametrize(("face", "stops"), [(20, True), (1, False)])
def test_first_aid_stops_bleeding_under_3w6(face: int, stops: bool) -> None:
    """Seed 003 "Blutung": "First Aid / manuelles Toggle stoppt"."""
    game = _aid_game("3w6")
    game.dice = ScriptedDice([face])
    events = game.apply(FirstAid("jonas", "mira"))
    stopped = [e for e in events if isinstance(e, BleedingStopped)]
    assert bool(stopped) is stops
    assert ("3w6.bleeding" in game.state.figures["mira"].uses) is not stops
    if stops:
        assert narrate(stopped[0], "en") == "Jonas's first aid stops Mira's bleeding (§3W6 Blutung)"
        assert narrate(stopped[0], "de").startswith("Die Erste Hilfe von Jonas stillt")


def test_first_aid_under_the_other_systems_tells_nothing_more() -> None:
    game = _aid_game("ews")
    game.dice = ScriptedDice([20])
    events = game.apply(FirstAid("jonas", "mira"))
    assert not [e for e in events if isinstance(e, BleedingStopped)]


@pytest.mark.parametrize(
    ("start", "moved", "crossing"),
    [
        ((50.0, 10.0), True, 10.0),  # came square across the line
        ((58.0, 14.0), True, 6.0),  # 8 along, 6 across
        ((60.0, 20.0), True, 0.0),  # straight down the line
        ((50.0, 10.0), False, 0.0),  # has not activated this round
    ],
)
def test_how_far_the_target_crossed_the_line_of_sight(
    start: tuple[float, float], moved: bool, crossing: float
) -> None:
    """EWS "Ziel bewegt sich … quer zur Sichtlinie": the target's move this round,
    square to the line shooter → target, measured on the board."""
    game = Game(parse_scenario(SCENE.format(jx=30, jy=35)), seed=1)
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    r1.start_x, r1.start_y = start
    r1.activated = moved
    assert table.crossing(game, mira, r1) == pytest.approx(crossing)
    rifle = game.rules.weapon("Hunting rifle")
    sit = table.situation(game, mira, r1, context.measure(game, mira, r1, rifle))
    assert sit.target_crossing == pytest.approx(crossing)
    assert sit.shooter_visible == pytest.approx(1.0)  # nothing stands between them
    assert not sit.scope


THIRD = """
[[side]]
id = "c"
name = "C"
controller = "human"
[[side.squad]]
id = "sc"
[[side.squad.figure]]
id = "z1"
profile = "Raider"
at = [{zx}, 20]
"""


@pytest.mark.parametrize(("zx", "near"), [(52.6, True), (56.0, False)])
def test_a_figure_of_a_third_side_in_melee_with_the_target_may_be_hit(
    zx: float, near: bool
) -> None:
    """EWS "Ziel ist im Nahkampf mit einem Ziel, das getroffen werden kann": a standing
    figure of neither side in base contact with the target."""
    text = SCENE.format(jx=30, jy=35) + THIRD.format(zx=zx)
    game = Game(parse_scenario(text), seed=1)
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    assert table.bystanders(game, mira, r1) == (("z1",) if near else ())
    rifle = game.rules.weapon("Hunting rifle")
    sit = table.situation(game, mira, r1, context.measure(game, mira, r1, rifle))
    assert sit.bystanders == table.bystanders(game, mira, r1)
    comb = bridge.combatant(game, mira), bridge.combatant(game, r1)
    odds = game.system.odds(game, *comb, rifle, context.measure(game, mira, r1, rifle).ctx, sit)
    alone = game.system.odds(
        game, *comb, rifle, context.measure(game, mira, r1, rifle).ctx, replace(sit, bystanders=())
    )
    assert odds.p_hit == pytest.approx(alone.p_hit * (5 / 6 if near else 1))
