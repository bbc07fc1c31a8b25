"""Noise (RULES.md §8) at the engine level with scripted dice: the round-end roll
and the horde pack it draws in at the entry nearest the loudest marker; the
infected's attention (game/play/attention.py)."""

from __future__ import annotations

from collections.abc import Sequence

from raid_kit import NO_WAVE, NORTH, SOUTH, Raid, of, play, raid_scenario

from game.actions import Activate, Attack, ChooseFirst, EndActivation, Move, Run
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.narration import narrate
from game.play.attention import AttentionDrawn, AttentionLost, loudest, marker_of
from game.play.events import WaveArrived
from game.play.noise import NoiseChecked, NoiseMade, make_noise
from game.state import NoiseMarker, Presence

HORDE = Raid(threat="infected", budget=0.5, roster=(("Shambler", 1.0),), entries=(NORTH, SOUTH))
# Mira stands near the south entry, the shambler runs up to the north one.
FIGURES = [("a", "mira", "Mira", 50, 10), ("b", "z1", "Shambler", 30, 40)]
MISS = [2, 3]  # from behind (advantage): W20 3 + 3 = 6 < VW 9


def _round_one(knobs: Sequence[str] = (), *, shoot: bool = True) -> Game:
    """Round 1 up to Mira's last action: z1 runs north (a run marker, 10 cm, by the
    north entry), then Mira fires her rifle (a firearm marker, 60 cm, by the south)."""
    scen = raid_scenario(
        FIGURES,
        HORDE,
        objective='kind = "hold"\nrounds = 5',
        knobs=[NO_WAVE, *knobs],
        facings={"z1": 90.0},
    )
    game = Game(scen, dice=ScriptedDice([]))
    play(game, ChooseFirst("b", "b"))
    play(game, Activate("z1"))
    play(game, Run("z1", (30, 54)))
    play(game, Activate("mira"))
    if shoot:
        events = play(game, Attack("mira", "z1", "Hunting rifle"), MISS)
        [made] = of(events, NoiseMade)
        assert (made.source, made.radius, (made.x, made.y)) == ("firearm", 60.0, (50.0, 10.0))
    return game


def _end_round(game: Game, faces: Sequence[int]) -> list[Event]:
    return play(game, EndActivation("mira"), faces)


def test_a_failed_noise_roll_brings_a_pack_at_the_entry_nearest_the_loudest_marker() -> None:
    game = _round_one()
    # Round end: W6 2 ≤ 2 → a pack of 1W3+1 shamblers (W6 5 → 3 + 1 = 4); then
    # round 2's initiative (20 against 1).
    events = _end_round(game, [2, 5, 20, 1])
    [check] = of(events, NoiseChecked)
    assert (check.face, check.threshold, check.result) == (2, 2, "horde_pack")
    [pack] = of(events, WaveArrived)
    # The loud shot by the south entry outweighs the nearer-to-north run marker.
    assert (pack.side, pack.wave, pack.entry, pack.profiles) == ("b", 0, "south", ("Shambler",) * 4)
    arrived = [game.state.figures[f] for f in pack.figures]
    assert all(f.presence is Presence.TABLE and f.y <= 4.0 for f in arrived)
    assert len({f.pack for f in arrived}) == 1 and arrived[0].pack is not None
    assert game.state.noise == []  # the markers go at the end of the round


def test_a_roll_above_the_threshold_stays_quiet() -> None:
    game = _round_one()
    events = _end_round(game, [3, 20, 1])
    [check] = of(events, NoiseChecked)
    assert (check.face, check.threshold, check.result) == (3, 2, "quiet")
    assert of(events, WaveArrived) == []


def test_the_threshold_is_the_knob_noise_threshold() -> None:
    game = _round_one(["noise_threshold = 3"])
    events = _end_round(game, [3, 1, 20, 1])  # 3 ≤ 3; the pack: W6 1 → 1W3 1 + 1 = 2
    [check] = of(events, NoiseChecked)
    assert (check.face, check.threshold, check.result) == (3, 3, "horde_pack")
    [pack] = of(events, WaveArrived)
    assert pack.entry == "south" and len(pack.figures) == 2
    quiet = _round_one(["noise_threshold = 1"])
    [check] = of(_end_round(quiet, [2, 20, 1]), NoiseChecked)
    assert check.result == "quiet"


def test_no_loud_weapon_no_roll() -> None:
    game = _round_one(shoot=False)  # only the run marker: no Laut weapon fired
    events = _end_round(game, [20, 1])
    assert of(events, NoiseChecked) == [] and of(events, WaveArrived) == []


# -- attention (§8) --------------------------------------------------------------------------

WALL = ("wall", "wall", [(44, 25), (60, 25), (60, 27), (44, 27)])
# z1 behind the wall hears Mira's shot and sees nobody; z2 sees Mira; z3 is too far.
ATTENTION = [
    ("a", "mira", "Mira", 54, 10),
    ("a", "bruno", "Bruno", 40, 12),
    ("b", "z1", "Shambler", 56, 40),
    ("b", "z2", "Shambler", 20, 40),
    ("b", "z3", "Shambler", 3, 57),
]


def _shot_behind_the_wall() -> tuple[Game, list[Event]]:
    scen = raid_scenario(
        ATTENTION, HORDE, terrain=[WALL], objective='kind = "hold"\nrounds = 5', knobs=[NO_WAVE]
    )
    game = Game(scen, dice=ScriptedDice([]))
    play(game, ChooseFirst("b", "b"))
    play(game, Activate("z3"))
    play(game, EndActivation("z3"))
    play(game, Activate("mira"))
    events = play(game, Attack("mira", "z2", "Hunting rifle"), [2])  # 2 + 3 < VW 9: a miss
    return game, events


def test_infected_that_hear_a_shot_and_see_nobody_are_drawn_toward_it() -> None:
    game, events = _shot_behind_the_wall()
    drawn = of(events, AttentionDrawn)
    assert [(e.figure, e.source, e.x, e.y) for e in drawn] == [("z1", "firearm", 54.0, 10.0)]
    assert events.index(drawn[0]) == events.index(of(events, NoiseMade)[0]) + 1
    figures = game.state.figures
    assert figures["z1"].attention == 0 and marker_of(game, figures["z1"]) is game.state.noise[0]
    assert figures["z2"].attention is None  # it sees Mira: a living target beats a noise
    assert figures["z3"].attention is None  # 69 cm away: beyond the 60 cm of a shot
    assert narrate(drawn[0], "en") == "Z1 hears gunfire and is drawn toward it (§3.8)"
    assert narrate(drawn[0], "de") == "Z1 hört Schüsse und wird davon angezogen (§3.8)"


def test_a_louder_marker_takes_the_attention_a_quieter_one_does_not() -> None:
    game, _ = _shot_behind_the_wall()
    z1 = game.state.figures["z1"]
    quiet = make_noise(game, "run", (56.0, 45.0))  # 10 cm, right beside z1
    assert of(quiet, AttentionDrawn) == [] and z1.attention == 0
    loud = make_noise(game, "explosion", (30.0, 55.0))  # 90 cm: louder
    assert [e.figure for e in of(loud, AttentionDrawn)] == ["z1"]  # z2, z3 see defenders
    assert z1.attention == 2
    near = make_noise(game, "explosion", (58.0, 50.0))  # as loud, and nearer to z1
    assert [e.figure for e in of(near, AttentionDrawn)] == ["z1"] and z1.attention == 3
    far = make_noise(game, "explosion", (10.0, 5.0))  # as loud, farther: z1 stays
    assert of(far, AttentionDrawn) == [] and z1.attention == 3


def test_the_loudest_marker_ties_go_to_the_nearest_then_the_earliest() -> None:
    first, second = NoiseMarker(0, 0, 60, "firearm", 1), NoiseMarker(10, 0, 60, "firearm", 1)
    quiet = NoiseMarker(9, 0, 10, "run", 1)
    assert loudest([quiet, first, second]) is first  # no place: the earliest
    assert loudest([first, second], (8.0, 0.0)) is second  # the nearest
    assert loudest([first, second], (5.0, 0.0)) is first  # as near: the earliest
    assert loudest([second, first], (5.0, 0.0)) is second
    assert loudest([]) is None


def test_an_infected_that_sees_a_living_target_at_its_activation_forgets_the_noise() -> None:
    game, _ = _shot_behind_the_wall()
    play(game, EndActivation("mira"))
    play(game, Activate("z2"))
    play(game, EndActivation("z2"))
    play(game, Activate("bruno"))
    play(game, Move("bruno", (38, 26)))  # round the end of the wall, in z1's sight
    play(game, EndActivation("bruno"))
    events = play(game, Activate("z1"))
    assert [(e.figure, e.target) for e in of(events, AttentionLost)] == [("z1", "bruno")]
    assert game.state.figures["z1"].attention is None
    assert (
        narrate(of(events, AttentionLost)[0], "en") == "Z1 sees Bruno and forgets the noise (§3.8)"
    )


def test_attention_goes_with_the_markers_at_the_end_of_the_round() -> None:
    game, _ = _shot_behind_the_wall()
    play(game, EndActivation("mira"))
    for fid in ("z2", "bruno", "z1"):
        play(game, Activate(fid))
        play(game, EndActivation(fid), [5, 20, 1] if fid == "z1" else [])  # quiet; round 2
    assert game.state.round == 2 and game.state.noise == []
    assert all(f.attention is None for f in game.state.figures.values())
