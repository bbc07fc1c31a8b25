"""Interact: gates, looting the storage, the Tüftler's Improvisieren (docs/RULES.md §4, §11–§13)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from shapely.geometry import Point
from test_support_scenes import Placed, activate, game_of, scene

from game.actions import EndActivation, IllegalAction, Interact
from game.board.sight import line_of_sight
from game.board.terrain import TerrainKind
from game.engine import Game
from game.narration import narrate
from game.play.combat_events import StructureBroken
from game.play.support import ChargeBlasted, GateMoved, Improvised, LootTaken
from game.play.zones import LeftBoard
from game.state import Presence

A_WINS = [20, 1]
NO_WAVE = '"raid.first_wave_round" = 9'  # the raid's wave stays away: only r1 raids


def _yard(extra: Sequence[Placed] = ()) -> Game:
    figures: list[Placed] = [
        ("a", "ferdl", "Ferdl", 30.0, 28.5),  # 0.25 cm south of the gate
        ("a", "bruno", "Bruno", 44.0, 8.5),  # 0.25 cm south of the barricade
        ("b", "r1", "Raider", 30.0, 45.0),
        *extra,
    ]
    return game_of(scene(figures), A_WINS * 2)


def _sees(game: Game, a: str, b: str) -> bool:
    fa, fb = game.state.figures[a], game.state.figures[b]
    return line_of_sight(game.state.board, fa.pos, fb.pos).visible


def _solid_at(game: Game, x: float, y: float) -> bool:
    return bool(game.state.board.solid_geometry().contains(Point(x, y)))


# -- gates ------------------------------------------------------------------------------


def test_opening_and_closing_a_gate_changes_sight_and_movement() -> None:
    game = _yard()
    activate(game, "ferdl")
    assert not _sees(game, "ferdl", "r1") and _solid_at(game, 30, 30.5)
    events = game.apply(Interact("ferdl", "gate"))
    gate = game.state.board.pieces["gate"]
    assert events == [GateMoved("ferdl", "gate", True)]
    assert narrate(events[0]) == "Ferdl opens the gate [Tor] (§11)"
    assert narrate(events[0], "de") == "Ferdl öffnet das Tor (§11)"
    assert gate.open and not gate.blocks_movement and not gate.blocks_sight
    assert _sees(game, "ferdl", "r1") and not _solid_at(game, 30, 30.5)
    events = game.apply(Interact("ferdl", "gate"))  # Interact may be repeated
    assert events[0] == GateMoved("ferdl", "gate", False)
    assert not game.state.board.pieces["gate"].open
    assert not _sees(game, "ferdl", "r1") and _solid_at(game, 30, 30.5)
    assert game.state.spent["ferdl"] == ["interact", "interact"]


def test_a_gate_cannot_close_on_a_base_standing_in_it() -> None:
    text = scene(
        [
            ("a", "ferdl", "Ferdl", 28.0, 28.5),
            ("a", "selma", "Selma", 30.5, 31.5),  # in the open gate
            ("b", "r1", "Raider", 30.0, 45.0),
        ]
    ).replace("open = false", "open = true")
    game = game_of(text, A_WINS)
    activate(game, "ferdl")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="cannot close while Selma stands in it"):
        game.apply(Interact("ferdl", "gate"))
    assert game.to_dict() == before
    assert Interact("ferdl", "gate") not in game.legal_actions()


def test_interact_needs_base_contact() -> None:
    game = _yard()
    activate(game, "bruno")
    with pytest.raises(IllegalAction, match=r"not in base contact with gate \(23\.4 cm away"):
        game.apply(Interact("bruno", "gate"))


def test_pieces_without_an_interaction_and_unknown_ids_are_illegal() -> None:
    game = _yard([("a", "selma", "Selma", 5.0, 9.5)])  # 0.25 cm right of the infirmary
    activate(game, "selma")
    with pytest.raises(IllegalAction, match=r"nothing to interact with at infirmary \(infirmary\)"):
        game.apply(Interact("selma", "infirmary"))
    with pytest.raises(IllegalAction, match="no terrain piece or module 'well'"):
        game.apply(Interact("selma", "well"))


def test_a_broken_gate_stays_open_for_all_but_the_tinkerer() -> None:
    game = _yard([("a", "selma", "Selma", 27.5, 28.5)])
    game.state.board.damage("gate", 8)
    activate(game, "selma")
    with pytest.raises(IllegalAction, match="broken and stays open; only a Tüftler"):
        game.apply(Interact("selma", "gate"))


def test_a_damaged_gate_that_stands_still_opens_and_closes() -> None:
    game = _yard()
    game.state.board.damage("gate", 3)
    activate(game, "ferdl")
    game.apply(Interact("ferdl", "gate"))
    gate = game.state.board.pieces["gate"]
    assert gate.open and gate.structure == 5
    assert "improvisieren_used" not in game.state.figures["ferdl"].uses


# -- the storage -------------------------------------------------------------------------


def _raid(defender: Placed = ("a", "selma", "Selma", 10, 20)) -> Game:
    # r1 touches the storage and stands in its side's entry zone
    figures: list[Placed] = [
        defender,
        ("b", "r1", "Raider", 25.0, 57.5),
    ]
    text = scene(figures, raid=True, knobs=NO_WAVE)
    return game_of(text, [])  # round 1: a surprise attack, no initiative roll


def test_a_raider_loots_the_storage_and_carries_it_off_its_entry_edge() -> None:
    game = _raid()
    activate(game, "r1")
    r1 = game.state.figures["r1"]
    events = game.apply(Interact("r1", "storage"))
    assert events == [LootTaken("r1", "storage", 1)] and r1.loot == 1
    assert "carries 1" in narrate(events[0])
    events = game.apply(EndActivation("r1"))
    left = [e for e in events if isinstance(e, LeftBoard)]
    assert left == [LeftBoard("r1", "north", 1, False)]
    assert game.state.loot_taken == 1 and r1.presence is Presence.GONE


def test_a_raider_may_loot_twice_in_one_activation() -> None:
    game = _raid()
    activate(game, "r1")
    game.apply(Interact("r1", "storage"))
    events = game.apply(Interact("r1", "storage"))  # its last action: the activation ends
    assert events[:2] == [LootTaken("r1", "storage", 2), LeftBoard("r1", "north", 2, False)]
    assert game.state.loot_taken == 2


def test_only_raiders_loot_and_raiders_cannot_work_the_gate() -> None:
    game = _raid(("a", "selma", "Selma", 25.0, 48.5))  # 0.25 cm south of the storage
    activate(game, "r1")
    r1 = game.state.figures["r1"]
    r1.x, r1.y = 30.0, 32.5  # at the gate, outside
    with pytest.raises(IllegalAction, match="barred from inside: attackers must break it"):
        game.apply(Interact("r1", "gate"))
    game.apply(EndActivation("r1"))
    activate(game, "selma")
    with pytest.raises(IllegalAction, match="only raiders loot the storage"):
        game.apply(Interact("selma", "storage"))


def test_a_demolition_charge_blows_a_barred_gate_open() -> None:
    """Seed 002 "Sprengladung (klein)": set in base contact at a door, "gelingt die
    Sprengung automatisch"; it is struck off once used — no roll, no die."""
    figures: list[Placed] = [("a", "selma", "Selma", 10, 20), ("b", "r1", "Raider", 25.0, 57.5)]
    text = scene(figures, raid=True, knobs=NO_WAVE)
    text = text.replace(
        'profile = "Raider"\n', 'profile = "Raider"\nequipment = ["Sprengladung"]\n'
    )
    game = game_of(text, [])
    activate(game, "r1")
    r1 = game.state.figures["r1"]
    r1.x, r1.y = 30.0, 32.5  # at the gate, outside
    assert Interact("r1", "gate") in game.legal_actions()
    events = game.apply(Interact("r1", "gate"))
    assert events[:2] == [ChargeBlasted("r1", "gate"), StructureBroken("r1", "gate", "gate")]
    assert "sets a demolition charge" in narrate(events[0])
    assert "Sprengladung" in narrate(events[0], "de")
    gate = game.state.board.pieces["gate"]
    assert gate.destroyed and not gate.blocks_movement
    assert r1.uses["used:Demolition charge"] == 1
    with pytest.raises(IllegalAction, match="broken"):  # no second charge, nothing to blast
        game.apply(Interact("r1", "gate"))


# -- Improvisieren ------------------------------------------------------------------------


def _smash(game: Game, piece: str, points: int) -> None:
    if game.state.board.damage(piece, points):
        game.state.destroyed_modules.append(piece)


def test_improvisieren_rebuilds_a_smashed_barricade_once_per_battle() -> None:
    game = _yard([("a", "tinker", "Ferdl", 40.0, 8.5)])
    _smash(game, "barricade", 6)
    assert game.state.board.pieces["barricade"].kind is TerrainKind.RUBBLE
    activate(game, "tinker")
    events = game.apply(Interact("tinker", "barricade"))
    piece = game.state.board.pieces["barricade"]
    assert events == [Improvised("tinker", "barricade", "restored", 6)]
    assert narrate(events[0]) == (
        "Tinker improvises [Improvisieren] at the barricade [Barrikade]: restored to full, "
        "6 structure points — once per battle (§1.3)"
    )
    assert (piece.kind, piece.structure, piece.destroyed) == (TerrainKind.BARRICADE, 6, False)
    assert game.state.destroyed_modules == []
    _smash(game, "barricade", 2)
    with pytest.raises(IllegalAction, match="used Improvisieren already"):
        game.apply(Interact("tinker", "barricade"))


def test_only_the_tinkerer_improvises_and_only_what_is_damaged() -> None:
    game = _yard([("a", "tinker", "Ferdl", 40.0, 8.5)])
    activate(game, "tinker")
    with pytest.raises(IllegalAction, match=r"barricade is whole \(6 structure points\)"):
        game.apply(Interact("tinker", "barricade"))
    game.apply(EndActivation("tinker"))
    _smash(game, "barricade", 1)
    activate(game, "bruno")
    with pytest.raises(IllegalAction, match="only a Tüftler's Improvisieren restores barricade"):
        game.apply(Interact("bruno", "barricade"))


def test_rubble_cannot_be_rebuilt_under_a_base() -> None:
    game = _yard([("a", "tinker", "Ferdl", 40.0, 8.5)])
    _smash(game, "barricade", 6)
    bruno = game.state.figures["bruno"]
    bruno.y = 10.5  # on the rubble
    activate(game, "tinker")
    with pytest.raises(IllegalAction, match="cannot be rebuilt while Bruno stands on it"):
        game.apply(Interact("tinker", "barricade"))


def test_improvisieren_restores_a_broken_gate_which_stays_open() -> None:
    game = _yard()
    _smash(game, "gate", 8)
    activate(game, "ferdl")
    events = game.apply(Interact("ferdl", "gate"))
    gate = game.state.board.pieces["gate"]
    assert events == [Improvised("ferdl", "gate", "restored", 8)]
    assert (gate.structure, gate.broken, gate.open) == (8, False, True)
    assert game.apply(Interact("ferdl", "gate"))[0] == GateMoved("ferdl", "gate", False)


def test_improvisieren_rearms_a_spent_minefield() -> None:
    game = _yard([("a", "tinker", "Ferdl", 43.0, 38.5)])  # 0.25 cm south of the minefield
    activate(game, "tinker")
    with pytest.raises(IllegalAction, match="minefield minefield is still armed"):
        game.apply(Interact("tinker", "minefield"))
    game.state.minefield_spent.append("minefield")
    events = game.apply(Interact("tinker", "minefield"))
    assert events == [Improvised("tinker", "minefield", "rearmed", None)]
    assert game.state.minefield_spent == []
    assert "armed again" in narrate(events[0]) and "wieder scharf" in narrate(events[0], "de")
