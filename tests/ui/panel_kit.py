"""Helpers for the side-panel tests: a played game, a stand-in app, screenshots."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from ai import controller_for
from game.engine import Game
from game.events import Event
from game.loading import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SHOTS = Path(os.environ.get("UI_SHOTS", "/tmp"))


@cache
def scenario(name: str = "refuge_raiders") -> Any:
    return load_scenario(SCENARIOS / f"{name}.toml")


def play(game: Game, actions: int) -> list[Event]:
    """Let the random bot play `actions` actions (fewer if the game ends)."""
    events: list[Event] = []
    bots = {side: controller_for("ai:tactical") for side in game.state.sides}
    for _ in range(actions):
        pending = game.pending()
        if pending is None:
            break
        events += game.apply(bots[pending.side].choose(game))
    return events


def new_game(name: str = "refuge_raiders", seed: int = 3) -> Game:
    return Game(scenario(name), seed=seed)


@cache
def _played(name: str, seed: int, actions: int) -> tuple[Game, tuple[Event, ...]]:
    game = new_game(name, seed)
    events = [*game.opening_events, *play(game, actions)]
    return game, tuple(events)


def played(
    name: str = "refuge_raiders", seed: int = 3, actions: int = 150
) -> tuple[Game, list[Event]]:
    """A game after `actions` random actions, and every event so far (shared: read only)."""
    game, events = _played(name, seed, actions)
    return game, list(events)


def until_over(name: str = "open_skirmish", seed: int = 3) -> tuple[Game, list[Event]]:
    """A game played to its end."""
    game, events = _played(name, seed, 100_000)
    assert game.is_over()
    return game, list(events)


def fake_app(game: Game | None = None, **options: Any) -> SimpleNamespace:
    """A stand-in for game.ui.app.App with what the panels read."""
    opts = SimpleNamespace(
        units="cm", speed=1.0, autoplay=False, language="en", palette="okabe-ito", large_text=False
    )
    for key, value in options.items():
        setattr(opts, key, value)
    return SimpleNamespace(game=game, options=opts, preview=None, intent=None, human_sides=())


def surface(size: tuple[int, int] = (420, 600)) -> pygame.Surface:
    if not pygame.get_init():
        pygame.init()
    return pygame.Surface(size)


def shot(target: pygame.Surface, name: str) -> Path:
    path = SHOTS / f"ui_{name}.png"
    pygame.image.save(target, str(path))
    return path


def distinct_colours(target: pygame.Surface, rect: pygame.Rect | None = None) -> int:
    """How many different colours a region holds (a blank one holds 1)."""
    area = target.subsurface(rect) if rect is not None else target
    data = pygame.image.tobytes(area, "RGB")
    return len({data[i : i + 3] for i in range(0, len(data), 3 * 7)})
