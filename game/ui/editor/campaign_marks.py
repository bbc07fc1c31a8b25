"""The refuge editor opened from a campaign (docs/CAMPAIGN.md "Building"): modules a
raid destroyed (ruins) and modules drawn but not built yet (planned) are in the
layout's file like any other, but missing from the battles — the editor draws them
as such on top of the table: a ruin darkened and crossed out, a planned module as a
translucent blueprint with a dashed edge, each with a small tag."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import pygame

from game.i18n import tr
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.editor.document import Item, Point
from game.ui.render import draw, style

TAG_PX = 12
"""px of a ruin's or planned module's tag."""
RUIN_SHADE = (20, 18, 16, 150)
PLAN_FILL = (*style.BLUE, 70)


def draw_campaign_marks(
    surface: pygame.Surface,
    camera: Camera,
    items: Iterable[Item],
    ruins: Collection[str],
    planned: Collection[str],
) -> None:
    """Ruins and planned modules (by module id) marked on the editor's table."""
    shapes = {it.id: it.polygon for it in items if it.layer == "module"}
    for piece_id in ruins:
        pts = _points(camera, shapes, piece_id)
        if pts:
            draw.blend_polygon(surface, RUIN_SHADE, pts)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = (min(xs), min(ys), max(xs), max(ys))
            width = 2
            pygame.draw.line(surface, style.VERMILLION, box[:2], box[2:], width)
            pygame.draw.line(surface, style.VERMILLION, (box[0], box[3]), (box[2], box[1]), width)
            _tag(surface, tr("editor.campaign.ruin"), box, style.VERMILLION)
    for piece_id in planned:
        pts = _points(camera, shapes, piece_id)
        if pts:
            draw.blend_polygon(surface, PLAN_FILL, pts)
            draw.dashed_polyline(surface, style.SKY, pts, width=2, dash=7, gap=5, closed=True)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            _tag(
                surface,
                tr("editor.campaign.planned"),
                (min(xs), min(ys), max(xs), max(ys)),
                style.SKY,
            )


def _points(
    camera: Camera, shapes: Mapping[str, Sequence[Point]], piece_id: str
) -> list[tuple[float, float]]:
    polygon = shapes.get(piece_id, ())
    return camera.many_to_screen(polygon) if len(polygon) >= 3 else []


def _tag(
    surface: pygame.Surface,
    text: str,
    box: tuple[float, float, float, float],
    colour: tuple[int, int, int],
) -> None:
    label = fonts.text(text, TAG_PX, colour, bold=True)
    x = (box[0] + box[2]) / 2 - label.get_width() / 2
    y = box[1] - label.get_height() - 2
    back = pygame.Rect(round(x) - 2, round(y) - 1, label.get_width() + 4, label.get_height() + 2)
    pygame.draw.rect(surface, style.INK, back)
    surface.blit(label, (round(x), round(y)))
