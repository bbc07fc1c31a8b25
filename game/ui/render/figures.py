"""Figures: round bases in their side's colour with the side's glyph, a facing
tick, the name, TP pips and status icons (aimed, overwatch, in cover, suppressed,
infected, loot; incapacitated bases are greyed and crossed)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import pygame

from game.state import Figure
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.render import draw, icons, style

Point = tuple[float, float]
DOWN_GREY = (120, 120, 120)
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
) -> None:
    """Every figure on the table (incapacitated ones first, the selected one last)."""
    shown = [f for f in figures if f.on_table]
    shown.sort(key=lambda f: (f.standing, f.id == marks.selected, f.id == marks.hovered))
    clip = surface.get_clip() or surface.get_rect()
    labels: list[tuple[int, pygame.Surface, pygame.Rect]] = []
    for fig in shown:
        pos = positions.get(fig.id, fig.pos) if positions else fig.pos
        centre = camera.to_screen_f(*pos)
        r = max(2.0, fig.radius * camera.scale)
        if not clip.inflate(4 * r + 80, 4 * r + 40).collidepoint(centre):
            continue
        draw_figure(surface, fig, centre, r, side_index.get(fig.side, 0), marks)
        label = name_label(fig, centre, r, marks)
        if label is not None:
            labels.append(label)
    draw_labels(surface, labels)


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


def draw_labels(
    surface: pygame.Surface, labels: list[tuple[int, pygame.Surface, pygame.Rect]]
) -> None:
    """Names by priority; a name that would overlap one already drawn is left out."""
    taken: list[pygame.Rect] = []
    for rank, text, rect in sorted(labels, key=lambda t: t[0]):
        if rank > 0 and rect.inflate(-2, -2).collidelist(taken) != -1:
            continue
        surface.blit(text, rect)
        taken.append(rect)


def draw_figure(
    surface: pygame.Surface, fig: Figure, centre: Point, r: float, side: int, marks: Marks
) -> None:
    """One base with everything on and around it."""
    colour = style.side_colour(side) if fig.standing else DOWN_GREY
    cx, cy = centre
    mark = marks.targets.get(fig.id)
    if mark is not None:
        ring = {
            "target": style.VERMILLION,
            "touched": style.VERMILLION,
            "shielded": style.TEXT_DIM,
        }[mark]
        pygame.draw.circle(surface, ring, centre, r + 4, 3)
    if fig.id in marks.eligible:
        draw.dashed_polyline(
            surface, style.ELIGIBLE, _circle(centre, r + 3.5), width=2, dash=5, gap=4, closed=True
        )
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, style.INK, centre, r, 2 if r >= 6 else 1)
    if r >= 5:
        draw.draw_glyph(surface, style.side_shape(side), centre, r * 0.42, style.ink_on(colour))
    a = math.radians(fig.facing)
    tip = (cx + math.cos(a) * (r + max(3.0, r * 0.35)), cy - math.sin(a) * (r + max(3.0, r * 0.35)))
    pygame.draw.line(surface, style.INK, centre, tip, 3 if r >= 6 else 2)
    pygame.draw.line(
        surface, style.WHITE, (cx + math.cos(a) * r * 0.55, cy - math.sin(a) * r * 0.55), tip, 1
    )
    if fig.id == marks.selected:
        pygame.draw.circle(surface, style.SELECT, centre, r + 2, 2)
    elif fig.id == marks.hovered:
        pygame.draw.circle(surface, style.SELECT, centre, r + 1, 1)
    if not fig.standing:
        _down(surface, centre, r)
    if r >= 5 and fig.standing:
        _pips(surface, fig, centre, r)
    _statuses(surface, fig, centre, r)


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


def _pips(surface: pygame.Surface, fig: Figure, centre: Point, r: float) -> None:
    """TP as pips above the base: filled for TP left, hollow for TP lost."""
    n = max(0, fig.max_tp)
    if n == 0:
        return
    w = max(3, min(6, round(r * 0.35)))
    gap = 1
    total = n * w + (n - 1) * gap
    x = centre[0] - total / 2
    y = centre[1] - r - w - 3
    for i in range(n):
        rect = pygame.Rect(round(x + i * (w + gap)), round(y), w, w)
        pygame.draw.rect(surface, style.INK, rect.inflate(2, 2))
        if i < fig.tp:
            pygame.draw.rect(surface, style.WHITE, rect)


def _statuses(surface: pygame.Surface, fig: Figure, centre: Point, r: float) -> None:
    names = statuses(fig)
    if not names:
        return
    size = int(max(10, min(16, r * 0.9)))
    x = centre[0] + r * 0.75
    y = centre[1] - r * 0.75 - size / 2
    for i, name in enumerate(names):
        surface.blit(icons.icon(name, size), (x + (i // 3) * (size - 1), y + (i % 3) * (size - 1)))
