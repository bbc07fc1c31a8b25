"""Fields of fire (issue #7): for each defender, the table it sees within its weapon's
range (normal range) and out to long range (RULES.md §5.1: up to 2 × range, with
disadvantage), and the union over all defenders.

Sight is traced from the base centre to points (`game.board.visibility`): the
sight-blocking terrain's shadows cut the range discs. Melee-only defenders have no
field of fire.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.board.terrain import Board
from game.board.visibility import visibility_polygon
from game.engine import Game
from game.overlays.refuge import Defender, Point2, defenders

DISC_SEGMENTS = 32
"""Segments per quarter circle of the range discs."""


@dataclass(frozen=True, slots=True)
class FieldOfFire:
    """One defender's field: `normal` within range, `long` between range and long
    range (the two do not overlap)."""

    figure: str
    pos: Point2
    range_cm: float
    long_cm: float
    normal: BaseGeometry
    long: BaseGeometry


@dataclass(frozen=True, slots=True)
class FieldsOfFire:
    """Every defender's field and their unions: `normal` is seen within some
    defender's range; `long` only within long range (not in `normal`)."""

    each: tuple[FieldOfFire, ...]
    normal: BaseGeometry
    long: BaseGeometry

    @property
    def covered(self) -> BaseGeometry:
        """Everything some defender can shoot at (normal or long range)."""
        return shapely.union(self.normal, self.long)


def field_of_fire(
    board: Board, figure: str, pos: Point2, range_cm: float, long_cm: float
) -> FieldOfFire:
    """The field of one weapon from `pos`: sight within long range, split at range."""
    seen = visibility_polygon(board, pos, max(range_cm, long_cm))
    disc = Point(pos).buffer(range_cm, quad_segs=DISC_SEGMENTS)
    normal = seen.intersection(disc)
    long = seen.difference(disc) if long_cm > range_cm else Polygon()
    return FieldOfFire(figure, pos, range_cm, long_cm, normal, long)


def union_fields(fields: Sequence[FieldOfFire]) -> FieldsOfFire:
    """The unions of several fields."""
    normal = shapely.union_all([f.normal for f in fields]) if fields else Polygon()
    long = shapely.union_all([f.long for f in fields]) if fields else Polygon()
    return FieldsOfFire(tuple(fields), normal, long.difference(normal))


def fields_of_fire(board: Board, shooters: Sequence[Defender]) -> FieldsOfFire:
    """The fields of the defenders that have a ranged weapon."""
    fields = [
        field_of_fire(board, d.id, d.pos, d.range_cm, d.long_cm or d.range_cm)
        for d in shooters
        if d.range_cm is not None
    ]
    return union_fields(fields)


def game_fields_of_fire(game: Game) -> FieldsOfFire:
    """The fields of fire of a game's defenders where they stand now."""
    return fields_of_fire(game.state.board, defenders(game))
