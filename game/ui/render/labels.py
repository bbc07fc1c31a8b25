"""Label placement on the table: every figure's name and every module's label gets
the best of several candidate spots, clear of the other labels, of every base and
of the module icons.

A figure's name tries below its base, above it (over the TP pips), right, left, the
four diagonals, then the same directions a step and two steps farther out (drawn
with a thin leader line to the base); only when none of those is free does the
shortened name ("Sha 4" for "Shambler 4") try the same spots, and only then the
least crowded spot of all is taken. Nothing is dropped: a base too small for its
full name (a small window) gets the short name alone, and the hovered or
selected figure always its full name. A module's label tries its
module's middle, then just outside its outline.

Placement is greedy by rank (lower first: the selected or hovered figure, the
figures that matter now, the modules, the rest); a first pass gives every label
its first free spot, the labels left over then take their least crowded one. Each
label tests its candidates only against the obstacles near it, so ~60 figures
take well under a millisecond (tests/bench/bench_labels.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

import pygame

from game.ui.render import style

Point = tuple[float, float]

GAP = 2
"""px between a base and its label."""
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
)
"""Below, above, right, left, then the diagonals (screen y grows downwards)."""
LEVELS = 3
"""Near the base, then one and two steps farther out (with a leader line)."""
LABEL_HIT = 4
"""A label covering another label costs this many covered bases."""


@dataclass(frozen=True, slots=True)
class Option:
    """One way to show a label: which picture, where, and whether it needs a leader."""

    image: pygame.Surface
    rect: pygame.Rect
    leader: bool = False


@dataclass(slots=True)
class Label:
    """A label to place: its options best first, its rank (lower goes first) and,
    for a figure's name, the base it belongs to (for the leader line)."""

    options: Sequence[Option]
    rank: float
    centre: Point | None = None
    radius: float = 0.0
    chosen: Option | None = field(default=None)


SHORT_WORD = 5
"""Letters a word may have and still be shown whole in a short name."""


def short_name(name: str) -> str:
    """A shortened name that still reads as one: the word before the number cut to
    three letters — 'Shambler 4' → 'Sha 4', 'Raider veteran 9' → 'Vet 9', 'Miliz 2'
    stays; a name without a number: 'Marksman' → 'Mark.', 'Jonas' stays."""
    words = name.split()
    if len(words) > 1 and re.fullmatch(r"\d+", words[-1]):
        word = words[-2]
        short = word if len(word) <= SHORT_WORD else word[:3]
        return f"{short[:1].upper()}{short[1:]} {words[-1]}"
    if len(name) <= SHORT_WORD + 1:
        return name
    return name[:4].rstrip() + "."


def base_box(centre: Point, r: float, top_extra: float = 0.0) -> pygame.Rect:
    """A base's box on screen, `top_extra` px taller above (its TP pips)."""
    cx, cy = centre
    top = cy - r - top_extra
    return pygame.Rect(round(cx - r), round(top), round(2 * r), round(cy + r - top))


def spot(
    centre: Point, r: float, top_extra: float, size: tuple[int, int], d: tuple[int, int], level: int
) -> pygame.Rect:
    """The rect of a label of `size` beside a base in direction `d`, `level` steps out."""
    cx, cy = centre
    w, h = size
    dx, dy = d
    k = 0.72 if dx and dy else 1.0  # diagonals hug the round base
    step_x, step_y = 6 * level, (h + 1) * level
    if dx > 0:
        left = cx + k * r + GAP + 1 + step_x
    elif dx < 0:
        left = cx - k * r - GAP - 1 - w - step_x
    else:
        left = cx - w / 2
    if dy > 0:
        top = cy + k * r + GAP + step_y
    elif dy < 0:
        top = cy - k * r - (0.0 if dx else top_extra) - GAP - h - step_y
    else:
        top = cy - h / 2
    return pygame.Rect(round(left), round(top), w, h)


class NameOptions(Sequence[Option]):
    """A figure's name options: the full name at every spot, then the short one —
    each worked out only when placement asks for it (most names take their first
    spot, so a crowd of 200 costs a few spots a name, not 48)."""

    __slots__ = ("_centre", "_made", "_pictures", "_r", "_reach", "_top_extra")

    def __init__(
        self, pictures: tuple[pygame.Surface, ...], centre: Point, r: float, top_extra: float
    ) -> None:
        self._pictures = pictures
        self._centre = centre
        self._r = r
        self._top_extra = top_extra
        self._made: dict[int, Option] = {}
        self._reach: pygame.Rect | None = None

    def __len__(self) -> int:
        return len(self._pictures) * LEVELS * len(DIRECTIONS)

    @overload
    def __getitem__(self, i: int) -> Option: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Option]: ...

    def __getitem__(self, i: int | slice) -> Option | Sequence[Option]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        found = self._made.get(i)
        if found is not None:
            return found
        per_picture = LEVELS * len(DIRECTIONS)
        picture = self._pictures[i // per_picture]
        level, d = divmod(i % per_picture, len(DIRECTIONS))
        rect = spot(
            self._centre, self._r, self._top_extra, picture.get_size(), DIRECTIONS[d], level
        )
        found = self._made[i] = Option(picture, rect, leader=level > 0)
        return found

    def __iter__(self) -> Iterator[Option]:
        return (self[i] for i in range(len(self)))

    def reach(self) -> pygame.Rect:
        """The box around every option, from the five spots that bound them (the
        farthest left, right and down, and the two highest)."""
        if self._reach is not None:
            return self._reach
        far = LEVELS - 1
        rects = [
            spot(self._centre, self._r, self._top_extra, picture.get_size(), d, far)
            for picture in self._pictures
            for d in ((-1, 0), (1, 0), (0, 1), (0, -1), (-1, -1))
        ]
        self._reach = rects[0].unionall(rects[1:])
        return self._reach


def name_options(
    image: pygame.Surface, short: pygame.Surface | None, centre: Point, r: float, top_extra: float
) -> NameOptions:
    """A figure's name options: the full name at every spot, then the short one."""
    pictures = (image,) if short is None else (image, short)
    return NameOptions(pictures, centre, r, top_extra)


def _cost(
    rect: pygame.Rect,
    labels: Sequence[pygame.Rect],
    bases: Sequence[pygame.Rect],
    area: pygame.Rect,
) -> int:
    """How much a spot covers: other labels weigh more than bases; off the area too."""
    inner = rect.inflate(-2, -2)
    cost = LABEL_HIT * len(inner.collidelistall(labels)) + len(inner.collidelistall(bases))
    if not area.contains(rect):
        cost += LABEL_HIT
    return cost


def _reach(label: Label) -> pygame.Rect:
    """The box around all of a label's options (to pick the obstacles near it)."""
    if isinstance(label.options, NameOptions):
        return label.options.reach()
    first = label.options[0].rect
    return first.unionall([o.rect for o in label.options[1:]])


def _choose(
    label: Label,
    taken: Sequence[pygame.Rect],
    bases: Sequence[pygame.Rect],
    area: pygame.Rect,
    must: bool,
) -> Option | None:
    """The label's first free option; when none is free and `must`, the least crowded."""
    reach = _reach(label)
    near_labels = [taken[i] for i in reach.collidelistall(taken)]
    near_bases = [bases[i] for i in reach.collidelistall(bases)]
    best: tuple[int, int] | None = None
    chosen = None
    for i, option in enumerate(label.options):
        cost = _cost(option.rect, near_labels, near_bases, area)
        if cost == 0:
            return option
        if best is None or (cost, i) < best:
            best, chosen = (cost, i), option
    return chosen if must else None


def place(labels: Sequence[Label], bases: Sequence[pygame.Rect], area: pygame.Rect) -> list[Label]:
    """Choose a spot for every label (sets `chosen`); returns them in drawing order.
    Rank 0 labels (selected, hovered) take their best spot at once; the others first
    look for a free spot, and the ones left over take their least crowded one."""
    order = sorted((lab for lab in labels if lab.options), key=lambda lab: lab.rank)
    taken: list[pygame.Rect] = []
    left_over: list[Label] = []
    for label in order:
        label.chosen = _choose(label, taken, bases, area, must=label.rank <= 0)
        if label.chosen is None:
            left_over.append(label)
        else:
            taken.append(label.chosen.rect)
    for label in left_over:
        label.chosen = _choose(label, taken, bases, area, must=True)
        assert label.chosen is not None
        taken.append(label.chosen.rect)
    return order


def leader_end(label: Label) -> tuple[Point, Point] | None:
    """The leader line from the base's rim to the label's nearest point (None when
    the label sits next to its base)."""
    option = label.chosen
    if option is None or not option.leader or label.centre is None:
        return None
    cx, cy = label.centre
    rect = option.rect
    nx = min(max(cx, rect.left), rect.right - 1)
    ny = min(max(cy, rect.top), rect.bottom - 1)
    dx, dy = nx - cx, ny - cy
    dist = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    start = (cx + dx / dist * label.radius, cy + dy / dist * label.radius)
    return start, (float(nx), float(ny))


def draw(
    surface: pygame.Surface,
    labels: Sequence[Label],
    ink: tuple[int, int, int],
    line: tuple[int, int, int],
) -> None:
    """Leader lines first, then the labels' pictures."""
    for label in labels:
        ends = leader_end(label)
        if ends is not None:
            pygame.draw.line(surface, ink, ends[0], ends[1], 3)
            pygame.draw.line(surface, line, ends[0], ends[1], 1)
    surface.blits(
        [(lab.chosen.image, lab.chosen.rect) for lab in labels if lab.chosen is not None],
        doreturn=False,
    )


PLATE_ALPHA = 150
"""The opacity of the plate behind a label that must read over overlays."""


def plated(image: pygame.Surface, text_px: int) -> pygame.Surface:
    """A label on a dark translucent plate (a module's label; a name on the printed
    map), so it reads over overlays and hatching."""
    pad = max(2, text_px // 7)
    out = pygame.Surface((image.get_width() + 2 * pad, image.get_height()), pygame.SRCALPHA)
    radius = max(3, text_px // 5)
    pygame.draw.rect(out, (*style.INK, PLATE_ALPHA), out.get_rect(), border_radius=radius)
    out.blit(image, (pad, 0))
    return out
