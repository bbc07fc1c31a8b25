"""Whole battles played at the table with synthetic mouse clicks and keys only:
activate a figure, shoot if a shot is open, else walk toward the nearest enemy,
then end the activation."""

from __future__ import annotations

import math

import pygame
import pytest
from table_kit import click, hover, key, make_app, run_ai, screen_pos, settle, shot

from game import actions as act
from game.ui.app import App


def _toward(app: App, fig, enemy, step: float = 8.0) -> tuple[float, float]:
    d = math.dist(fig.pos, enemy.pos) or 1.0
    board = app.game.state.board
    x = fig.x + (enemy.x - fig.x) * min(1.0, step / d)
    y = fig.y + (enemy.y - fig.y) * min(1.0, step / d)
    return (min(max(x, 2.0), board.width - 2.0), min(max(y, 2.0), board.height - 2.0))


def _act(app: App) -> list:
    """One decision of the human side, made with the mouse and keys."""
    game = app.game
    pending = game.pending()
    settle(app)
    if pending.kind in ("choose_first", "choose_entry", "intercept"):
        return key(app, pygame.K_1)
    if pending.kind == "activate":
        fig = game.state.figures[pending.figures[0]]
        app.camera.centre = fig.pos  # the player scrolls there
        return click(app, screen_pos(app, *fig.pos))
    fig = game.state.figures[app.input.selected]
    legal = game.legal_actions()
    shots = [
        a for a in legal
        if isinstance(a, act.Attack) and a.figure == fig.id and a.target in game.state.figures
    ]  # fmt: skip
    if shots:
        target = game.state.figures[shots[0].target]
        key(app, pygame.K_a)
        app.camera.centre = target.pos
        hover(app, screen_pos(app, *target.pos))
        assert app.preview is not None and app.preview.odds is not None
        return click(app, screen_pos(app, *target.pos))
    spent = game.state.spent.get(fig.id, [])
    enemies = game.state.enemies_of(fig)
    if enemies and "move" not in spent and any(getattr(a, "verb", "") == "move" for a in legal):
        enemy = min(enemies, key=lambda e: math.dist(e.pos, fig.pos))
        key(app, pygame.K_m)
        goal = _toward(app, fig, enemy)
        app.camera.centre = goal
        events = click(app, screen_pos(app, *goal))
        if events:
            return events
        key(app, pygame.K_ESCAPE)
    return key(app, pygame.K_n)


@pytest.mark.parametrize("name, rounds", [("table", 99), ("refuge_horde", 2)])
def test_a_battle_played_with_the_mouse(name: str, rounds: int) -> None:
    app = make_app(name, seed=7)
    app.camera.zoom_at(1.5, app.layout.table.center)
    decisions = 0
    while not app.game.is_over() and app.game.state.round <= rounds and decisions < 600:
        run_ai(app)
        if app.game.is_over() or app.game.state.round > rounds:
            break
        before = len(app.game.history)
        events = _act(app)
        assert events, f"decision {decisions}: nothing happened ({app.game.pending()})"
        assert len(app.game.history) == before + 1
        decisions += 1
    assert decisions > 5
    shot(app, f"play_{name}.png")
    if name == "table":
        assert app.game.is_over()
