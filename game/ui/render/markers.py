"""Things on the table that change during play: noise markers (a faint fill fading
out to their radius, and a pulse while they are new), overwatch sectors (faint
unless a move crosses them), and the scale bar."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import pygame

from game.state import Figure, LootMarker, NoiseMarker, OverwatchZone
from game.ui import fonts
from game.ui.cache import MB, cached
from game.ui.camera import Camera
from game.ui.render import draw, icons, style
from game.ui.units import format_length, nice_length

PULSE_S = 2.4
PULSES = 3
"""A new noise marker pulses this many times, then stays still (the board stays readable)."""
NOISE_EDGE = 140
"""Alpha of a noise marker's dashed edge."""
SECTOR_FILL = 10
SECTOR_EDGE = 110
"""Alpha of an overwatch sector's fill and dashed edge when nothing crosses it."""


@cached("noise disc", 24 * MB)
def _fade(radius: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A disc whose alpha falls from the centre to the edge."""
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    steps = max(4, min(24, radius // 4))
    for i in range(steps):
        r = radius * (1 - i / steps)
        alpha = int(4 + 18 * i / steps)
        pygame.draw.circle(surf, (*colour, alpha), (radius, radius), max(1, r))
    return surf


def draw_noise(
    surface: pygame.Surface, camera: Camera, markers: Iterable[NoiseMarker], clock: float | None
) -> None:
    """Each marker: the disc fading out to its radius, a dashed edge, an icon; and
    the pulse when `clock` is given."""
    for m in markers:
        c = camera.to_screen_f(m.x, m.y)
        r = max(4, round(m.radius * camera.scale))
        if r > 1200:
            continue
        surface.blit(_fade(r, style.NOISE), (c[0] - r, c[1] - r))
        ring = [
            (c[0] + r * math.cos(2 * math.pi * i / 48), c[1] + r * math.sin(2 * math.pi * i / 48))
            for i in range(48)
        ]
        _faint_dashes(surface, (*style.NOISE, NOISE_EDGE), ring)
        surface.blit(icons.icon("noise", 16), (c[0] - 8, c[1] - 8))
    if clock is not None:
        draw_pulses(surface, camera, markers, clock)


def draw_pulses(
    surface: pygame.Surface,
    camera: Camera,
    markers: Iterable[NoiseMarker],
    clock: float,
    born: dict[tuple[float, float, float, int], float] | None = None,
) -> None:
    """A ring running out from each marker to its radius, PULSES times from when it
    appeared (`born`: the clock a marker was first drawn at, kept by the caller;
    None: again and again)."""
    for m in markers:
        start = clock if born is None else born.setdefault((m.x, m.y, m.radius, m.round), clock)
        age = clock - start
        if born is not None and age >= PULSES * PULSE_S:
            continue
        phase = (age / PULSE_S) % 1.0 if born is not None else (clock / PULSE_S) % 1.0
        r = m.radius * camera.scale
        if 2 <= r <= 1200:
            pygame.draw.circle(
                surface, style.NOISE, camera.to_screen_f(m.x, m.y), max(2, r * phase), 1
            )


def draw_sector(
    surface: pygame.Surface,
    camera: Camera,
    zone: OverwatchZone,
    colour: tuple[int, int, int],
    *,
    strong: bool = False,
) -> None:
    """One overwatch fire zone."""
    c = camera.to_screen_f(zone.x, zone.y)
    r = zone.radius * camera.scale
    pts = draw.sector_points(c, r, zone.direction - zone.angle / 2, zone.direction + zone.angle / 2)
    draw.blend_polygon(surface, (*colour, 85 if strong else SECTOR_FILL), pts)
    if strong:
        pygame.draw.polygon(surface, style.VERMILLION, pts, 3)
        draw.dashed_polyline(surface, colour, pts, width=1, dash=8, gap=5, closed=True)
    else:
        _faint_dashes(surface, (*colour, SECTOR_EDGE), pts)


def _faint_dashes(
    surface: pygame.Surface, rgba: tuple[int, int, int, int], pts: list[tuple[float, float]]
) -> None:
    """A closed dashed outline, translucent (sparse dashes: it must not hide the table)."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)) - 1, math.floor(min(ys)) - 1, 0, 0)
    box.size = (math.ceil(max(xs)) - box.x + 2, math.ceil(max(ys)) - box.y + 2)
    box = box.clip(surface.get_clip() or surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    shifted = [(x - box.x, y - box.y) for x, y in pts]
    draw.dashed_polyline(layer, rgba, shifted, width=1, dash=5, gap=7, closed=True)
    surface.blit(layer, box.topleft)


FIND_CM = 2.0
"""cm across a find's marker on the table (a base is 2.5)."""


def draw_finds(
    surface: pygame.Surface,
    camera: Camera,
    finds: Iterable[LootMarker],
    exits: Iterable[tuple[int, Sequence[tuple[float, float]]]],
) -> None:
    """A loot objective: each find lying on the table as a yellow diamond (the loot
    sign carriers wear), each side's exit as a dashed outline in its colour."""
    for index, polygon in exits:
        pts = camera.many_to_screen(polygon)
        _faint_dashes(surface, (*style.side_colour(index), SECTOR_EDGE + 60), pts)
    for m in finds:
        if not m.lying:
            continue
        x, y = camera.to_screen_f(m.x, m.y)
        r = max(4.0, camera.px(FIND_CM) / 2)
        pts = [(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)]
        pygame.draw.polygon(surface, style.YELLOW, pts)
        pygame.draw.polygon(surface, style.INK, pts, 1)


def draw_sectors(
    surface: pygame.Surface,
    camera: Camera,
    figures: Iterable[Figure],
    side_index: Mapping[str, int],
    lit: frozenset[str] = frozenset(),
) -> None:
    """Every standing watcher's sector; `lit` ones (the move preview crosses them) stand out."""
    for fig in figures:
        if fig.overwatch is not None and fig.standing:
            colour = style.side_colour(side_index.get(fig.side, 0))
            draw_sector(surface, camera, fig.overwatch, colour, strong=fig.id in lit)


def scale_bar_rect(camera: Camera, units: str) -> pygame.Rect:
    """Where the scale bar goes: the bottom right of the table view."""
    vx, vy, vw, vh = camera.view
    px = nice_length(150.0 / camera.scale, units) * camera.scale
    x0, y0 = vx + vw - px - 20, vy + vh - 16
    return pygame.Rect(x0 - 6, y0 - 22, px + 12, 30)


def draw_scale_bar(surface: pygame.Surface, camera: Camera, units: str) -> None:
    """A bar of a round length at the bottom right of the table view."""
    length = nice_length(150.0 / camera.scale, units)
    px = length * camera.scale
    bar = scale_bar_rect(camera, units)
    x0, y0 = bar.x + 6, bar.y + 22
    draw.blend_polygon(
        surface, (*style.INK, 170), [bar.topleft, bar.topright, bar.bottomright, bar.bottomleft]
    )
    pygame.draw.line(surface, style.WHITE, (x0, y0), (x0 + px, y0), 3)
    for t in (0.0, 0.5, 1.0):
        x = x0 + px * t
        pygame.draw.line(surface, style.WHITE, (x, y0 - (6 if t != 0.5 else 4)), (x, y0 + 2), 2)
    label = fonts.text(format_length(length, units), 12, style.TEXT)
    surface.blit(label, (x0 + px / 2 - label.get_width() / 2, y0 - 21))
