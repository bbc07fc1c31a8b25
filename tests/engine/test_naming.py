"""What the player reads: pieces by kind and place, entry zones by name, figures by
their profile's name in the language, counts in the right number — in English and
German, with exact strings."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from shapely.geometry import box

from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.engine import Game
from game.events import CatalogueEvent
from game.i18n import tr
from game.loading import load_scenario, parse_scenario
from game.naming import (
    board_kinds,
    compass_at,
    entry_label,
    local_figure_name,
    piece_name,
    readable_id,
    say,
)
from game.narration import narrate
from game.play import flow
from game.play.combat_events import AttackMade, StructureBroken
from game.play.events import ActionsLost, FirstChosen, InitiativeRolled, WaveArrived
from game.play.movement import MinefieldTriggered
from game.play.noise import NoiseMade
from game.play.overwatch import OverwatchDeclared
from game.play.support import Aimed, GateMoved
from game.play.zones import ShelterBreached
from game.rules.injury import InjuryRolled

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
HORDE = (("horde", "Die Toten"), ("refuge", "Die Zuflucht"))


def _both(event: CatalogueEvent) -> tuple[str, str]:
    return narrate(event, "en"), narrate(event, "de")


def _board() -> Board:
    board = Board(120.0, 120.0)
    for pid, kind, shape in (
        ("barricade-n", TerrainKind.BARRICADE, box(50, 100, 70, 102)),
        ("barricade-e", TerrainKind.BARRICADE, box(100, 50, 102, 70)),
        ("main-gate", TerrainKind.GATE, box(55, 18, 65, 20)),
        ("ruin-a", TerrainKind.BUILDING, box(5, 5, 15, 15)),
        ("ruin-b", TerrainKind.BUILDING, box(5, 20, 15, 30)),
        ("crates-1", TerrainKind.CRATES, box(30, 30, 33, 33)),
    ):
        board.pieces[pid] = TerrainPiece(pid, kind, shape, is_module=kind != "building")
    return board


# -- pieces, entries, counts -------------------------------------------------------------


def test_pieces_are_named_by_kind_and_by_place_when_several() -> None:
    board = _board()
    assert piece_name(board, "main-gate", "en") == "gate [Tor]"
    assert piece_name(board, "main-gate", "de") == "Tor"
    assert piece_name(board, "barricade-n", "en") == "north barricade [Barrikade]"
    assert piece_name(board, "barricade-e", "de") == "Barrikade Ost"
    assert piece_name(board, "nothing-here", "en") == "nothing-here"


def test_a_smashed_barricade_keeps_its_name() -> None:
    board = _board()
    piece = board.pieces["barricade-n"]
    board.pieces["barricade-n"] = dataclasses.replace(
        piece, kind=TerrainKind.RUBBLE, destroyed_from=TerrainKind.BARRICADE
    )
    assert piece_name(board, "barricade-n", "en") == "north barricade [Barrikade]"


def test_compass_labels() -> None:
    assert compass_at(120, 120, box(55, 110, 65, 120)) == "north"
    assert compass_at(120, 120, box(0, 0, 10, 10)) == "south_west"
    assert compass_at(120, 120, box(58, 58, 62, 62)) == "middle"


def test_sight_blockers_and_cover_are_counted_by_kind() -> None:
    board = _board()
    ids = ("ruin-a", "ruin-b", "crates-1")
    assert board_kinds(board, ids, "en") == "2 buildings, Crates"
    assert board_kinds(board, ids, "de") == "2 Gebäude, Kisten"
    assert board_kinds(board, ("ruin-a",), "en") == "Building"


def test_entry_zones_are_named() -> None:
    assert entry_label("guertel-east", "Gürtel") == "Gürtel"
    assert entry_label("guertel-east", None) == "Guertel east"
    assert readable_id("entry_north") == "Entry north"


def test_an_entry_zone_may_have_a_name_in_the_scenario_file() -> None:
    text = (SCENARIOS / "refuge_horde.toml").read_text(encoding="utf-8")
    scenario = parse_scenario(text)
    entries = [e for s in scenario.side if s.raid for e in s.raid.entry]
    assert [e.name for e in entries] == ["Thaliastraße", "Gürtel", "Brauerei"]
    plain = parse_scenario(text.replace('name = "Gürtel"\n', ""))
    assert [e.name for s in plain.side if s.raid for e in s.raid.entry][1] is None


# -- figures and rules names in the language -----------------------------------------


@pytest.mark.parametrize(
    ("name", "german"),
    [
        ("Shambler 3", "Schlurfer 3"),
        ("Raider marksman 5", "Plünderer-Schütze 5"),
        ("Marksman", "Plünderer-Schütze"),
        ("Militia 2", "Miliz 2"),
        ("Bruno", "Bruno"),
        ("Die Toten", "Die Toten"),
    ],
)
def test_figure_names_made_from_profiles_follow_the_language(name: str, german: str) -> None:
    assert local_figure_name(name, "de") == german
    assert local_figure_name(name, "en") == name


def test_injury_results_and_archetypes_in_each_language() -> None:
    event = InjuryRolled("Mira", (15,), 15, 2, "Streifschuss", "down", 1)
    assert "d20 15 + 2 = 17 → graze [Streifschuss]: down, First aid" in narrate(event, "en")
    assert "W20 15 + 2 = 17 → Streifschuss: liegt am Boden" in narrate(event, "de")
    tip = {"name": "Bruno", "archetype": "Krieger", "tp": 7, "weapons": "Axe"}
    assert say("editor.palette.profile_tip", **tip) == "Bruno (Warrior [Krieger]) — TP 7; Axe"
    assert say("editor.palette.profile_tip", language="de", **tip).startswith("Bruno (Krieger)")
    assert tr("editor.palette.profile_tip", **tip) == "Bruno (Krieger) — TP 7; Axe"


# -- log lines ----------------------------------------------------------------------------


def test_board_pieces_in_the_log() -> None:
    names = (("shambler-3", "Shambler 3"), ("minefield-n", "piece", "minefield", "north"))
    mines = MinefieldTriggered("shambler-3", "minefield-n", (60.0, 100.0), names=names)
    assert _both(mines) == (
        "Shambler 3 sets off the north minefield [Minenfeld] — once per raid (§5.3)",
        "Schlurfer 3 löst das Minenfeld Nord aus — einmal pro Überfall (§5.3)",
    )
    gate = GateMoved("bruno", "main-gate", True, names=(("main-gate", "piece", "gate", ""),))
    assert _both(gate) == ("bruno opens the gate [Tor] (§11)", "bruno öffnet das Tor (§11)")
    shelter = ShelterBreached("brute-4", "shelter", 1, names=(("shelter", "piece", "shelter", ""),))
    assert _both(shelter) == (
        "brute-4 breaks into the shelter [Schutzraum] — breach 1 (§12)",
        "brute-4 dringt in den Schutzraum ein — Einbruch 1 (§12)",
    )
    broken = StructureBroken(
        "brute-4",
        "barricade-e",
        "barricade",
        names=(("barricade-e", "piece", "barricade", "east"),),
    )
    assert _both(broken) == (
        "brute-4 breaks the east barricade [Barrikade]: it is rubble now (§11)",
        "brute-4 durchbricht die Barrikade Ost: sie ist jetzt Schutt (§11)",
    )


def test_flow_lines_read_well_for_any_side_name() -> None:
    roll = InitiativeRolled((("refuge", 9, 3), ("horde", 12, -1)), "refuge", names=HORDE)
    assert _both(roll) == (
        "Initiative: Die Zuflucht d20 9 + 3 = 12; Die Toten d20 12 − 1 = 11"
        " → Die Zuflucht will choose who activates first (§3.1)",
        "Initiative: Die Zuflucht W20 9 + 3 = 12; Die Toten W20 12 − 1 = 11"
        " → die Initiative geht an Die Zuflucht; diese Seite bestimmt, wer zuerst aktiviert"
        " (§3.1)",
    )
    assert _both(FirstChosen("horde", "horde", names=HORDE)) == (
        "Die Toten chose to activate first (§3.1)",
        "Zuerst aktiviert die Seite Die Toten, nach eigener Wahl (§3.1)",
    )
    assert _both(FirstChosen("refuge", "horde", names=HORDE)) == (
        "Die Zuflucht let Die Toten activate first (§3.1)",
        "Zuerst aktiviert die Seite Die Toten, gewählt von Die Zuflucht (§3.1)",
    )


def test_waves_and_reinforcements() -> None:
    names = (*HORDE, ("guertel-east", "Gürtel"))
    wave = WaveArrived("horde", 0, 3, "guertel-east", ("s-1",), ("Shambler",), 1.0, names=names)
    assert _both(wave) == (
        "Die Toten: reinforcements [Verstärkung] arrive at Gürtel: 1× Shambler (§12)",
        "Die Toten: Verstärkung kommt bei Gürtel: 1× Schlurfer (§12)",
    )
    first = dataclasses.replace(wave, wave=1)
    assert narrate(first, "en") == "Die Toten: wave [Welle] 1/3 enters at Gürtel: 1× Shambler (§12)"


def test_counts_and_rounding_in_the_log() -> None:
    names = (("mira", "Mira"),)
    assert narrate(ActionsLost("mira", 1, names=names)) == (
        "Mira loses 1 action to backlash [Rückschlag] (§4.1)"
    )
    assert narrate(ActionsLost("mira", 2, names=names), "de") == (
        "Mira verliert 2 Aktionen durch Rückschlag (§4.1)"
    )
    assert narrate(Aimed("mira", names=names)).startswith(
        "Mira aims [Zielen]: the next attack this or the next activation"
    )
    zone = OverwatchDeclared("mira", 39.149, 47.457, 27.423, "Hunting rifle", names=names)
    assert "fire zone 47° wide toward 39°, 27.4 cm, with the Hunting rifle" in narrate(zone)
    assert "Feuerzone 47° breit in Richtung 39°, 27.4 cm, mit Jagdgewehr" in narrate(zone, "de")


def test_noise_sources_are_words_of_the_language() -> None:
    noise = NoiseMade("firearm", 10.0, 10.0, 60.0, None)
    assert _both(noise) == (
        "Noise [Lärm]: gunfire heard within 60 cm (§3.8)",
        "Lärm: Schüsse, hörbar bis 60 cm (§3.8)",
    )


def test_the_german_attack_line_does_not_repeat_its_verb() -> None:
    names = (("bruno", "Bruno"), ("runner-2", "Runner 2"))
    attack = AttackMade(
        "bruno", "runner-2", "Hunting rifle", "action", 20.0, 1.0, 0, False, False, False,
        names=names,
    )  # fmt: skip
    assert narrate(attack, "de").startswith(
        "Bruno greift Renner 2 mit Jagdgewehr an, Entfernung 20.0 cm: 100% der Sichtlinien frei"
    )
    assert "(Angreifen)" not in narrate(attack, "de")
    assert narrate(attack, "en").startswith(
        "Bruno attacks Runner 2 with the Hunting rifle (Attack [Angreifen]) at 20.0 cm"
    )


# -- the engine names what events refer to ----------------------------------------------


def test_the_engine_names_pieces_and_entry_zones() -> None:
    game = Game(load_scenario(SCENARIOS / "refuge_horde.toml"), seed=1)
    names = dict((n[0], n[1:]) for n in flow.names_of(game, "main-gate", "guertel-east"))
    assert names == {"main-gate": ("piece", "gate", ""), "guertel-east": ("Gürtel",)}
    barricades = flow.names_of(game, "barricade-n", "barricade-w")
    assert [n[3] for n in barricades] == ["north", "west"]
