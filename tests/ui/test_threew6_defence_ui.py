"""The window under 3W6 (issue #14 item 3): the hit player figure's active defence is
asked in a dialog (each open defence with its odds, keys and mouse), and the attack
tool declares a hit zone with X (the aim penalty in its box and the odds panel)."""

from __future__ import annotations

import pygame
from table_kit import click, hover, key, screen_pos, settle, shot

from game import actions as act
from game.dice import ScriptedDice
from game.systems.threew6.rules import DefenceChosen, DefenceRolled
from game.ui.app import App, UiOptions
from game.ui.odds_panel import OddsPanel
from tests.systems.threew6_kit import SCENE, raider_next_to_jonas


def _app() -> App:
    """Both sides at the table; the Raider activated next to Jonas."""
    game = raider_next_to_jonas()
    app = App(game, {"a": None, "b": None}, UiOptions(size=(1400, 900), panels=True))
    settle(app)
    return app


def test_the_defender_chooses_in_a_dialog() -> None:
    app = _app()
    app.game.dice = ScriptedDice([3, 3, 3])
    app.game.apply(act.Attack("r1", "jonas", "Knife"))
    app.input.sync()
    menu = app.input.menu
    assert menu is not None and not menu.cancellable
    assert "Active defence" in menu.title and "§3W6 Aktive Verteidigungen" in menu.title
    labels = [b.label for b in menu.buttons]
    assert labels == [
        "Dodge: 3d6 ≤ 8 — 26% to fend it off",
        "Parry: 3d6 ≤ 9 — 38% to fend it off",
        "Block: 3d6 ≤ 9 — 38% to fend it off",
        "No defence: take the hit",
    ]
    assert all(b.tooltip for b in menu.buttons)
    shot(app, "threew6_defence_dialog.png")
    app.game.dice = ScriptedDice([3, 3, 3])  # Parry 9 ≤ 9: fended off
    events = key(app, pygame.K_2)
    assert [e.defence for e in events if isinstance(e, DefenceChosen)] == ["parry"]
    assert [e.result for e in events if isinstance(e, DefenceRolled)] == ["success"]
    assert app.game.history[-1] == act.Defend("jonas", "parry")


def test_the_dialog_answers_a_click() -> None:
    app = _app()
    app.game.dice = ScriptedDice([3, 3, 3])
    app.game.apply(act.Attack("r1", "jonas", "Knife"))
    app.input.sync()
    menu = app.input.menu
    assert menu is not None
    app.game.dice = ScriptedDice([4, 3, 3, 6])  # no defence: torso, 1W6−1 = 5
    click(app, menu.buttons[3].rect.center)
    assert app.game.history[-1] == act.Defend("jonas", "none")


def test_x_declares_a_hit_zone() -> None:
    app = _app()
    key(app, pygame.K_a)
    jonas = app.game.state.figures["jonas"]
    hover(app, screen_pos(app, *jonas.pos))
    tool = app.input.current_tool()
    preview = app.preview
    assert preview is not None and preview.zone is None
    needed = preview.odds.needed if preview.odds is not None else None
    assert "Hit zone rolled (3d6 on the zone table) — X: aim at a zone" in tool.lines()  # type: ignore[union-attr]
    key(app, pygame.K_x)
    hover(app, screen_pos(app, *jonas.pos))
    preview = app.preview
    assert preview is not None and preview.zone == "skull"
    assert preview.odds is not None and needed is not None and preview.odds.needed == needed - 7
    assert "Aimed at the skull (−7) — X: next zone" in tool.lines()  # type: ignore[union-attr]
    assert preview.action() == act.Attack("r1", "jonas", preview.weapon, False, "skull")
    shot(app, "threew6_zone_declared.png")


def test_x_declares_a_zone_for_a_charge_and_the_odds_name_the_defence() -> None:
    """The charge tool (C) cycles the zone with X like the attack tool; its box and
    the odds panel say the chance is reckoned against Jonas's best defence (Parry 9)."""
    game = raider_next_to_jonas(SCENE.replace("at = [32.5, 30]", "at = [45, 30]"))
    app = App(game, {"a": None, "b": None}, UiOptions(size=(1400, 900), panels=True))
    settle(app)
    key(app, pygame.K_c)
    jonas = app.game.state.figures["jonas"]
    key(app, pygame.K_x)
    hover(app, screen_pos(app, *jonas.pos))
    tool = app.input.current_tool()
    preview = app.preview
    assert preview is not None and preview.mode == "charge" and preview.zone == "skull"
    assert preview.odds is not None and preview.odds.needed == 11 - 7
    lines = tool.lines()  # type: ignore[union-attr]
    assert "Aimed at the skull (−7) — X: next zone" in lines
    best = "hit chance against its best defence: Parry 3d6 ≤ 9 (38%) — it chooses when hit"
    assert best in lines
    panel = next(p for p in app.panels if isinstance(p, OddsPanel))
    panel.update(0.0)
    assert panel.current is not None and best in panel.current[3]
    app.game.dice = ScriptedDice([1, 1, 2])  # 4 ≤ 4
    click(app, screen_pos(app, *jonas.pos))
    assert app.game.history[-1] == act.Charge("r1", "jonas", "Knife", "skull")
