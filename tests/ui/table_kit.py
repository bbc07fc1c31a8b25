"""Helpers for the table tests: an app on a real scenario, synthetic input events."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai import controller_for
from game.engine import Game
from game.events import Event
from game.loading import load_scenario
from game.scenario import Scenario
from game.ui.app import App, UiOptions

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
DENSE = ROOT / "tests" / "board" / "data" / "dense_scene.toml"
TABLE = Path(__file__).resolve().parent / "data" / "table.toml"
SHOTS = Path(os.environ.get("UI_SHOTS", "/tmp/ui_shots"))


@cache
def scenario(name: str) -> Scenario:
    if name == "dense" and not DENSE.exists():
        pytest.skip(f"the shared benchmark scene is not beside this checkout ({DENSE})")
    paths = {"dense": DENSE, "table": TABLE}
    path = paths.get(name, SCENARIOS / f"{name}.toml")
    return load_scenario(path)


def make_app(
    name: str = "refuge_horde",
    *,
    seed: int | None = None,
    human: tuple[str, ...] | None = None,
    panels: bool = False,
    size: tuple[int, int] = (1600, 1000),
    **options: Any,
) -> App:
    """An app on a fresh game; `human` sides are played by the test (default: the
    scenario's human sides), the others by the stand-in AI — choosing on the test's
    thread (`ai_thread=True` for the window's own AI thread)."""
    options.setdefault("ai_thread", False)
    sc = scenario(name)
    game = Game(sc, seed=seed)
    humans = set(human) if human is not None else {s.id for s in sc.side if s.controller == "human"}
    controllers = {
        s.id: None
        if s.id in humans
        else controller_for(s.controller if s.controller != "human" else "ai:tactical")
        for s in sc.side
    }
    return App(game, controllers, UiOptions(size=size, panels=panels, **options))


def screen_pos(app: App, x: float, y: float) -> tuple[int, int]:
    return app.camera.to_screen(x, y)


def click(app: App, pos: tuple[int, int], button: int = 1) -> list[Event]:
    """Move there, press and release: the game events the click caused."""
    out = app.dispatch(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.update(1 / 60)
    out += app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    out += app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    return out


def drag(
    app: App, a: tuple[int, int], b: tuple[int, int], button: int = 1, steps: int = 5
) -> list[Event]:
    out = app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    out += app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        out += app.dispatch(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.update(1 / 60)
    out += app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    return out


def hover(app: App, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.update(1 / 60)


def key(app: App, k: int, mod: int = 0) -> list[Event]:
    name = pygame.key.name(k)
    return app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=name if len(name) == 1 else "")
    )


def run_ai(app: App, limit: int = 5000) -> list[Event]:
    """Let the app's clock run until the human has a decision (or the game ends)."""
    out: list[Event] = []
    for _ in range(limit):
        pending = app.game.pending()
        if pending is None or pending.side in app.human_sides:
            break
        app.animator.skip()
        out += app.step_ai(10.0)
    return out


def settle(app: App) -> None:
    """Finish the animations under way."""
    app.animator.skip()
    app.update(1 / 60)


def activate(app: App, figure: str) -> list[Event]:
    """On the test table: side a goes first, then click `figure` to activate it."""
    out: list[Event] = []
    if app.game.pending().kind == "choose_first":
        out += key(app, pygame.K_1)
    out += run_ai(app)
    fig = app.game.state.figures[figure]
    out += click(app, screen_pos(app, *fig.pos))
    return out


def shot(app: App, name: str) -> Path:
    """Render a frame and save it under SHOTS."""
    from game.ui import screenshot

    app.render()
    return screenshot.save(app.screen, SHOTS / name)
