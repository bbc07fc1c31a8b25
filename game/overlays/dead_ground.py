"""Dead ground (issue #7): the table within `reach` (60 cm) of the refuge that no
defender sees — where attackers can gather unseen.

Sight is unlimited in range here (a defender sees what its sight lines reach, fire
or not) and traced from base centres to points (`game.board.visibility`). Ground
inside sight-blocking terrain is not counted: nobody stands inside a wall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.board.terrain import Board
from game.board.visibility import visibility_polygon
from game.engine import Game
from game.overlays.refuge import Point2, defenders, refuge_footprint, sight_blocking

REACH_CM = 60.0
"""How far around the refuge dead ground is looked for (issue #7)."""
ZONE_SEGMENTS = 64
"""Segments per quarter circle of the zone's rounded corners."""


@dataclass(frozen=True, slots=True)
class DeadGround:
    """The refuge, the ground looked at (`zone`: within reach, outside blocking
    terrain), what the defenders see of it, and the rest (`dead`)."""

    refuge: BaseGeometry
    zone: BaseGeometry
    seen: BaseGeometry
    dead: BaseGeometry
    reach: float


def seen_by(board: Board, viewers: Sequence[Point2]) -> BaseGeometry:
    """Everything on the table some viewer sees (any distance)."""
    far = math.hypot(board.width, board.height) + 1.0
    views = [visibility_polygon(board, p, far) for p in viewers]
    return shapely.union_all(views) if views else Polygon()


def dead_ground(
    board: Board, viewers: Sequence[Point2], refuge: BaseGeometry, reach: float = REACH_CM
) -> DeadGround:
    """The dead ground within `reach` of `refuge` for these viewers."""
    near = refuge.buffer(reach, quad_segs=ZONE_SEGMENTS) if reach > 0 else refuge
    zone = near.intersection(board.bounds).difference(sight_blocking(board))
    seen = zone.intersection(seen_by(board, viewers))
    return DeadGround(refuge, zone, seen, zone.difference(seen), reach)


def game_dead_ground(game: Game, reach: float = REACH_CM) -> DeadGround:
    """A game's dead ground: the refuge's footprint and its defenders where they stand."""
    viewers = [d.pos for d in defenders(game)]
    return dead_ground(game.state.board, viewers, refuge_footprint(game), reach)
