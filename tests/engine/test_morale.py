"""When squads test morale (docs/RULES.md §7), at the engine level with scripted dice:
the leader falling, and the raid band as one squad across its waves."""

from __future__ import annotations

from raid_kit import NO_WAVE, Raid, idle, of, play, raid_scenario

from game.actions import Activate, Attack, ChooseEntry, ChooseFirst, EndActivation
from game.dice import ScriptedDice
from game.engine import Game
from game.play.events import WaveArrived
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


# -- the raid band: one squad across its waves (§7, §12) -----------------------------------

BOSS_COST = '"profile.Raider boss.cost" = 1'  # so a wave of budget 2 buys boss + raider
TWO_WAVES = Raid(waves=2, budget=4, wave_every=1, roster=(("Raider boss", 1.0), ("Raider", 1.0)))


def _two_waves(*, boss: bool) -> tuple[Game, list[str], list[str]]:
    """Wave 1 (round 1) and wave 2 (round 2) of side b, two figures each; two Miras
    defend. Wave 1 is the Raider boss and a Raider when `boss`, else two Raiders;
    wave 2 two Raiders. Side a wins round 2's initiative and goes first."""
    shooters = [("a", "m1", "Mira", 26, 30), ("a", "m2", "Mira", 34, 30)]
    scen = raid_scenario(shooters, TWO_WAVES, knobs=[BOSS_COST])
    game = Game(scen, dice=ScriptedDice([]))
    first = [0.1, 0.5] if boss else [0.9, 0.9]  # u < 0.5 of the weights: the boss
    wave1 = of(play(game, ChooseEntry("b", "north"), uniforms=first), WaveArrived)[0].figures
    idle(game)  # round 1: nobody acts; round 2's wave is due
    arrived = play(game, ChooseEntry("b", "north"), [20, 1], uniforms=[0.9, 0.9])
    wave2 = of(arrived, WaveArrived)[0].figures
    play(game, ChooseFirst("a", "a"))
    return game, list(wave1), list(wave2)


def test_every_wave_of_a_raid_joins_one_band_squad() -> None:
    game, wave1, wave2 = _two_waves(boss=True)
    band = game.state.squads["b-band"]
    assert band.members == wave1 + wave2 and band.start_size == 4
    assert {game.state.figures[f].squad for f in wave1 + wave2} == {"b-band"}
    assert band.leader == wave1[0] and game.profile(wave1[0]).name == "Raider boss"
    assert [s for s in game.state.squads if s.startswith("b")] == ["b-band"]


def test_the_band_tests_at_half_of_every_figure_that_has_arrived() -> None:
    # One of wave 1 falls: 3 of the band's 4 stand — no test (as a squad of its own,
    # wave 1 would be down to half). The second falls: 2 of 4 → the two left test.
    game, wave1, wave2 = _two_waves(boss=False)
    play(game, Activate("m1"))
    events = play(game, Attack("m1", wave1[0], "Hunting rifle"), KILL)
    assert of(events, MoraleTested) == []
    play(game, EndActivation("m1"))
    play(game, Activate(wave2[0]))
    play(game, EndActivation(wave2[0]))
    play(game, Activate("m2"))
    events = play(game, Attack("m2", wave1[1], "Hunting rifle"), [*KILL, 15, 5])
    tests = of(events, MoraleTested)
    assert [(t.faces, t.success) for t in tests] == [((15,), True), ((5,), False)]
    assert game.state.squads["b-band"].half_tested


def test_the_band_leader_backs_the_raiders_of_a_later_wave() -> None:
    # A suppressed raider of wave 2 re-tests with advantage while the boss of wave 1
    # stands (§14 Anführer): W20 5 and 15, the higher kept → 15 ≥ 12.
    game, _, wave2 = _two_waves(boss=True)
    follower = game.state.figures[wave2[0]]
    follower.suppressed = True
    play(game, Activate("m1"))
    play(game, EndActivation("m1"))
    events = play(game, Activate(follower.id), [5, 15])
    [retest] = of(events, MoraleTested)
    assert (retest.faces, retest.kept, retest.success) == ((5, 15), 15, True)
    assert not follower.suppressed
