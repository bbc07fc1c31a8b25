"""Terrain pieces and the Board (RULES.md §10, §11).

A `TerrainPiece` is immutable; the `Board` replaces pieces when they change (a gate
opens, a barricade is smashed, smoke drifts in) and bumps `version` on every
change, so geometry caches keyed on `version` stay correct. Version numbers come
from one process-wide counter: two boards share a version only when one is an
unchanged clone of the other, so a cache keyed on the version alone is safe.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol, TypeVar

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.cover import Cover

T = TypeVar("T")


class TerrainKind(StrEnum):
    """Terrain kinds (§10) and refuge module kinds (§11)."""

    WALL = "wall"
    BUILDING = "building"
    BARRICADE = "barricade"
    LOW_WALL = "low_wall"
    WRECK = "wreck"
    RUBBLE = "rubble"
    HEDGE = "hedge"
    FENCE = "fence"
    CRATES = "crates"
    SMOKE = "smoke"
    BURNING = "burning"
    GATE = "gate"
    WATCHTOWER = "watchtower"
    ARSENAL = "arsenal"
    MINEFIELD = "minefield"
    INFIRMARY = "infirmary"
    RADIO = "radio"
    STORAGE = "storage"
    SHELTER = "shelter"


K = TerrainKind
SOLID_KINDS = frozenset({K.WALL, K.BUILDING, K.BARRICADE, K.LOW_WALL, K.WRECK})
"""Kinds that always block movement (a closed gate does too)."""
SIGHT_BLOCKING_KINDS = frozenset({K.WALL, K.BUILDING})
"""Kinds that always block line of sight (a closed gate does too)."""
HEAVY_COVER_KINDS = frozenset({K.BARRICADE, K.LOW_WALL, K.WRECK})
LIGHT_COVER_KINDS = frozenset({K.RUBBLE, K.HEDGE, K.FENCE, K.CRATES, K.SMOKE, K.BURNING})
DIFFICULT_KINDS = frozenset({K.RUBBLE, K.HEDGE, K.FENCE, K.CRATES})
ZONE_KINDS = frozenset({K.SMOKE, K.BURNING})
"""Temporary zones added during play (`Board.add_zone`)."""
AREA_MODULE_KINDS = frozenset({K.ARSENAL, K.MINEFIELD, K.INFIRMARY, K.RADIO, K.STORAGE, K.SHELTER})
"""Modules that are plain zones: they block neither movement nor sight."""
OVERLOOKED_FROM_PLATFORM = frozenset({K.BARRICADE, K.LOW_WALL})
"""Cover a figure on a watchtower traces line of sight over (§10)."""

DEFAULT_STRUCTURE: Mapping[TerrainKind, int] = {K.BARRICADE: 6, K.GATE: 8}
"""Structure points (§11, provisional); the engine passes the rules-data values."""

_versions = itertools.count(1)


def _next_version() -> int:
    return next(_versions)


def _ring(coords: Iterable[Any]) -> list[list[float]]:
    return [[float(c[0]), float(c[1])] for c in list(coords)[:-1]]


def _points(ring: Iterable[Any]) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in ring]


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One terrain piece or refuge module with its current state."""

    id: str
    kind: TerrainKind
    polygon: Polygon
    is_module: bool = False
    structure: int | None = None
    max_structure: int | None = None
    open: bool = False
    broken: bool = False
    expires_round: int | None = None
    destroyed_from: TerrainKind | None = None

    @property
    def blocks_movement(self) -> bool:
        if self.kind is K.GATE:
            return not self.open
        return self.kind in SOLID_KINDS

    @property
    def blocks_sight(self) -> bool:
        if self.kind is K.GATE:
            return not self.open
        return self.kind in SIGHT_BLOCKING_KINDS

    @property
    def cover(self) -> Cover:
        """Cover it gives to a sight line crossing it (sight blockers give none)."""
        if self.kind in HEAVY_COVER_KINDS:
            return Cover.HEAVY
        if self.kind in LIGHT_COVER_KINDS:
            return Cover.LIGHT
        return Cover.NONE

    @property
    def difficult(self) -> bool:
        """Difficult ground: each cm of movement costs 2 (§10)."""
        return self.kind in DIFFICULT_KINDS

    @property
    def is_platform(self) -> bool:
        """A watchtower: figures stand on it and see over barricades (§10)."""
        return self.kind is K.WATCHTOWER

    @property
    def is_zone(self) -> bool:
        """A zone module or a smoke/burning zone (blocks neither movement nor sight)."""
        return self.kind in AREA_MODULE_KINDS or self.kind in ZONE_KINDS

    @property
    def destroyed(self) -> bool:
        return self.broken or self.destroyed_from is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (rings without the repeated closing point)."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind.value,
            "polygon": _ring(self.polygon.exterior.coords),
            "is_module": self.is_module,
            "structure": self.structure,
            "max_structure": self.max_structure,
            "open": self.open,
            "broken": self.broken,
            "expires_round": self.expires_round,
            "destroyed_from": None if self.destroyed_from is None else self.destroyed_from.value,
        }
        if self.polygon.interiors:
            data["holes"] = [_ring(hole.coords) for hole in self.polygon.interiors]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TerrainPiece:
        destroyed_from = data.get("destroyed_from")
        return cls(
            id=str(data["id"]),
            kind=TerrainKind(data["kind"]),
            polygon=Polygon(_points(data["polygon"]), [_points(h) for h in data.get("holes", ())]),
            is_module=bool(data.get("is_module", False)),
            structure=data.get("structure"),
            max_structure=data.get("max_structure"),
            open=bool(data.get("open", False)),
            broken=bool(data.get("broken", False)),
            expires_round=data.get("expires_round"),
            destroyed_from=None if destroyed_from is None else TerrainKind(destroyed_from),
        )


def make_piece(
    id: str,
    kind: TerrainKind | str,
    polygon: Polygon | Iterable[tuple[float, float]],
    *,
    is_module: bool = False,
    structure: int | None = None,
    open: bool = False,
    expires_round: int | None = None,
    structure_defaults: Mapping[TerrainKind, int] = DEFAULT_STRUCTURE,
) -> TerrainPiece:
    """A fresh piece; barricades and gates get their default structure points."""
    kind = TerrainKind(kind)
    poly = polygon if isinstance(polygon, Polygon) else Polygon(list(polygon))
    if structure is None:
        structure = structure_defaults.get(kind)
    return TerrainPiece(
        id=id,
        kind=kind,
        polygon=poly,
        is_module=is_module,
        structure=structure,
        max_structure=structure,
        open=open and kind is K.GATE,
        expires_round=expires_round,
    )


class PieceSource(Protocol):
    """A piece of a scenario file (`game.scenario`'s terrain and module specs) as
    `Board.from_scenario` reads it: the board stays below the scenario format."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def polygon(self) -> Sequence[tuple[float, float]]: ...
    @property
    def structure(self) -> int | None: ...


class TerrainSource(PieceSource, Protocol):
    @property
    def expires_round(self) -> int | None: ...


class ModuleSource(PieceSource, Protocol):
    @property
    def open(self) -> bool | None: ...


class SizeSource(Protocol):
    @property
    def width_cm(self) -> float: ...
    @property
    def height_cm(self) -> float: ...


class ScenarioSource(Protocol):
    """What `Board.from_scenario` reads of a validated `game.scenario.Scenario`."""

    @property
    def board(self) -> SizeSource: ...
    @property
    def terrain(self) -> Sequence[TerrainSource]: ...
    @property
    def module(self) -> Sequence[ModuleSource]: ...


@dataclass(slots=True)
class _Index:
    """STRtree over the board's pieces, in `ids` order."""

    tree: shapely.STRtree
    ids: tuple[str, ...]


@dataclass(eq=False)
class Board:
    """The table: its size and terrain pieces, with per-version geometry caches.

    Mutate only through the methods below (they bump `version`); pieces are
    immutable. `cache(name, build)` memoises any derived data per version.
    """

    width: float
    height: float
    pieces: dict[str, TerrainPiece] = field(default_factory=dict)
    version: int = field(default_factory=_next_version)
    zone_counter: int = 0
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)
    _cache_version: int = field(default=-1, repr=False)

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_scenario(
        cls,
        scenario: ScenarioSource,
        *,
        structure_defaults: Mapping[TerrainKind, int] = DEFAULT_STRUCTURE,
    ) -> Board:
        """The board of a validated scenario (terrain first, then modules)."""
        board = cls(scenario.board.width_cm, scenario.board.height_cm)
        for spec in scenario.terrain:
            board.pieces[spec.id] = make_piece(
                spec.id,
                spec.kind,
                spec.polygon,
                structure=spec.structure,
                expires_round=spec.expires_round,
                structure_defaults=structure_defaults,
            )
        for mod in scenario.module:
            board.pieces[mod.id] = make_piece(
                mod.id,
                mod.kind,
                mod.polygon,
                is_module=True,
                structure=mod.structure,
                open=bool(mod.open),
                structure_defaults=structure_defaults,
            )
        return board

    def to_dict(self) -> dict[str, Any]:
        """The whole board as JSON-able data (for saves and replays)."""
        return {
            "width": self.width,
            "height": self.height,
            "zone_counter": self.zone_counter,
            "pieces": [p.to_dict() for p in self.pieces.values()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        board = cls(float(data["width"]), float(data["height"]))
        board.zone_counter = int(data.get("zone_counter", 0))
        for item in data["pieces"]:
            piece = TerrainPiece.from_dict(item)
            board.pieces[piece.id] = piece
        return board

    def clone(self) -> Board:
        """An independent copy; shares the immutable pieces and current caches."""
        copy = Board(self.width, self.height, dict(self.pieces), self.version, self.zone_counter)
        if self._cache_version == self.version:
            copy._cache = dict(self._cache)
            copy._cache_version = self.version
        return copy

    # -- caches ---------------------------------------------------------------
    def cache(self, name: str, build: Callable[[], T]) -> T:
        """`build()`'s result, memoised until the board next changes."""
        if self._cache_version != self.version:
            self._cache = {}
            self._cache_version = self.version
        if name not in self._cache:
            self._cache[name] = build()
        value: T = self._cache[name]
        return value

    def _changed(self) -> None:
        self.version = _next_version()

    # -- queries --------------------------------------------------------------
    @property
    def bounds(self) -> Polygon:
        """The table as a polygon."""
        return shapely.box(0.0, 0.0, self.width, self.height)

    def contains(self, x: float, y: float) -> bool:
        """Is the point on the table (edges included)?"""
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height

    def piece(self, piece_id: str) -> TerrainPiece:
        try:
            return self.pieces[piece_id]
        except KeyError:
            raise KeyError(f"no terrain piece {piece_id!r} on the board") from None

    def __iter__(self) -> Iterator[TerrainPiece]:
        return iter(self.pieces.values())

    def _index(self) -> _Index:
        def build() -> _Index:
            ids = tuple(self.pieces)
            return _Index(shapely.STRtree([self.pieces[i].polygon for i in ids]), ids)

        return self.cache("terrain.index", build)

    def query(
        self, geometry: BaseGeometry, predicate: str = "intersects", distance: float | None = None
    ) -> list[TerrainPiece]:
        """Pieces whose polygon meets `geometry` (any shapely STRtree predicate;
        `distance` for "dwithin"), in board order."""
        index = self._index()
        hits = index.tree.query(geometry, predicate=predicate, distance=distance)
        return [self.pieces[index.ids[i]] for i in sorted(int(h) for h in hits)]

    def pieces_at(self, point: tuple[float, float] | Point) -> list[TerrainPiece]:
        """Pieces covering the point (their boundary included)."""
        geom = point if isinstance(point, Point) else Point(point)
        return self.query(geom, "intersects")

    def pieces_near(self, geometry: BaseGeometry, distance: float) -> list[TerrainPiece]:
        """Pieces within `distance` cm of `geometry`."""
        return self.query(geometry, "dwithin", distance)

    def solid_geometry(self) -> BaseGeometry:
        """Union of the movement-blocking pieces (bases may not overlap it)."""
        return self.cache(
            "terrain.solid", lambda: self._union(p for p in self if p.blocks_movement)
        )

    def difficult_geometry(self) -> BaseGeometry:
        """Union of difficult ground (each cm of movement costs 2)."""
        return self.cache("terrain.difficult", lambda: self._union(p for p in self if p.difficult))

    def sight_blockers(self) -> list[TerrainPiece]:
        """Pieces that block line of sight (walls, buildings, closed gates)."""
        return self.cache("terrain.blockers", lambda: [p for p in self if p.blocks_sight])

    def cover_pieces(self) -> list[TerrainPiece]:
        """Pieces that give cover to a sight line crossing them."""
        return self.cache("terrain.cover", lambda: [p for p in self if p.cover > Cover.NONE])

    def platforms(self) -> list[TerrainPiece]:
        """Watchtowers."""
        return self.cache("terrain.platforms", lambda: [p for p in self if p.is_platform])

    @staticmethod
    def _union(pieces: Iterable[TerrainPiece]) -> BaseGeometry:
        polys = [p.polygon for p in pieces]
        return shapely.union_all(polys) if polys else Polygon()

    # -- mutations --------------------------------------------------------------
    def add(self, piece: TerrainPiece) -> None:
        """Place a new piece (its id must be free)."""
        if piece.id in self.pieces:
            raise ValueError(f"terrain piece {piece.id!r} already exists")
        self.pieces[piece.id] = piece
        self._changed()

    def remove(self, piece_id: str) -> TerrainPiece:
        piece = self.piece(piece_id)
        del self.pieces[piece_id]
        self._changed()
        return piece

    def _replace(self, piece: TerrainPiece, **changes: Any) -> TerrainPiece:
        new = replace(piece, **changes)
        if new != piece:
            self.pieces[piece.id] = new
            self._changed()
        return new

    def set_gate(self, gate_id: str, open: bool) -> None:
        """Open or close a gate (Interact, §4); a broken gate stays open."""
        gate = self.piece(gate_id)
        if gate.kind is not K.GATE:
            raise ValueError(f"{gate_id!r} is a {gate.kind}, not a gate")
        if gate.broken and not open:
            raise ValueError(f"gate {gate_id!r} is broken and cannot be closed")
        self._replace(gate, open=open)

    def damage(self, piece_id: str, points: int) -> bool:
        """Remove structure points; True if this destroyed the piece (§11).

        A barricade at 0 becomes rubble; a gate at 0 is broken and stays open.
        """
        piece = self.piece(piece_id)
        if piece.structure is None or piece.destroyed:
            raise ValueError(f"{piece_id!r} ({piece.kind}) has no structure points left")
        if points < 0:
            raise ValueError("damage must not be negative")
        left = max(0, piece.structure - points)
        if left > 0:
            self._replace(piece, structure=left)
            return False
        if piece.kind is K.GATE:
            self._replace(piece, structure=0, open=True, broken=True)
        else:
            self._replace(piece, kind=K.RUBBLE, structure=0, destroyed_from=piece.kind)
        return True

    def repair(self, piece_id: str) -> None:
        """Restore a gate or barricade to full structure (Tüftler, §13)."""
        piece = self.piece(piece_id)
        if piece.max_structure is None:
            raise ValueError(f"{piece_id!r} ({piece.kind}) cannot be repaired")
        kind = piece.destroyed_from or piece.kind
        self._replace(
            piece, kind=kind, structure=piece.max_structure, broken=False, destroyed_from=None
        )

    def add_zone(
        self,
        kind: TerrainKind | str,
        polygon: Polygon,
        expires_round: int | None,
        piece_id: str | None = None,
    ) -> str:
        """Add a smoke or burning zone; returns its id."""
        kind = TerrainKind(kind)
        if kind not in ZONE_KINDS:
            raise ValueError(f"only smoke and burning zones can be added, not {kind}")
        if piece_id is None:
            while True:
                self.zone_counter += 1
                piece_id = f"{kind.value}-{self.zone_counter}"
                if piece_id not in self.pieces:
                    break
        self.add(make_piece(piece_id, kind, polygon, expires_round=expires_round))
        return piece_id

    def expire(self, round_number: int) -> list[str]:
        """Remove zones whose `expires_round` is ≤ round_number; their ids."""
        gone = [
            p.id for p in self if p.expires_round is not None and p.expires_round <= round_number
        ]
        for piece_id in gone:
            del self.pieces[piece_id]
        if gone:
            self._changed()
        return gone
