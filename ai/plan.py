"""A side's plan for the battle, above single activations (the levels above classic).

Raiders: one breach (a barricade or the gate) and one entry zone for every wave,
chosen by what "in, loot, out" costs — the walk from the entry to the storage
through the breach and back, the blows the breach takes, a minefield on the way,
the guards standing at it — against the rounds left. Melee figures go for the
breach, riflemen stay back and shoot until it is open; every raider's way to the
storage (and back out) runs through the breach, not through whichever barricade
lies nearest. The plan is the intent line the player reads ("storming the north
barricade") and can counter.

Defenders: a volley or hold fire, once per round (ai/danger.py's noise rule): the
first loud shot of a round risks the round-end roll; if the shots the side can
take this round are worth the risk, it fires them all; if not, a loud shot must be
worth the risk by itself.

The plan keeps its own caches (planning boards and flow fields per breach), not the
game's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import shapely

from ai import value
from ai.danger import rounds_left
from ai.fields import shape_signature
from ai.objectives import entries, storage
from ai.scoring import arms, figure_value
from ai.situation import Situation
from ai.spots import table
from ai.ways import descent
from game.board.fields import FlowField
from game.board.terrain import Board, TerrainKind, TerrainPiece, make_piece
from game.play import sight, space
from game.play.breaking import breakable

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

RUN_PER_ROUND = 30.0
"""cm a raider covers in one round (a Run)."""
BLOWS_PER_ROUND = 3.0
"""Structure points a band takes off a breach per round (P: the AI's estimate)."""
MINE_ROUNDS = 1.5
"""Rounds a minefield on the approach is worth avoiding."""
GUARD_ROUNDS = 0.4
"""Rounds each defender standing at a breach is worth avoiding."""
GUARD_RANGE = 20.0
SWITCH = 0.8
"""A new breach replaces the chosen one only if it costs less than this share."""
RIFLE_RANGE = 40.0
"""cm: a figure with a ranged weapon this long supports the breach from afar."""
VOLLEY_COVER = 1
"""Cover assumed for the volley's estimate of each shot (light)."""
FIELDS_KEPT = 12
URGENCY_CAP = 2.0


def planning_board(board: Board, opening: str | None, avoid_fire: bool = True) -> Board:
    """The board with burning zones made solid (unless not `avoid_fire`) and only
    `opening` of the breakable pieces taken away (the others stay in the way)."""
    pieces: dict[str, TerrainPiece] = {}
    for piece in board:
        if piece.id == opening and breakable(piece):
            continue
        if piece.kind is TerrainKind.BURNING and avoid_fire:
            pieces[piece.id] = make_piece(piece.id, TerrainKind.WALL, piece.polygon)
        else:
            pieces[piece.id] = piece
    return Board(board.width, board.height, pieces)


@dataclass
class Breach:
    """The chosen way in: a piece to break (None: one is open already) and an entry."""

    piece: str | None
    entry: str | None
    cost: float  # rounds "in, loot, out" takes


@dataclass
class SidePlan:
    """One side's plan, with the caches it needs."""

    breach: Breach | None = None
    signature: tuple[object, ...] = ()
    _boards: dict[tuple[object, ...], Board] = field(default_factory=dict)
    _fields: dict[tuple[object, ...], FlowField] = field(default_factory=dict)
    _volley: dict[tuple[object, ...], bool] = field(default_factory=dict)
    _stakes: dict[str, tuple[tuple[int, int], dict[str, float]]] = field(default_factory=dict)

    def stakes(self, game: Game, side: str) -> dict[str, float]:
        """`value.stakes` of a side, worked out once per game state."""
        key = (id(game.state), game.state.action_count)
        held = self._stakes.get(side)
        if held is None or held[0] != key:
            held = (key, value.stakes(game, side))
            self._stakes[side] = held
        return held[1]

    # -- raiders -----------------------------------------------------------------------
    def update(self, game: Game, side: str) -> Breach | None:
        """The breach for the board as it is (chosen again only when something has
        opened, broken or burnt, and kept unless another is much cheaper)."""
        if storage(game) is None or not entries(game, side):
            return None
        sig = shape_signature(game.state.board)
        if self.breach is not None and sig == self.signature:
            return self.breach
        best = self._choose(game, side)
        if self.breach is None or best is None:
            self.breach = best
        else:
            current = self._cost_of(game, side, self.breach.piece, self.breach.entry)
            if current is None or best.cost < SWITCH * current:
                self.breach = best
            else:
                self.breach = Breach(self.breach.piece, self.breach.entry, current)
        self.signature = sig
        return self.breach

    def _pieces(self, game: Game) -> list[str | None]:
        """Breaches to weigh: each breakable piece, and None (an opening already)."""
        out: list[str | None] = [p.id for p in game.state.board if breakable(p)]
        return [*sorted(out, key=str), None]

    def _choose(self, game: Game, side: str) -> Breach | None:
        best: Breach | None = None
        for piece in self._pieces(game):
            for entry, _ in entries(game, side):
                cost = self._cost_of(game, side, piece, entry)
                if cost is not None and (best is None or cost < best.cost - 1e-9):
                    best = Breach(piece, entry, cost)
        return best

    def _cost_of(self, game: Game, side: str, piece: str | None, entry: str | None) -> float | None:
        """Rounds "in, loot, out" takes through `piece` from `entry` (None: no way)."""
        board = game.state.board
        store = storage(game)
        if store is None:
            return None
        if piece is not None and (piece not in board.pieces or not breakable(board.pieces[piece])):
            piece = None
        zones = dict(entries(game, side))
        if entry not in zones:
            return None
        radius = _radius(game, side)
        flow = self.field(game, piece, ("storage", store.id), [store.polygon], radius)
        start = zones[entry].centroid
        way = float(flow.distance_at(np.array([[start.x, start.y]]))[0])
        if not math.isfinite(way):
            return None
        rounds = 2.0 * way / RUN_PER_ROUND
        if piece is not None:
            target = board.pieces[piece]
            rounds += float(target.structure or 0) / BLOWS_PER_ROUND
            rounds += GUARD_ROUNDS * _guards(game, side, target)
        route = descent(flow, (start.x, start.y), way + 1.0)
        rounds += MINE_ROUNDS * _mines_on(game, route)
        return rounds

    def field(
        self,
        game: Game,
        opening: str | None,
        key: tuple[object, ...],
        goals: list[object],
        radius: float,
        avoid_fire: bool = True,
    ) -> FlowField:
        """A flow field toward `goals` on the planning board that opens only
        `opening` (kept while the board's shape stays the same)."""
        board = game.state.board
        sig = shape_signature(board)
        bkey = (sig, opening, avoid_fire)
        plan_board = self._boards.get(bkey)
        if plan_board is None:
            if len(self._boards) > FIELDS_KEPT:
                self._boards.clear()
            plan_board = planning_board(board, opening, avoid_fire)
            self._boards[bkey] = plan_board
        fkey = (sig, opening, avoid_fire, key, round(radius, 3), space.difficult_cost(game))
        found = self._fields.get(fkey)
        if found is None:
            if len(self._fields) > FIELDS_KEPT:
                self._fields.clear()
            found = FlowField(
                plan_board,
                goals,
                radius=radius,
                difficult_cost=space.difficult_cost(game),
            )
            self._fields[fkey] = found
        return found

    def goal_field(self, game: Game, fig: Figure, goal: str) -> FlowField | None:
        """The raider's field toward its goal (the storage, or out by an entry) through
        the chosen breach, around fire if there is a way, else through it (None: no
        plan, or a goal the plan does not route)."""
        if self.breach is None:
            return None
        opening = self.breach.piece
        if goal == "storage":
            store = storage(game)
            if store is None:
                return None
            key: tuple[object, ...] = ("storage", store.id)
            goals: list[object] = [store.polygon]
        elif goal == "exit":
            zones = entries(game, fig.side)
            key, goals = ("exit", *(e for e, _ in zones)), [p for _, p in zones]
        else:
            return None
        found = self.field(game, opening, key, goals, fig.radius)
        if not math.isfinite(float(found.distance_at(np.array([fig.pos]))[0])):
            found = self.field(game, opening, key, goals, fig.radius, avoid_fire=False)
        return found

    def open_piece(self, game: Game) -> TerrainPiece | None:
        """The breach piece while it still stands (None: the way is open)."""
        if self.breach is None or self.breach.piece is None:
            return None
        piece = game.state.board.pieces.get(self.breach.piece)
        return piece if piece is not None and breakable(piece) else None

    def role(self, game: Game, fig: Figure) -> str:
        """breaker | support: riflemen stay back while the breach stands."""
        if self.open_piece(game) is None:
            return "breaker"
        rifle = any(a.reach >= RIFLE_RANGE for a in arms(game, fig, melee=False))
        return "support" if rifle else "breaker"

    def urgency(self, game: Game, sit: Situation) -> float:
        """How pressed for time the raider is, 0 … URGENCY_CAP: the rounds "in, loot,
        out" still takes from where it stands (the breach's blows included) against
        the rounds left."""
        piece = self.open_piece(game)
        need = float(piece.structure or 0) / BLOWS_PER_ROUND if piece is not None else 0.0
        way = float(sit.progress[0]) if len(sit.progress) else 0.0
        need += 2.0 * way / RUN_PER_ROUND
        return min(URGENCY_CAP, need / rounds_left(game))

    # -- defenders ------------------------------------------------------------------------
    def volley(self, game: Game, side: str, risk: float) -> bool:
        """Are the loud shots the side can still take this round worth the risk of the
        round-end roll? (once per round and set of figures still to act)"""
        st = game.state
        mine = [f for f in st.figures.values() if f.side == side and f.standing]
        waiting = tuple(sorted(f.id for f in mine if not f.activated))
        key = (st.round, waiting, len(game.history))
        found = self._volley.get(key)
        if found is None:
            found = volley_worth(game, [f for f in mine if not f.activated]) >= risk
            if len(self._volley) > 64:
                self._volley.clear()
            self._volley[key] = found
        return found


def volley_worth(game: Game, shooters: list[Figure]) -> float:
    """The sum of each shooter's best loud shot at an enemy it sees now."""
    loud = [f for f in shooters if any(a.weapon.loud for a in arms(game, f, melee=False))]
    if not loud:
        return 0.0
    foes = [f for f in game.state.figures.values() if f.standing and f.side != loud[0].side]
    if not foes:
        return 0.0
    seen = sight.seen_by(game, loud, foes)
    total = 0.0
    for i, me in enumerate(loud):
        best = 0.0
        for j, foe in enumerate(foes):
            if not seen[i, j]:
                continue
            gap = np.array([math.dist(me.pos, foe.pos) - me.radius - foe.radius])
            tab = table(game, me, foe, value=figure_value(game, foe))
            shot = tab.at(gap, np.array([VOLLEY_COVER], np.int8), np.ones(1, bool), -1.0)
            best = max(best, float(shot[0]))
        total += best
    return total


def _radius(game: Game, side: str) -> float:
    """The base radius the side's routes are planned for (its raiders' usual one)."""
    radii = [f.radius for f in game.state.figures.values() if f.side == side]
    return min(radii) if radii else float(game.rules.knobs.base_radius.small)


def _guards(game: Game, side: str, piece: TerrainPiece) -> int:
    """Enemies standing within GUARD_RANGE of the piece."""
    return sum(
        1
        for f in game.state.figures.values()
        if f.side != side
        and f.standing
        and piece.polygon.distance(shapely.Point(f.pos)) <= GUARD_RANGE
    )


def _mines_on(game: Game, route: list[tuple[float, float]]) -> int:
    """Minefields not yet spent that the route runs into."""
    if len(route) < 2:
        return 0
    st = game.state
    line = shapely.LineString(route)
    return sum(
        1
        for p in st.board.pieces.values()
        if p.kind is TerrainKind.MINEFIELD
        and p.id not in st.minefield_spent
        and line.intersects(p.polygon)
    )
