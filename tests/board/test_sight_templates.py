"""Blast templates (docs/RULES.md §5.5): which bases a template touches, and their cover
as seen from its centre."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from game.board.templates import template_hits, template_polygon, touched
from game.board.terrain import Board, TerrainKind, make_piece
from game.cover import Cover

K = TerrainKind
CENTRE = (30.0, 30.0)


def test_touch_means_the_template_reaches_the_base_edge() -> None:
    figures = [
        (35.0, 30.0),  # 5 cm: 4 + 1.25 reaches
        (35.3, 30.0),  # 5.3 cm: just out of reach
        (30.0, 24.75),  # 5.25 cm: exactly touching
        (36.0, 30.0),  # a 40 mm base 6 cm away: 4 + 2 reaches
        (30.0, 30.0),  # right under the centre
    ]
    radii = [1.25, 1.25, 1.25, 2.0, 1.25]
    assert touched(CENTRE, 4.0, figures, radii).tolist() == [0, 2, 3, 4]
    assert touched(CENTRE, 6.0, figures).tolist() == [0, 1, 2, 3, 4]


def test_cover_as_seen_from_the_centre_and_walls_shield() -> None:
    board = Board(60.0, 60.0)
    board.add(make_piece("wall", K.WALL, box(25.5, 25, 26, 35)))
    board.add(make_piece("crates", K.CRATES, box(32, 31, 33, 37)))
    board.add(make_piece("barricade", K.BARRICADE, box(28, 25.25, 33, 26)))
    board.add(make_piece("rubble", K.RUBBLE, box(28, 28, 32, 32)))  # under the centre
    figures = [
        (24.0, 30.0),  # behind the wall: shielded
        (34.0, 34.0),  # behind the crates: light
        (30.5, 24.0),  # behind a barricade it touches: heavy
        (34.0, 30.0),  # in the open; the rubble under the centre is ignored
        (50.0, 50.0),  # far away: not touched
    ]
    hits = template_hits(board, CENTRE, 6.0, figures)
    assert [h.index for h in hits] == [0, 1, 2, 3]
    by_index = {h.index: h for h in hits}
    assert by_index[0].shielded and by_index[0].visible_fraction == 0.0
    assert by_index[1].cover is Cover.LIGHT and not by_index[1].shielded
    assert by_index[2].cover is Cover.HEAVY
    assert by_index[3].cover is Cover.NONE and by_index[3].visible_fraction == 1.0
    assert by_index[3].distance == pytest.approx(4.0)


def test_no_figures_in_reach() -> None:
    assert template_hits(Board(60.0, 60.0), CENTRE, 4.0, [(50.0, 50.0)]) == []


def test_template_polygon_is_the_circle() -> None:
    poly = template_polygon(CENTRE, 4.0)
    assert poly.area == pytest.approx(3.14159 * 16, rel=0.01)
    assert poly.centroid.distance(box(29.9, 29.9, 30.1, 30.1)) == 0.0
