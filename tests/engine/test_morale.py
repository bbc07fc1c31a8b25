"""When squads test morale (RULES.md §7), at the engine level with scripted dice:
the leader falling, and the raid band as one squad across its waves."""

from __future__ import annotations

from raid_kit import NO_WAVE, Raid, of, play, raid_scenario

from game.actions import Activate, Attack, ChooseFirst
from game.dice import ScriptedDice
from game.engine import Game
from game.rules.morale import MoraleTested

# Mira shoots from the south; the raiders face her (no advantage, one W20).
RAIDERS = [
    ("a", "mira", "Mira", 10, 10),
    ("b", "r1", "Raider", 10, 40),
    ("b", "r2", "Raider", 20, 50),
    ("b", "r3", "Raider", 30, 50),
]
FACING = {"r1": 270.0, "r2": 270.0, "r3": 270.0}
KILL = [20, 6, 6, 6, 6]  # W20 20: critical, 4W6 at 2+ → 4 wounds on a Raider's 4 TP


def _game(leader: str | None) -> Game:
    scen = raid_scenario(
        RAIDERS,
        Raid(),
        knobs=[NO_WAVE],
        leaders={"b": leader} if leader else None,
        facings=FACING,
    )
    game = Game(scen, dice=ScriptedDice([]))
    play(game, ChooseFirst("b", "a"))  # a surprise attack; side b lets Mira go first
    play(game, Activate("mira"))
    return game


def test_the_leader_falling_makes_its_squad_test_morale() -> None:
    # r1 leads a squad of 3; it falls, 2 of 3 still stand (more than half): the
    # test is due only because the leader fell. r2 rolls 15 (holds), r3 5 (suppressed).
    game = _game("r1")
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [*KILL, 15, 5])
    tests = of(events, MoraleTested)
    assert [(t.who, t.faces, t.success) for t in tests] == [
        ("R2", (15,), True),
        ("R3", (5,), False),
    ]
    figures = game.state.figures
    assert not figures["r2"].suppressed and figures["r3"].suppressed
    assert not game.state.squads["sb"].half_tested  # the half-strength test is still to come


def test_a_follower_falling_with_more_than_half_standing_sets_off_no_test() -> None:
    game = _game("r1")
    events = play(game, Attack("mira", "r2", "Hunting rifle"), KILL)  # no morale faces
    assert of(events, MoraleTested) == []
    assert not any(f.suppressed for f in game.state.figures.values())
