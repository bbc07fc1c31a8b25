"""The table's overlay toggle (game/ui/overlay_toggle.py): cycled by D, computed in
the background, the editor's heat map included in a test raid."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.engine import Game
from game.loading import load_scenario
from game.overlays.heat import HeatMap
from game.ui import overlay_toggle
from game.ui.camera import Camera
from game.ui.defence import DefenceOverlays, compute_overlays
from game.ui.overlay_toggle import OverlayToggle

HORDE = Path(__file__).resolve().parents[2] / "scenarios" / "refuge_horde.toml"


def test_the_toggle_cycles_through_the_overlays_and_back_to_off() -> None:
    toggle = OverlayToggle()
    seen = [toggle.cycle() for _ in range(4)]
    assert seen == ["fire", "dead", "threat", None]
    assert toggle.label() == "no overlay"
    grids = {n: np.zeros((2, 2)) for n in ("attackers", "defenders", "breaches")}
    with_heat = OverlayToggle({"heat": HeatMap(2.0, 2.0, 1.0, 1, grids, dict.fromkeys(grids, 0))})
    assert [with_heat.cycle() for _ in range(5)] == ["fire", "dead", "threat", "heat", None]


def computed(toggle: OverlayToggle, game: Game) -> DefenceOverlays | None:
    """The toggle's overlay once its background work is done."""
    toggle.overlays(game)
    toggle.wait(60)
    return toggle.overlays(game)


def test_the_overlay_is_cached_until_a_defender_moves() -> None:
    game = Game(load_scenario(HORDE), seed=1)
    toggle = OverlayToggle()
    assert toggle.overlays(game) is None
    toggle.cycle()
    first = computed(toggle, game)
    assert first is not None and first.fire is not None
    assert toggle.overlays(game) is first and toggle.computed == 1
    game.state.figures["bruno"].x += 5.0
    assert toggle.overlays(game) is first  # the last one, while the new one is computed
    assert toggle.pending(game)
    second = computed(toggle, game)
    assert second is not first and toggle.computed == 2
    assert second is not None and second.fire is not None
    assert second.fire.normal.area != first.fire.normal.area


def test_the_overlay_is_computed_in_the_background_on_a_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The window does not wait for the threat (about a second on a full refuge):
    'computing …' until it is in, then the picture's key changes."""
    game = Game(load_scenario(HORDE), seed=1)
    release = threading.Event()
    seen: list[Game] = []

    def slow(on: Game, names: list[str], heat: object = None) -> DefenceOverlays:
        seen.append(on)
        assert release.wait(30)
        return compute_overlays(on, names)

    monkeypatch.setattr(overlay_toggle, "compute_overlays", slow)
    toggle = OverlayToggle()
    for _ in range(3):
        toggle.cycle()
    assert toggle.mode == "threat"
    surface = pygame.Surface((640, 480))
    camera = Camera.fitting((120.0, 120.0), (0, 0, 640, 480))
    toggle.draw(surface, camera, game)  # returns at once, the work still blocked
    assert toggle.pending(game) and toggle.overlays(game) is None
    waiting = toggle.key(game)
    corner = pygame.surfarray.array3d(surface)[8:200, 8:26]
    assert corner.any()  # the badge: 'threat (computing …)'
    badge = pygame.Surface((640, 480))
    overlay_toggle.badge(badge, camera, "threat (computing …)")
    assert (pygame.surfarray.array3d(badge)[8:200, 8:26] == corner).all()
    release.set()
    toggle.wait(60)
    assert not toggle.pending(game) and toggle.key(game) != waiting
    found = toggle.overlays(game)
    assert found is not None and "threat" in found
    assert seen and seen[0] is not game  # a copy: the game may move on meanwhile
    assert toggle.label() == "threat"


def test_a_test_raid_cycles_through_the_editors_heat_map() -> None:
    from table_kit import key, make_app

    grids = {n: np.zeros((120, 120)) for n in ("attackers", "defenders", "breaches")}
    grids["attackers"][60, 60] = 1.0
    heat = HeatMap(120.0, 120.0, 1.0, 5, grids, {"attackers": 1, "defenders": 0, "breaches": 0})
    app = make_app("refuge_horde", heat=heat)
    for expected in ("fire", "dead", "threat", "heat", None):
        key(app, pygame.K_d)
        assert app.overlay.mode == expected
    for _ in range(4):
        key(app, pygame.K_d)
    assert app.overlay.mode == "heat" and "heat map" in app.message
    found = app.overlay.overlays(app.game)
    assert found is not None and found["heat"] is heat
    assert not app.overlay.pending(app.game)  # nothing to compute for it


def test_the_toggle_draws_on_the_table() -> None:
    game = Game(load_scenario(HORDE), seed=1)
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    camera = Camera.fitting((120.0, 120.0), (0, 0, 640, 480))
    toggle = OverlayToggle()
    toggle.draw(surface, camera, game)
    assert not pygame.surfarray.array3d(surface).any()
    toggle.cycle()
    toggle.draw(surface, camera, game)  # at first only the badge: it is computing
    toggle.wait(60)
    surface.fill((0, 0, 0))
    toggle.draw(surface, camera, game)
    drawn = pygame.surfarray.array3d(surface)
    assert drawn[:, 100:].any()  # the fields of fire, below the badge's corner


def test_d_cycles_the_overlay_in_the_play_window() -> None:
    from table_kit import key, make_app, shot

    app = make_app("refuge_horde")
    app.render()
    plain = pygame.surfarray.array3d(app.screen).copy()
    key(app, pygame.K_d)
    assert app.overlay.mode == "fire"
    assert "Fields of fire" in app.message or "fire" in app.message.lower()
    app.render()  # asks for it: computed in the background
    app.overlay.wait(60)
    app.render()
    shot(app, "play_overlay_fire.png")
    drawn = pygame.surfarray.array3d(app.screen)
    table = app.layout.table
    region = (slice(table.left, table.right), slice(table.top, table.bottom))
    assert (drawn[region] != plain[region]).any(axis=2).mean() > 0.05
    for expected in ("dead", "threat", None):
        key(app, pygame.K_d)
        assert app.overlay.mode == expected
        app.render()
        app.overlay.wait(60)
        app.render()
    assert app.overlay.computed == 3  # each overlay once, none while off
