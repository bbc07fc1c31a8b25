"""Who defends and who attacks, where the refuge is and what the attackers want.

Sides with a raid (a `threat`) attack; every other side with figures on the table
defends. The refuge's footprint is the union of the defending sides' deploy zones;
without one, the convex hull of the refuge modules that are not minefields (mines
lie outside the walls); without modules, the hull of the defenders' bases.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.engine import Game

Point2 = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Defender:
    """A defender's base and its longest ranged weapon (None: melee only)."""

    id: str
    side: str
    pos: Point2
    radius: float
    weapon: str | None
    range_cm: float | None
    long_cm: float | None


def attacking_sides(game: Game) -> list[str]:
    """Sides that come as a raid (infected or raiders)."""
    return [sid for sid, side in game.state.sides.items() if side.threat is not None]


def defending_sides(game: Game) -> list[str]:
    """Every side that is not a raid."""
    attackers = set(attacking_sides(game))
    return [sid for sid in game.state.sides if sid not in attackers]


def longest_weapon(game: Game, weapons: Iterable[str]) -> tuple[str, float] | None:
    """The weapon with the longest range among ranged and thrown ones."""
    best: tuple[str, float] | None = None
    for name in weapons:
        weapon = game.rules.weapon(name)
        if weapon.range is not None and (best is None or weapon.range > best[1]):
            best = (name, float(weapon.range))
    return best


def defenders(game: Game) -> list[Defender]:
    """The defending sides' standing figures on the table, with their reach (§5.1:
    long range is `attack.long_range_factor` × range)."""
    sides = set(defending_sides(game))
    factor = game.system.reach_factor(game)
    out = []
    for fig in game.state.figures.values():
        if fig.side not in sides or not fig.standing:
            continue
        best = longest_weapon(game, (w.name for w in fig.weapons))
        weapon, reach = best if best is not None else (None, None)
        long = reach * factor if reach is not None else None
        out.append(Defender(fig.id, fig.side, fig.pos, fig.radius, weapon, reach, long))
    return out


def _hull(geometries: Iterable[BaseGeometry]) -> BaseGeometry:
    parts = [g for g in geometries if not g.is_empty]
    return shapely.union_all(parts).convex_hull if parts else Polygon()


def refuge_footprint(game: Game) -> BaseGeometry:
    """The refuge: deploy zones of the defending sides, else the hull of the modules
    (minefields left out), else the hull of the defenders' bases."""
    sides = set(defending_sides(game))
    zones = [
        Polygon(side.deploy_zone)
        for side in game.scenario.side
        if side.id in sides and side.deploy_zone is not None
    ]
    if zones:
        return shapely.union_all(zones)
    board = game.state.board
    modules = [p.polygon for p in board if p.is_module and p.kind is not TerrainKind.MINEFIELD]
    if modules:
        return _hull(modules)
    return _hull(Point(d.pos).buffer(d.radius) for d in defenders(game))


def sight_blocking(board: Board) -> BaseGeometry:
    """The union of the pieces that block sight (nobody stands inside them)."""
    blockers = [p.polygon for p in board.sight_blockers()]
    return shapely.union_all(blockers) if blockers else Polygon()


def goal_piece(game: Game, threat: str) -> TerrainPiece | None:
    """What a raid goes for: the objective's key point, else the shelter (infected) or
    the storage (raiders)."""
    board = game.state.board
    objective = game.scenario.objective
    if objective is not None and objective.key_point is not None:
        piece = board.pieces.get(objective.key_point)
        if piece is not None:
            return piece
    wanted = TerrainKind.SHELTER if threat == "infected" else TerrainKind.STORAGE
    return next((p for p in board if p.kind is wanted), None)


def goal_area(game: Game, threat: str) -> tuple[str | None, BaseGeometry]:
    """The goal's id and polygon (the refuge's footprint when there is no goal piece)."""
    piece = goal_piece(game, threat)
    if piece is not None:
        return piece.id, piece.polygon
    return None, refuge_footprint(game)
