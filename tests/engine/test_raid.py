"""The raid (docs/RULES.md §12): waves and their budget, the shelter breach, raiders
fleeing, and the outcome Repelled / Partial / Defeat — all with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest
from raid_kit import NO_WAVE, NORTH, SHELTER, SOUTH, Raid, idle, of, play, raid_scenario

from game.actions import Activate, Attack, ChooseEntry, ChooseFirst, EndActivation, Move, Run
from game.dice import ScriptedDice
from game.engine import Game
from game.narration import narrate
from game.play import raid
from game.play.events import GameOver, RoundStarted, WaveArrived
from game.play.zones import LeftBoard, ShelterBreached
from game.rules.combatant import Condition
from game.state import Presence

HORDE = Raid(threat="infected", budget=0.5, roster=(("Shambler", 1.0),), entries=(NORTH, SOUTH))
PROTECT = 'kind = "protect"\nkey_point = "shelter"\nrounds = {rounds}'


# -- waves (§12.3) and the budget (§12.1, §14.3) ---------------------------------------------


def test_waves_are_1w3_plus_1_every_two_rounds_with_the_budget_split_evenly() -> None:
    # 1W3+1 with a W6 face 5: W3 3 + 1 = 4 waves; budget 10 → 2.5 a wave. A Raider costs
    # 1, so a wave buys 2 (0.5 carried to the next) or 3 (2.5 + 0.5).
    wide = ("north", [(0.0, 52.0), (60.0, 52.0), (60.0, 60.0), (0.0, 60.0)])  # room for all
    scen = raid_scenario(
        [("a", "bruno", "Bruno", 30, 10)], Raid(waves="1W3+1", budget=10, entries=(wide,))
    )
    game = Game(scen, dice=ScriptedDice([5]))
    waves = game.state.sides["b"].waves
    assert waves is not None
    assert (waves.total, waves.budget_per_wave, waves.next_round) == (4, 2.5, 1)
    arrivals = []
    for wave in range(1, 5):
        pending = game.pending()
        assert pending is not None and (pending.kind, pending.side) == ("choose_entry", "b")
        bought = 2 if wave % 2 else 3
        faces = [] if wave == 1 else [20, 1]  # round 1 is a surprise attack: no roll
        events = play(game, ChooseEntry("b", "north"), faces, uniforms=[0.5] * bought)
        [arrived] = of(events, WaveArrived)
        arrivals.append((game.state.round, arrived.wave, arrived.total, arrived.budget))
        assert len(arrived.figures) == bought and set(arrived.profiles) == {"Raider"}
        idle(game, [20, 1])  # the rest of this round and the next one's initiative
        idle(game)  # the even round: no wave; then the next wave's choice (or the end)
    assert arrivals == [(1, 1, 4, 2.5), (3, 2, 4, 3.0), (5, 3, 4, 2.5), (7, 4, 4, 3.0)]
    raiders = [f for f in game.state.figures.values() if f.side == "b"]
    assert len(raiders) == 10 and waves.arrived == 4
    assert raid.next_wave_due(game) is None


def test_wave_spacing_is_a_knob_and_wave_every_overrides_it() -> None:
    defenders = [("a", "bruno", "Bruno", 30, 10)]
    knob = raid_scenario(defenders, Raid(waves=3, budget=3), knobs=['"raid.wave_spacing" = 3'])
    game = Game(knob, dice=ScriptedDice([]))
    assert game.state.sides["b"].waves.every == 3  # type: ignore[union-attr]
    own = raid_scenario(defenders, Raid(waves=3, budget=3, wave_every=1))
    assert Game(own, dice=ScriptedDice([])).state.sides["b"].waves.every == 1  # type: ignore[union-attr]
    play(game, ChooseEntry("b", "north"), uniforms=[0.5])
    idle(game, [20, 1])
    idle(game, [20, 1])
    idle(game)  # round 3: nothing due
    pending = game.pending()
    assert game.state.round == 4 and pending is not None and pending.kind == "choose_entry"


def test_default_budget_is_cores_times_average_level_times_2_times_the_factor() -> None:
    """Rulebook §14.3: "Budget = Anzahl SC × durchschnittliche Figuren-Stufe × 2 …
    4 SC auf Stufe 1 → Budget 8" — the budget is core figures × average level × 2,
    times the knob raid_budget_factor (1: contract §12, corrected 2026-12-01)."""
    # Bruno at level 3 and Mira at level 1 are core figures (average level 2); the
    # militia is an extra and does not count: 2 × 2 × 2 × raid_budget_factor 1 = 8.
    defenders = [
        ("a", "bruno", "Bruno", 30, 10),
        ("a", "mira", "Mira", 34, 10),
        ("a", "m1", "Militia", 38, 10),
    ]
    stats = {"bruno": {"level": 3}}
    scen = raid_scenario(defenders, Raid(waves=4, budget=None), stats=stats)
    game = Game(scen, dice=ScriptedDice([]))
    assert raid.default_budget(game, game.state, "b") == 8.0
    assert game.state.sides["b"].waves.budget_per_wave == 2.0  # type: ignore[union-attr]
    tuned = raid_scenario(
        defenders, Raid(waves=4, budget=None), stats=stats, knobs=["raid_budget_factor = 3"]
    )
    assert Game(tuned, dice=ScriptedDice([])).state.sides["b"].waves.budget_per_wave == 6.0  # type: ignore[union-attr]


def test_a_wave_buys_its_roster_by_weight_with_the_games_dice() -> None:
    # Budget 4 in one wave; roster Raider (cost 1) weight 1, Raider veteran (cost 2)
    # weight 3. Uniform 0.1 × 4 = 0.4 < 1 → Raider; 0.9 × 4 = 3.6 → veteran; 3 - 2 = 1
    # left: only the Raider is affordable → Raider (one more uniform).
    roster = (("Raider", 1.0), ("Raider veteran", 3.0))
    scen = raid_scenario([("a", "bruno", "Bruno", 30, 10)], Raid(budget=4, roster=roster))
    game = Game(scen, dice=ScriptedDice([]))
    events = play(game, ChooseEntry("b", "north"), uniforms=[0.1, 0.9, 0.5])
    [arrived] = of(events, WaveArrived)
    assert arrived.profiles == ("Raider", "Raider veteran", "Raider")
    assert game.state.sides["b"].waves.carry == 0.0  # type: ignore[union-attr]


# -- the shelter (§12.4) ------------------------------------------------------------------------


def _horde_at_the_shelter(rounds: int = 5) -> Game:
    figures = [
        ("a", "mira", "Mira", 5, 55),
        ("b", "z1", "Shambler", 30, 33),
        ("b", "z2", "Shambler", 36, 33),
    ]
    scen = raid_scenario(
        figures,
        HORDE,
        modules=[SHELTER],
        objective=PROTECT.format(rounds=rounds),
        knobs=[NO_WAVE],
    )
    game = Game(scen, dice=ScriptedDice([]))
    play(game, ChooseFirst("b", "b"))  # no watchtower, no radio: a surprise attack
    return game


def _into_the_shelter(game: Game, figure: str, to: tuple[float, float]) -> list:  # type: ignore[type-arg]
    play(game, Activate(figure))
    play(game, Move(figure, to))
    return play(game, EndActivation(figure))


def test_an_infected_ending_its_activation_in_the_shelter_breaches_it_twice_is_defeat() -> None:
    game = _horde_at_the_shelter()
    events = _into_the_shelter(game, "z1", (30, 27))
    assert [(e.figure, e.shelter, e.breaches) for e in of(events, ShelterBreached)] == [
        ("z1", "shelter", 1)
    ]
    assert game.state.breaches == 1 and not game.is_over()
    play(game, Activate("mira"))
    play(game, EndActivation("mira"))
    events = _into_the_shelter(game, "z2", (36, 27))
    assert [e.breaches for e in of(events, ShelterBreached)] == [2]
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason, over.round) == ("defeat", "key_point_taken", 1)
    assert game.outcome() == "defeat"


def test_an_infected_that_only_passes_through_the_shelter_does_not_breach_it() -> None:
    game = _horde_at_the_shelter()
    play(game, Activate("z1"))
    events = play(game, Run("z1", (30, 17)))  # through and out the other side
    assert of(events, ShelterBreached) == [] and game.state.breaches == 0


def test_one_breach_and_the_time_held_is_partial() -> None:
    game = _horde_at_the_shelter(rounds=1)
    _into_the_shelter(game, "z1", (30, 27))
    events = idle(game)
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason, over.round) == ("partial", "held", 1)
    assert over.consequences == ("module_damaged", "supplies_lost", "morale_minus_one")


def test_the_time_held_with_nothing_spoiled_is_repelled() -> None:
    # The integrator's reading of §12: a clean hold meets the objective even with
    # attackers still on the table.
    game = _horde_at_the_shelter(rounds=1)
    events = idle(game)
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason, over.round) == ("repelled", "held", 1)
    assert of(events, RoundStarted) == []  # decided before round 2 began
    assert over.consequences == ("keep_everything", "loot_from_fallen")
    assert narrate(over, "en") == (
        "Battle over in round 1: Repelled [Abgewehrt] — the defenders held out 1 round (§12) "
        "Consequences: The refuge keeps everything. The defenders take the loot of the "
        "fallen attackers."
    )
    assert narrate(over, "de") == (
        "Schlacht vorbei in Runde 1: Abgewehrt — die Verteidiger haben 1 Runde durchgehalten "
        "(§12) Folgen: Die Zuflucht behält alles. Die Verteidiger nehmen die Beute der "
        "gefallenen Angreifer."
    )


def test_the_game_over_line_says_how_many_rounds_were_held() -> None:
    game = _horde_at_the_shelter(rounds=2)
    idle(game, [20, 1])  # round 2's initiative
    [over] = of(idle(game), GameOver)
    assert (over.outcome, over.reason, over.round) == ("repelled", "held", 2)
    assert "the defenders held out 2 rounds (§12)" in narrate(over, "en")
    assert "die Verteidiger haben 2 Runden durchgehalten (§12)" in narrate(over, "de")


# -- raiders: repelled, defeat, fleeing ---------------------------------------------------------


def _one_raider(defender: tuple[str, str, str, float, float]) -> Game:
    """One wave of one Raider enters in the north (surprise: side b goes first)."""
    game = Game(raid_scenario([defender], Raid(budget=1)), dice=ScriptedDice([]))
    play(game, ChooseEntry("b", "north"), uniforms=[0.5])
    play(game, ChooseFirst("b", "b"))
    return game


def test_every_attacker_out_after_the_last_wave_is_repelled() -> None:
    game = _one_raider(("a", "mira", "Mira", 30, 30))
    [raider] = [f for f in game.state.figures.values() if f.side == "b"]
    play(game, Activate(raider.id))
    play(game, EndActivation(raider.id))
    play(game, Activate("mira"))
    # W20 20: a critical hit, 4W6 at 2+ → 4 wounds on the Raider's 4 TP.
    events = play(game, Attack("mira", raider.id, "Hunting rifle"), [20, 6, 6, 6, 6])
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason) == ("repelled", "all_attackers_gone")


def test_every_defender_out_is_defeat() -> None:
    game = _one_raider(("a", "m1", "Militia", 30, 40))
    [raider] = [f for f in game.state.figures.values() if f.side == "b"]
    play(game, Activate(raider.id))
    # Pistol, W20 20: 3W6 at 2+ (no armour) → 3 wounds on the militia's 3 TP.
    events = play(game, Attack(raider.id, "m1", "Pistol"), [20, 6, 6, 6])
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason) == ("defeat", "defenders_out")


def test_a_suppressed_raider_in_its_entry_zone_flees_and_counts_as_gone() -> None:
    game = _one_raider(("a", "mira", "Mira", 30, 10))
    [raider] = [f for f in game.state.figures.values() if f.side == "b"]
    raider.suppressed = True
    events = play(game, Activate(raider.id), [5])  # re-test: W20 5 + WIL 0 < 12
    assert raider.suppressed
    events = play(game, EndActivation(raider.id))
    [left] = of(events, LeftBoard)
    assert (left.figure, left.entry, left.loot, left.fled) == (raider.id, "north", 0, True)
    assert raider.presence is Presence.GONE and raider.fled
    [over] = of(events, GameOver)
    assert (over.outcome, over.reason) == ("repelled", "all_attackers_gone")


def test_a_raider_that_is_not_suppressed_stays_in_its_entry_zone() -> None:
    game = _one_raider(("a", "mira", "Mira", 30, 10))
    [raider] = [f for f in game.state.figures.values() if f.side == "b"]
    play(game, Activate(raider.id))
    events = play(game, EndActivation(raider.id))
    assert of(events, LeftBoard) == [] and raider.presence is Presence.TABLE


@pytest.mark.parametrize("loot", [1, 3])
def test_loot_carried_off_is_partial_or_with_three_defeat(loot: int) -> None:
    game = _one_raider(("a", "mira", "Mira", 30, 10))
    [raider] = [f for f in game.state.figures.values() if f.side == "b"]
    raider.loot = loot
    play(game, Activate(raider.id))
    events = play(game, EndActivation(raider.id))
    [left] = of(events, LeftBoard)
    assert (left.loot, left.fled) == (loot, False) and game.state.loot_taken == loot
    [over] = of(events, GameOver)
    expected = ("partial", "all_attackers_gone") if loot == 1 else ("defeat", "key_point_taken")
    assert (over.outcome, over.reason) == expected


def test_a_wachsam_defender_prevents_the_surprise_attack() -> None:
    """Rulebook §13.1: "Wachsam — du kannst nicht überrascht werden" (Watchful: it cannot
    be surprised). P: a standing defender with it warns its side like a radio (§11)."""
    game = _horde_at_the_shelter()
    assert raid.surprise_attacker(game) == "b"
    mira = game.profiles["mira"]
    game.profiles["mira"] = replace(mira, talents=("Wachsam",))
    assert raid.surprise_attacker(game) is None
    game.state.figures["mira"].condition = Condition.DOWN
    assert raid.surprise_attacker(game) == "b"
