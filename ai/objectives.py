"""What the sides fight over: the key point, the storage, the entry zones (§12), and
which role a side plays."""

from __future__ import annotations

import math
from typing import Literal

from shapely.geometry import Point, Polygon

from game.board.terrain import TerrainKind, TerrainPiece
from game.engine import Game
from game.play import loot, movement
from game.play.raid import entry_ids, entry_polygon
from game.play.support import improvise_problem
from game.state import Figure, LootMarker

FIND_RADIUS = 0.05
"""cm: a find's goal area (a point with a sliver of area)."""

UNIT_WORTH: dict[str, float] = {"relics": 16.0}
"""A find's worth to the AI per unit of its resource (others 1; P)."""
TRIP_SLACK = 20.0
"""cm added to every trip, so that a find at hand does not outweigh everything (P)."""
DANGER_CM = 25.0
"""cm: enemies standing this near a find make it dangerous (P)."""
DANGER_WEIGHT = 0.5
"""How much each enemy near a find divides its score by (1 + weight × enemies, P)."""

DETOUR = 1.2
"""A path's length over the straight line, for whether a trip ends in time (P)."""

Role = Literal["raiders", "horde", "defenders", "skirmish"]
"""What a side is about: raiding, a horde, defending against a raid, or a skirmish."""


def role_of(game: Game, side: str) -> Role:
    """raiders | horde | defenders (a side facing a raid) | skirmish."""
    st = game.state
    threat = st.sides[side].threat
    if threat == "infected":
        return "horde"
    if threat == "raiders":
        return "raiders"
    if any(s.waves is not None or s.threat is not None for s in st.sides.values()):
        return "defenders"
    return "skirmish"


def key_point(game: Game) -> TerrainPiece | None:
    """The objective's key point module (protect objectives), if it is on the board."""
    objective = game.scenario.objective
    if objective is None or objective.key_point is None:
        return None
    return game.state.board.pieces.get(objective.key_point)


def storage(game: Game) -> TerrainPiece | None:
    """The storage raiders loot: the key point if it is one, else any standing storage."""
    st = game.state
    kp = key_point(game)
    if kp is not None and kp.kind is TerrainKind.STORAGE and kp.id not in st.destroyed_modules:
        return kp
    for piece in st.board:
        if piece.kind is TerrainKind.STORAGE and piece.id not in st.destroyed_modules:
            return piece
    return None


def shelter(game: Game) -> TerrainPiece | None:
    """The shelter the undead try to reach (the key point if it is a shelter)."""
    kp = key_point(game)
    if kp is not None and kp.kind is TerrainKind.SHELTER:
        return kp
    return None


def repairs(game: Game, figure: Figure) -> list[TerrainPiece]:
    """Smashed or damaged barricades and gates the figure could restore with
    Improvisieren (a Tüftler with the use left, nobody standing on the spot)."""
    return [
        piece
        for piece in game.state.board
        if piece.max_structure is not None and improvise_problem(game, figure, piece) is None
    ]


def finds(game: Game, side: str) -> list[LootMarker]:
    """Finds lying on the table a side may take (a loot objective; none when the side
    has no exit to carry them off by)."""
    if not loot.can_loot(game, side):
        return []
    return [m for m in game.state.markers.values() if m.lying]


def find_worth(marker: LootMarker) -> float:
    """What a find is worth to the AI: its value, a relic's many times (P: relics are
    rare and are the crew's experience, "Erfahrung zählt erst bei der Extraktion")."""
    return marker.value * UNIT_WORTH.get(marker.resource, 1.0)


def find_score(game: Game, fig: Figure, marker: LootMarker, way_out: Polygon) -> float:
    """Worth per trip and danger: the worth over the walk there and on to the exit
    (plus `TRIP_SLACK`), less for each enemy standing within `DANGER_CM` of it."""
    spot = Point(marker.x, marker.y)
    trip = Point(fig.x, fig.y).distance(spot) + way_out.distance(spot) + TRIP_SLACK
    near = sum(
        1
        for e in game.state.enemies_of(fig)
        if math.hypot(e.x - marker.x, e.y - marker.y) <= DANGER_CM
    )
    return float(find_worth(marker) / (trip * (1.0 + DANGER_WEIGHT * near)))


def best_find(game: Game, fig: Figure) -> LootMarker | None:
    """The lying find the figure goes for: the best `find_score` (ties: the id) among
    those it can carry out in time and no nearer friend claims (each filter dropped
    when it would leave none)."""
    way_out = exit_of(game, fig.side)
    lying = finds(game, fig.side)
    if way_out is None or not lying:
        return None
    timely = [m for m in lying if _in_time(game, fig, m, way_out)] or lying
    free = [m for m in timely if not _claimed(game, fig, m)] or timely
    return max(free, key=lambda m: (find_score(game, fig, m, way_out), m.id))


def _in_time(game: Game, fig: Figure, marker: LootMarker, way_out: Polygon) -> bool:
    """Can the figure walk there and out before the last round ends (two moves a
    round, the straight trip × `DETOUR`)?"""
    spot = Point(marker.x, marker.y)
    trip = float(Point(fig.x, fig.y).distance(spot) + way_out.distance(spot)) * DETOUR
    rounds = game.scenario.scenario.max_rounds - game.state.round + 1
    return trip <= 2 * movement.allowance(game, fig, "move") * rounds


def _claimed(game: Game, fig: Figure, marker: LootMarker) -> bool:
    """A friend with empty hands stands nearer to the find: it is the friend's (so
    that a side spreads over the finds)."""
    mine = math.hypot(fig.x - marker.x, fig.y - marker.y)
    return any(
        f.id != fig.id
        and f.side == fig.side
        and f.standing
        and not game.state.carried(f.id)
        and math.hypot(f.x - marker.x, f.y - marker.y) < mine
        for f in game.state.figures.values()
    )


def exit_of(game: Game, side: str) -> Polygon | None:
    """Where a side carries finds off the table (a loot objective)."""
    return loot.exit_zone(game, side)


def find_area(marker: LootMarker) -> Polygon:
    """A find as a goal area: a small disc around it (a base touching it can take it)."""
    return Point(marker.x, marker.y).buffer(FIND_RADIUS, quad_segs=4)


def entries(game: Game, side: str) -> list[tuple[str, Polygon]]:
    """A raiding side's entry zones (id, polygon): where loot leaves the table."""
    return [(e, entry_polygon(game, side, e)) for e in entry_ids(game, side)]
