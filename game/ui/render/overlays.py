"""What the input layer draws over the table: the reachable area, the path preview,
sight lines with the hidden part of the target shaded, templates and the ruler."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pygame
import shapely

from game.cover import Cover
from game.i18n import tr
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.preview import AttackPreview, MovePreview, TemplatePreview
from game.ui.render import draw, style
from game.ui.units import format_length

Point = tuple[float, float]


def label_box(
    surface: pygame.Surface,
    lines: Sequence[str],
    at: Point,
    *,
    size: int = 13,
    colour: tuple[int, int, int] = style.TEXT,
    avoid: tuple[Point, Point] | None = None,
    gap: float = 14.0,
) -> pygame.Rect:
    """A small dark box of text lines near `at`, kept inside the surface's clip;
    with `avoid` (a line's two ends, e.g. shooter and target) it goes where it
    covers neither that line's band nor its far end (`box_spot`)."""
    rendered = [fonts.text(line, size, colour) for line in lines if line]
    if not rendered:
        return pygame.Rect(at, (0, 0))
    w = max(s.get_width() for s in rendered) + 12
    h = sum(s.get_height() for s in rendered) + 8
    clip = surface.get_clip() or surface.get_rect()
    box = box_spot((w, h), at, clip, avoid, gap)
    draw.blend_polygon(
        surface, (*style.INK, 215), [box.topleft, box.topright, box.bottomright, box.bottomleft]
    )
    pygame.draw.rect(surface, style.PANEL_EDGE, box, 1)
    y = box.y + 4
    for s in rendered:
        surface.blit(s, (box.x + 6, y))
        y += s.get_height()
    return box


BAND = 10
"""px either side of an avoided line that a label box keeps clear of (its sight lines)."""


def box_spot(
    size: tuple[int, int],
    at: Point,
    clip: pygame.Rect,
    avoid: tuple[Point, Point] | None = None,
    gap: float = 14.0,
) -> pygame.Rect:
    """Where a box of `size` goes beside `at`, inside `clip`: below right of it by
    default (flipped at the edges). With `avoid` = (from, to) it tries the four
    corners around `at`, those facing away from `from` first (then the same a little
    and a lot farther out, for a target in a corner of the view), and takes the
    first that stays clear of the band along the line and of `from` itself (else
    the one covering least of it)."""
    w, h = size
    x, y = at
    corners = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
    if avoid is None:
        box = pygame.Rect(round(x + gap), round(y + gap), w, h)
        if box.right > clip.right:
            box.right = round(x - gap)
        if box.bottom > clip.bottom:
            box.bottom = round(y - gap)
        box.clamp_ip(clip)
        return box
    start = avoid[0]
    away = (x - start[0], y - start[1])
    corners.sort(key=lambda c: -(c[0] * away[0] + c[1] * away[1]))
    best: tuple[float, pygame.Rect] | None = None
    for far in (gap, 3 * gap, 6 * gap, 10 * gap):  # near the target first; farther if cornered
        for cx, cy in corners:
            left = x + far if cx > 0 else x - far - w
            top = y + far if cy > 0 else y - far - h
            box = pygame.Rect(round(left), round(top), w, h).clamp(clip)
            cost = _covered(box, avoid)
            if cost == 0:
                return box
            if best is None or cost < best[0]:
                best = (cost, box)
    assert best is not None
    return best[1]


def _covered(box: pygame.Rect, line: tuple[Point, Point]) -> float:
    """How much of the line's band (and of its start) the box covers, px."""
    grown = box.inflate(2 * BAND, 2 * BAND)
    cut = grown.clipline(line[0], line[1])
    length = math.dist(cut[0], cut[1]) if cut else 0.0
    return length + (100.0 if grown.collidepoint(line[0]) else 0.0)


def draw_reach(surface: pygame.Surface, camera: Camera, polygon: shapely.Geometry) -> None:
    """The reachable area: a light fill and a solid outline."""
    for part in shapely.get_parts(polygon):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        ext = camera.many_to_screen(np.asarray(part.exterior.coords))
        holes = [camera.many_to_screen(np.asarray(h.coords)) for h in part.interiors]
        draw.blend_polygon(surface, (*style.REACH, 38), ext, holes)
        pygame.draw.lines(surface, style.REACH, True, ext, 2)
        for h in holes:
            pygame.draw.lines(surface, style.REACH, True, h, 1)


def draw_move(
    surface: pygame.Surface,
    camera: Camera,
    preview: MovePreview,
    radius: float,
    units: str,
    *,
    planned: bool = False,
) -> None:
    """The path the figure would walk, a ghost base at its end, cm used and left."""
    goal = camera.to_screen_f(*preview.goal)
    if preview.problem is not None:
        pygame.draw.circle(surface, style.VERMILLION, goal, 6, 2)
        label_box(surface, [preview.problem], goal, colour=style.ORANGE)
        return
    walk = camera.many_to_screen(preview.walk)
    if preview.beyond:
        rest = camera.many_to_screen(preview.beyond)
        draw.dashed_polyline(surface, style.PATH_BEYOND, rest, width=2, dash=6, gap=6)
    if len(walk) >= 2:
        pygame.draw.lines(surface, style.INK, False, walk, 5)
        pygame.draw.lines(surface, style.PATH, False, walk, 2)
        for p in walk[1:-1]:
            pygame.draw.circle(surface, style.PATH, p, 3)
    end = walk[-1]
    r = max(3.0, radius * camera.scale)
    draw.blend_circle(surface, (*style.WHITE, 70 if planned else 40), end, r)
    pygame.draw.circle(surface, style.WHITE, end, r, 2 if planned else 1)
    for kind, _ref, at in preview.stops:
        p = camera.to_screen_f(*at)
        colour = style.VERMILLION if kind == "overwatch" else style.ORANGE
        pygame.draw.circle(surface, style.INK, p, 8)
        pygame.draw.circle(surface, colour, p, 7, 3)
        pygame.draw.line(surface, colour, (p[0], p[1] - 4), (p[0], p[1] + 1), 2)
        pygame.draw.circle(surface, colour, (p[0], p[1] + 4), 1)
    lines = [
        tr(
            "ui.input.move_cm",
            used=format_length(preview.cost_cm, units, 1),
            left=format_length(preview.left_cm, units, 1),
        )
    ]
    if preview.vaults:
        cost = format_length(preview.vault_cm, units, 1)
        lines.append(tr("ui.input.move_vaults", count=preview.vaults, cost=cost))
    if preview.watchers:
        lines.append(tr("ui.input.move_overwatch", count=len(preview.watchers)))
    if planned:
        lines.append(tr("ui.input.move_planned"))
    label_box(surface, lines, end)


COVER_COLOUR = {
    Cover.NONE: style.SIGHT_CLEAR,
    Cover.LIGHT: style.SIGHT_LIGHT,
    Cover.HEAVY: style.SIGHT_HEAVY,
}


def draw_sight(surface: pygame.Surface, camera: Camera, preview: AttackPreview) -> None:
    """The K sight lines (clear solid, light cover short dashes, heavy long dashes,
    blocked dotted), see-through so the bundle does not hide the table, and the
    hidden part of the target base shaded."""
    los = preview.los
    origin = camera.to_screen_f(*los.origin)
    ends = camera.many_to_screen(los.line_ends)
    pts = [origin, *ends]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(
        int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5
    )
    box = box.clip(surface.get_clip() or surface.get_rect())
    if box.width > 0 and box.height > 0:
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        o = (origin[0] - box.x, origin[1] - box.y)
        for i, end in enumerate(ends):
            e = (end[0] - box.x, end[1] - box.y)
            if bool(los.line_blocked[i]):
                draw.dashed_polyline(layer, (*style.SIGHT_BLOCKED, 200), [o, e], dash=2, gap=4)
                continue
            cover = Cover(int(los.line_cover[i]))
            colour = (*COVER_COLOUR[cover], 150)
            if cover is Cover.NONE:
                pygame.draw.line(layer, colour, o, e, 1)
            else:
                dash = 9 if cover is Cover.HEAVY else 4
                draw.dashed_polyline(layer, colour, [o, e], dash=dash, gap=4)
        surface.blit(layer, box.topleft)
    for strip in preview.hidden:
        strip_pts = camera.many_to_screen(strip)
        draw.blend_polygon(surface, (*style.INK, 170), strip_pts)
        if len(strip_pts) >= 3:
            pygame.draw.polygon(surface, style.SIGHT_BLOCKED, strip_pts, 1)


def draw_template(
    surface: pygame.Surface, camera: Camera, preview: TemplatePreview, thrower: Point
) -> None:
    """The throw's reach around the thrower and the template at the cursor."""
    c = camera.to_screen_f(*preview.centre)
    r = max(2.0, preview.radius * camera.scale)
    t = camera.to_screen_f(*thrower)
    reach_px = preview.reach * camera.scale
    ring = [
        (t[0] + reach_px * math.cos(a), t[1] + reach_px * math.sin(a))
        for a in np.linspace(0, 2 * math.pi, 72, endpoint=False)
    ]
    draw.dashed_polyline(surface, style.TEMPLATE, ring, width=1, dash=6, gap=6, closed=True)
    ok = preview.problem is None
    draw.blend_circle(surface, (*style.TEMPLATE, 70 if ok else 30), c, r)
    pygame.draw.circle(surface, style.TEMPLATE if ok else style.TEXT_DIM, c, r, 2)
    pygame.draw.line(surface, style.WHITE, (c[0] - 5, c[1]), (c[0] + 5, c[1]))
    pygame.draw.line(surface, style.WHITE, (c[0], c[1] - 5), (c[0], c[1] + 5))
    draw.dashed_polyline(surface, style.WHITE, [t, c], width=1, dash=4, gap=4)


def draw_ruler(surface: pygame.Surface, camera: Camera, a: Point, b: Point, units: str) -> None:
    """A measured line between two board points with its length."""
    pa, pb = camera.to_screen_f(*a), camera.to_screen_f(*b)
    pygame.draw.line(surface, style.INK, pa, pb, 5)
    pygame.draw.line(surface, style.YELLOW, pa, pb, 2)
    for p in (pa, pb):
        pygame.draw.circle(surface, style.YELLOW, p, 4)
    length = math.dist(a, b)
    label_box(surface, [format_length(length, units, 1)], pb)
