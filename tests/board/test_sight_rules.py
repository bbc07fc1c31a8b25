"""Line of sight and cover by docs/RULES.md §10, on hand-computed geometry.

Viewer at (0, 0), target at (20, 0), 25 mm bases, K = 16: the sight lines end at
(20, o) with o = 1.25·(2i − 15)/16, i.e. ±0.078125 … ±1.171875 cm. A line to
(20, o) is at height o·x/20 at x, so a box spanning x ∈ [8, 12] below height t
blocks exactly the lines with o·12/20 ≤ t.
"""

from __future__ import annotations

import numpy as np
import pytest
from shapely.geometry import LineString, Polygon, box

from game.board.sight import (
    SightParams,
    line_of_sight,
    line_of_sight_batch,
    sample_offsets,
    visible_batch,
)
from game.board.terrain import Board, TerrainKind, make_piece
from game.cover import Cover

K = TerrainKind
VIEWER = (0.0, 0.0)
TARGET = (20.0, 0.0)


def board_with(*pieces: tuple[str, TerrainKind, Polygon]) -> Board:
    board = Board(60.0, 60.0)
    for pid, kind, poly in pieces:
        board.add(make_piece(pid, kind, poly, is_module=kind is K.GATE))
    return board


def los(board: Board, viewer=VIEWER, target=TARGET, **kw):  # type: ignore[no-untyped-def]
    return line_of_sight(board, viewer, target, **kw)


def test_open_ground() -> None:
    res = los(Board(60.0, 60.0))
    assert res.visible and res.visible_fraction == 1.0 and res.cover is Cover.NONE
    assert res.distance == pytest.approx(20.0)
    assert res.blocking == () and res.cover_from == ()
    np.testing.assert_allclose(res.line_ends[:, 1], 1.25 * sample_offsets(16))
    assert sample_offsets(16)[-1] == pytest.approx(15 / 16)


def test_wall_fully_between_blocks() -> None:
    res = los(board_with(("wall", K.WALL, box(9, -5, 11, 5))))
    assert not res.visible
    assert res.visible_fraction == 0.0
    assert res.blocking == ("wall",)
    assert res.line_blocked.all()


def test_half_behind_a_building_corner_is_heavy() -> None:
    # Lines with o < 0 pass below y = 0 inside the building: 8 of 16 blocked.
    res = los(board_with(("bldg", K.BUILDING, box(8, -10, 12, 0))))
    assert res.visible and res.visible_fraction == 0.5
    assert res.line_blocked.tolist() == [True] * 8 + [False] * 8
    assert res.cover is Cover.HEAVY  # blocked lines count heavy: 8 >= 0.5 * 16
    assert res.blocking == ("bldg",)


def test_three_lines_behind_the_corner_is_no_cover() -> None:
    # t = -0.5: blocked when o <= -0.8333 -> the three lowest lines.
    res = los(board_with(("bldg", K.BUILDING, box(8, -10, 12, -0.5))))
    assert res.visible_fraction == 13 / 16
    assert res.cover is Cover.NONE


def test_blocked_plus_light_lines_make_light_cover() -> None:
    # Six lines blocked (o <= -0.333), three cross crates (o >= 0.8): 6 heavy < 8,
    # 9 covered >= 8 -> light.
    board = board_with(
        ("bldg", K.BUILDING, box(8, -10, 12, -0.2)),
        ("crates", K.CRATES, box(8, 0.48, 12, 10)),
    )
    res = los(board)
    assert res.visible_fraction == 10 / 16
    assert res.line_cover.tolist() == [2] * 6 + [0] * 7 + [1] * 3
    assert res.cover is Cover.LIGHT
    assert res.blocking == ("bldg",) and res.cover_from == ("crates",)


def test_cover_share_knob_moves_the_threshold() -> None:
    board = board_with(("bldg", K.BUILDING, box(8, -10, 12, -0.5)))  # 3 of 16 blocked
    assert los(board, params=SightParams(cover_share=0.1875)).cover is Cover.HEAVY
    assert los(board, params=SightParams(cover_share=0.25)).cover is Cover.NONE
    assert los(board, params=SightParams(sight_lines=4)).visible_fraction == 0.75


def test_barricade_in_contact_with_the_target_is_heavy() -> None:
    # The target's base spans x 18.75..21.25; the barricade touches it.
    res = los(board_with(("barricade", K.BARRICADE, box(18.25, -5, 18.75, 5))))
    assert res.visible and res.visible_fraction == 1.0
    assert res.cover is Cover.HEAVY and res.cover_from == ("barricade",)


@pytest.mark.parametrize(
    ("near_x", "cover"), [(1.25, Cover.NONE), (1.7, Cover.NONE), (1.8, Cover.HEAVY)]
)
def test_barricade_in_contact_with_the_shooter_is_ignored(near_x: float, cover: Cover) -> None:
    # The viewer's base reaches x = 1.25; contact means a gap of at most 0.5 cm.
    res = los(board_with(("barricade", K.BARRICADE, box(near_x, -5, near_x + 0.5, 5))))
    assert res.visible and res.cover is cover


def test_crates_give_light_cover() -> None:
    res = los(board_with(("crates", K.CRATES, box(9, -3, 11, 3))))
    assert res.visible_fraction == 1.0 and res.cover is Cover.LIGHT
    assert res.cover_from == ("crates",)


def test_smoke_is_light_cover_and_does_not_block() -> None:
    board = Board(60.0, 60.0)
    board.add_zone("smoke", box(9, -3, 11, 3), expires_round=2)
    res = los(board)
    assert res.visible and res.cover is Cover.LIGHT


def test_gate_closed_blocks_open_does_not() -> None:
    board = board_with(("gate", K.GATE, box(9, -3, 11, 3)))
    assert not los(board).visible
    board.set_gate("gate", True)
    res = los(board)
    assert res.visible and res.cover is Cover.NONE and res.blocking == ()


def test_viewer_standing_in_rubble_ignores_it_target_in_rubble_is_light() -> None:
    around_viewer = board_with(("rubble", K.RUBBLE, box(-3, -3, 3, 3)))
    assert los(around_viewer).cover is Cover.NONE
    around_target = board_with(("rubble", K.RUBBLE, box(17, -3, 23, 3)))
    res = los(around_target)
    assert res.cover is Cover.LIGHT and res.cover_from == ("rubble",)


def test_watchtower_viewer_sees_over_barricades_but_not_wrecks() -> None:
    tower = ("tower", K.WATCHTOWER, box(-2, -2, 2, 2))
    barricade = ("barricade", K.BARRICADE, box(9, -5, 10, 5))
    low_wall = ("low", K.LOW_WALL, box(12, -5, 13, 5))
    assert los(board_with(barricade)).cover is Cover.HEAVY
    res = los(board_with(tower, barricade, low_wall))
    assert res.viewer_on_platform and res.cover is Cover.NONE and res.cover_from == ()
    wreck = ("wreck", K.WRECK, box(9, -5, 10, 5))
    assert los(board_with(tower, wreck)).cover is Cover.HEAVY


def test_target_on_a_watchtower_counts_heavy_cover() -> None:
    board = board_with(("tower", K.WATCHTOWER, box(18, -2, 22, 2)))
    res = los(board)
    assert res.target_on_platform and res.terrain_cover is Cover.NONE
    assert res.cover is Cover.HEAVY and res.cover_from == ("tower",)
    plain = los(board, params=SightParams(platform_cover=False))
    assert plain.cover is Cover.NONE and plain.cover_from == ()


def test_the_tower_is_listed_after_the_cover_the_lines_cross() -> None:
    tower = ("tower", K.WATCHTOWER, box(18, -2, 22, 2))
    crates = ("crates", K.CRATES, box(9, -5, 10, 5))
    res = los(board_with(tower, crates))
    assert (res.terrain_cover, res.cover) == (Cover.LIGHT, Cover.HEAVY)
    assert res.cover_from == ("crates", "tower")
    batch = line_of_sight_batch(board_with(tower, crates), VIEWER, [TARGET, (40.0, 0.0)])
    assert [r.cover_from for r in batch.results()] == [("crates", "tower"), ("crates",)]
    # Hidden behind a wall, the tower gives no cover worth naming.
    hidden = los(board_with(tower, ("wall", K.WALL, box(9, -5, 11, 5))))
    assert not hidden.visible and hidden.cover_from == () and hidden.blocking == ("wall",)


def test_a_line_touching_a_building_corner_is_blocked() -> None:
    # A diamond whose lowest vertex lies exactly on the line of fire (K = 1).
    diamond = Polygon([(10, 0), (11, 1), (10, 2), (9, 1)])
    assert LineString([VIEWER, TARGET]).intersects(diamond)  # shapely agrees
    res = los(board_with(("bldg", K.BUILDING, diamond)), params=SightParams(sight_lines=1))
    assert not res.visible
    # Running along a wall face blocks as well.
    face = board_with(("wall", K.WALL, box(8, 0, 12, 3)))
    assert not los(face, params=SightParams(sight_lines=1)).visible


def test_figures_do_not_block_sight() -> None:
    # Only terrain is traced: a third base on the line changes nothing.
    res = los(Board(60.0, 60.0), target=(40.0, 0.0))
    assert res.visible_fraction == 1.0


def test_viewer_inside_a_wall_sees_nothing() -> None:
    res = los(board_with(("wall", K.WALL, box(-2, -2, 2, 2))))
    assert not res.visible and res.line_blocked.all()


def test_peeking_base_is_seen_by_a_figure_it_cannot_see_back() -> None:
    """The documented symmetry rule: either fan being clear makes both see."""
    board = board_with(("wall", K.WALL, box(-30, -1, 0, 0)))
    a, b = (2.0, -1.5), (-10.0, 5.0)
    ab = los(board, viewer=a, target=b)
    ba = los(board, viewer=b, target=a)
    assert ab.visible_fraction == 0.0 and ba.visible_fraction > 0.0
    assert ab.visible and ba.visible
    assert ab.cover is Cover.HEAVY
    # b's own fan back to a: a line is clear when it passes above the wall's corner
    # (0, 0), i.e. its height at x = 0 is positive: 5 of the 16.
    clear = [5.0 + (ey - 5.0) * 10.0 / (ex + 10.0) > 0 for ex, ey in ba.line_ends]
    assert sum(clear) == 5
    assert ab.visible_fraction_back == ba.visible_fraction == 5 / 16
    assert ab.to_dict()["visible_fraction_back"] == 0.3125
    assert ba.visible_fraction_back == 0.0


def test_visible_batch_is_the_batch_visibility_without_cover() -> None:
    """The horde's lean sight query answers exactly as the full batch does."""
    board = Board(60.0, 60.0)
    board.add(make_piece("wall", TerrainKind.WALL, box(20, 25, 22, 35)))
    board.add(make_piece("crates", TerrainKind.CRATES, box(10, 40, 14, 44)))
    board.add(make_piece("bldg", TerrainKind.BUILDING, box(35, 5, 45, 15)))
    rng = np.random.default_rng(8)
    targets = rng.uniform(0, 60, (300, 2))
    radii = rng.choice([1.25, 2.0], 300)
    for viewer in [(10.0, 30.0), (30.0, 30.0), (12.0, 45.5)]:
        full = line_of_sight_batch(board, viewer, targets, viewer_radius=2.0, target_radii=radii)
        lean = visible_batch(board, viewer, targets, viewer_radius=2.0, target_radii=radii)
        assert np.array_equal(lean, full.visible)
        assert 0 < lean.sum() < len(targets)
