"""Dead ground: a walled square checked against a hand calculation."""

from __future__ import annotations

import math

import pytest
from overlay_kit import HORDE, game_at, walled_square
from shapely.geometry import Point, box

from game.overlays.dead_ground import REACH_CM, dead_ground, game_dead_ground
from game.overlays.refuge import refuge_footprint


def test_walled_square_matches_the_hand_calculation() -> None:
    game = walled_square()
    dead = game_dead_ground(game)
    # The refuge is the deploy zone, the 18 cm square inside the walls.
    assert dead.refuge.equals(box(71, 71, 89, 89))
    # Zone: the square grown by 60 cm (corners rounded), less the 72 cm² of wall.
    zone = 18 * 18 + 4 * 18 * REACH_CM + math.pi * REACH_CM**2 - 72
    assert dead.zone.area == pytest.approx(zone, abs=1.5)  # 64 segments a quarter circle

    # Seen: the whole yard, the gap, and the wedge beyond it. From (80, 73) the gap
    # (x 78–82, y 89–90) is seen whole: the rays through the inner corners (78, 89)
    # and (82, 89) pass the outer ones. Beyond the wall, the outer corners (78, 90)
    # and (82, 90) bound the wedge: half width (y − 73)·2/17 at height y, so between
    # heights a and b its area is 2/17·((b − 73)² − (a − 73)²); up to the zone's
    # edge at y 89 + 60 = 149 (where the wedge, 17.9 cm wide, still lies on the
    # zone's straight edge x 71–89).
    def wedge(a: float, b: float) -> float:
        return 2 / 17 * ((b - 73) ** 2 - (a - 73) ** 2)

    gap = 4 * 1
    wedge_out = wedge(90, 149)
    assert dead.seen.area == pytest.approx(18 * 18 + gap + wedge_out, abs=0.01)
    outside = dead.seen.difference(box(70, 70, 90, 90))
    assert outside.area == pytest.approx(wedge_out, abs=0.01)
    assert dead.dead.area == pytest.approx(zone - 18 * 18 - gap - wedge_out, abs=1.5)
    # Straight ahead is seen; beside the wall and behind it is dead ground.
    assert dead.seen.contains(Point(80, 140))
    assert dead.dead.contains(Point(60, 80))
    assert dead.dead.contains(Point(80, 60))
    assert not dead.dead.intersects(box(71.5, 71.5, 88.5, 88.5))


def test_no_viewer_leaves_the_whole_zone_dead() -> None:
    game = walled_square()
    dead = dead_ground(game.state.board, [], refuge_footprint(game))
    assert dead.seen.is_empty
    assert dead.dead.area == pytest.approx(dead.zone.area)


def test_a_shorter_reach_shrinks_the_zone() -> None:
    game = walled_square()
    near = game_dead_ground(game, reach=10.0)
    assert near.zone.area == pytest.approx(18 * 18 + 4 * 18 * 10 + math.pi * 100 - 72, abs=0.5)
    assert near.zone.area < game_dead_ground(game).zone.area


def test_refuge_horde_has_dead_ground_behind_the_ruins() -> None:
    game = game_at(HORDE)
    dead = game_dead_ground(game)
    assert dead.refuge.equals(box(39, 39, 81, 81))
    assert dead.dead.area > 0
    assert dead.dead.area + dead.seen.area == pytest.approx(dead.zone.area, rel=1e-6)
    # Behind the south-west ruin, out of every defender's sight.
    assert dead.dead.contains(Point(4, 4))
