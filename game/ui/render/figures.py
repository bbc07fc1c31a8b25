"""Figures: round bases in their side's colour with the side's glyph, a facing
tick, the name, TP pips and status icons (aimed, overwatch, in cover, suppressed,
infected, loot; incapacitated bases are greyed and crossed)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.state import Figure
from game.ui import fonts
from game.ui.cache import MB, cached
from game.ui.camera import Camera
from game.ui.render import draw, icons, style

Point = tuple[float, float]
DOWN_GREY = (120, 120, 120)
LOST_PIP = (150, 150, 150)
NAME_MIN_R = 7.0
"""px: smaller bases show no name (unless selected or hovered)."""


@dataclass(slots=True)
class Marks:
    """Highlights the input layer asks for."""

    selected: str | None = None
    hovered: str | None = None
    eligible: frozenset[str] = frozenset()
    targets: Mapping[str, str] = field(default_factory=dict)  # id -> target | touched | shielded


def statuses(fig: Figure) -> list[str]:
    """The status icons a figure shows, in a fixed order."""
    out = []
    if fig.aimed > 0:
        out.append("aimed")
    if fig.overwatch is not None:
        out.append("overwatch")
    if fig.took_cover:
        out.append("cover")
    if fig.suppressed:
        out.append("suppressed")
    if fig.infected:
        out.append("infected")
    if fig.loot > 0:
        out.append("loot")
    return out


def draw_figures(
    surface: pygame.Surface,
    camera: Camera,
    figures: Iterable[Figure],
    side_index: Mapping[str, int],
    marks: Marks,
    positions: Mapping[str, Point] | None = None,
    fixed: Sequence[Any] = (),
) -> None:
    """Every figure on the table (incapacitated ones first, the selected one last),
    then the names, and the `fixed` labels (terrain.ModuleLabel: an image and the
    spots it may take) placed clear of the bases and the names."""
    shown = [f for f in figures if f.on_table]
    shown.sort(key=lambda f: (f.standing, f.id == marks.selected, f.id == marks.hovered))
    clip = surface.get_clip() or surface.get_rect()
    labels: list[tuple[int, pygame.Surface, pygame.Rect]] = []
    bases: list[pygame.Rect] = []
    for fig in shown:
        pos = positions.get(fig.id, fig.pos) if positions else fig.pos
        centre = camera.to_screen_f(*pos)
        r = max(2.0, fig.radius * camera.scale)
        if not clip.inflate(4 * r + 80, 4 * r + 40).collidepoint(centre):
            continue
        draw_figure(surface, fig, centre, r, side_index.get(fig.side, 0), marks)
        if fixed:
            bases.append(pygame.Rect(round(centre[0] - r), round(centre[1] - r), 2 * r, 2 * r))
        label = name_label(fig, centre, r, marks)
        if label is not None:
            labels.append(label)
    draw_labels(surface, labels, fixed, bases)


def name_label(
    fig: Figure, centre: Point, r: float, marks: Marks
) -> tuple[int, pygame.Surface, pygame.Rect] | None:
    """The name under the base, with a priority (lower goes first)."""
    important = fig.id in (marks.selected, marks.hovered)
    if r < NAME_MIN_R and not important:
        return None
    size = 11 if r < 12 else 13
    text = fonts.outlined(fig.name, size, style.TEXT, style.INK)
    rect = text.get_rect(midtop=(round(centre[0]), round(centre[1] + r + 2)))
    rank = 0 if important else (1 if fig.id in marks.eligible or fig.id in marks.targets else 2)
    return (rank, text, rect)


FIXED_RANK = 1.5
"""Module labels go after the names of the figures that matter now (selected,
hovered, eligible, targeted) and before the others."""


def draw_labels(
    surface: pygame.Surface,
    labels: list[tuple[int, pygame.Surface, pygame.Rect]],
    fixed: Sequence[Any] = (),
    bases: Sequence[pygame.Rect] = (),
) -> None:
    """Names by priority; a name that would overlap one already drawn is left out.
    A fixed label takes its first spot clear of the names and the bases (else the
    one that covers fewest of them): it is always drawn."""
    taken: list[pygame.Rect] = []
    items: list[tuple[float, int, Any]] = [(lab[0], i, lab) for i, lab in enumerate(labels)]
    items += [(FIXED_RANK, len(labels) + i, lab) for i, lab in enumerate(fixed)]
    for rank, _, item in sorted(items, key=lambda t: (t[0], t[1])):
        if rank == FIXED_RANK:
            spot = min(item.spots, key=lambda r: _crowding(r.inflate(-2, -2), taken, bases))
            surface.blit(item.image, spot)
            taken.append(spot)
            continue
        _, text, rect = item
        if rank > 0 and rect.inflate(-2, -2).collidelist(taken) != -1:
            continue
        surface.blit(text, rect)
        taken.append(rect)


def _crowding(
    rect: pygame.Rect, taken: Sequence[pygame.Rect], bases: Sequence[pygame.Rect]
) -> tuple[int, int]:
    """How much a spot would cover: labels first, then bases (min picks the first best)."""
    return (len(rect.collidelistall(taken)), len(rect.collidelistall(bases)))


def draw_figure(
    surface: pygame.Surface, fig: Figure, centre: Point, r: float, side: int, marks: Marks
) -> None:
    """One base with everything on and around it (a cached sprite, then the
    selection ring)."""
    key = SpriteKey(
        side,
        round(r * 2) / 2,
        round(fig.facing / FACING_STEP) % (360 // FACING_STEP),
        fig.tp,
        fig.max_tp,
        fig.standing,
        tuple(statuses(fig)),
        marks.targets.get(fig.id),
        fig.id in marks.eligible,
    )
    image, dx, dy = sprite(key)
    surface.blit(image, (round(centre[0]) + dx, round(centre[1]) + dy))
    if fig.id == marks.selected:
        pygame.draw.circle(surface, style.SELECT, centre, r + 2, 2)
    elif fig.id == marks.hovered:
        pygame.draw.circle(surface, style.SELECT, centre, r + 1, 1)


FACING_STEP = 3
"""Facing is drawn to the nearest 3°."""


@dataclass(frozen=True, slots=True)
class SpriteKey:
    """Everything a figure's picture depends on (but its place)."""

    side: int
    r: float
    facing: int  # in FACING_STEP units
    tp: int
    max_tp: int
    standing: bool
    statuses: tuple[str, ...]
    mark: str | None
    eligible: bool


@cached("sprite", 32 * MB)
def sprite(key: SpriteKey) -> tuple[pygame.Surface, int, int]:
    """The figure's picture, cropped to what is drawn, and its offset from the centre."""
    r = key.r
    size = int(max(10, min(22, r * 0.55)))
    half = math.ceil(max(r + max(5.0, r * 0.4) + 2, r + 12, r * 0.75 + 2 * size + 2))
    image = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
    _paint(image, key, (float(half), float(half)), size)
    box = image.get_bounding_rect()
    return _fast(image.subsurface(box).copy()), box.x - half, box.y - half


def _fast(image: pygame.Surface) -> pygame.Surface:
    """The image in the display's pixel format (when there is a display)."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _paint(surface: pygame.Surface, key: SpriteKey, centre: Point, icon_size: int) -> None:
    r = key.r
    colour = style.side_colour(key.side) if key.standing else DOWN_GREY
    cx, cy = centre
    if key.mark is not None:
        ring = style.TEXT_DIM if key.mark == "shielded" else style.VERMILLION
        pygame.draw.circle(surface, ring, centre, r + 4, 3)
    if key.eligible:
        draw.dashed_polyline(
            surface, style.ELIGIBLE, _circle(centre, r + 3.5), width=2, dash=5, gap=4, closed=True
        )
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, style.INK, centre, r, 2 if r >= 6 else 1)
    if r >= 5:
        draw.draw_glyph(surface, style.side_shape(key.side), centre, r * 0.42, style.ink_on(colour))
    a = math.radians(key.facing * FACING_STEP)
    reach = r + max(3.0, r * 0.35)
    tip = (cx + math.cos(a) * reach, cy - math.sin(a) * reach)
    pygame.draw.line(surface, style.INK, centre, tip, 3 if r >= 6 else 2)
    inner = (cx + math.cos(a) * r * 0.55, cy - math.sin(a) * r * 0.55)
    pygame.draw.line(surface, style.WHITE, inner, tip, 1)
    if not key.standing:
        _down(surface, centre, r)
    if r >= 5 and key.standing:
        _pips(surface, key.tp, key.max_tp, centre, r)
    _statuses(surface, key.statuses, centre, r, icon_size)


def _circle(centre: Point, r: float, n: int = 28) -> list[Point]:
    return [
        (
            centre[0] + r * math.cos(2 * math.pi * i / n),
            centre[1] + r * math.sin(2 * math.pi * i / n),
        )
        for i in range(n)
    ]


def _down(surface: pygame.Surface, centre: Point, r: float) -> None:
    cx, cy = centre
    k = r * 0.6
    pygame.draw.line(surface, style.INK, (cx - k, cy - k), (cx + k, cy + k), 3)
    pygame.draw.line(surface, style.INK, (cx - k, cy + k), (cx + k, cy - k), 3)


def _pips(surface: pygame.Surface, tp: int, max_tp: int, centre: Point, r: float) -> None:
    """TP as pips above the base: filled for TP left, hollow for TP lost."""
    n = max(0, max_tp)
    if n == 0:
        return
    w = max(3, min(9, round(r * 0.3)))
    gap = 1
    total = n * w + (n - 1) * gap
    x = centre[0] - total / 2
    y = centre[1] - r - w - 3
    for i in range(n):
        rect = pygame.Rect(round(x + i * (w + gap)), round(y), w, w)
        pygame.draw.rect(surface, style.INK, rect.inflate(2, 2))
        if i < tp:
            pygame.draw.rect(surface, style.WHITE, rect)
        elif w >= 4:
            pygame.draw.rect(surface, LOST_PIP, rect, 1)


def _statuses(
    surface: pygame.Surface, names: tuple[str, ...], centre: Point, r: float, size: int
) -> None:
    if not names:
        return
    x = centre[0] + r * 0.75
    y = centre[1] - r * 0.75 - size / 2
    for i, name in enumerate(names):
        surface.blit(icons.icon(name, size), (x + (i // 3) * (size - 1), y + (i % 3) * (size - 1)))
