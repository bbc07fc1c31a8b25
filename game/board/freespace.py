"""Where the centre of a base of radius r may be: the table shrunk by r, minus solid
terrain grown by r (docs/RULES.md §1.4: bases never overlap solid terrain or leave the
table). Shared by paths, the movement grid and physics.

Solid terrain is grown with round corners drawn as polygons whose edges lie *outside*
the true offset curve (the buffer distance is r / cos(the largest half step GEOS
uses)), so a path that keeps out of the polygon keeps at least r from the terrain;
it may be up to `corner_slack(r)` cm (≈ 1 % of r) more careful than needed.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from game.board.clip import PolygonEdges, inside_lengths, polygon_edges
from game.board.terrain import Board

Point2 = tuple[float, float]
FloatArray = NDArray[np.float64]
T = TypeVar("T")

ARC_STEPS = 8
"""Segments per quarter circle when growing terrain (shapely quad_segs)."""
TOL = 1e-6
"""cm: the overlap tolerance of every "never overlaps" guarantee."""
DIFFICULT_COST = 2.0
"""§10: each cm of difficult ground costs this many cm (the rules data's
`move.difficult_cost`; the engine passes the knob)."""


def corner_slack(radius: float) -> float:
    """How much farther than `radius` the grown polygon's edges may keep a path.

    GEOS rounds the number of steps of a corner arc, so a step can be up to 1.5
    quarter-circle quanta; half of that is 3π / (8 · ARC_STEPS)."""
    return radius / math.cos(3 * math.pi / (8 * ARC_STEPS)) - radius


@dataclass(frozen=True, order=True)
class Circle:
    """A round base on the table: centre and radius in cm."""

    x: float
    y: float
    radius: float

    @property
    def centre(self) -> Point2:
        return (self.x, self.y)


def solid_tree(solid: BaseGeometry) -> shapely.STRtree:
    """A search tree over the parts of some solid terrain (for `clear_of`)."""
    return shapely.STRtree(shapely.get_parts(solid))


def clear_of(
    solid: BaseGeometry, tree: shapely.STRtree, geoms: NDArray[Any], gap: float
) -> NDArray[np.bool_]:
    """`shapely.distance(solid, geoms) >= gap`, the same values: the exact distance is
    taken only for geometries the tree finds within `gap` of a part (the rest are
    farther than `gap` from every part)."""
    ok = np.ones(len(geoms), np.bool_)
    near = np.unique(tree.query(geoms, predicate="dwithin", distance=gap)[0])
    if len(near):
        ok[near] = shapely.distance(solid, geoms[near]) >= gap
    return ok


class FreeSpace:
    """The region a base centre of one radius may occupy on one movement geometry."""

    def __init__(self, board: Board, radius: float, solid: BaseGeometry | None = None) -> None:
        """`solid`: the obstacles, if not all of the board's solid terrain."""
        if radius <= 0:
            raise ValueError(f"base radius must be positive, got {radius}")
        self.width = float(board.width)
        self.height = float(board.height)
        self.radius = float(radius)
        self.solid: BaseGeometry = board.solid_geometry() if solid is None else solid
        self.difficult = difficult_ground(board)
        shapely.prepare(self.solid)

    @cached_property
    def box(self) -> Polygon:
        """Where the centre keeps the whole base on the table."""
        r = self.radius
        return shapely.box(r, r, self.width - r, self.height - r)

    @cached_property
    def blocked(self) -> BaseGeometry:
        """Solid terrain grown by the radius (circumscribed corners)."""
        if self.solid.is_empty:
            return Polygon()
        grown = self.solid.buffer(self.radius + corner_slack(self.radius), quad_segs=ARC_STEPS)
        shapely.prepare(grown)
        return grown

    @cached_property
    def region(self) -> Polygon | MultiPolygon:
        """The free region (polygons oriented: exteriors CCW, holes CW)."""
        r = self.radius
        if self.width <= 2 * r or self.height <= 2 * r:
            return Polygon()
        free = self.box.difference(self.blocked) if not self.blocked.is_empty else self.box
        polys = [g for g in getattr(free, "geoms", [free]) if isinstance(g, Polygon)]
        polys = [shapely.orient_polygons(p) for p in polys if not p.is_empty]
        out: Polygon | MultiPolygon = MultiPolygon(polys) if len(polys) != 1 else polys[0]
        shapely.prepare(out)
        return out

    @cached_property
    def inner(self) -> BaseGeometry:
        """The free region shrunk by TOL: points here are strictly free."""
        inner = self.region.buffer(-TOL, quad_segs=1) if not self.region.is_empty else Polygon()
        shapely.prepare(inner)
        return inner

    def rings(self) -> list[FloatArray]:
        """Boundary rings of the free region, open (n, 2) arrays, free space on the left."""
        region = self.region
        out: list[FloatArray] = []
        for poly in getattr(region, "geoms", [region]):
            if poly.is_empty:
                continue
            for ring in [poly.exterior, *poly.interiors]:
                coords = np.asarray(ring.coords, np.float64)[:-1]
                if len(coords) >= 3:
                    out.append(coords)
        return out

    def edges(self) -> FloatArray:
        """All boundary edges of the free region as (m, 4) ax, ay, bx, by."""
        parts = [np.hstack([ring, np.roll(ring, -1, axis=0)]) for ring in self.rings()]
        return np.vstack(parts) if parts else np.empty((0, 4))

    # -- point checks ---------------------------------------------------------
    def problem(self, point: Point2) -> str | None:
        """Why a base centred here would be illegal (None if it is fine)."""
        x, y = point
        r = self.radius
        if not (r - TOL <= x <= self.width - r + TOL and r - TOL <= y <= self.height - r + TOL):
            return "off the table"
        if not self.solid.is_empty and self.solid.distance(Point(x, y)) < r - TOL:
            return "overlaps solid terrain"
        return None

    def clearance_ok(self, xy: FloatArray) -> NDArray[np.bool_]:
        """Vectorised `problem(p) is None` for points (n, 2)."""
        xy = np.asarray(xy, np.float64).reshape(-1, 2)
        r = self.radius
        ok = (
            (xy[:, 0] >= r - TOL)
            & (xy[:, 0] <= self.width - r + TOL)
            & (xy[:, 1] >= r - TOL)
            & (xy[:, 1] <= self.height - r + TOL)
        )
        if not self.solid.is_empty and ok.any():
            ok[ok] = clear_of(self.solid, self._solid_tree, shapely.points(xy[ok]), r - TOL)
        return ok

    @cached_property
    def _solid_tree(self) -> shapely.STRtree:
        return solid_tree(self.solid)

    def snap(self, point: Point2) -> Point2 | None:
        """The point itself if strictly free, else the nearest strictly free point
        (a move of at most about `corner_slack`); None if the region is empty."""
        if self.inner.is_empty:
            return None
        p = Point(point)
        if self.inner.contains(p):
            return (float(point[0]), float(point[1]))
        near = nearest_points(self.inner, p)[0]
        return (float(near.x), float(near.y))


class DifficultGround:
    """Difficult ground of one movement geometry (§10): where movement costs extra.

    Its boundary counts as outside: skirting crates along their edge costs nothing
    extra."""

    def __init__(self, board: Board) -> None:
        self.geometry: BaseGeometry = board.difficult_geometry()
        self.boundary: BaseGeometry = (
            self.geometry.boundary if not self.geometry.is_empty else Polygon()
        )
        shapely.prepare(self.geometry)
        shapely.prepare(self.boundary)

    @property
    def empty(self) -> bool:
        return bool(self.geometry.is_empty)

    @cached_property
    def _edges(self) -> PolygonEdges:
        return polygon_edges(self.geometry)

    def inside_length(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """Length of each segment p[k]→q[k] inside difficult ground (its boundary
        excluded; `game.board.clip`, the same as shapely's intersection lengths)."""
        p = np.ascontiguousarray(np.asarray(p, np.float64).reshape(-1, 2))
        q = np.ascontiguousarray(np.asarray(q, np.float64).reshape(-1, 2))
        if self.empty or len(p) == 0:
            return np.zeros(len(p))
        table = self._edges
        return inside_lengths(p, q, table.edges, table.start, table.boxes)

    def inside_length_shapely(self, p: FloatArray, q: FloatArray) -> FloatArray:
        """`inside_length` by shapely overlays (the slow reference the tests use)."""
        p = np.asarray(p, np.float64).reshape(-1, 2)
        q = np.asarray(q, np.float64).reshape(-1, 2)
        out = np.zeros(len(p))
        if self.empty or len(p) == 0:
            return out
        lines = shapely.linestrings(np.stack([p, q], axis=1))
        hit = shapely.intersects(self.geometry, lines)
        if hit.any():
            on = lines[hit]
            inside = shapely.length(shapely.intersection(on, self.geometry)) - shapely.length(
                shapely.intersection(on, self.boundary)
            )
            out[hit] = np.maximum(inside, 0.0)
        return out

    def spans(self, a: Point2, b: Point2) -> list[tuple[float, float]]:
        """Parameter intervals (0..1) of the segment a→b inside difficult ground."""
        seg_len = math.dist(a, b)
        if self.empty or seg_len == 0:
            return []
        line = LineString([a, b])
        inside = line.intersection(self.geometry).difference(self.boundary)
        spans: list[tuple[float, float]] = []
        for part in shapely.get_parts(inside):
            if isinstance(part, LineString) and part.length > 0:
                ends = shapely.points(np.asarray(part.coords)[[0, -1]])
                t0, t1 = sorted(float(t) / seg_len for t in shapely.line_locate_point(line, ends))
                spans.append((t0, t1))
        return sorted(spans)


MovementSignature = tuple[float, float, tuple[tuple[bool, bool, bytes], ...]]
"""The table size and, in board order, each movement-relevant piece's
(blocks movement, difficult, polygon WKB): everything movement geometry depends on."""

_STORE_LIMIT = 16
"""(thread, movement signature) pairs whose derived data (free space, graphs,
grids) stay cached."""
_stores: OrderedDict[tuple[int, MovementSignature], dict[str, Any]] = OrderedDict()
_stores_lock = threading.Lock()


def movement_signature(board: Board) -> MovementSignature:
    """What movement depends on (cached per board version): the solid and difficult
    pieces. A burning or smoke zone, a structure point lost without breaking or an
    open module leave it alone."""

    def build() -> MovementSignature:
        pieces = tuple(
            (p.blocks_movement, p.difficult, shapely.to_wkb(p.polygon))
            for p in board
            if p.blocks_movement or p.difficult
        )
        return (float(board.width), float(board.height), pieces)

    return board.cache("movement.signature", build)


def movement_cache(board: Board, name: str, build: Callable[[], T]) -> T:
    """`build()`'s result, memoised per movement signature: shared by every board
    version (and every board) with the same solid and difficult geometry, so a zone
    added or a gate damaged does not rebuild graphs and grids. Derived data must
    depend on the board only through that geometry.

    Each thread has its own: graphs and grids keep the bases of their last query,
    so two threads must not share one (a game and its clones in one thread do)."""
    stores: dict[int, dict[str, Any]] = board.cache("movement.stores", dict)
    thread = threading.get_ident()
    store = stores.get(thread)
    if store is None:
        store = stores[thread] = _store((thread, movement_signature(board)))
    if name not in store:
        store[name] = build()
    value: T = store[name]
    return value


def clear_movement_caches() -> None:
    """Forget every cached free space, graph and grid (benchmarks of a cold start)."""
    with _stores_lock:
        for store in _stores.values():
            store.clear()
        _stores.clear()


def _store(key: tuple[int, MovementSignature]) -> dict[str, Any]:
    with _stores_lock:
        store = _stores.get(key)
        if store is None:
            store = _stores[key] = {}
            while len(_stores) > _STORE_LIMIT:
                _stores.popitem(last=False)
        else:
            _stores.move_to_end(key)
        return store


def difficult_ground(board: Board) -> DifficultGround:
    """The board's DifficultGround (cached per movement signature)."""
    return movement_cache(board, "difficult", lambda: DifficultGround(board))


def free_space(board: Board, radius: float) -> FreeSpace:
    """The board's FreeSpace for a radius (cached per movement signature)."""
    return movement_cache(board, f"free:{float(radius)!r}", lambda: FreeSpace(board, radius))
