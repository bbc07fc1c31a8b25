"""Figures: round bases in their side's colour with the side's glyph, a facing
tick, the name, TP pips and status icons (aimed, overwatch, in cover, suppressed,
infected, loot; incapacitated bases are greyed and crossed)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.naming import local_figure_name
from game.state import Figure
from game.ui import fonts
from game.ui.cache import MB, cached
from game.ui.camera import Camera
from game.ui.render import draw, icons, labels, style

Point = tuple[float, float]
DOWN_GREY = (120, 120, 120)
LOST_PIP = (150, 150, 150)
NAME_MIN_R = 7.0
"""px: smaller bases show only their short name (unless selected or hovered)."""
SMALL_NAME = 10
"""px: the letters of a short name beside a small base."""


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
    name_px: int | None = None,
) -> None:
    """Every figure on the table (incapacitated ones first, the selected one last),
    then the names and the `fixed` labels (terrain.ModuleLabel: an image and the
    spots it may take), each placed clear of the other labels and of every base.
    `name_px`: the names' text size (the printed map's; default: by base size)."""
    shown = [f for f in figures if f.on_table]
    shown.sort(key=lambda f: (f.standing, f.id == marks.selected, f.id == marks.hovered))
    clip = surface.get_clip() or surface.get_rect()
    names: list[labels.Label] = []
    bases: list[pygame.Rect] = []
    for fig in shown:
        pos = positions.get(fig.id, fig.pos) if positions else fig.pos
        centre = camera.to_screen_f(*pos)
        r = max(2.0, fig.radius * camera.scale)
        if not clip.inflate(4 * r + 80, 4 * r + 40).collidepoint(centre):
            continue
        draw_figure(surface, fig, centre, r, side_index.get(fig.side, 0), marks)
        bases += base_boxes(fig, centre, r)
        label = name_label(fig, centre, r, marks, name_px)
        if label is not None:
            names.append(label)
    names += [module_label(item) for item in fixed]
    placed = labels.place(names, bases, clip)
    labels.draw(surface, placed, style.INK, style.TEXT)


def base_boxes(fig: Figure, centre: Point, r: float) -> list[pygame.Rect]:
    """What a label must not cover of a figure: its base and its row of TP pips."""
    out = [labels.base_box(centre, r)]
    width = pip_row_width(fig.max_tp, r) if fig.standing and r >= 5 else 0
    if width:
        w = pip_size(r)
        out.append(
            pygame.Rect(
                round(centre[0] - width / 2) - 1, round(centre[1] - r - w - 4), width + 2, w + 3
            )
        )
    return out


def pip_size(r: float) -> int:
    """px: one TP pip's side on a base of radius r."""
    return max(3, min(9, round(r * 0.3)))


def pip_row_width(max_tp: int, r: float) -> int:
    """px: the width of a base's row of TP pips (0 without TP)."""
    n = max(0, max_tp)
    return n * pip_size(r) + (n - 1) if n else 0


def name_label(
    fig: Figure, centre: Point, r: float, marks: Marks, size: int | None = None
) -> labels.Label:
    """The figure's name with its candidate spots and rank (lower goes first): the
    full name, then the short one; only the short one beside a small base (the
    hovered or selected figure keeps its full name). `size`: px of the text
    (default: 10–13 px by the base's size); a given size (the printed map's) puts
    the name on a plate, so it reads over the overlays."""
    important = fig.id in (marks.selected, marks.hovered)
    small = r < NAME_MIN_R and not important
    name = local_figure_name(fig.name)
    short = labels.short_name(name)
    printed = size is not None
    if size is None:
        size = SMALL_NAME if small else (11 if r < 12 else 13)
    full = _name_image(short if small else name, size, printed)
    brief = None if small or short == name else _name_image(short, size, printed)
    rank = 0 if important else (1 if fig.id in marks.eligible or fig.id in marks.targets else 3)
    pips = pip_size(r) + 4 if fig.standing and r >= 5 and fig.max_tp > 0 else 0
    options = labels.name_options(full, brief, centre, r, pips)
    return labels.Label(options, rank, centre, r)


def _name_image(text: str, size: int, plate: bool) -> pygame.Surface:
    image = fonts.outlined(text, size, style.TEXT, style.INK)
    return labels.plated(image, size) if plate else image


MODULE_RANK = 2
"""Module labels go after the names of the figures that matter now (selected,
hovered, eligible, targeted) and before the others."""


def module_label(item: Any) -> labels.Label:
    """A module's label (terrain.ModuleLabel) as a label to place."""
    return labels.Label([labels.Option(item.image, spot) for spot in item.spots], MODULE_RANK)


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


ICON_MIN, ICON_MAX = 12, 26
"""px: status icons grow with the base (zoom) between these."""


def icon_size(r: float) -> int:
    """px of a status icon beside a base of radius r px: readable when zoomed out,
    larger when zoomed in."""
    return int(max(ICON_MIN, min(ICON_MAX, 6 + r * 0.6)))


@cached("sprite", 32 * MB)
def sprite(key: SpriteKey) -> tuple[pygame.Surface, int, int]:
    """The figure's picture, cropped to what is drawn, and its offset from the centre."""
    r = key.r
    size = icon_size(r)
    half = math.ceil(max(r + max(5.0, r * 0.4) + 2, r + 12, r * 0.75 + 2 * size + 2))
    image = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
    _paint(image, key, (float(half), float(half)), size)
    box = image.get_bounding_rect()
    return _fast(image.subsurface(box).copy()), box.x - half, box.y - half


def _fast(image: pygame.Surface) -> pygame.Surface:
    """The image in the display's pixel format (when there is a display)."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _paint(surface: pygame.Surface, key: SpriteKey, centre: Point, icon_px: int) -> None:
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
    _statuses(surface, key.statuses, centre, r, icon_px)


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
    w = pip_size(r)
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
