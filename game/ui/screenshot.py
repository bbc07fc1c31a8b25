"""Saving the window's picture to a PNG file."""

from __future__ import annotations

from pathlib import Path

import pygame


def save(surface: pygame.Surface, path: str | Path) -> Path:
    """Write `surface` to `path` (folders are created); returns the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(target))
    return target
