"""Visibility polygons for overlays (fields of fire, what a figure can see).

`visibility_polygon(board, point, radius)` is the part of the table within `radius`
of `point` that a sight line from `point` reaches without meeting a sight blocker
(the same closed rule as `game.board.sight`: grazing a corner blocks). It is the
disc, clipped to the table, minus the shadow of every blocker edge in reach, all
built and unioned as shapely arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.board.sight_kernel import FloatArray, edge_table
from game.board.terrain import Board

_ARC_POINTS = 9
"""Points on the far arc of a shadow: steps of at most 180°/8, so the far side of
a shadow stays beyond 2 · reach · cos(11.25°) > reach."""
_CIRCLE_SEGMENTS = 32


def _segment_distance(p: FloatArray, a: FloatArray, b: FloatArray) -> FloatArray:
    """Distance from point p (2,) to each segment a-b (E, 2)."""
    ab = b - a
    length2 = np.einsum("ij,ij->i", ab, ab)
    t = np.clip(np.einsum("ij,ij->i", p - a, ab) / np.where(length2 > 0, length2, 1.0), 0, 1)
    closest = a + t[:, None] * ab
    result: FloatArray = np.hypot(*(p - closest).T)
    return result


def shadows(
    origin: Sequence[float] | FloatArray, a: FloatArray, b: FloatArray, reach: float
) -> FloatArray:
    """(E, 2 + _ARC_POINTS, 2) polygons: the region behind each edge a-b as seen from
    `origin`, out to at least `reach` (and beyond the edge's far end)."""
    c = np.asarray(origin, dtype=np.float64)
    ang_a = np.arctan2(a[:, 1] - c[1], a[:, 0] - c[0])
    ang_b = np.arctan2(b[:, 1] - c[1], b[:, 0] - c[0])
    sweep = np.mod(ang_a - ang_b + np.pi, 2 * np.pi) - np.pi  # from b back to a
    steps = np.linspace(0.0, 1.0, _ARC_POINTS)
    arc = ang_b[:, None] + sweep[:, None] * steps[None, :]
    dist = np.maximum(np.hypot(*(a - c).T), np.hypot(*(b - c).T))
    far = 2.0 * np.maximum(dist, reach)[:, None]
    arc_pts = np.stack([c[0] + far * np.cos(arc), c[1] + far * np.sin(arc)], axis=-1)
    out: FloatArray = np.concatenate([a[:, None, :], b[:, None, :], arc_pts], axis=1)
    return out


def visibility_polygon(board: Board, point: Sequence[float], radius: float) -> BaseGeometry:
    """The area within `radius` of `point` that is in line of sight of it."""
    if radius <= 0:
        raise ValueError("radius must be positive")
    c = np.asarray(point, dtype=np.float64)
    table = edge_table(board)
    if shapely.contains_xy(table.blocker_union, c[0], c[1]):
        return Polygon()
    disc = Point(c).buffer(radius, quad_segs=_CIRCLE_SEGMENTS).intersection(board.bounds)
    blocks = table.blocks[table.piece]
    a, b = table.a[blocks], table.b[blocks]
    if len(a) == 0:
        return disc
    near = _segment_distance(c, a, b) <= radius
    a, b = a[near], b[near]
    cross = (a[:, 0] - c[0]) * (b[:, 1] - c[1]) - (a[:, 1] - c[1]) * (b[:, 0] - c[0])
    keep = np.abs(cross) > 1e-12  # edges seen end-on cast no shadow
    if not keep.any():
        return disc
    quads = shapely.polygons(shadows(c, a[keep], b[keep], radius))
    quads = shapely.make_valid(quads)
    return disc.difference(shapely.union_all(quads))
