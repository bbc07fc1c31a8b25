"""The figure card lists a figure's items (seed 002, docs/RULES.md §18): name, the
weapon a fitted item sits on, what is left of a consumable, its slot."""

from __future__ import annotations

from pathlib import Path

from table_kit import SHOTS, click, screen_pos

from ai import controller_for
from game.actions import Activate, ChooseFirst, Drink
from game.engine import Game
from game.i18n import set_language
from game.loading import parse_scenario
from game.play import equipment
from game.ui import info, screenshot
from game.ui.app import App, UiOptions

ROOT = Path(__file__).resolve().parents[2]
KIT = '["Zielfernrohr", "Medi-Pack", "Medi-Pack", "Handgranate", "Schnaps", "Sprengladung"]'


def _game() -> Game:
    text = (ROOT / "scenarios" / "open_skirmish.toml").read_text(encoding="utf-8")
    text = text.replace('profile = "Bruno"\n', f'profile = "Bruno"\nequipment = {KIT}\n', 1)
    return Game(parse_scenario(text), seed=3)


def test_the_sheet_counts_what_is_left() -> None:
    game = _game()
    bruno = game.state.figures["bruno"]
    equipment.use_up(bruno, "Medi-pack")
    rows = {r.name: r for r in equipment.sheet(game, bruno)}
    assert list(rows) == ["Scope", "Medi-pack", "Hand grenade", "Schnaps", "Demolition charge"]
    assert rows["Scope"].weapon == "Assault rifle" and rows["Scope"].left is None
    assert (rows["Medi-pack"].bought, rows["Medi-pack"].left) == (2, 1)
    assert (rows["Hand grenade"].left, rows["Hand grenade"].thrown) == (1, True)
    assert rows["Demolition charge"].left == rows["Schnaps"].left == 1


def test_the_card_lists_the_items_in_either_language() -> None:
    game = _game()
    bruno = game.state.figures["bruno"]
    equipment.use_up(bruno, "Medi-pack")
    texts = [t for t, _ in info.card_lines(game, bruno, "cm")]
    assert "Items" in texts
    assert "  Scope [Zielfernrohr]: on the Assault rifle · no slot" in texts
    assert "  Medi-pack [Medi-Pack]: 1 of 2 left · no slot" in texts
    assert "  Hand grenade [Handgranate]: 1 of 1 left · in its weapon's slot" in texts
    plain = game.state.figures["mira"]  # no items: no heading
    assert "Items" not in [t for t, _ in info.card_lines(game, plain, "cm")]
    set_language("de")
    german = [t for t, _ in info.card_lines(game, bruno, "cm")]
    assert "  Medi-Pack: noch 1 von 2 · kein Slot" in german


def test_the_card_in_the_window() -> None:
    game = _game()
    sides = {
        s.id: None if s.controller == "human" else controller_for("ai:tactical")
        for s in game.scenario.side
    }
    app = App(game, sides, UiOptions(size=(1600, 1000), panels=False, ai_thread=False))
    bruno = game.state.figures["bruno"]
    click(app, screen_pos(app, bruno.x, bruno.y), button=3)
    assert app.input.info == "bruno"
    app.render()
    screenshot.save(app.screen, SHOTS / "card_items.png")


def test_the_schnaps_button_shows_while_the_figure_may_drink() -> None:
    game = _game()
    game.apply(ChooseFirst("survivors", "survivors"))
    game.apply(Activate("bruno"))
    sides = {
        s.id: None if s.controller == "human" else controller_for("ai:tactical")
        for s in game.scenario.side
    }
    app = App(game, sides, UiOptions(size=(1600, 1000), panels=False, ai_thread=False))
    app.update(1 / 60)
    app.render()
    verbs = [b.value for b in app.input.bar.buttons]
    assert "drink" in verbs and verbs.index("drink") == verbs.index("interact") + 1
    screenshot.save(app.screen, SHOTS / "schnaps_button.png")
    assert app.input.choose("drink") == Drink("bruno")
    game.apply(Drink("bruno"))
    app.update(1 / 60)
    app.render()
    assert "drink" not in [b.value for b in app.input.bar.buttons]
