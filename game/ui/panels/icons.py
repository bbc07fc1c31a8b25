"""Small shapes that mark a kind of log line (and so never rely on colour alone)."""

from __future__ import annotations

import math

import pygame

from game.ui.panels.theme import Colour

SHAPES = (
    "diamond",
    "arrow",
    "crosshair",
    "cross",
    "flag",
    "waves",
    "star",
    "plus",
    "square",
    "bubble",
    "warning",
    "dot",
    "die",
)


def draw_icon(
    surface: pygame.Surface, shape: str, centre: tuple[int, int], size: int, colour: Colour
) -> None:
    """Draw `shape` centred at `centre` within a `size` × `size` box."""
    x, y = centre
    r = max(3, size // 2)
    w = max(1, size // 7)
    if shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif shape == "arrow":
        pygame.draw.polygon(
            surface, colour, [(x - r, y - r + 1), (x + r, y), (x - r, y + r - 1), (x - r // 3, y)]
        )
    elif shape == "crosshair":
        pygame.draw.circle(surface, colour, centre, r - 1, w)
        pygame.draw.line(surface, colour, (x - r, y), (x + r, y), w)
        pygame.draw.line(surface, colour, (x, y - r), (x, y + r), w)
    elif shape == "cross":
        pygame.draw.line(surface, colour, (x - r + 1, y - r + 1), (x + r - 1, y + r - 1), w + 1)
        pygame.draw.line(surface, colour, (x - r + 1, y + r - 1), (x + r - 1, y - r + 1), w + 1)
    elif shape == "flag":
        pygame.draw.line(surface, colour, (x - r + 1, y - r), (x - r + 1, y + r), w + 1)
        pygame.draw.polygon(
            surface, colour, [(x - r + 1, y - r), (x + r, y - r // 2), (x - r + 1, y)]
        )
    elif shape == "waves":
        for k in (1, 2, 3):
            rad = r * k // 3 + 1
            box = pygame.Rect(x - r - rad, y - rad, 2 * rad, 2 * rad)
            pygame.draw.arc(surface, colour, box, -math.pi / 3, math.pi / 3, w)
    elif shape == "star":
        pts = []
        for i in range(10):
            ray = float(r) if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + ray * math.cos(a), y + ray * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts)
    elif shape == "plus":
        pygame.draw.rect(surface, colour, (x - r, y - w, 2 * r, 2 * w + 1))
        pygame.draw.rect(surface, colour, (x - w, y - r, 2 * w + 1, 2 * r))
    elif shape == "square":
        pygame.draw.rect(surface, colour, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2))
    elif shape == "bubble":
        pygame.draw.rect(surface, colour, (x - r, y - r + 1, 2 * r, int(1.4 * r)), border_radius=3)
        pygame.draw.polygon(
            surface, colour, [(x - r // 2, y + r // 2), (x - r // 2, y + r), (x, y + r // 2)]
        )
    elif shape == "warning":
        pygame.draw.polygon(
            surface, colour, [(x, y - r), (x + r, y + r - 1), (x - r, y + r - 1)], w + 1
        )
        pygame.draw.line(surface, colour, (x, y - r // 3), (x, y + r // 3), w)
    elif shape == "die":
        pygame.draw.rect(
            surface, colour, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2), w, border_radius=3
        )
        pygame.draw.circle(surface, colour, (x - r // 3, y - r // 3), max(1, r // 5))
        pygame.draw.circle(surface, colour, (x + r // 3, y + r // 3), max(1, r // 5))
    else:
        pygame.draw.circle(surface, colour, centre, max(2, r // 2))
