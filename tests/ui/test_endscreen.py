"""The end screen: outcome, consequences, key numbers, play again, save replay."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from panel_kit import distinct_colours, fake_app, new_game, shot, surface, until_over

from game.i18n import set_language, tr
from game.naming import piece_name
from game.play.events import GameOver
from game.play.outcome import CONSEQUENCES, OPENED_KINDS
from game.replay import load_record, verify
from game.ui.endscreen import (
    ENV_REPLAYS,
    EndScreen,
    consequence_lines,
    headline,
    reason_lines,
    save_replay,
    summary,
)


@pytest.fixture(scope="module")
def finished() -> tuple:
    return until_over("open_skirmish", seed=3)


def _screen(game, events) -> tuple[EndScreen, pygame.Surface]:
    app = fake_app(game)
    panel = EndScreen(app)
    panel.on_events(events)
    target = surface((1600, 1000))
    panel.rect = target.get_rect()
    return panel, target


def test_hidden_while_the_game_runs() -> None:
    game = new_game()
    panel, target = _screen(game, list(game.opening_events))
    assert not panel.shown
    panel.draw(target)
    assert distinct_colours(target) == 1
    assert not panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))


def test_summary_of_a_finished_skirmish(finished) -> None:
    game, _ = finished
    info = summary(game)
    assert info.outcome == game.outcome()
    assert info.consequences == ()  # §12's consequences are a raid's
    field = (
        tr("ui.end.field_held", winner=info.winners) if info.winners else tr("ui.end.field_open")
    )
    assert consequence_lines(info) == [field]
    assert {loss.side for loss in info.losses} == set(game.state.sides)
    assert all(0 <= loss.lost <= loss.total for loss in info.losses)


def test_a_raid_shows_the_consequences_its_game_over_event_carries() -> None:
    """One catalogue: the engine's texts (engine.consequence, §12's table), taken
    from the GameOver event, not looked up again from the outcome."""
    game = new_game("refuge_raiders")
    game.state.outcome = "defeat"
    over = GameOver("defeat", "defenders_out", 6, ("population_flees", "morale_collapses"))
    info = summary(game, over)
    assert info.consequences == ("population_flees", "morale_collapses")
    assert consequence_lines(info) == [
        "The population flees.",
        "The refuge's morale collapses.",
    ]
    assert summary(game).consequences == ()  # nothing without the event
    set_language("de")
    try:
        assert consequence_lines(info) == [
            "Die Bewohner fliehen.",
            "Die Moral der Zuflucht bricht zusammen.",
        ]
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_raid_consequence_has_the_engines_words_and_no_second_copy(lang: str) -> None:
    for keys in CONSEQUENCES.values():
        for key in keys:
            assert tr(f"engine.consequence.{key}", language=lang)
            with pytest.raises(KeyError):
                tr(f"ui.end.consequence.{key}", language=lang)


def test_draws_and_is_modal(finished) -> None:
    game, events = finished
    panel, target = _screen(game, events)
    assert panel.shown
    panel.draw(target)
    assert target.get_rect().contains(panel.box)
    assert distinct_colours(target, panel.box) > 10
    shot(target, "end_skirmish")
    assert panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    close = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
    assert panel.handle_event(close) and not panel.shown


def test_raid_end_in_german_large(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("refuge_raiders")
    module = next(p.id for p in game.state.board if p.is_module and p.kind not in OPENED_KINDS)
    game.state.destroyed_modules.append(module)  # a staged ending, for the picture
    game.state.loot_taken = 2
    game.state.outcome = "defeat"
    set_language("de")
    try:
        over = GameOver("defeat", "loot_lost", 7, CONSEQUENCES["defeat"])
        panel, target = _screen(game, [over])
        panel.app.options.large_text = True
        panel.draw(target)
        shot(target, "end_raid_de")
        info = summary(game, panel.over)
        assert info.raid and info.consequences == CONSEQUENCES["defeat"]
        assert info.modules_lost == (piece_name(game.state.board, module, "de"),)
        assert module not in info.modules_lost[0]  # by name, not by id
    finally:
        set_language("en")


def test_save_replay_writes_a_record_that_verifies(
    finished, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, events = finished
    monkeypatch.setenv(ENV_REPLAYS, str(tmp_path))
    panel, target = _screen(game, events)
    panel.draw(target)
    save = next(b for b in panel.buttons if b.key == "save")
    assert panel.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=save.rect.center, button=1)
    )
    files = list(tmp_path.glob("*.json"))
    assert len(files) == 1 and "Replay saved" in panel.message
    assert json.loads(files[0].read_text(encoding="utf-8"))["seed"] == game.seed
    assert verify(load_record(files[0])).ok
    assert not list(tmp_path.glob("*.tmp"))


def test_save_without_events_replays_them(finished, tmp_path: Path) -> None:
    game, _ = finished
    path = save_replay(game, tmp_path)
    assert verify(load_record(path)).ok


def test_save_failure_is_a_message_not_a_crash(finished, tmp_path: Path, monkeypatch) -> None:
    game, events = finished
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ENV_REPLAYS, str(blocker / "sub"))
    panel, _ = _screen(game, events)
    assert panel.save() is None
    assert panel.message.startswith("Could not save")


def test_play_again_starts_a_new_game(finished) -> None:
    game, events = finished
    panel, target = _screen(game, events)
    started = []
    panel.app.new_game = started.append
    panel.draw(target)
    assert panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert len(started) == 1 and not started[0].is_over()
    assert started[0].seed == game.seed + 1


def test_a_campaign_battle_goes_back_to_the_campaign_and_is_not_played_again(
    finished,
) -> None:
    game, events = finished
    app = fake_app(game, campaign=True)
    stopped, started = [], []
    app.quit, app.new_game = (lambda: stopped.append(True)), started.append
    panel = EndScreen(app)
    panel.on_events(events)
    target = surface((1600, 1000))
    panel.rect = target.get_rect()
    panel.draw(target)
    assert panel.buttons[0].label == tr("ui.end.back_to_campaign")
    assert panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert stopped == [True] and started == []
    shot(target, "end_campaign")


def test_a_skirmish_end_names_the_winner_and_the_beaten(finished) -> None:
    game, events = finished
    info = summary(game)
    names = {sid: side.name for sid, side in game.state.sides.items()}
    if info.outcome == "draw":
        pytest.skip("this seed ends in a draw")
    title, line = headline(info)
    assert title == tr("ui.end.side_wins", side=info.winners)
    assert line is not None and info.winners in line and info.losers in line
    assert {info.winners, info.losers} == set(names.values())
    assert consequence_lines(info) == [f"{info.winners} hold the field."]
    panel, target = _screen(game, events)
    panel.draw(target)
    shot(target, "end_skirmish_named")


def test_the_one_human_side_reads_you_win_or_you_lose(finished) -> None:
    game, _ = finished
    info = summary(game)
    if not info.winners:
        pytest.skip("this seed ends in a draw")
    winner = next(s for s, side in game.state.sides.items() if side.name == info.winners)
    loser = next(s for s in game.state.sides if s != winner)
    assert headline(summary(game, humans={winner}))[0] == tr("ui.end.you_win")
    assert headline(summary(game, humans={loser}))[0] == tr("ui.end.you_lose")
    assert summary(game, humans=set(game.state.sides)).you is None


def test_a_raid_keeps_its_grade_and_names_the_defenders() -> None:
    game = new_game("refuge_raiders")
    game.state.outcome = "repelled"
    info = summary(game)
    title, line = headline(info)
    assert title == tr("engine.outcome.repelled")
    defenders = [s.name for s in game.state.sides.values() if s.waves is None]
    assert line is not None and all(name in line for name in defenders)
    assert info.winners == ", ".join(defenders)


def test_a_partial_names_what_spoiled_the_full_result() -> None:
    """'Partial — the defenders held out 8 rounds' with no losses must say why: here
    a module lost, a breach and two loot carried off (issue #18)."""
    game = new_game("refuge_raiders")
    module = next(p.id for p in game.state.board if p.is_module and p.kind not in OPENED_KINDS)
    game.state.destroyed_modules.append(module)
    game.state.breaches, game.state.loot_taken = 1, 2
    game.state.outcome = "partial"
    info = summary(game, GameOver("partial", "held", 8, CONSEQUENCES["partial"]))
    name = piece_name(game.state.board, module)
    assert reason_lines(info) == [
        "the defenders held out",
        f"not a full success: {name} lost, a breach, 2 loot carried off",
    ]
    game.state.outcome = "repelled"
    assert reason_lines(summary(game, GameOver("repelled", "held", 8))) == [
        "the defenders held out"
    ]


def test_the_box_stays_inside_the_table_area(finished) -> None:
    game, events = finished
    panel, target = _screen(game, events)
    panel.app.layout = SimpleNamespace(table=pygame.Rect(0, 30, 1100, 900))
    panel.draw(target)
    assert panel.app.layout.table.contains(panel.box)
