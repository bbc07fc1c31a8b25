"""Board and terrain pieces: kinds (docs/RULES.md §10, §11), mutations, versions, caches."""

from __future__ import annotations

import json

import pytest
from shapely.geometry import Point, box

from game.board.terrain import Board, TerrainKind, make_piece
from game.cover import Cover

K = TerrainKind


def _board() -> Board:
    board = Board(60.0, 40.0)
    board.add(make_piece("wall", K.WALL, box(10, 10, 12, 30)))
    board.add(make_piece("crates", K.CRATES, box(20, 10, 24, 14)))
    board.add(make_piece("barricade", K.BARRICADE, box(30, 10, 31, 20), is_module=True))
    board.add(make_piece("gate", K.GATE, box(30, 20, 31, 26), is_module=True))
    board.add(make_piece("tower", K.WATCHTOWER, box(40, 10, 44, 14), is_module=True))
    board.add(make_piece("shelter", K.SHELTER, box(45, 20, 55, 30), is_module=True))
    return board


@pytest.mark.parametrize(
    ("kind", "moves", "sight", "cover", "difficult"),
    [
        (K.WALL, True, True, Cover.NONE, False),
        (K.BUILDING, True, True, Cover.NONE, False),
        (K.BARRICADE, True, False, Cover.HEAVY, False),
        (K.LOW_WALL, True, False, Cover.HEAVY, False),
        (K.WRECK, True, False, Cover.HEAVY, False),
        (K.RUBBLE, False, False, Cover.LIGHT, True),
        (K.HEDGE, False, False, Cover.LIGHT, True),
        (K.FENCE, False, False, Cover.LIGHT, True),
        (K.CRATES, False, False, Cover.LIGHT, True),
        (K.SMOKE, False, False, Cover.LIGHT, False),
        (K.BURNING, False, False, Cover.LIGHT, False),
        (K.WATCHTOWER, False, False, Cover.NONE, False),
        (K.STORAGE, False, False, Cover.NONE, False),
        (K.MINEFIELD, False, False, Cover.NONE, False),
    ],
)
def test_kind_table(
    kind: TerrainKind, moves: bool, sight: bool, cover: Cover, difficult: bool
) -> None:
    piece = make_piece("p", kind, box(0, 0, 1, 1))
    assert (piece.blocks_movement, piece.blocks_sight, piece.cover, piece.difficult) == (
        moves,
        sight,
        cover,
        difficult,
    )


def test_gate_closed_is_a_wall_open_is_nothing() -> None:
    board = _board()
    gate = board.piece("gate")
    assert gate.structure == 8 and gate.blocks_movement and gate.blocks_sight
    before = board.version
    board.set_gate("gate", True)
    assert board.version > before
    gate = board.piece("gate")
    assert not gate.blocks_movement and not gate.blocks_sight and gate.cover is Cover.NONE
    same = board.version
    board.set_gate("gate", True)  # no change, no new version
    assert board.version == same
    with pytest.raises(ValueError, match="not a gate"):
        board.set_gate("wall", True)


def test_solid_geometry_follows_the_gate_and_is_cached_per_version() -> None:
    board = _board()
    solid = board.solid_geometry()
    assert solid is board.solid_geometry()
    assert solid.area == pytest.approx(2 * 20 + 10 + 6)
    board.set_gate("gate", True)
    assert board.solid_geometry().area == pytest.approx(2 * 20 + 10)
    assert board.difficult_geometry().area == pytest.approx(16)
    assert [p.id for p in board.sight_blockers()] == ["wall"]


def test_barricade_destroyed_becomes_rubble_and_can_be_repaired() -> None:
    board = _board()
    assert board.damage("barricade", 4) is False
    assert board.piece("barricade").structure == 2
    assert board.damage("barricade", 5) is True
    rubble = board.piece("barricade")
    assert rubble.kind is K.RUBBLE and rubble.difficult and not rubble.blocks_movement
    with pytest.raises(ValueError, match="no structure"):
        board.damage("barricade", 1)
    board.repair("barricade")
    assert board.piece("barricade").kind is K.BARRICADE
    assert board.piece("barricade").structure == 6


def test_broken_gate_stays_open() -> None:
    board = _board()
    assert board.damage("gate", 8) is True
    gate = board.piece("gate")
    assert gate.open and gate.broken and not gate.blocks_movement
    with pytest.raises(ValueError, match="broken"):
        board.set_gate("gate", False)
    with pytest.raises(ValueError, match="no structure"):
        board.damage("wall", 1)


def test_zones_expire() -> None:
    board = _board()
    smoke = board.add_zone("smoke", Point(5, 5).buffer(4), expires_round=3)
    fire = board.add_zone(K.BURNING, Point(50, 5).buffer(4), expires_round=5)
    assert smoke != fire and board.piece(smoke).cover is Cover.LIGHT
    assert board.expire(2) == []
    assert board.expire(3) == [smoke]
    assert smoke not in board.pieces and fire in board.pieces
    with pytest.raises(ValueError, match="only smoke and burning"):
        board.add_zone("wall", box(0, 0, 1, 1), None)


def test_pieces_at_and_query() -> None:
    board = _board()
    assert [p.id for p in board.pieces_at((42, 12))] == ["tower"]
    assert [p.id for p in board.pieces_at((12, 20))] == ["wall"]  # on the boundary
    assert board.pieces_at((5, 35)) == []
    board.remove("tower")
    assert board.pieces_at((42, 12)) == []
    assert [p.id for p in board.pieces_near(Point(25, 12), 1.5)] == ["crates"]


def test_clone_is_independent_and_dict_round_trips() -> None:
    board = _board()
    board.damage("barricade", 2)
    copy = board.clone()
    assert copy.version == board.version
    copy.set_gate("gate", True)
    assert board.piece("gate").open is False and copy.piece("gate").open is True
    data = json.loads(json.dumps(board.to_dict()))
    again = Board.from_dict(data)
    assert again.to_dict() == board.to_dict()
    assert again.piece("barricade").structure == 4
    assert again.solid_geometry().equals(board.solid_geometry())


def test_versions_are_unique_across_boards() -> None:
    a, b = _board(), _board()
    assert a.version != b.version
    a.clone().remove("wall")
    assert "wall" in a.pieces


def test_zone_with_a_hole_round_trips() -> None:
    board = Board(50.0, 50.0)
    ring = Point(10, 10).buffer(5).difference(Point(10, 10).buffer(2))
    zone = board.add_zone("burning", ring, expires_round=4)
    again = Board.from_dict(json.loads(json.dumps(board.to_dict())))
    assert again.piece(zone).polygon.area == pytest.approx(ring.area)
    assert again.pieces_at((10, 10)) == [] and [p.id for p in again.pieces_at((13.5, 10))] == [zone]
