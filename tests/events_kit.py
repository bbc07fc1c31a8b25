"""Every event class of the game, found by importing its modules."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from game.events import Event

ROOT = Path(__file__).resolve().parents[1]


def event_classes() -> list[type[Event]]:
    """Every Event subclass in game/ (all modules imported, the UI's but for pygame
    code too) that declares its own `kind`, once each."""
    for info in pkgutil.walk_packages([str(ROOT / "game")], prefix="game."):
        importlib.import_module(info.name)
    found: dict[str, type[Event]] = {}
    todo: list[type[Event]] = [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if "kind" in sub.__dict__ and sub.__module__.startswith("game."):
                # (a slotted dataclass is listed twice, as made and as rebuilt: by name)
                found[f"{sub.__module__}.{sub.__qualname__}"] = sub
    return sorted(found.values(), key=lambda c: f"{c.__module__}.{c.__qualname__}")
