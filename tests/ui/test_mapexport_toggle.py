"""The table's overlay toggle (game/ui/overlay_toggle.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame

from game.engine import Game
from game.overlays.heat import HeatMap
from game.play.validate import load_checked
from game.ui.camera import Camera
from game.ui.overlay_toggle import OverlayToggle

HORDE = Path(__file__).resolve().parents[2] / "scenarios" / "refuge_horde.toml"


def test_the_toggle_cycles_through_the_overlays_and_back_to_off() -> None:
    toggle = OverlayToggle()
    seen = [toggle.cycle() for _ in range(4)]
    assert seen == ["fire", "dead", "threat", None]
    assert toggle.label() == "no overlay"
    grids = {n: np.zeros((2, 2)) for n in ("attackers", "defenders", "breaches")}
    with_heat = OverlayToggle(HeatMap(2.0, 2.0, 1.0, 1, grids, dict.fromkeys(grids, 0)))
    assert [with_heat.cycle() for _ in range(5)] == ["fire", "dead", "threat", "heat", None]


def test_the_overlay_is_cached_until_a_defender_moves() -> None:
    game = Game(load_checked(HORDE), seed=1)
    toggle = OverlayToggle()
    assert toggle.overlays(game) is None
    toggle.cycle()
    first = toggle.overlays(game)
    assert first is not None and first.fire is not None
    assert toggle.overlays(game) is first and toggle.computed == 1
    game.state.figures["bruno"].x += 5.0
    second = toggle.overlays(game)
    assert second is not first and toggle.computed == 2
    assert second is not None and second.fire is not None
    assert second.fire.normal.area != first.fire.normal.area


def test_the_toggle_draws_on_the_table() -> None:
    game = Game(load_checked(HORDE), seed=1)
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    camera = Camera.fitting((120.0, 120.0), (0, 0, 640, 480))
    toggle = OverlayToggle()
    toggle.draw(surface, camera, game)
    assert not pygame.surfarray.array3d(surface).any()
    toggle.cycle()
    toggle.draw(surface, camera, game)
    assert pygame.surfarray.array3d(surface).any()


def test_d_cycles_the_overlay_in_the_play_window() -> None:
    from table_kit import key, make_app, shot

    app = make_app("refuge_horde")
    app.render()
    plain = pygame.surfarray.array3d(app.screen).copy()
    key(app, pygame.K_d)
    assert app.overlay.mode == "fire"
    assert "Fields of fire" in app.message or "fire" in app.message.lower()
    shot(app, "play_overlay_fire.png")
    drawn = pygame.surfarray.array3d(app.screen)
    table = app.layout.table
    region = (slice(table.left, table.right), slice(table.top, table.bottom))
    assert (drawn[region] != plain[region]).any(axis=2).mean() > 0.05
    for expected in ("dead", "threat", None):
        key(app, pygame.K_d)
        assert app.overlay.mode == expected
        app.render()
    assert app.overlay.computed == 3  # each overlay once, none while off
