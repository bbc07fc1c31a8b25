"""The right-hand column at every window size, normal and demo (large text): the side
panels stack without overlapping, the dice card and the log never overlap (the log's
lines go below the card), and no text leaves its box (rows that do not fit the card
are left to the log; the odds hint shows whole sentences only)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from table_kit import make_app, shot
from test_dice_view import DAMAGE, TO_HIT
from test_odds_panel import ODDS

from game.events import Event
from game.i18n import set_language
from game.play.events import InitiativeRolled
from game.ui.app import App
from game.ui.dice_view import MIN_LOG_LINES, DicePanel
from game.ui.log import LogPanel
from game.ui.odds_panel import OddsPanel

SIZES = [(800, 600), (1024, 700), (1280, 800), (1600, 1000)]
ROLLS: list[Event] = [
    TO_HIT,
    DAMAGE,
    InitiativeRolled((("refuge", 12, 3), ("horde", 8, 1)), "refuge"),
]
"""An attack's two rolls, then a tall one (labels under the dice)."""


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    set_language("en")


def _panel(app: App, cls: type) -> object:
    return next(p for p in app.panels if isinstance(p, cls))


def _window(size: tuple[int, int], demo: bool, language: str) -> App:
    set_language(language)
    app = make_app("refuge_horde", seed=3, panels=True, size=size, autoplay=demo)
    app.panels = [p for p in app.panels if type(p).__name__ != "DemoPanel"]  # no next battle
    app.relayout(app.screen.get_size())
    log = _panel(app, LogPanel)
    assert isinstance(log, LogPanel)
    for i in range(40):  # a log long enough to fill its column
        log.add_line(f"line {i}: something happened at the gate, with a long explanation")
    dice = _panel(app, DicePanel)
    assert isinstance(dice, DicePanel)
    dice.on_events(ROLLS)
    dice.skip()
    app.render()
    return app


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("demo", [False, True], ids=["normal", "demo"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_dice_card_and_the_log_never_overlap(
    size: tuple[int, int], demo: bool, language: str
) -> None:
    app = _window(size, demo, language)
    column = app.layout.sidebar
    side = [p for p in app.shown_panels() if getattr(p, "slot", "sidebar") == "sidebar"]
    for i, panel in enumerate(side):
        assert column.contains(panel.rect), type(panel).__name__
        for other in side[i + 1 :]:
            assert not panel.rect.colliderect(other.rect)
    dice, log, odds = _panel(app, DicePanel), _panel(app, LogPanel), _panel(app, OddsPanel)
    assert isinstance(dice, DicePanel) and isinstance(log, LogPanel)
    card = dice.card_layout()
    assert card is not None
    if card.where == "log":
        assert log.rect.contains(card.tray)
        assert not card.tray.colliderect(log._list), (card.tray, log._list)
        assert log._list.height >= MIN_LOG_LINES * 17
    else:  # a small window: the card waits in the table's corner, off the column
        assert size[1] < 800 and card.where == "table"
        assert app.layout.table.contains(card.tray) and not card.tray.colliderect(column)
    assert dice.drawn and len(dice.drawn) == card.rows
    for row in dice.drawn:
        assert card.tray.contains(row), (row, card.tray)
    assert card.rows + card.hidden == len(ROLLS)
    assert isinstance(odds, OddsPanel)
    inner_bottom = odds.rect.bottom - 4
    assert odds.text_bottom <= inner_bottom  # the hint: whole sentences
    title = "Militia 4 → Shambler 6 · Assault rifle"  # "Last considered: …": two lines
    odds.last = (title, ODDS, None, ("Hits the point: 60%",))
    odds.age = 0.0
    odds.update = lambda dt: None  # type: ignore[method-assign]  # held as it is
    app.render()
    assert odds.text_bottom <= inner_bottom  # the odds: whole lines
    if size == (1600, 1000) and not demo:
        assert card.rows == len(ROLLS) and not card.compact  # room for every roll
    if size[1] >= 800:
        assert card.where == "log" and card.rows >= 2  # an attack's to-hit and damage
    if size in ((800, 600), (1600, 1000)) and language == "en":
        shot(app, f"column_{size[0]}x{size[1]}_{'demo' if demo else 'normal'}.png")


def test_the_log_takes_its_whole_column_back_when_the_card_is_gone() -> None:
    app = _window((1280, 800), False, "en")
    dice, log = _panel(app, DicePanel), _panel(app, LogPanel)
    assert isinstance(dice, DicePanel) and isinstance(log, LogPanel)
    with_card = log._list.height
    for _ in range(60 * 10):
        dice.update(1 / 60)
    assert not dice.showing
    app.render()
    assert log._list.height > with_card + 100


def test_a_click_on_the_card_dismisses_it() -> None:
    app = _window((1280, 800), False, "en")
    dice = _panel(app, DicePanel)
    assert isinstance(dice, DicePanel)
    card = dice.card_layout()
    assert card is not None
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.tray.center, button=1)
    assert dice.handle_event(click)
