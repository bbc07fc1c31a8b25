"""Fonts and cached text surfaces (DejaVu Sans from assets/fonts, pygame's default
font if that is missing)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
Colour = tuple[int, int, int]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `size` px."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = BOLD if bold else REGULAR
    size = max(6, int(size))
    if path.is_file():
        return pygame.font.Font(str(path), size)
    return pygame.font.Font(None, int(size * 1.3))


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """`value` rendered once (anti-aliased, transparent background) and reused."""
    return font(size, bold).render(value, True, colour)


@lru_cache(maxsize=1024)
def outlined(
    value: str, size: int, colour: Colour, outline: Colour, bold: bool = False
) -> pygame.Surface:
    """Text with a one-pixel outline, readable on any background."""
    inner = text(value, size, colour, bold)
    edge = text(value, size, outline, bold)
    out = pygame.Surface((inner.get_width() + 2, inner.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(edge, (dx, dy))
    out.blit(inner, (1, 1))
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`value` broken into lines no wider than `width` px."""
    f = font(size, bold)
    lines: list[str] = []
    for para in value.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
