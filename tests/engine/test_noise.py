"""Noise (RULES.md §8) at the engine level with scripted dice: the round-end roll
and the horde pack it draws in at the entry nearest the loudest marker."""

from __future__ import annotations

from collections.abc import Sequence

from raid_kit import NO_WAVE, NORTH, SOUTH, Raid, of, play, raid_scenario

from game.actions import Activate, Attack, ChooseFirst, EndActivation, Run
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.play.events import WaveArrived
from game.play.noise import NoiseChecked, NoiseMade
from game.state import Presence

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
