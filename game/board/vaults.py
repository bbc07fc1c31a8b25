"""Vaulting low walls on a Run (docs/RULES.md §10, provisional: knobs `move.vault_cost`,
`move.vault_max_thickness`).

A low wall whose thickness is at most `max_thickness` cm can be vaulted; every
other solid piece (thicker low walls, barricades, wrecks, walls …) stays solid.
The *thickness* of a piece is the diameter of the largest circle that fits inside
it (to `THICKNESS_TOL` cm): a straight wall 1 cm thick is 1 cm thick however long
it is, and a wall is vaultable only if it is nowhere thicker than the limit.

A *vault* is one stretch of a path over which the base overlaps a vaultable wall:
the path enters the wall grown by the base radius (grown like all solid terrain,
see `freespace`), comes closer than the radius (less `TOL`) to the wall, and
leaves it again. Each vault costs `cost` cm on top of the path's length (two
walls in one stretch are two vaults). A base never stops over a wall: a walk
whose allowance runs out before the far side stops where the vault begins.

Run paths search a "vault" visibility graph per base radius (`VaultGraph`): the
free space around the other solid terrain only, with the corners of the grown
vaultable walls (and of the ordinary free space) as extra nodes, and edges
crossing a wall carrying its vault cost. A vault goes straight over: a path does
not bend while it is inside a grown vaultable wall. The graph is cached per
movement signature and the set of vaultable walls (`freespace.movement_cache`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import (
    ARC_STEPS,
    TOL,
    FreeSpace,
    Point2,
    corner_slack,
    free_space,
    movement_cache,
)
from game.board.polyline import cumulative
from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.board.vgraph import NavGraph, reflex_corners

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

THICKNESS_TOL = 1e-4
"""cm: precision of the thickness measure (the largest inscribed circle)."""
SPAN_EPS = 1e-9
"""cm: pieces of a path inside a grown wall shorter than this are touches."""

Span = tuple[float, float]
"""Where a vault begins and ends, in cm along the path."""


@dataclass(frozen=True, slots=True)
class VaultRule:
    """What a Run may vault and what each vault costs (the `move` knobs)."""

    cost: float
    max_thickness: float


def thickness(piece: TerrainPiece) -> float:
    """The piece's thickness in cm: the diameter of its largest inscribed circle."""
    return 2.0 * float(shapely.maximum_inscribed_circle(piece.polygon, THICKNESS_TOL).length)


def vaultable(piece: TerrainPiece, max_thickness: float) -> bool:
    """Can a Run vault this piece? (a low wall at most `max_thickness` cm thick)"""
    return (
        piece.kind is TerrainKind.LOW_WALL
        and piece.blocks_movement
        and thickness(piece) <= max_thickness + TOL
    )


def vaultable_walls(board: Board, max_thickness: float) -> tuple[str, ...]:
    """Ids of the board's vaultable walls, in board order (cached per version)."""
    return board.cache(
        f"vault.walls:{float(max_thickness)!r}",
        lambda: tuple(p.id for p in board if vaultable(p, max_thickness)),
    )


def _digest(board: Board, ids: tuple[str, ...]) -> str:
    """A name for the geometry of these walls (part of the cache keys)."""
    h = hashlib.sha1(usedforsecurity=False)
    for pid in ids:
        h.update(shapely.to_wkb(board.pieces[pid].polygon))
    return h.hexdigest()


class VaultWalls:
    """The vaultable walls as a base of one radius meets them."""

    def __init__(self, walls: list[shapely.Geometry], radius: float) -> None:
        self.radius = float(radius)
        self.walls = np.asarray(walls, dtype=object)
        grown = shapely.buffer(self.walls, radius + corner_slack(radius), quad_segs=ARC_STEPS)
        self.grown = np.asarray(grown, dtype=object)
        self.inner = np.asarray(shapely.buffer(grown, -TOL, quad_segs=1), dtype=object)
        self.limit = self.radius - TOL
        """A base centre nearer than this to a wall overlaps it."""
        shapely.prepare(self.walls)
        shapely.prepare(self.grown)
        shapely.prepare(self.inner)
        self.tree = shapely.STRtree(self.grown)
        self.wall_tree = shapely.STRtree(self.walls)
        hull = shapely.area(shapely.convex_hull(self.walls))
        self.convex = np.asarray(hull - shapely.area(self.walls) <= 1e-9 * hull)
        """A straight move meets a convex wall at most once."""

    def outside(self, xy: FloatArray) -> NDArray[np.bool_]:
        """Which points (n, 2) are not strictly inside any grown wall."""
        xy = np.asarray(xy, np.float64).reshape(-1, 2)
        out = np.ones(len(xy), np.bool_)
        if len(xy) == 0:
            return out
        pts = shapely.points(xy)
        k, w = self.tree.query(pts, predicate="intersects")
        hit = shapely.contains(self.inner[w], pts[k])
        out[k[hit]] = False
        return out

    def _overlaps(self, p: FloatArray, q: FloatArray) -> tuple[IntArray, IntArray]:
        """(segment, wall) pairs where the base moving p[k]→q[k] overlaps the wall."""
        p = np.asarray(p, np.float64).reshape(-1, 2)
        q = np.asarray(q, np.float64).reshape(-1, 2)
        lines = shapely.linestrings(np.stack([p, q], axis=1))
        li, wi = self.wall_tree.query(lines, predicate="dwithin", distance=self.limit)
        over = shapely.distance(lines[li], self.walls[wi]) < self.limit
        return li[over].astype(np.int64), wi[over].astype(np.int64)

    def _vaults(
        self, p: FloatArray, q: FloatArray, li: IntArray, wi: IntArray
    ) -> tuple[IntArray, FloatArray, FloatArray]:
        """The vaults on segments p[k]→q[k] over the walls they overlap (`li`, `wi`
        from `_overlaps`): segment index, and where each vault begins and ends as
        parameters 0..1 along its segment."""
        lines = shapely.linestrings(np.stack([p[li], q[li]], axis=1))
        cut = shapely.intersection(lines, self.grown[wi])
        parts, pair = shapely.get_parts(cut, return_index=True)
        keep = (shapely.get_type_id(parts) == 1) & (shapely.length(parts) > SPAN_EPS)
        parts, pair = parts[keep], pair[keep]
        keep = shapely.distance(parts, self.walls[wi[pair]]) < self.limit
        parts, pair = parts[keep], pair[keep]
        ends = [shapely.get_point(parts, i) for i in (0, -1)]
        t = [shapely.line_locate_point(lines[pair], e, normalized=True) for e in ends]
        return li[pair], np.minimum(*t), np.maximum(*t)

    def crossings(self, p: FloatArray, q: FloatArray) -> IntArray:
        """How many vaults each straight move p[k]→q[k] makes."""
        p = np.asarray(p, np.float64).reshape(-1, 2)
        q = np.asarray(q, np.float64).reshape(-1, 2)
        li, wi = self._overlaps(p, q)
        once = self.convex[wi]
        bent, _, _ = self._vaults(p, q, li[~once], wi[~once])
        return np.bincount(np.concatenate([li[once], bent]), minlength=len(p)).astype(np.int64)

    def spans(self, points: tuple[Point2, ...] | list[Point2]) -> tuple[Span, ...]:
        """The vaults along a polyline, as (begin, end) cm along it, in order (a
        vault running on over a corner of the path is one vault)."""
        xy = np.asarray(points, np.float64).reshape(-1, 2)
        if len(xy) < 2:
            return ()
        p, q = xy[:-1], xy[1:]
        seg, t0, t1 = self._vaults(p, q, *self._overlaps(p, q))
        cum = cumulative(points)
        size = np.diff(cum)
        s0 = cum[seg] + t0 * size[seg]
        s1 = cum[seg] + t1 * size[seg]
        out: list[Span] = []
        for a, b in sorted(zip(s0.tolist(), s1.tolist(), strict=True)):
            if out and a <= out[-1][1] + SPAN_EPS:
                out[-1] = (out[-1][0], max(out[-1][1], b))
            else:
                out.append((a, b))
        return tuple(out)


class VaultGraph(NavGraph):
    """The visibility graph of a Run: vaultable walls are no obstacles, and each
    edge costs its vaults on top (see the module docstring)."""

    def __init__(
        self,
        space: FreeSpace,
        plain: FreeSpace,
        walls: VaultWalls,
        difficult_cost: float,
        vault_cost: float,
    ) -> None:
        """`space`: free space around the other solid terrain; `plain`: around all
        of it (its corners are where a path turns to go around a wall)."""
        self.plain = plain
        self.walls = walls
        self.vault_cost = float(vault_cost)
        super().__init__(space, difficult_cost)

    def _terrain_corners(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        pos, prv, nxt = super()._terrain_corners()
        more = reflex_corners(self.plain.rings())
        pos, prv, nxt = (np.vstack([a, b]) for a, b in zip((pos, prv, nxt), more, strict=True))
        _, first = np.unique(np.round(pos, 9), axis=0, return_index=True)
        first = np.sort(first)
        pos, prv, nxt = pos[first], prv[first], nxt[first]
        keep = self.walls.outside(pos)
        return pos[keep], prv[keep], nxt[keep]

    def _keep(self, pos: FloatArray) -> NDArray[np.bool_]:
        return super()._keep(pos) & self.walls.outside(pos)

    def extra_costs(self, p: FloatArray, q: FloatArray) -> FloatArray:
        extra = super().extra_costs(p, q)
        if self.vault_cost == 0.0:
            return extra
        return np.asarray(extra + self.vault_cost * self.walls.crossings(p, q))


@dataclass(frozen=True, slots=True)
class Vaulting:
    """Everything a Run path search needs about vaulting for one radius."""

    walls: VaultWalls
    graph: VaultGraph
    cost: float


def vaulting(
    board: Board, radius: float, rule: VaultRule, difficult_cost: float
) -> Vaulting | None:
    """The vault graph and walls for a base radius (None: nothing to vault here)."""
    ids = vaultable_walls(board, rule.max_thickness)
    if not ids:
        return None
    r = float(radius)
    name = f"vault:{r!r}:{float(difficult_cost)!r}:{float(rule.cost)!r}:{_digest(board, ids)}"
    return movement_cache(board, name, lambda: _build(board, r, rule, difficult_cost, ids))


def _build(
    board: Board, radius: float, rule: VaultRule, difficult_cost: float, ids: tuple[str, ...]
) -> Vaulting:
    walls = VaultWalls([board.pieces[i].polygon for i in ids], radius)
    others = [p.polygon for p in board if p.blocks_movement and p.id not in ids]
    solid = shapely.union_all(others) if others else shapely.Polygon()
    space = FreeSpace(board, radius, solid)
    graph = VaultGraph(space, free_space(board, radius), walls, difficult_cost, rule.cost)
    return Vaulting(walls, graph, float(rule.cost))
