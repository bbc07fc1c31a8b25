"""The attack hover box stays off the line between shooter and target (and off the
shooter): on the side of the target away from the shooter, inside the table view."""

from __future__ import annotations

import math

import pygame
import pytest
from table_kit import activate, hover, key, make_app, screen_pos, shot

from game.ui.render import overlays
from game.ui.render.overlays import BAND, box_spot
from game.ui.tools.attack import AttackTool

CLIP = pygame.Rect(0, 30, 1000, 800)
SIZE = (380, 150)


def _clear_of(box: pygame.Rect, a: tuple[float, float], b: tuple[float, float]) -> bool:
    grown = box.inflate(2 * BAND - 2, 2 * BAND - 2)
    return not grown.clipline(a, b) and not grown.collidepoint(a)


@pytest.mark.parametrize(
    ("shooter", "target", "far_side"),
    [
        ((200, 700), (600, 300), True),  # shooter below left (the reviewer's case)
        ((800, 300), (400, 320), True),  # shooter to the right
        ((500, 100), (500, 500), True),  # shooter above
        ((500, 760), (520, 200), True),  # shooter below, target near the top
        ((100, 400), (950, 780), False),  # target in the corner: no room beyond it
    ],
)
def test_the_box_stays_off_the_sight_line_and_the_shooter(
    shooter: tuple[float, float], target: tuple[float, float], far_side: bool
) -> None:
    box = box_spot(SIZE, target, CLIP, (shooter, target), 20.0)
    assert CLIP.contains(box)
    assert _clear_of(box, shooter, target), box
    away = (target[0] - shooter[0], target[1] - shooter[1])
    centre = (box.centerx - target[0], box.centery - target[1])
    if far_side:  # beyond the target, seen from the shooter
        assert centre[0] * away[0] + centre[1] * away[1] > 0


def test_without_a_line_the_box_keeps_its_old_place() -> None:
    assert box_spot((100, 40), (300, 300), CLIP) == pygame.Rect(314, 314, 100, 40)
    assert box_spot((100, 40), (990, 800), CLIP).bottomright <= CLIP.bottomright


def test_the_hover_box_on_the_table_avoids_the_shooter_and_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app("table", panels=True)
    activate(app, "mira")
    key(app, pygame.K_a)
    assert isinstance(app.input.tool, AttackTool)
    boxes: list[pygame.Rect] = []
    real = overlays.label_box

    def spy(*args: object, **kw: object) -> pygame.Rect:
        box = real(*args, **kw)  # type: ignore[arg-type]
        boxes.append(box)
        return box

    monkeypatch.setattr(overlays, "label_box", spy)
    target = app.game.state.figures["raider-2"]
    for zoom in (1.0, 2.2):
        app.camera.zoom_at(zoom, screen_pos(app, *target.pos))
        hover(app, screen_pos(app, *target.pos))
        assert app.preview is not None and app.preview.target == "raider-2"
        boxes.clear()
        app.render()
        assert boxes, "no hover box drawn"
        shooter = app.camera.to_screen_f(*app.game.state.figures["mira"].pos)
        at = app.camera.to_screen_f(*target.pos)
        assert app.layout.table.contains(boxes[-1])
        if app.layout.table.collidepoint(shooter):
            assert _clear_of(boxes[-1], shooter, at)
        assert math.dist(boxes[-1].center, shooter) > math.dist(boxes[-1].center, at)
    shot(app, "hover_box_zoomed.png")
