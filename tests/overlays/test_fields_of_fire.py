"""Fields of fire: range discs cut by sight blockers."""

from __future__ import annotations

import math

import pytest
from overlay_kit import HORDE, game_at, open_board, walled_square
from shapely.geometry import Point

from game.overlays.fields_of_fire import game_fields_of_fire
from game.overlays.refuge import defenders


def test_a_lone_defender_on_an_open_board_covers_its_range_disc() -> None:
    game = open_board("Militia")  # a pistol: range 30 cm, long range 60 cm
    fields = game_fields_of_fire(game)
    (one,) = fields.each
    assert (one.range_cm, one.long_cm) == (30.0, 60.0)
    assert fields.normal.area == pytest.approx(math.pi * 30**2, rel=0.01)
    assert fields.long.area == pytest.approx(math.pi * (60**2 - 30**2), rel=0.01)
    assert not fields.normal.intersection(fields.long).area > 1e-6


def test_the_long_range_disc_is_clipped_to_the_table() -> None:
    game = open_board("Militia", at=(10.0, 100.0))
    fields = game_fields_of_fire(game)
    assert fields.covered.bounds[0] == pytest.approx(0.0)
    assert fields.covered.area < math.pi * 60**2 * 0.9


def test_walls_cut_the_field_to_the_gap() -> None:
    game = walled_square()  # Mira's hunting rifle: 60 cm, long range 120 cm
    fields = game_fields_of_fire(game)
    assert fields.normal.contains(Point(80, 120))  # through the gap, 48 cm away
    assert fields.long.contains(Point(80, 170))  # 98 cm away
    assert not fields.covered.contains(Point(60, 80))  # beside the walls
    assert not fields.covered.contains(Point(80, 195))  # beyond long range


def test_melee_only_defenders_have_no_field() -> None:
    game = open_board("Katz")  # a fire axe only
    (guard,) = defenders(game)
    assert (guard.weapon, guard.range_cm) == (None, None)
    fields = game_fields_of_fire(game)
    assert fields.each == ()
    assert fields.normal.is_empty and fields.long.is_empty


def test_the_longest_weapon_counts() -> None:
    game = open_board("Ferdl")  # shotgun 25 cm, improvised bomb 15 cm, crowbar
    (guard,) = defenders(game)
    assert (guard.weapon, guard.range_cm, guard.long_cm) == ("Shotgun", 25.0, 50.0)


def test_refuge_horde_fields_union_every_defender() -> None:
    game = game_at(HORDE)
    fields = game_fields_of_fire(game)
    shooters = [d for d in defenders(game) if d.range_cm is not None]
    assert len(fields.each) == len(shooters) == 9
    for field in fields.each:
        assert fields.normal.covers(field.normal.buffer(-1e-6))
    # Mira on the watchtower sees over the palisade toward the south-west.
    assert fields.covered.contains(Point(30, 30))
