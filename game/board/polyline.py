"""Distances along polylines: where a walked path is after s cm, and its pieces.

Shared by the board (cutting a path at an allowance, vaults along a path) and the
engine (legs of a move, overwatch and zone triggers)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from game.board.jit import njit

Point2 = tuple[float, float]


def cumulative(points: Sequence[Point2] | np.ndarray) -> np.ndarray:
    """Distance along a polyline at each of its points (starting at 0)."""
    return _cumulative(np.ascontiguousarray(points, np.float64).reshape(-1, 2))


@njit
def _cumulative(xy: np.ndarray) -> np.ndarray:
    out = np.zeros(xy.shape[0])
    total = 0.0
    for k in range(1, xy.shape[0]):
        total += math.hypot(xy[k, 0] - xy[k - 1, 0], xy[k, 1] - xy[k - 1, 1])
        out[k] = total
    return out


def points_at(points: Sequence[Point2], s: np.ndarray) -> np.ndarray:
    """(n, 2) positions at distances `s` along a polyline (clamped to its ends)."""
    xy = np.asarray(points, np.float64).reshape(-1, 2)
    cum = cumulative(points)
    s = np.clip(np.asarray(s, np.float64), 0.0, cum[-1])
    if len(xy) == 1:
        return np.repeat(xy, len(s), axis=0)
    x = np.interp(s, cum, xy[:, 0])
    y = np.interp(s, cum, xy[:, 1])
    return np.column_stack([x, y])


def point_at(points: Sequence[Point2], s: float) -> Point2:
    """The position `s` cm along a polyline (clamped to its ends)."""
    p = points_at(points, np.array([s]))[0]
    return (float(p[0]), float(p[1]))


def sub_path(points: Sequence[Point2], s0: float, s1: float) -> list[Point2]:
    """The polyline between distances s0 and s1 along it."""
    cum = cumulative(points)
    inner = [tuple(map(float, p)) for p, c in zip(points, cum, strict=True) if s0 < c < s1]
    out = [point_at(points, s0), *inner, point_at(points, s1)]
    dedup: list[Point2] = []
    for p in out:
        if not dedup or math.dist(dedup[-1], p) > 1e-12:
            dedup.append((float(p[0]), float(p[1])))
    return dedup
