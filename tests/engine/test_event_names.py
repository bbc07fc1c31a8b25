"""The log names figures and sides by their display names, never by their ids."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from ai import controller_for
from game.engine import Game
from game.events import CatalogueEvent
from game.narration import narrate
from game.play.movement import Moved
from game.play.validate import load_checked

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
RAIDERS = SCENARIOS / "refuge_raiders.toml"
HORDE = SCENARIOS / "refuge_horde.toml"


def _played(actions: int, path: Path = RAIDERS) -> tuple[Game, list]:
    scenario = load_checked(path)
    game = Game(scenario, seed=4)
    bots = {
        s.id: controller_for("ai:tactical" if s.controller == "human" else s.controller)
        for s in scenario.side
    }
    events = list(game.opening_events)
    for _ in range(actions):
        pending = game.pending()
        if pending is None:
            break
        events += game.apply(bots[pending.side].choose(game))
    return game, events


def test_no_line_of_the_log_shows_a_figure_id() -> None:
    game, events = _played(150)
    ids = {f for f, fig in game.state.figures.items() if fig.name != f}
    assert ids
    for event in events:
        for language in ("en", "de"):
            words = set(re.findall(r"[\w-]+", narrate(event, language)))
            assert not words & ids, (type(event).__name__, narrate(event, language))


def test_an_event_without_names_falls_back_to_the_ids() -> None:
    game, events = _played(60)
    moved = next(e for e in events if isinstance(e, Moved))
    name = game.state.figures[moved.figure].name
    assert narrate(moved).startswith(f"{name} ")
    assert narrate(dataclasses.replace(moved, names=())).startswith(f"{moved.figure} ")
    assert moved == dataclasses.replace(moved, names=())  # names do not change equality


def test_every_event_that_refers_to_figures_carries_their_names() -> None:
    game, events = _played(150)
    known = set(game.state.figures) | set(game.state.sides)
    for event in events:
        if isinstance(event, CatalogueEvent):
            refs = set(event.ref_ids()) & known
            assert refs <= {n[0] for n in event.names}, type(event).__name__


def _entry_ids(game: Game) -> set[str]:
    return {e.id for s in game.scenario.side if s.raid is not None for e in s.raid.entry}


@pytest.mark.parametrize("path", [RAIDERS, HORDE], ids=["raiders", "horde"])
def test_no_line_of_the_log_shows_a_piece_or_entry_id(path: Path) -> None:
    game, events = _played(400, path)
    pieces = {p for p in game.state.board.pieces if not p.isalpha()}  # 'shelter' is a word
    ids = pieces | _entry_ids(game)
    kinds = {type(e).__name__ for e in events}
    assert kinds & {"StructureBroken", "MinefieldTriggered", "ShelterBreached", "LootTaken"}
    for event in events:
        for language in ("en", "de"):
            words = set(re.findall(r"[\w-]+", narrate(event, language)))
            assert not words & ids, (type(event).__name__, narrate(event, language))


@pytest.mark.parametrize("path", [RAIDERS, HORDE], ids=["raiders", "horde"])
def test_every_event_that_refers_to_pieces_or_entries_carries_their_names(path: Path) -> None:
    game, events = _played(400, path)
    known = set(game.state.board.pieces) | _entry_ids(game)
    for event in events:
        if isinstance(event, CatalogueEvent):
            refs = set(event.ref_ids()) & known
            assert refs <= {n[0] for n in event.names}, type(event).__name__
