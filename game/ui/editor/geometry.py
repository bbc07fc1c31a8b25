"""Plane geometry for editing: snapping, moving, turning and stretching polygons,
and hit tests in cm (no pygame here)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Points = Sequence[Point]
GRID_CM = 1.0
"""The snapping grid."""
ANGLE_STEP = 15.0
"""Degrees a turn snaps to."""
MIN_SIZE_CM = 0.5
"""The smallest width or height a piece can be stretched to."""


def snap(value: float, grid: float = GRID_CM) -> float:
    return round(value / grid) * grid + 0.0


def snap_point(p: Point, grid: float = GRID_CM) -> Point:
    return (snap(p[0], grid), snap(p[1], grid))


def snap_angle(degrees: float, step: float = ANGLE_STEP) -> float:
    return round(degrees / step) * step + 0.0


def bbox(pts: Points) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def centre(pts: Points) -> Point:
    """The middle of the bounding box."""
    x0, y0, x1, y1 = bbox(pts)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def rect(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """A rectangle counter-clockwise from its lower-left corner (corners in any order)."""
    ax, bx = sorted((x0, x1))
    ay, by = sorted((y0, y1))
    return [(ax, ay), (bx, ay), (bx, by), (ax, by)]


def translate(pts: Points, dx: float, dy: float) -> list[Point]:
    return [(x + dx, y + dy) for x, y in pts]


def rotate(pts: Points, degrees: float, about: Point | None = None) -> list[Point]:
    """Turned counter-clockwise about a point (default: the bounding box's middle)."""
    cx, cy = about if about is not None else centre(pts)
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    out = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        out.append((cx + dx * c - dy * s, cy + dx * s + dy * c))
    return [_tidy(p) for p in out]


def _tidy(p: Point) -> Point:
    """Round off float noise (a quarter turn of whole numbers stays whole)."""
    return (round(p[0], 9) + 0.0, round(p[1], 9) + 0.0)


def scale(pts: Points, sx: float, sy: float, anchor: Point) -> list[Point]:
    ax, ay = anchor
    return [_tidy((ax + (x - ax) * sx, ay + (y - ay) * sy)) for x, y in pts]


HANDLES = ("sw", "s", "se", "e", "ne", "n", "nw", "w")
"""The stretch handles around a selection's bounding box."""


def handle_points(box: tuple[float, float, float, float]) -> dict[str, Point]:
    x0, y0, x1, y1 = box
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    return {
        "sw": (x0, y0),
        "s": (mx, y0),
        "se": (x1, y0),
        "e": (x1, my),
        "ne": (x1, y1),
        "n": (mx, y1),
        "nw": (x0, y1),
        "w": (x0, my),
    }


def stretch(pts: Points, handle: str, to: Point) -> list[Point]:
    """The polygon with its bounding box's `handle` dragged to `to`; the opposite
    side stays put. A side handle stretches one way only; it never flips over."""
    x0, y0, x1, y1 = bbox(pts)
    w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
    sx = sy = 1.0
    ax, ay = x0, y0
    if "e" in handle:
        sx, ax = max(MIN_SIZE_CM, to[0] - x0) / w, x0
    if "w" in handle:
        sx, ax = max(MIN_SIZE_CM, x1 - to[0]) / w, x1
    if "n" in handle:
        sy, ay = max(MIN_SIZE_CM, to[1] - y0) / h, y0
    if "s" in handle:
        sy, ay = max(MIN_SIZE_CM, y1 - to[1]) / h, y1
    return scale(pts, sx, sy, (ax, ay))


def contains(pts: Points, p: Point) -> bool:
    """Is the point inside the polygon (even-odd rule)?"""
    x, y = p
    inside = False
    n = len(pts)
    for i in range(n):
        (xa, ya), (xb, yb) = pts[i], pts[(i + 1) % n]
        if (ya > y) != (yb > y):
            cross = xa + (y - ya) * (xb - xa) / (yb - ya)
            if x < cross:
                inside = not inside
    return inside


def edge_distance(pts: Points, p: Point) -> float:
    """Distance from the point to the polygon's outline."""
    n = len(pts)
    return min(segment_distance(p, pts[i], pts[(i + 1) % n]) for i in range(n))


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def area(pts: Points) -> float:
    """The shoelace area (absolute)."""
    n = len(pts)
    total = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    return abs(total) / 2


def hits(pts: Points, p: Point, tolerance: float) -> bool:
    """Inside the polygon, or within `tolerance` cm of its outline."""
    return contains(pts, p) or edge_distance(pts, p) <= tolerance


def clamp_rect_to_edge(
    box: tuple[float, float, float, float], board: tuple[float, float], reach: float
) -> tuple[float, float, float, float]:
    """A rectangle kept on the board, each side within `reach` of a board edge moved
    onto it (entry zones must touch an edge)."""
    w, h = board
    x0, y0, x1, y1 = (max(0.0, box[0]), max(0.0, box[1]), min(w, box[2]), min(h, box[3]))
    if x0 <= reach:
        x0 = 0.0
    if y0 <= reach:
        y0 = 0.0
    if w - x1 <= reach:
        x1 = w
    if h - y1 <= reach:
        y1 = h
    return (x0, y0, x1, y1)


def edge_strip(p: Point, board: tuple[float, float], length: float, depth: float) -> list[Point]:
    """A strip along the board edge nearest to `p`, centred on it (an entry zone)."""
    w, h = board
    x, y = min(max(p[0], 0.0), w), min(max(p[1], 0.0), h)
    gaps = {"w": x, "e": w - x, "s": y, "n": h - y}
    edge = min(gaps, key=lambda k: gaps[k])
    half = length / 2
    if edge in ("s", "n"):
        a = min(max(x - half, 0.0), max(0.0, w - length))
        b = min(w, a + length)
        return rect(a, 0.0, b, depth) if edge == "s" else rect(a, h - depth, b, h)
    a = min(max(y - half, 0.0), max(0.0, h - length))
    b = min(h, a + length)
    return rect(0.0, a, depth, b) if edge == "w" else rect(w - depth, a, w, b)
