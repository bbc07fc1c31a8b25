"""Geometry the controllers use to pick destinations the engine accepts: points
clear of other bases, straight moves and walks that pass no base.

The tests are numba kernels (`*_kernel`, also called from other kernels) that do
the arithmetic of the plain numpy broadcasting they replaced in the same order, so
their answers are the same to the last bit (tests/ai/test_geometry.py)."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
from numpy.typing import NDArray

from game.board.jit import njit

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]
IntArray = NDArray[np.int64]

MARGIN = 0.05
"""cm of slack kept from other bases (the engine allows a hair of tolerance)."""
SLACK = 1e-6
"""cm added to the prefilter's reach: far above any rounding in the exact tests."""


def clear_of_bases(
    points: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> BoolArray:
    """Which points (n, 2) a base of `radius` can stand on without touching a base."""
    pts = np.ascontiguousarray(points, np.float64).reshape(-1, 2)
    return stand_clear_kernel(pts, float(radius), *as_bases(centres, radii))


def segments_clear_of_bases(
    start: tuple[float, float],
    ends: FloatArray,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> BoolArray:
    """Which straight moves start → end (n ends) pass every base without touching it
    (a base the mover already touches only must not come any closer)."""
    e = np.ascontiguousarray(ends, np.float64).reshape(-1, 2)
    ax, ay = float(start[0]), float(start[1])
    return moves_clear_kernel(ax, ay, e, float(radius), *as_bases(centres, radii))


def polyline_clear_of_bases(
    points: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> bool:
    """Does a walk along the polyline keep the base off every base (those it touches
    at the start must only not come closer)?"""
    pts = np.ascontiguousarray(points, np.float64).reshape(-1, 2)
    return bool(walk_clear_kernel(pts, float(radius), *as_bases(centres, radii)))


def as_bases(centres: FloatArray, radii: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Centres (m, 2) and radii (m,) as the kernels take them."""
    return (
        np.ascontiguousarray(centres, np.float64).reshape(-1, 2),
        np.ascontiguousarray(radii, np.float64).reshape(-1),
    )


@njit
def _near_rows(box: FloatArray, radius: float, centres: FloatArray, radii: FloatArray) -> IntArray:
    """The bases (rows) that could touch a base of `radius` anywhere in the points'
    bounding box: the others lie farther than their radius + `radius` + MARGIN
    (+ SLACK) from every point and segment among the points, so the exact tests
    would count them clear anyway."""
    lo_x, lo_y = box[:, 0].min(), box[:, 1].min()
    hi_x, hi_y = box[:, 0].max(), box[:, 1].max()
    out = np.empty(centres.shape[0], np.int64)
    count = 0
    for b in range(centres.shape[0]):
        grow = radii[b] + (radius + MARGIN + SLACK)
        cx, cy = centres[b, 0], centres[b, 1]
        if lo_x - grow <= cx <= hi_x + grow and lo_y - grow <= cy <= hi_y + grow:
            out[count] = b
            count += 1
    return out[:count]


@njit
def stand_clear_kernel(
    pts: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> BoolArray:
    """`clear_of_bases` on prepared arrays."""
    n = pts.shape[0]
    ok = np.ones(n, np.bool_)
    if n == 0:
        return ok
    for b in _near_rows(pts, radius, centres, radii):
        cx, cy, rb = centres[b, 0], centres[b, 1], radii[b]
        need = rb + radius + MARGIN
        for i in range(n):
            if ok[i] and not math.hypot(pts[i, 0] - cx, pts[i, 1] - cy) >= need:
                ok[i] = False
    return ok


@njit
def _gap_ok(
    ax: float, ay: float, dx: float, dy: float, length2: float, cx: float, cy: float, need: float
) -> bool:
    """Does the segment a → a + d keep at least `need` from the point c?"""
    t = ((cx - ax) * dx + (cy - ay) * dy) / length2
    t = min(max(t, 0.0), 1.0)
    return math.hypot(ax + t * dx - cx, ay + t * dy - cy) >= need


@njit
def moves_clear_kernel(
    ax: float, ay: float, ends: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> BoolArray:
    """`segments_clear_of_bases` from (ax, ay) on prepared arrays."""
    n = ends.shape[0]
    ok = np.ones(n, np.bool_)
    if n == 0:
        return ok
    box = np.vstack((np.array([[ax, ay]]), ends))
    for b in _near_rows(box, radius, centres, radii):
        cx, cy, rb = centres[b, 0], centres[b, 1], radii[b]
        need = min(rb + radius + MARGIN, math.hypot(cx - ax, cy - ay) - 1e-9)
        for i in range(n):
            if not ok[i]:
                continue
            dx, dy = ends[i, 0] - ax, ends[i, 1] - ay
            length2 = max(dx * dx + dy * dy, 1e-12)
            if not _gap_ok(ax, ay, dx, dy, length2, cx, cy, need):
                ok[i] = False
    return ok


@njit
def walk_clear_kernel(
    pts: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> bool:
    """`polyline_clear_of_bases` on prepared arrays."""
    n = pts.shape[0]
    if n < 2:
        return True
    for b in _near_rows(pts, radius, centres, radii):
        cx, cy, rb = centres[b, 0], centres[b, 1], radii[b]
        need = min(rb + radius + MARGIN, math.hypot(cx - pts[0, 0], cy - pts[0, 1]) - 1e-9)
        for k in range(n - 1):
            ax, ay = pts[k, 0], pts[k, 1]
            dx, dy = pts[k + 1, 0] - ax, pts[k + 1, 1] - ay
            length2 = max(dx * dx + dy * dy, 1e-12)
            if not _gap_ok(ax, ay, dx, dy, length2, cx, cy, need):
                return False
    return True


def ring(centre: tuple[float, float], radius: float, count: int) -> FloatArray:
    """`count` points evenly around a circle."""
    cos, sin = _unit_ring(count)
    return np.column_stack([centre[0] + radius * cos, centre[1] + radius * sin])


@cache
def _unit_ring(count: int) -> tuple[FloatArray, FloatArray]:
    """Cosines and sines of `count` angles evenly around a circle (read-only)."""
    angles = 2.0 * np.pi * np.arange(count) / count
    cos, sin = np.cos(angles), np.sin(angles)
    cos.flags.writeable = sin.flags.writeable = False
    return cos, sin
