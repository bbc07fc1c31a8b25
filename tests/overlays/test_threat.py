"""Threat: the horde's streamlines and the raiders' approach lanes."""

from __future__ import annotations

import pytest
from overlay_kit import HORDE, RAIDERS, game_at, walled_square
from shapely.geometry import LineString, Point, Polygon, box

from game.overlays.threat import seed_points, threats


def test_streamlines_start_in_every_entry_zone_and_end_at_the_key_point() -> None:
    game = game_at(HORDE)
    (threat,) = threats(game)
    assert (threat.side, threat.kind, threat.goal_id) == ("horde", "infected", "shelter")
    shelter = game.state.board.pieces["shelter"].polygon
    zones = {e.id: Polygon(e.polygon) for s in game.scenario.side if s.raid for e in s.raid.entry}
    assert {line.entry for line in threat.streamlines} == set(zones)
    assert threat.lanes == ()
    for line in threat.streamlines:
        assert zones[line.entry].covers(Point(line.points[0]))
        assert shelter.distance(Point(line.points[-1])) < 1e-9
        assert len(line.points) >= 3


def test_streamlines_go_around_walls() -> None:
    game = game_at(HORDE)
    walls = [p.polygon for p in game.state.board if p.kind.value in ("wall", "building")]
    (threat,) = threats(game)
    for line in threat.streamlines:
        path = LineString(line.points)
        assert all(path.intersection(w).length < 0.5 for w in walls)


def test_raiders_get_one_lane_per_entry_ending_at_the_storage() -> None:
    game = game_at(RAIDERS)
    (threat,) = threats(game)
    assert (threat.kind, threat.goal_id) == ("raiders", "storage")
    storage = game.state.board.pieces["storage"].polygon
    assert [lane.entry for lane in threat.lanes] == [
        "quellenstrasse-north",
        "laxenburger-east",
        "absberggasse-south",
    ]
    for lane in threat.lanes:
        assert storage.contains(Point(lane.points[-1]))
        band = LineString(lane.points).buffer(4.9).intersection(game.state.board.bounds)
        assert lane.corridor.contains(band)
        assert lane.length_cm >= Point(lane.points[0]).distance(Point(lane.points[-1]))
    assert threat.streamlines == ()


def test_a_refuge_without_shelter_is_the_goal_itself() -> None:
    game = walled_square()
    (threat,) = threats(game)
    assert threat.goal_id is None
    assert threat.goal.equals(box(71, 71, 89, 89))
    assert threat.streamlines, "the horde finds the way in through the gap"


def test_seed_points_spread_along_the_long_side() -> None:
    zone = box(20, 0, 60, 4)
    seeds = seed_points(zone, spacing=4.0)
    assert len(seeds) == 10
    assert [round(x, 6) for x, _ in seeds] == pytest.approx([22 + 4 * i for i in range(10)])
    assert all(y == pytest.approx(2.0) for _, y in seeds)
