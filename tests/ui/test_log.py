"""The event log: ring buffer bounds, scrolling, speed with 10,000 events, drawing."""

from __future__ import annotations

import pygame
import pytest
from panel_kit import distinct_colours, fake_app, played, shot, surface

from game.events import FAMILIES
from game.i18n import set_language
from game.play.events import RoundStarted
from game.ui.log import EventLog, LogPanel, family_of, split_section


def _rounds(n: int) -> list[RoundStarted]:
    return [RoundStarted(i) for i in range(n)]


def test_ring_buffer_keeps_the_newest() -> None:
    log = EventLog(capacity=100)
    log.add_events(_rounds(250))
    assert len(log) == 100
    assert log.entries[0].event == RoundStarted(150)
    assert log.entries[-1].event == RoundStarted(249)


def test_scroll_bounds_and_follow() -> None:
    log = EventLog(capacity=50)
    log.add_events(_rounds(30))
    assert log.following
    log.scroll(-5)
    assert log.offset == 0
    log.scroll(1000)
    assert log.offset == 29
    assert log.bottom_index == 0
    log.to_newest()
    assert log.following and log.bottom_index == 29


def test_scrolled_back_view_stays_put_while_events_arrive() -> None:
    log = EventLog(capacity=40)
    log.add_events(_rounds(30))
    log.scroll(10)
    before = log.entries[log.bottom_index].event
    log.add_events(_rounds(5))
    assert log.entries[log.bottom_index].event == before
    assert log.unseen == 5
    log.add_events(_rounds(100))  # the viewed entries fall out of the ring: clamp
    assert 0 <= log.bottom_index < len(log)
    log.to_newest()
    assert log.unseen == 0


def test_section_is_split_off() -> None:
    assert split_section("Mira shoots: hit (§3.4)", "§3.4") == ("Mira shoots: hit", "§3.4")
    assert split_section("no section here", "§2") == ("no section here", "§2")


def test_every_event_kind_has_a_family() -> None:
    _, events = played()
    unknown = {e.kind for e in events if family_of(e) not in FAMILIES}
    assert not unknown, f"kinds without a log family: {unknown}"
    assert {family_of(e) for e in events} >= {"flow", "move", "attack"}


def _panel(**options: object) -> tuple[LogPanel, pygame.Surface]:
    game, events = played()
    panel = LogPanel(fake_app(game, **options))
    panel.log.clear()
    panel.on_events(events)
    target = surface((420, 600))
    panel.rect = target.get_rect()
    return panel, target


def test_draws_every_explanation_with_its_section() -> None:
    panel, target = _panel()
    panel.draw(target)
    assert distinct_colours(target) > 20
    shot(target, "log")
    text, section = panel.log.entries[-1].parts("en")
    assert text and section.startswith("§")


def test_large_text_and_german() -> None:
    panel, target = _panel(large_text=True)
    set_language("de")
    try:
        panel.log.scroll(30)
        panel.draw(target)
        shot(target, "log_large_de")
        text, _ = panel.log.entries[panel.log.bottom_index].parts("de")
        assert text
    finally:
        set_language("en")


def test_scrolling_to_the_top_fills_the_view() -> None:
    panel, target = _panel()
    panel.draw(target)
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
    panel.draw(target)
    # the oldest entry is at the top and the view is full: the offset was clamped
    assert 0 < panel.log.offset < panel.log.max_offset
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
    smaller = panel.log.offset
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    assert panel.log.following and smaller > 0


def test_wheel_scrolls_only_over_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    panel, target = _panel()
    panel.draw(target)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5000, 5000))
    assert not panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (50, 50))
    assert panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    assert panel.log.offset == 6


def test_ten_thousand_events_keep_the_newest_and_draw() -> None:
    """The log keeps its capacity and scrolls (its speed: tests/bench/bench_log.py)."""
    _, events = played()
    panel = LogPanel(fake_app(None), capacity=10_000)
    many = (events * (12_000 // len(events) + 1))[:12_000]
    panel.on_events(many)
    assert len(panel.log) == 10_000
    target = surface((420, 900))
    panel.rect = target.get_rect()
    panel.draw(target)
    for k in range(6):
        panel.log.scroll(7 if k % 2 else -3)
        panel.draw(target)
    assert distinct_colours(target) > 2


def test_the_ai_intent_is_logged_once() -> None:
    game, _ = played()
    app = fake_app(game)
    panel = LogPanel(app)
    app.intent = ("raiders", "Raiders: looting the storage")  # the line names who acts
    panel.update(0.1)
    panel.update(0.1)
    lines = [e for e in panel.log.entries if e.family == "intent"]
    assert len(lines) == 1
    assert lines[0].parts("en")[0] == "Raiders: looting the storage"  # not said twice
