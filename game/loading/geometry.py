"""The geometry stage: geometric and cross-reference problems of raw scenario data
(docs/RULES.md §1.4, §6, §10, §11): invalid or out-of-board polygons, duplicate ids,
bases off the board, in solid terrain, outside their deploy zone or on each other,
overwatch starts without a watchtower, entry zones off the edge, unknown leaders
and key points. Malformed parts are skipped (the structure stage reports them)."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from pydantic import TypeAdapter, ValidationError
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.board.terrain import make_piece
from game.loading.raw import parse_or_none, raw_items
from game.scenario import (
    BoardSpec,
    FigureSpec,
    Issue,
    LootSpec,
    ModuleSpec,
    PolygonSpec,
    RadiusLookup,
    TerrainSpec,
)

DEFAULT_BASE_RADIUS = 1.25
"""25 mm base (docs/RULES.md §1.4)."""
LARGE_BASE_RADIUS = 2.0
"""40 mm base (docs/RULES.md §1.4)."""
LARGE_BASE_PROFILES = frozenset({"brute", "brecher"})
"""Profiles docs/RULES.md §14 puts on 40 mm bases (until the engine supplies a lookup)."""
_EPS = 1e-6


def default_radius(figure: FigureSpec) -> float:
    """Base radius in cm: inline `base_mm`, else 40 mm for large profiles, else 25 mm."""
    if figure.stats is not None and figure.stats.base_mm is not None:
        return figure.stats.base_mm / 20.0
    name = figure.profile_name
    if name is not None and name.strip().lower() in LARGE_BASE_PROFILES:
        return LARGE_BASE_RADIUS
    return DEFAULT_BASE_RADIUS


_POLYGON: TypeAdapter[list[tuple[float, float]]] = TypeAdapter(PolygonSpec)
FAR_CM = 1e6
"""cm: a polygon with a point this far from the board is only reported as outside it
(its area and shape are not worth computing)."""


def _raw_polygon(value: Any) -> Polygon | None:
    """A shapely polygon from raw `[[x, y], ...]`, or None if it is malformed (the
    structure stage reports why: the same type, `PolygonSpec`)."""
    try:
        points = _POLYGON.validate_python(value)
    except ValidationError:
        return None
    return Polygon(points)


class _Checker:
    """Collects geometric and cross-reference issues from raw TOML data."""

    def __init__(self, raw: dict[str, Any], radius: RadiusLookup) -> None:
        self.raw = raw
        self.radius = radius
        self.issues: list[Issue] = []
        board = parse_or_none(BoardSpec, raw.get("board"))
        self.box = None if board is None else shapely.box(0, 0, board.width_cm, board.height_cm)
        self.solids: list[tuple[str, Polygon]] = []
        self.kinds: dict[str, str] = {}
        self.towers: list[str] = []  # watchtower module ids (§11)

    def add(self, path: str, reason: str) -> None:
        self.issues.append((path, reason))

    def unique(self, value: Any, path: str, seen: dict[str, str], what: str) -> None:
        if isinstance(value, str):
            if value in seen:
                self.add(path, f"duplicate {what} id {value!r} (also {seen[value]})")
            else:
                seen[value] = path

    def polygon(self, value: Any, path: str) -> Polygon | None:
        """Check a raw polygon; the valid polygon, or None."""
        poly = _raw_polygon(value)
        if poly is None:
            return None
        if max(map(abs, poly.bounds)) > FAR_CM:
            self.add(path, self.outside())
            return None
        if poly.convex_hull.area <= _EPS:
            self.add(path, "has no area (its points lie on one line)")
            return None
        if not poly.is_valid:
            reason = shapely.is_valid_reason(poly)
            self.add(path, "self-intersecting" if "Self-intersection" in reason else reason)
            return None
        if self.box is not None and not poly.covered_by(self.box):
            self.add(path, self.outside())
        return poly

    def outside(self) -> str:
        if self.box is None:
            return f"outside any board (more than {FAR_CM:g} cm away)"
        _, _, w, h = self.box.bounds
        return f"outside the board (0..{w:g} x 0..{h:g} cm)"

    def pieces(self) -> None:
        ids: dict[str, str] = {}
        for section, model in (("terrain", TerrainSpec), ("module", ModuleSpec)):
            spec_model: type[TerrainSpec] | type[ModuleSpec] = model
            for i, item in raw_items(self.raw, section):
                path = f"{section}[{i}]"
                self.unique(item.get("id"), f"{path}.id", ids, "terrain")
                poly = self.polygon(item.get("polygon"), f"{path}.polygon")
                spec = parse_or_none(spec_model, item)
                if spec is None:
                    continue
                self.kinds[spec.id] = section
                if section == "module" and spec.kind == "watchtower":
                    self.towers.append(spec.id)
                is_open = isinstance(spec, ModuleSpec) and bool(spec.open)
                if (
                    poly is not None
                    and make_piece(spec.id, spec.kind, poly, open=is_open).blocks_movement
                ):
                    self.solids.append((spec.id, poly))

    def sides(self) -> None:
        side_ids: dict[str, str] = {}
        squad_ids: dict[str, str] = {}
        figure_ids: dict[str, str] = {}
        placed: list[tuple[str, str, float, float, float]] = []
        watchers: list[tuple[str, str, bool]] = []  # overwatch starters: path, id, raider
        for s, side in raw_items(self.raw, "side"):
            spath = f"side[{s}]"
            self.unique(side.get("id"), f"{spath}.id", side_ids, "side")
            zone = None
            if "deploy_zone" in side:
                zone = self.polygon(side["deploy_zone"], f"{spath}.deploy_zone")
            raider = isinstance(side.get("raid"), dict)
            for q, squad in raw_items(side, "squad"):
                qpath = f"{spath}.squad[{q}]"
                self.unique(squad.get("id"), f"{qpath}.id", squad_ids, "squad")
                members: set[str] = set()
                for f, fig in raw_items(squad, "figure"):
                    fpath = f"{qpath}.figure[{f}]"
                    self.unique(fig.get("id"), f"{fpath}.id", figure_ids, "figure")
                    if isinstance(fig.get("id"), str):
                        members.add(fig["id"])
                    spec = parse_or_none(FigureSpec, fig)
                    if spec is None:
                        continue
                    radius = self.radius(spec)
                    placed.append((f"{fpath}.at", spec.id, *spec.at, radius))
                    if zone is not None:
                        self.deployed(zone, spec, radius, f"{fpath}.at", side.get("id"))
                    if spec.overwatch:
                        watchers.append((f"{fpath}.overwatch", spec.id, raider))
                leader = squad.get("leader")
                if isinstance(leader, str) and leader not in members:
                    self.add(f"{qpath}.leader", f"{leader!r} is not a figure of this squad")
            raid = side.get("raid")
            if isinstance(raid, dict):
                self.entries(raid, f"{spath}.raid")
            if "exit" in side:
                self.exit(side["exit"], f"{spath}.exit")
        self.placements(placed)
        self.overwatch_starts(watchers)

    def deployed(
        self, zone: Polygon, figure: FigureSpec, radius: float, path: str, side: Any
    ) -> None:
        """A figure placed up front stands wholly inside its side's deploy zone."""
        base = ShapelyPoint(*figure.at).buffer(max(radius - _EPS, _EPS), quad_segs=16)
        if not base.covered_by(zone):
            self.add(path, f"base is not inside the deploy_zone of side {side!r}")

    def overwatch_starts(self, watchers: list[tuple[str, str, bool]]) -> None:
        """Starting in overwatch is the watchtower's rule (docs/RULES.md §6, §11): each
        watchtower lets one defender start in overwatch (a raider never does)."""
        allowed = len(self.towers)
        granted: list[str] = []
        for path, fid, raider in watchers:
            if raider:
                self.add(path, f"{fid} raids: only a defender may start in overwatch (§11)")
            elif not allowed:
                self.add(
                    path,
                    f"{fid} cannot start in overwatch: only a watchtower lets a defender "
                    "start in overwatch (§6, §11), and there is none",
                )
            elif len(granted) >= allowed:
                towers = f"{allowed} watchtower" + ("s" if allowed > 1 else "")
                self.add(
                    path,
                    f"{fid} cannot start in overwatch: each watchtower lets one defender "
                    f"start in overwatch (§11); {towers}, already {', '.join(granted)}",
                )
            else:
                granted.append(fid)

    def entries(self, raid: dict[str, Any], path: str) -> None:
        ids: dict[str, str] = {}
        for e, entry in raw_items(raid, "entry"):
            epath = f"{path}.entry[{e}]"
            self.unique(entry.get("id"), f"{epath}.id", ids, "entry")
            poly = self.polygon(entry.get("polygon"), f"{epath}.polygon")
            if poly is not None and self.box is not None and not poly.intersects(self.box.exterior):
                self.add(f"{epath}.polygon", "an entry zone must touch a board edge")

    def exit(self, value: Any, path: str) -> None:
        poly = self.polygon(value, path)
        if poly is not None and self.box is not None and not poly.intersects(self.box.exterior):
            self.add(path, "an exit must touch a board edge")

    def placements(self, placed: list[tuple[str, str, float, float, float]]) -> None:
        solid_tree = shapely.STRtree([poly for _, poly in self.solids])
        for path, _fid, x, y, r in placed:
            if self.box is not None:
                _, _, w, h = self.box.bounds
                if x - r < -_EPS or y - r < -_EPS or x + r > w + _EPS or y + r > h + _EPS:
                    self.add(path, f"base (radius {r:g} cm) is not inside the board")
            centre = ShapelyPoint(x, y)
            for hit in sorted(int(i) for i in solid_tree.query(centre, "dwithin", r - _EPS)):
                pid, poly = self.solids[hit]
                if poly.distance(centre) < r - _EPS:
                    self.add(path, f"base overlaps solid terrain {pid!r}")
        if len(placed) < 2:
            return
        xy = np.array([(p[2], p[3]) for p in placed])
        radii = np.array([p[4] for p in placed])
        dist = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
        overlap = np.triu(dist < radii[:, None] + radii[None, :] - _EPS, k=1)
        for i, j in zip(*np.nonzero(overlap), strict=True):
            self.add(placed[j][0], f"base overlaps figure {placed[i][1]!r}")

    def objective(self) -> None:
        objective = self.raw.get("objective")
        if not isinstance(objective, dict):
            return
        key = objective.get("key_point")
        if not isinstance(key, str):
            return
        where = self.kinds.get(key)
        if where == "terrain":
            self.add("objective.key_point", f"{key!r} is a terrain piece, not a module")
        elif where is None:
            self.add("objective.key_point", f"no module {key!r}")

    def loot(self) -> None:
        """Loot markers (docs/SCENARIO.md `[[loot]]`): with a loot objective only, ids
        apart from the pieces' (Interact names either), on the board, not in solid
        terrain; a loot objective needs markers, a side with an exit and no raid."""
        objective = self.raw.get("objective")
        kind = objective.get("kind") if isinstance(objective, dict) else None
        markers = list(raw_items(self.raw, "loot"))
        sides = list(raw_items(self.raw, "side"))
        if kind == "loot":
            if not markers:
                self.add("objective.kind", "a loot objective needs at least one [[loot]] marker")
            if not any("exit" in side for _, side in sides):
                self.add("objective.kind", "a loot objective needs a side with an exit")
            for s, side in sides:
                if isinstance(side.get("raid"), dict):
                    self.add(f"side[{s}].raid", "a loot objective is a skirmish: no raid")
        else:
            for i, _ in markers:
                self.add(f"loot[{i}]", 'loot markers need [objective] kind = "loot"')
            for s, side in sides:
                if "exit" in side:
                    self.add(f"side[{s}].exit", 'an exit needs [objective] kind = "loot"')
        ids: dict[str, str] = {}
        solid_tree = shapely.STRtree([poly for _, poly in self.solids])
        for i, item in markers:
            path = f"loot[{i}]"
            mid = item.get("id")
            if isinstance(mid, str) and mid in self.kinds:
                self.add(f"{path}.id", f"{mid!r} is a terrain piece's or module's id too")
            self.unique(mid, f"{path}.id", ids, "loot")
            spec = parse_or_none(LootSpec, item)
            if spec is None:
                continue
            x, y = spec.at
            if self.box is not None and not self.box.covers(ShapelyPoint(x, y)):
                self.add(f"{path}.at", self.outside())
                continue
            centre = ShapelyPoint(x, y)
            for hit in sorted(int(j) for j in solid_tree.query(centre, "intersects")):
                self.add(f"{path}.at", f"inside solid terrain {self.solids[hit][0]!r}")


def check_geometry(raw: dict[str, Any], radius: RadiusLookup = default_radius) -> list[Issue]:
    """Geometric and cross-reference issues of raw scenario data: invalid or
    out-of-board polygons, duplicate ids, bases off the board, in solid terrain or on
    each other, unknown leaders and key points. Malformed parts are skipped (the
    models report them)."""
    checker = _Checker(raw, radius)
    checker.pieces()
    checker.sides()
    checker.objective()
    checker.loot()
    return checker.issues
