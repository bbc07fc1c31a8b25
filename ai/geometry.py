"""Vectorised geometry the controllers use to pick destinations the engine accepts:
points clear of other bases, straight moves that pass no base."""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]

MARGIN = 0.05
"""cm of slack kept from other bases (the engine allows a hair of tolerance)."""
SLACK = 1e-6
"""cm added to the prefilter's reach: far above any rounding in the exact tests."""


def near_box(
    points: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """The bases (centres, radii) that could touch a base of `radius` anywhere in the
    points' bounding box: the others lie farther than their radius + `radius` +
    MARGIN (+ SLACK) from every point and segment among the points, so the exact
    tests below would count them clear anyway."""
    lo, hi = points.min(axis=0), points.max(axis=0)
    grow = radii + (radius + MARGIN + SLACK)
    x, y = centres[:, 0], centres[:, 1]
    keep = (x >= lo[0] - grow) & (x <= hi[0] + grow) & (y >= lo[1] - grow) & (y <= hi[1] + grow)
    return centres[keep], radii[keep]


def clear_of_bases(
    points: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> BoolArray:
    """Which points (n, 2) a base of `radius` can stand on without touching a base."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    if len(centres) and len(pts):
        centres, radii = near_box(pts, radius, centres, radii)
    if len(centres) == 0:
        return np.ones(len(pts), np.bool_)
    d = np.hypot(pts[:, None, 0] - centres[None, :, 0], pts[:, None, 1] - centres[None, :, 1])
    ok: BoolArray = np.all(d >= radii[None, :] + radius + MARGIN, axis=1)
    return ok


def segments_clear_of_bases(
    start: tuple[float, float],
    ends: FloatArray,
    radius: float,
    centres: FloatArray,
    radii: FloatArray,
) -> BoolArray:
    """Which straight moves start → end (n ends) pass every base without touching it
    (a base the mover already touches only must not come any closer)."""
    e = np.asarray(ends, np.float64).reshape(-1, 2)
    a = np.asarray(start, np.float64)
    if len(centres) and len(e):
        centres, radii = near_box(np.vstack([a[None, :], e]), radius, centres, radii)
    if len(centres) == 0:
        return np.ones(len(e), np.bool_)
    d = e - a  # (n, 2)
    length2 = np.maximum((d * d).sum(axis=1), 1e-12)
    rel = centres[None, :, :] - a[None, None, :]  # (1, m, 2)
    t = np.clip((rel * d[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)  # (n, m)
    closest = a[None, None, :] + t[:, :, None] * d[:, None, :]
    gap = np.hypot(*(closest - centres[None, :, :]).transpose(2, 0, 1))
    at_start = np.hypot(rel[0, :, 0], rel[0, :, 1])
    need = np.minimum(radii + radius + MARGIN, at_start - 1e-9)
    ok: BoolArray = np.all(gap >= need[None, :], axis=1)
    return ok


def polyline_clear_of_bases(
    points: FloatArray, radius: float, centres: FloatArray, radii: FloatArray
) -> bool:
    """Does a walk along the polyline keep the base off every base (those it touches
    at the start must only not come closer)?"""
    centres, radii = near_box(points, radius, centres, radii)
    if len(centres) == 0:
        return True
    a, b = points[:-1], points[1:]  # (k, 2)
    d = b - a
    length2 = np.maximum((d * d).sum(axis=1), 1e-12)
    rel = centres[None, :, :] - a[:, None, :]  # (k, m, 2)
    t = np.clip((rel * d[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)
    closest = a[:, None, :] + t[:, :, None] * d[:, None, :]
    gap = np.hypot(*(closest - centres[None, :, :]).transpose(2, 0, 1))  # (k, m)
    at_start = np.hypot(centres[:, 0] - points[0, 0], centres[:, 1] - points[0, 1])
    need = np.minimum(radii + radius + MARGIN, at_start - 1e-9)
    return bool(np.all(gap >= need[None, :]))


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
