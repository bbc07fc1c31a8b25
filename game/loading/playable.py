"""The playability stage: what a layout needs to be played as a battle beyond its
format and geometry (`main.py check`, `run`, `sim`, `play` refuse it otherwise).

- every side has figures: its squads hold some, or it raids;
- an entry zone has room for a base of the raid (its smallest) outside solid
  terrain — where waves are placed — and is connected to the refuge (a figure of
  another side, or the key point) by a way that base can take: around walls,
  buildings, wrecks and low walls too thick to vault; barricades and gates can be
  broken or opened, thin low walls vaulted (§10, §11, §12).

(A deploy zone is valid once its polygon is: the geometry stage holds every figure
of its side wholly inside it, on the board and clear of solid terrain.)

Geometry with shapely only (so `check` loads no kernels): where a base's centre may
stand is the table shrunk by its radius minus solid terrain grown by it (as
game/board/freespace.py, with its corner slack); a way exists between two places
when they lie in one connected part of that region (the path finder searches the
same region).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.rules.loader import RulesData, UnknownNameError
from game.scenario import Issue, RadiusLookup, Scenario, SideSpec

ARC_STEPS = 8
"""Segments per quarter circle when growing terrain (as the board does)."""
SLACK = 1.0 / math.cos(3 * math.pi / (8 * ARC_STEPS))
"""Terrain is grown by the radius times this (the board's corner slack)."""
SPOT_STEP = 0.5
"""cm between the spots a wave's bases are placed on (game/play/placement.py): room
holding a circle of 0.75 × this holds one of them."""
BREAKABLE = frozenset({TerrainKind.BARRICADE, TerrainKind.GATE})
"""Solid pieces a raid can break or open (§11)."""


def _grown(solid: BaseGeometry, radius: float) -> BaseGeometry:
    if solid.is_empty:
        return solid
    return solid.buffer(radius * SLACK + 1e-6, quad_segs=ARC_STEPS)


def free_region(board: Board, radius: float, solid: BaseGeometry) -> BaseGeometry:
    """Where a base centre of `radius` may stand around `solid`."""
    table = shapely.box(radius, radius, board.width - radius, board.height - radius)
    if board.width <= 2 * radius or board.height <= 2 * radius:
        return shapely.Polygon()
    return table.difference(_grown(solid, radius))


def has_room(area: BaseGeometry) -> bool:
    """The area holds a spot a base can be placed on."""
    return not area.is_empty and not area.buffer(-0.75 * SPOT_STEP).is_empty


def _union(pieces: Iterable[TerrainPiece]) -> BaseGeometry:
    polygons = [p.polygon for p in pieces]
    return shapely.union_all(polygons) if polygons else shapely.Polygon()


def _thickness(piece: TerrainPiece) -> float:
    """The diameter of the largest circle inside the piece (game/board/vaults.py)."""
    return 2.0 * float(shapely.maximum_inscribed_circle(piece.polygon, 1e-4).length)


class _Table:
    """The layout's table: its solid terrain, and what stays solid for a raid."""

    def __init__(self, layout: Scenario, rules: RulesData) -> None:
        self.board = Board.from_scenario(layout)
        solid = [p for p in self.board if p.blocks_movement]
        vault = float(rules.knobs.move.vault_max_thickness)
        self.solid = _union(solid)
        self.lasting = _union(
            p
            for p in solid
            if p.kind not in BREAKABLE
            and not (p.kind is TerrainKind.LOW_WALL and _thickness(p) <= vault + 1e-9)
        )

    def room(self, zone: BaseGeometry, radius: float) -> BaseGeometry:
        return zone.intersection(free_region(self.board, radius, self.solid))


def _raid_radius(side: SideSpec, rules: RulesData) -> float:
    """The smallest base of a raid's roster (25 mm where a name is unknown)."""
    assert side.raid is not None
    radii = []
    for entry in side.raid.roster:
        try:
            radii.append(float(rules.profile(entry.profile).base_radius))
        except UnknownNameError:
            radii.append(1.25)
    return min(radii)


def _targets(layout: Scenario, side: SideSpec, radius: RadiusLookup) -> list[BaseGeometry]:
    """What a raid's way must reach: the other sides' bases (within contact) and
    the key point."""
    out: list[BaseGeometry] = [
        Point(*figure.at).buffer(radius(figure) + 0.5)
        for other, _, figure in layout.figures()
        if other.id != side.id
    ]
    objective = layout.objective
    if objective is not None and objective.key_point is not None:
        for module in layout.module:
            if module.id == objective.key_point:
                out.append(shapely.Polygon(module.polygon))
    return out


def side_issues(layout: Scenario) -> list[Issue]:
    """Sides that bring no figures: squads without figures and no raid."""
    return [
        (f"side[{s}]", f"side {side.id!r} has no figures: its squads are empty and it has no raid")
        for s, side in enumerate(layout.side)
        if side.raid is None and not any(squad.figure for squad in side.squad)
    ]


def _entry_issues(
    layout: Scenario, table: _Table, rules: RulesData, radius: RadiusLookup
) -> list[Issue]:
    issues: list[Issue] = []
    for s, side in enumerate(layout.side):
        if side.raid is None:
            continue
        r = _raid_radius(side, rules)
        targets = _targets(layout, side, radius)
        ways = free_region(table.board, r, table.lasting)
        parts = list(getattr(ways, "geoms", [ways]))
        for e, entry in enumerate(side.raid.entry):
            path = f"side[{s}].raid.entry[{e}].polygon"
            room = table.room(shapely.Polygon(entry.polygon), r)
            if not has_room(room):
                reason = f"no room for a base ({r:g} cm) outside solid terrain: no wave can enter"
                issues.append((path, reason))
                continue
            if not targets:
                continue
            starts = [part for part in parts if part.intersects(room)]
            if not any(part.intersects(t) for part in starts for t in targets):
                issues.append(
                    (
                        path,
                        f"no way for a base ({r:g} cm) from here to the refuge (the other "
                        "sides' figures or the key point): walls, buildings or wrecks "
                        "close it in",
                    )
                )
    return issues


def playability_issues(layout: Scenario, rules: RulesData, radius: RadiusLookup) -> list[Issue]:
    """Everything that keeps a valid layout from being played as a battle, beyond
    its number of sides."""
    issues = side_issues(layout)
    if not any(side.raid is not None for side in layout.side):
        return issues
    return issues + _entry_issues(layout, _Table(layout, rules), rules, radius)
