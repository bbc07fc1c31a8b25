"""Less clutter at the table (issue #18): the hint box keeps off the entry zones and
the bases, new noise pulses a few times then stays still, overwatch sectors are
faint unless a move crosses them, entry zones' names are placed with the figures'
names, and a refused action names no raw coordinates."""

from __future__ import annotations

import pygame
from table_kit import make_app

from game.state import NoiseMarker, OverwatchZone
from game.ui.camera import Camera
from game.ui.render import hud, markers


def test_the_hint_box_keeps_off_what_it_must_not_cover() -> None:
    pygame.font.init()
    area = pygame.Rect(0, 30, 900, 600)
    text = "Your turn: click a figure with a dashed yellow ring to activate it"
    _, plain = hud.coach_box(area, text)
    assert plain.midbottom == (area.centerx, area.bottom - 12)  # nothing in the way
    entry = pygame.Rect(area.centerx - 150, area.bottom - 30, 300, 30)  # a zone at the edge
    _, moved = hud.coach_box(area, text, [entry])
    assert not moved.colliderect(entry) and area.contains(moved)
    everywhere = [area.inflate(-2, -2)]
    _, least = hud.coach_box(area, text, everywhere)  # nowhere is free: still shown
    assert area.contains(least)


def test_new_noise_pulses_a_few_times_then_stays_still() -> None:
    surface = pygame.Surface((400, 400))
    cam = Camera((80, 80), (0, 0, 400, 400), 5.0, (40, 40), False)
    noise = [NoiseMarker(40.0, 40.0, 10.0, "run", 1)]
    born: dict[tuple[float, float, float, int], float] = {}

    def ring_drawn(clock: float) -> bool:
        surface.fill((0, 0, 0))
        markers.draw_pulses(surface, cam, noise, clock, born)
        return pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count() < 400 * 400

    assert ring_drawn(100.0 + markers.PULSE_S * 0.5)  # first seen now: it pulses
    assert ring_drawn(100.0 + markers.PULSE_S * 1.5)
    first = 100.0 + markers.PULSE_S * 0.5
    assert not ring_drawn(first + markers.PULSE_S * markers.PULSES + 0.1)  # then still


def test_an_overwatch_sector_is_faint_unless_crossed() -> None:
    cam = Camera((80, 80), (0, 0, 400, 400), 5.0, (40, 40), False)
    zone = OverwatchZone(40.0, 40.0, 0.0, 60.0, 30.0, "rifle", 1)
    strong, faint = pygame.Surface((400, 400)), pygame.Surface((400, 400))
    for s in (strong, faint):
        s.fill((0, 0, 0))
    markers.draw_sector(strong, cam, zone, (80, 160, 255), strong=True)
    markers.draw_sector(faint, cam, zone, (80, 160, 255))
    inside = (300, 200)  # 20 cm east of the watcher, in the sector
    assert sum(faint.get_at(inside)[:3]) < sum(strong.get_at(inside)[:3]) / 3


def test_entry_names_are_placed_with_the_figures_names() -> None:
    app = make_app("refuge_horde", panels=False, size=(1280, 720))
    assert not app.table.terrain.labels  # the layer leaves every name to the placer
    app.render()
