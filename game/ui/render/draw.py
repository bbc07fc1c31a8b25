"""Small drawing helpers: dashes, translucent shapes, hatching, glyph shapes."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]
Colour = tuple[int, int, int] | tuple[int, int, int, int]


def dashed_polyline(
    surface: pygame.Surface,
    colour: Colour,
    points: Sequence[Point],
    *,
    width: int = 1,
    dash: float = 8.0,
    gap: float = 6.0,
    closed: bool = False,
) -> None:
    """A dashed line through `points` (the pattern runs on across corners)."""
    pts = list(points)
    if closed and pts:
        pts.append(pts[0])
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > 1e-6:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                pygame.draw.line(
                    surface,
                    colour,
                    (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                    (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    width,
                )
            pos += step
            left -= step
            if left <= 1e-6:
                on = not on
                left = dash if on else gap


def _bbox(points: Sequence[Point], pad: int) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return pygame.Rect(x0, y0, math.ceil(max(xs)) - x0 + pad + 1, math.ceil(max(ys)) - y0 + pad + 1)


def blend_polygon(
    surface: pygame.Surface,
    rgba: tuple[int, int, int, int],
    points: Sequence[Point],
    holes: Sequence[Sequence[Point]] = (),
) -> None:
    """A translucent filled polygon (holes left clear)."""
    if len(points) < 3:
        return
    box = _bbox(points, 1).clip(surface.get_clip() or surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, rgba, [(x - box.x, y - box.y) for x, y in points])
    for hole in holes:
        if len(hole) >= 3:
            pygame.draw.polygon(layer, (0, 0, 0, 0), [(x - box.x, y - box.y) for x, y in hole])
    surface.blit(layer, box.topleft)


def blend_circle(
    surface: pygame.Surface, rgba: tuple[int, int, int, int], centre: Point, radius: float
) -> None:
    """A translucent filled circle."""
    r = max(1, round(radius))
    box = pygame.Rect(round(centre[0]) - r, round(centre[1]) - r, 2 * r + 1, 2 * r + 1)
    clipped = box.clip(surface.get_clip() or surface.get_rect())
    if clipped.width <= 0 or clipped.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.circle(layer, rgba, (r, r), r)
    surface.blit(layer, box.topleft)


def sector_points(centre: Point, radius: float, start_deg: float, end_deg: float) -> list[Point]:
    """A pie slice on screen (angles counter-clockwise on the board, y flipped)."""
    cx, cy = centre
    steps = max(2, int(abs(end_deg - start_deg) / 4) + 1)
    pts = [centre]
    for i in range(steps + 1):
        a = math.radians(start_deg + (end_deg - start_deg) * i / steps)
        pts.append((cx + radius * math.cos(a), cy - radius * math.sin(a)))
    return pts


def glyph_points(shape: str, centre: Point, size: float) -> list[Point]:
    """Corner points of a side's glyph (not for "circle")."""
    cx, cy = centre
    corners = {"triangle": 3, "square": 4, "diamond": 4, "hexagon": 6, "star": 10}[shape]
    turn = {"triangle": 90.0, "square": 45.0, "diamond": 90.0, "hexagon": 0.0, "star": 90.0}[shape]
    pts = []
    for i in range(corners):
        a = math.radians(turn + 360.0 * i / corners)
        r = size * (0.45 if shape == "star" and i % 2 else 1.0)
        if shape == "square":
            r *= 1.15
        pts.append((cx + r * math.cos(a), cy - r * math.sin(a)))
    return pts


def draw_glyph(
    surface: pygame.Surface, shape: str, centre: Point, size: float, colour: Colour
) -> None:
    """A filled side glyph."""
    if shape == "circle":
        pygame.draw.circle(surface, colour, centre, max(1.0, size * 0.85))
    else:
        pygame.draw.polygon(surface, colour, glyph_points(shape, centre, size))


def hatch(
    surface: pygame.Surface,
    pattern: str,
    colour: Colour,
    spacing: int,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """Hatch all of `surface`; `origin` is its position in the layer, so the
    pattern lines up across pieces."""
    w, h = surface.get_size()
    ox, oy = origin
    s = max(3, spacing)
    if pattern in ("diag", "cross"):
        _diagonals(surface, colour, s, ox, oy, w, h, +1)
    if pattern in ("back", "cross", "x"):
        _diagonals(surface, colour, s if pattern != "x" else 2 * s, ox, oy, w, h, -1)
    if pattern == "x":
        _diagonals(surface, colour, 2 * s, ox, oy, w, h, +1)
    if pattern in ("horiz", "grid"):
        for y in range(-(oy % s), h, s):
            pygame.draw.line(surface, colour, (0, y), (w, y))
    if pattern in ("vert", "grid"):
        for x in range(-(ox % s), w, s):
            pygame.draw.line(surface, colour, (x, 0), (x, h))
    if pattern in ("dots", "rings"):
        for y in range(-(oy % s), h + s, s):
            shift = s // 2 if ((y + oy) // s) % 2 else 0
            for x in range(-(ox % s) + shift, w + s, s):
                if pattern == "dots":
                    pygame.draw.circle(surface, colour, (x, y), max(1, s // 5))
                else:
                    pygame.draw.circle(surface, colour, (x, y), max(2, s // 3), 1)
    if pattern == "zigzag":
        for y in range(-(oy % s), h + s, s):
            pts = [(x, y + (s // 3 if (x + ox) // s % 2 else -s // 3)) for x in range(-s, w + s, s)]
            x_off = -(ox % s)
            pygame.draw.lines(surface, colour, False, [(x + x_off, yy) for x, yy in pts], 2)


def _diagonals(
    surface: pygame.Surface, colour: Colour, s: int, ox: int, oy: int, w: int, h: int, sign: int
) -> None:
    """Lines x + sign·y = k·s in layer coordinates."""
    if sign > 0:
        k0 = (ox + oy) // s - 1
        k1 = (ox + w + oy + h) // s + 1
        for k in range(k0, k1 + 1):
            c = k * s - ox - oy  # x + y = c locally
            pygame.draw.line(surface, colour, (c, 0), (c - h, h))
    else:
        k0 = (ox - oy - h) // s - 1
        k1 = (ox + w - oy) // s + 1
        for k in range(k0, k1 + 1):
            c = k * s - ox + oy  # x - y = c locally
            pygame.draw.line(surface, colour, (c, 0), (c + h, h))


def arrow(
    surface: pygame.Surface, colour: Colour, a: Point, b: Point, *, width: int = 2, head: float = 9
) -> None:
    """A line from a to b with a head at b."""
    pygame.draw.line(surface, colour, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    for side in (-1, 1):
        t = ang + math.pi + side * 0.45
        pygame.draw.line(
            surface, colour, b, (b[0] + head * math.cos(t), b[1] + head * math.sin(t)), width
        )
