"""Status and module icons, drawn from shapes (no image files), cached per size.

Each icon is a dark round badge with a light glyph, so it reads by shape alone."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.cache import MB, cached
from game.ui.render import style

Glyph = Callable[[pygame.Surface, float, float, float, tuple[int, int, int]], None]
STATUS_ICONS = ("aimed", "overwatch", "cover", "suppressed", "infected", "loot", "down")


def _aimed(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    pygame.draw.circle(s, col, (c, c), r * 0.55, max(1, round(r * 0.14)))
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(
            s,
            col,
            (c + dx * r * 0.3, c + dy * r * 0.3),
            (c + dx * r * 0.9, c + dy * r * 0.9),
            max(1, round(r * 0.14)),
        )


def _overwatch(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    box = pygame.Rect(0, 0, r * 1.7, r * 1.0)
    box.center = (round(c), round(c))
    pygame.draw.ellipse(s, col, box, w)
    pygame.draw.circle(s, col, (c, c), r * 0.3)


def _cover(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    pts = [
        (c - r * 0.6, c - r * 0.6),
        (c + r * 0.6, c - r * 0.6),
        (c + r * 0.6, c),
        (c, c + r * 0.75),
        (c - r * 0.6, c),
    ]
    pygame.draw.polygon(s, col, pts)


def _suppressed(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.16))
    for dy in (-0.35, 0.15):
        pygame.draw.lines(
            s,
            col,
            False,
            [
                (c - r * 0.6, c + (dy - 0.25) * r),
                (c, c + (dy + 0.25) * r),
                (c + r * 0.6, c + (dy - 0.25) * r),
            ],
            w,
        )


def _infected(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    for k in range(3):
        a = math.radians(90 + 120 * k)
        pygame.draw.circle(
            s, col, (c + math.cos(a) * r * 0.38, c - math.sin(a) * r * 0.38), r * 0.27
        )
    pygame.draw.circle(s, style.INK, (c, c), r * 0.16)


def _loot(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    pts = [
        (c, c - r * 0.7),
        (c + r * 0.55, c - r * 0.1),
        (c, c + r * 0.7),
        (c - r * 0.55, c - r * 0.1),
    ]
    pygame.draw.polygon(s, col, pts)


def _down(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(2, round(r * 0.2))
    pygame.draw.line(s, col, (c - r * 0.5, c - r * 0.5), (c + r * 0.5, c + r * 0.5), w)
    pygame.draw.line(s, col, (c - r * 0.5, c + r * 0.5), (c + r * 0.5, c - r * 0.5), w)


def _cross(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    t = r * 0.22
    pygame.draw.rect(s, col, pygame.Rect(c - t, c - r * 0.65, 2 * t, r * 1.3))
    pygame.draw.rect(s, col, pygame.Rect(c - r * 0.65, c - t, r * 1.3, 2 * t))


def _house(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    pygame.draw.polygon(
        s, col, [(c - r * 0.7, c - r * 0.05), (c, c - r * 0.7), (c + r * 0.7, c - r * 0.05)]
    )
    pygame.draw.rect(s, col, pygame.Rect(c - r * 0.45, c - r * 0.05, r * 0.9, r * 0.65))


def _box(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    rect = pygame.Rect(0, 0, r * 1.2, r * 1.0)
    rect.center = (round(c), round(c))
    pygame.draw.rect(s, col, rect, w)
    pygame.draw.line(s, col, rect.topleft, rect.bottomright, w)
    pygame.draw.line(s, col, rect.topright, rect.bottomleft, w)


def _bullet(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    for dx in (-0.35, 0.0, 0.35):
        x = c + dx * r
        pygame.draw.rect(s, col, pygame.Rect(x - r * 0.12, c - r * 0.25, r * 0.24, r * 0.8))
        pygame.draw.circle(s, col, (x, c - r * 0.3), r * 0.12)


def _radio(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    pygame.draw.line(s, col, (c, c + r * 0.7), (c, c - r * 0.2), w)
    pygame.draw.circle(s, col, (c, c - r * 0.25), r * 0.14)
    for k in (0.45, 0.75):
        box = pygame.Rect(0, 0, 2 * k * r, 2 * k * r)
        box.center = (round(c), round(c - r * 0.25))
        pygame.draw.arc(s, col, box, math.radians(20), math.radians(160), w)


def _tower(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    pygame.draw.rect(s, col, pygame.Rect(c - r * 0.5, c - r * 0.7, r * 1.0, r * 0.35))
    pygame.draw.line(s, col, (c - r * 0.35, c - r * 0.35), (c - r * 0.55, c + r * 0.7), w)
    pygame.draw.line(s, col, (c + r * 0.35, c - r * 0.35), (c + r * 0.55, c + r * 0.7), w)
    pygame.draw.line(s, col, (c - r * 0.45, c + r * 0.2), (c + r * 0.45, c + r * 0.2), w)


def _mine(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    for k in range(8):
        a = math.radians(45 * k)
        pygame.draw.line(
            s, col, (c, c), (c + math.cos(a) * r * 0.75, c + math.sin(a) * r * 0.75), w
        )
    pygame.draw.circle(s, col, (c, c), r * 0.4)


def _gate(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    rect = pygame.Rect(0, 0, r * 1.3, r * 1.1)
    rect.center = (round(c), round(c))
    pygame.draw.rect(s, col, rect, w)
    pygame.draw.line(s, col, rect.midtop, rect.midbottom, w)


def _noise(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(1, round(r * 0.14))
    pygame.draw.polygon(
        s,
        col,
        [
            (c - r * 0.6, c - r * 0.2),
            (c - r * 0.3, c - r * 0.2),
            (c, c - r * 0.55),
            (c, c + r * 0.55),
            (c - r * 0.3, c + r * 0.2),
            (c - r * 0.6, c + r * 0.2),
        ],
    )
    for k in (0.35, 0.65):
        box = pygame.Rect(0, 0, 2 * k * r, 2 * k * r)
        box.center = (round(c), round(c))
        pygame.draw.arc(s, col, box, math.radians(-50), math.radians(50), w)


def _entry(s: pygame.Surface, c: float, _: float, r: float, col: tuple[int, int, int]) -> None:
    w = max(2, round(r * 0.18))
    pygame.draw.line(s, col, (c - r * 0.6, c), (c + r * 0.5, c), w)
    pygame.draw.polygon(
        s, col, [(c + r * 0.7, c), (c + r * 0.2, c - r * 0.4), (c + r * 0.2, c + r * 0.4)]
    )


GLYPHS: dict[str, tuple[Glyph, tuple[int, int, int]]] = {
    "aimed": (_aimed, style.YELLOW),
    "overwatch": (_overwatch, style.SKY),
    "cover": (_cover, style.WHITE),
    "suppressed": (_suppressed, style.ORANGE),
    "infected": (_infected, style.GREEN),
    "loot": (_loot, style.YELLOW),
    "down": (_down, style.VERMILLION),
    "infirmary": (_cross, style.WHITE),
    "shelter": (_house, style.PURPLE),
    "storage": (_box, style.YELLOW),
    "arsenal": (_bullet, style.SKY),
    "radio": (_radio, style.GREEN),
    "watchtower": (_tower, style.WHITE),
    "minefield": (_mine, style.YELLOW),
    "gate": (_gate, style.WHITE),
    "noise": (_noise, style.YELLOW),
    "entry": (_entry, style.WHITE),
}


@cached("icon", 4 * MB)
def icon(name: str, size: int) -> pygame.Surface:
    """The icon `name` as a `size` px badge."""
    size = max(6, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size - 1) / 2.0
    r = size / 2.0
    pygame.draw.circle(surf, (*style.INK, 225), (c, c), r)
    pygame.draw.circle(surf, (200, 200, 200, 255), (c, c), r, 1)
    glyph, colour = GLYPHS[name]
    glyph(surf, c, c, r * 0.8, colour)
    return surf
