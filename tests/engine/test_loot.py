"""Loot markers of a loot objective (docs/SCENARIO.md `[[loot]]`; rulebook §9, §10.5):
picking a find up, its slots, dropping it, losing it where the carrier falls,
carrying it off by the side's exit, and the battle decided by what was carried off."""

from __future__ import annotations

import pytest
from test_support_scenes import activate

from game.actions import EndActivation, IllegalAction, Interact, Move
from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario
from game.narration import narrate
from game.play import harm, loot, movement
from game.play.loot import LootCarriedOff, LootDropped, LootPicked
from game.rules.combatant import Condition
from game.scenario import ScenarioError
from game.state import GameState, Presence

FINDS = """
[[loot]]
id = "crate"
name = "a tool crate"
at = [30, 11.5]
resource = "parts"
value = 3
slots = 3

[[loot]]
id = "cans"
at = [30, 48]
resource = "food"
value = 2
"""


def _text(finds: str = FINDS, *, exit_b: bool = True, objective: str = "loot") -> str:
    b_exit = "exit = [[0, 56], [60, 56], [60, 60], [0, 60]]" if exit_b else ""
    return f"""
[scenario]
name = "Salvage"
max_rounds = 5

[board]
width_cm = 60.0
height_cm = 60.0

[[terrain]]
id = "ruin"
kind = "building"
polygon = [[40, 20], [50, 20], [50, 30], [40, 30]]
{finds}
[[side]]
id = "a"
name = "Crew"
controller = "human"
exit = [[0, 0], [60, 0], [60, 4], [0, 4]]

[[side.squad]]
id = "sa"

[[side.squad.figure]]
id = "bruno"
profile = "Bruno"
at = [30, 10]

[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [10, 30]

[[side]]
id = "b"
name = "Scavengers"
controller = "human"
{b_exit}

[[side.squad]]
id = "sb"

[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [30, 50]

[objective]
kind = "{objective}"
"""


def _game(text: str | None = None) -> Game:
    faces = [20, 1] * 5
    return Game(parse_scenario(text or _text(), "salvage.toml"), dice=ScriptedDice(faces))


def _errors(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "salvage.toml")
    return info.value.errors


# -- the file -------------------------------------------------------------------------


def test_the_loader_refuses_loot_without_its_objective_and_the_reverse() -> None:
    errors = _errors(_text(objective="drive_off"))
    assert 'salvage.toml: loot[0]: loot markers need [objective] kind = "loot"' in errors
    assert 'salvage.toml: side[0].exit: an exit needs [objective] kind = "loot"' in errors
    errors = _errors(_text(finds=""))
    assert "salvage.toml: objective.kind: a loot objective needs at least one [[loot]] marker" in (
        errors
    )


def test_the_loader_checks_where_finds_lie_and_what_they_are() -> None:
    bad = FINDS.replace("at = [30, 48]", "at = [45, 25]").replace('"food"', '"gold"')
    bad = bad.replace('id = "crate"', 'id = "ruin"')
    errors = _errors(_text(bad))
    assert any("loot[1].resource" in e and "scrap" in e for e in errors), errors
    assert "salvage.toml: loot[0].id: 'ruin' is a terrain piece's or module's id too" in errors
    errors = _errors(_text(FINDS.replace("at = [30, 48]", "at = [45, 25]")))
    assert errors == ["salvage.toml: loot[1].at: inside solid terrain 'ruin'"]
    inland = _text().replace("[[0, 0], [60, 0], [60, 4], [0, 4]]", "[[10, 10], [20, 10], [20, 20]]")
    assert _errors(inland) == ["salvage.toml: side[0].exit: an exit must touch a board edge"]


# -- picking up, carrying, dropping ------------------------------------------------------


def test_a_find_in_base_contact_is_picked_up_and_fills_its_slots() -> None:
    game = _game()
    activate(game, "bruno")
    bruno = game.state.figures["bruno"]
    free = movement.allowance(game, bruno, "move")
    events = game.apply(Interact("bruno", "crate"))
    assert events == [LootPicked("bruno", "crate", "a tool crate", "parts", 3, 3, 1)]
    assert narrate(events[0]) == (
        "Bruno picks up a tool crate (3 parts [Feinbauteile]; it takes 3 of its carrying "
        "slots) and now carries 1 find(s) (§9)"
    )
    assert game.state.markers["crate"].carrier == "bruno" and bruno.loot == 1
    assert loot.slots_of(game, bruno) == 3
    assert movement.allowance(game, bruno, "move") == free - 5.0  # overloaded (§9)


def test_a_find_out_of_reach_or_of_a_side_without_an_exit_is_refused() -> None:
    game = _game()
    activate(game, "mira")
    with pytest.raises(IllegalAction, match=r"Mira is .* from a tool crate"):
        game.apply(Interact("mira", "crate"))
    game = _game(_text(exit_b=False))
    activate(game, "r1")
    with pytest.raises(IllegalAction, match="has no exit to carry Cans off"):
        game.apply(Interact("r1", "cans"))
    assert Interact("r1", "cans") not in game.legal_actions()


def test_interact_on_a_carried_find_puts_it_down_at_the_feet() -> None:
    game = _game()
    activate(game, "bruno")
    game.apply(Interact("bruno", "crate"))
    events = game.apply(Interact("bruno", "crate"))
    assert events[0] == LootDropped("bruno", "crate", "a tool crate", False)
    marker = game.state.markers["crate"]
    assert marker.lying and (marker.x, marker.y) == (30.0, 10.0)
    assert game.state.figures["bruno"].loot == 0


def test_a_carrier_that_falls_drops_its_find_where_it_fell() -> None:
    game = _game()
    activate(game, "bruno")
    game.apply(Interact("bruno", "crate"))
    bruno = game.state.figures["bruno"]
    bruno.tp = 0
    bruno.condition = Condition.OUT
    events = harm.fallen(game, bruno)
    assert LootDropped("bruno", "crate", "a tool crate", True) in events
    assert game.state.markers["crate"].lying and bruno.loot == 0


# -- carrying off and the outcome --------------------------------------------------------


def test_a_carrier_ending_in_its_exit_leaves_with_the_find_and_it_counts() -> None:
    text = (
        _text()
        .replace("at = [30, 10]", "at = [30, 5]")
        .replace("at = [30, 11.5]", "at = [30, 6.5]")
    )
    game = _game(text)
    activate(game, "bruno")
    game.apply(Interact("bruno", "crate"))
    events = game.apply(Move("bruno", (30.0, 2.0)))  # the second action ends it
    off = [e for e in events if isinstance(e, LootCarriedOff)]
    assert off == [LootCarriedOff("bruno", "a", ("crate",), "a tool crate", 3)]
    assert narrate(off[0]) == "Bruno carries a tool crate off the table for Crew: 3 in all (§10.5)"
    bruno = game.state.figures["bruno"]
    assert bruno.presence is Presence.GONE and bruno.loot == 0
    assert loot.value_off(game, "a") == 3 and game.state.markers["crate"].off_by == "a"
    assert game.state.outcome is None  # the cans still lie on the table


def test_the_battle_ends_when_no_find_is_left_and_the_value_decides() -> None:
    one = FINDS.split("[[loot]]")[1]
    text = _text("[[loot]]" + one).replace("at = [30, 10]", "at = [30, 5]")
    text = text.replace("at = [30, 11.5]", "at = [30, 6.5]")
    game = _game(text)
    activate(game, "bruno")
    game.apply(Interact("bruno", "crate"))
    game.apply(Move("bruno", (30.0, 2.0)))
    assert game.state.outcome == "victory"  # 3 carried off against 0


def test_a_side_left_alone_that_can_still_loot_plays_on() -> None:
    game = _game()
    r1 = game.state.figures["r1"]
    r1.condition = Condition.DEAD
    r1.presence = Presence.GONE
    activate(game, "bruno")
    assert game.state.outcome is None  # the crew may still take the finds


def test_finds_survive_a_save_and_old_saves_have_none() -> None:
    game = _game()
    activate(game, "bruno")
    game.apply(Interact("bruno", "crate"))
    data = game.state.to_dict()
    again = GameState.from_dict(data)
    assert again.markers == game.state.markers
    assert again.markers["crate"].carrier == "bruno"
    plain = Game(parse_scenario(_text().split("[[loot]]")[0] + _tail(), "plain.toml"))
    assert "markers" not in plain.state.to_dict()  # a game without finds: the old shape


def _tail() -> str:
    """The sides of the salvage scene without finds, exits or the loot objective."""
    text = _text(finds="", exit_b=False, objective="drive_off")
    start = text.index("[[side]]")
    body = text[start:].replace("exit = [[0, 0], [60, 0], [60, 4], [0, 4]]\n", "")
    return body


def test_a_side_with_only_downed_figures_still_rolls_initiative() -> None:
    game = _game()
    activate(game, "bruno")
    game.state.figures["r1"].condition = Condition.DOWN  # on the table, not standing
    game.state.figures["r1"].activated = True
    game.apply(EndActivation("bruno"))
    activate(game, "mira")
    game.apply(EndActivation("mira"))  # round 2: the roll takes the downed figure's REF
    assert game.state.round == 2 and game.state.outcome is None
