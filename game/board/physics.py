"""Bases that never overlap (docs/RULES.md §1.4, §5.3 Wuchtig).

`BaseSpace` keeps one pymunk kinematic circle per base and static segments for the
edges of solid terrain and of the table. Moving a base along a path, pushing it or
spawning it never leaves it overlapping another base or solid terrain, or off the
table: pymunk's swept-circle query finds what a move may touch, the time of first
contact is then solved exactly (circle–circle, circle–segment), and the final
position is verified with exact distances (tolerance `TOL`). The physics step is
never run: the engine sees final positions only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pymunk
import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from game.board.freespace import TOL, Point2
from game.board.terrain import Board

CONTACT_GAP = 0.5
"""§1.4 (P): bases at most this many cm apart are in contact (the rules data's
`base_contact_gap`; the engine passes the knob)."""
_QUERY_MARGIN = 0.01
_BACKOFF = 1e-9


class PlacementError(ValueError):
    """A base cannot be put there: it would overlap terrain or another base."""


@dataclass
class _Base:
    body: pymunk.Body
    shape: pymunk.Circle
    radius: float
    group: int


def _first_contact_circle(p: Point2, d: Point2, c: Point2, reach: float) -> float | None:
    """Smallest t in [0, 1] where p + t·d comes within `reach` of c (None if never;
    0 if already there and moving closer)."""
    wx, wy = p[0] - c[0], p[1] - c[1]
    a = d[0] * d[0] + d[1] * d[1]
    b = 2 * (wx * d[0] + wy * d[1])
    cc = wx * wx + wy * wy - reach * reach
    if cc <= 0:
        return 0.0 if b < 0 else None
    disc = b * b - 4 * a * cc
    if a == 0 or disc < 0:
        return None
    t = (-b - math.sqrt(disc)) / (2 * a)
    return t if 0.0 <= t <= 1.0 else None


def _first_contact_segment(
    p: Point2, d: Point2, a: Point2, b: Point2, radius: float
) -> float | None:
    """Smallest t in [0, 1] where a circle of `radius` moving p → p + d touches a→b."""
    best: float | None = None
    for end in (a, b):
        t = _first_contact_circle(p, d, end, radius)
        if t is not None and (best is None or t < best):
            best = t
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length == 0:
        return best
    nx, ny = -ey / length, ex / length
    s0 = (p[0] - a[0]) * nx + (p[1] - a[1]) * ny
    ds = d[0] * nx + d[1] * ny
    side = 1.0 if s0 >= 0 else -1.0
    if abs(s0) <= radius:
        t_line = 0.0 if side * ds < 0 else None
    elif side * ds < 0:
        t_line = (side * radius - s0) / ds
    else:
        t_line = None
    if t_line is not None and 0.0 <= t_line <= 1.0:
        mx, my = p[0] + t_line * d[0], p[1] + t_line * d[1]
        u = ((mx - a[0]) * ex + (my - a[1]) * ey) / (length * length)
        if 0.0 <= u <= 1.0 and (best is None or t_line < best):
            best = t_line
    return best


class BaseSpace:
    """The bases on one board, kept apart."""

    def __init__(self, board: Board, *, contact_gap: float = CONTACT_GAP) -> None:
        self.board = board
        self.contact_gap = float(contact_gap)
        self.space = pymunk.Space()
        self._bases: dict[str, _Base] = {}
        self._terrain: list[pymunk.Segment] = []
        self._solid: BaseGeometry = shapely.Polygon()
        self._version = -1
        self._next_group = 1
        self._sync_terrain()

    # -- terrain ----------------------------------------------------------------
    def _sync_terrain(self) -> None:
        """Rebuild the static shapes if the board changed since the last call."""
        if self._version == self.board.version:
            return
        if self._terrain:
            self.space.remove(*self._terrain)
        self._solid = self.board.solid_geometry()
        shapely.prepare(self._solid)
        w, h = float(self.board.width), float(self.board.height)
        rings = [[(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]]
        for poly in shapely.get_parts(self._solid):
            if not poly.is_empty:
                rings.extend(list(ring.coords)[:-1] for ring in [poly.exterior, *poly.interiors])
        body = self.space.static_body
        self._terrain = [
            pymunk.Segment(body, ring[i], ring[(i + 1) % len(ring)], 0.0)
            for ring in rings
            for i in range(len(ring))
        ]
        self.space.add(*self._terrain)
        self._version = self.board.version

    # -- bases ------------------------------------------------------------------
    def __contains__(self, base_id: object) -> bool:
        return base_id in self._bases

    def positions(self) -> dict[str, Point2]:
        """Every base's centre."""
        return {
            k: (float(b.body.position.x), float(b.body.position.y)) for k, b in self._bases.items()
        }

    def position(self, base_id: str) -> Point2:
        pos = self._base(base_id).body.position
        return (float(pos.x), float(pos.y))

    def radius(self, base_id: str) -> float:
        return self._base(base_id).radius

    def _base(self, base_id: str) -> _Base:
        try:
            return self._bases[base_id]
        except KeyError:
            raise KeyError(f"no base {base_id!r} on the table") from None

    def problem(self, xy: Point2, radius: float, ignore: str | None = None) -> str | None:
        """Why a base of `radius` centred at xy would be illegal (None if free)."""
        self._sync_terrain()
        x, y = xy
        w, h = float(self.board.width), float(self.board.height)
        if not (radius - TOL <= x <= w - radius + TOL and radius - TOL <= y <= h - radius + TOL):
            return "off the table"
        group = self._bases[ignore].group if ignore in self._bases else 0
        near = self.space.point_query((x, y), radius + _QUERY_MARGIN, pymunk.ShapeFilter(group))
        terrain_near = False
        for hit in near:
            shape = hit.shape
            if isinstance(shape, pymunk.Circle) and shape.body is not None:
                other = shape.body.position
                if math.hypot(x - other.x, y - other.y) < radius + shape.radius - TOL:
                    return f"overlaps base {self._owner(shape)}"
            else:
                terrain_near = True
        if not self._solid.is_empty and (
            shapely.contains_xy(self._solid, x, y)
            or (terrain_near and self._solid.distance(Point(x, y)) < radius - TOL)
        ):
            return "overlaps solid terrain"
        return None

    def _owner(self, shape: pymunk.Shape) -> str:
        return next(k for k, b in self._bases.items() if b.shape is shape)

    def add_base(self, base_id: str, xy: Point2, radius: float) -> None:
        """Put a base on the table; PlacementError if it would overlap anything."""
        if base_id in self._bases:
            raise PlacementError(f"base {base_id!r} is already on the table")
        if radius <= 0:
            raise PlacementError(f"base {base_id!r}: radius must be positive")
        problem = self.problem((float(xy[0]), float(xy[1])), radius)
        if problem is not None:
            raise PlacementError(f"base {base_id!r} at {tuple(xy)}: {problem}")
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (float(xy[0]), float(xy[1]))
        shape = pymunk.Circle(body, radius)
        group = self._next_group
        self._next_group += 1
        shape.filter = pymunk.ShapeFilter(group=group)
        self.space.add(body, shape)
        self._bases[base_id] = _Base(body, shape, float(radius), group)

    def remove(self, base_id: str) -> None:
        base = self._bases.pop(base_id)
        self.space.remove(base.body, base.shape)

    def _place(self, base: _Base, xy: Point2) -> None:
        base.body.position = xy
        self.space.reindex_shapes_for_body(base.body)

    # -- moving -----------------------------------------------------------------
    def _leg(self, base_id: str, target: Point2) -> tuple[Point2, bool]:
        """Move straight towards target; (where it stopped, whether it got there)."""
        base = self._base(base_id)
        p = self.position(base_id)
        d = (target[0] - p[0], target[1] - p[1])
        if d == (0.0, 0.0):
            return p, True
        hits = self.space.segment_query(
            p, target, base.radius + _QUERY_MARGIN, pymunk.ShapeFilter(group=base.group)
        )
        t_stop = 1.0
        blocked = False
        for hit in hits:
            shape = hit.shape
            if isinstance(shape, pymunk.Circle) and shape.body is not None:
                c = shape.body.position
                t = _first_contact_circle(p, d, (c.x, c.y), base.radius + shape.radius)
            elif isinstance(shape, pymunk.Segment):
                t = _first_contact_segment(
                    p, d, (shape.a.x, shape.a.y), (shape.b.x, shape.b.y), base.radius
                )
            else:
                t = None
            if t is not None and t < t_stop:
                t_stop, blocked = t, True
        if blocked:
            t_stop = max(0.0, t_stop - _BACKOFF / math.hypot(*d))
        end = self._verified(base_id, p, d, t_stop)
        return end, not blocked and end == (p[0] + d[0], p[1] + d[1])

    def _verified(self, base_id: str, p: Point2, d: Point2, t: float) -> Point2:
        """p + t·d if that is exactly legal, else the farthest legal point before it
        (bisection; p itself is legal)."""
        radius = self._base(base_id).radius

        def at(s: float) -> Point2:
            return (p[0] + d[0], p[1] + d[1]) if s >= 1.0 else (p[0] + s * d[0], p[1] + s * d[1])

        if self.problem(at(t), radius, ignore=base_id) is None:
            return at(t)
        lo, hi = 0.0, t
        for _ in range(50):
            mid = 0.5 * (lo + hi)
            if self.problem(at(mid), radius, ignore=base_id) is None:
                lo = mid
            else:
                hi = mid
        return at(lo)

    def move_along(self, base_id: str, points: Sequence[Point2]) -> Point2:
        """Move a base through the points in turn; it stops at the first contact.
        Returns where it ended up."""
        self._sync_terrain()
        base = self._base(base_id)
        for target in points:
            end, arrived = self._leg(base_id, (float(target[0]), float(target[1])))
            self._place(base, end)
            if not arrived:
                break
        return self.position(base_id)

    def push(self, base_id: str, direction: Point2, distance: float) -> Point2:
        """Push a base `distance` cm along `direction` (Wuchtig, §5.3); it stops at
        terrain and other bases. Returns where it ended up."""
        norm = math.hypot(*direction)
        if norm == 0 or distance <= 0:
            return self.position(base_id)
        x, y = self.position(base_id)
        target = (x + direction[0] / norm * distance, y + direction[1] / norm * distance)
        return self.move_along(base_id, [target])

    def spawn(
        self,
        base_id: str,
        zone: BaseGeometry,
        radius: float,
        near: Point2 | None = None,
    ) -> Point2 | None:
        """Put a new base with its centre in `zone` on the free spot nearest `near`
        (default: the zone's centre); None if the zone has no room."""
        self._sync_terrain()
        spot = self.free_spot(zone, radius, near)
        if spot is not None:
            self.add_base(base_id, spot, radius)
        return spot

    def free_spot(
        self, zone: BaseGeometry, radius: float, near: Point2 | None = None
    ) -> Point2 | None:
        """The free base position in `zone` nearest `near` (a 0.25 cm lattice)."""
        self._sync_terrain()
        w, h = float(self.board.width), float(self.board.height)
        x0, y0, x1, y1 = zone.bounds
        x0, y0 = max(x0, radius), max(y0, radius)
        x1, y1 = min(x1, w - radius), min(y1, h - radius)
        if x0 > x1 or y0 > y1:
            return None
        step = min(0.25, radius / 4)
        xs = np.arange(x0, x1 + 1e-9, step)
        ys = np.arange(y0, y1 + 1e-9, step)
        gx, gy = (a.ravel() for a in np.meshgrid(xs, ys, indexing="ij"))
        keep = shapely.contains_xy(zone, gx, gy)
        gx, gy = gx[keep], gy[keep]
        if len(gx) and not self._solid.is_empty:
            clear = shapely.distance(self._solid, shapely.points(gx, gy)) >= radius
            gx, gy = gx[clear], gy[clear]
        for other in self._bases.values():
            ox, oy = other.body.position
            clear = np.hypot(gx - ox, gy - oy) >= radius + other.radius
            gx, gy = gx[clear], gy[clear]
        if len(gx) == 0:
            return None
        target = near if near is not None else (zone.centroid.x, zone.centroid.y)
        k = int(np.argmin(np.hypot(gx - target[0], gy - target[1])))
        return (float(gx[k]), float(gy[k]))

    # -- checks -----------------------------------------------------------------
    def gap(self, a: str, b: str) -> float:
        """Distance between the edges of two bases in cm (negative: overlap)."""
        pa, pb = self.position(a), self.position(b)
        return math.dist(pa, pb) - self.radius(a) - self.radius(b)

    def in_contact(self, a: str, b: str) -> bool:
        """Base contact: gap ≤ the contact gap (§1.4)."""
        return self.gap(a, b) <= self.contact_gap + TOL

    def overlaps(self) -> list[tuple[str, str]]:
        """Every overlap beyond TOL: (base, base), (base, "terrain") or (base, "edge")."""
        self._sync_terrain()
        out: list[tuple[str, str]] = []
        ids = sorted(self._bases)
        pos = np.array([self.position(i) for i in ids]).reshape(-1, 2)
        rad = np.array([self.radius(i) for i in ids])
        if len(ids) > 1:
            dist = np.hypot(*(pos[:, None, :] - pos[None, :, :]).transpose(2, 0, 1))
            bad = np.argwhere(np.triu(dist < rad[:, None] + rad[None, :] - TOL, k=1))
            out.extend((ids[i], ids[j]) for i, j in bad)
        for i, base_id in enumerate(ids):
            problem = self.problem(tuple(pos[i]), rad[i], ignore=base_id)
            if problem == "overlaps solid terrain":
                out.append((base_id, "terrain"))
            elif problem == "off the table":
                out.append((base_id, "edge"))
        return out

    def add_many(self, bases: Iterable[tuple[str, Point2, float]]) -> None:
        """Add several bases (each checked as it is placed)."""
        for base_id, xy, radius in bases:
            self.add_base(base_id, xy, radius)
