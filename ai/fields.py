"""Flow fields toward the AI's goals, cached per board shape (docs/RULES.md §8, §12).

The fields run over a "planning board": the real board with every breakable piece
(standing barricades, closed gates) taken away — the attackers plan to break
through them — and every burning zone made solid, so that routes keep out of the
fire (§5.5: undead avoid it when they can). A barricade losing structure points
does not change the planning board, so its fields are reused until something opens,
breaks or burns. One field per goal and base radius, shared by every figure.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from game.board.fields import FlowField, Goal
from game.board.freespace import Circle
from game.board.terrain import Board, TerrainKind, TerrainPiece, make_piece
from game.engine import Game
from game.play.breaking import breakable
from game.play.cache import Entry, Lasts

FIELDS_KEPT = 48
"""Flow fields kept per game (least recently used go first)."""
PLANS_KEPT = 4
"""Planning boards kept per game."""


class Hashed(tuple[Any, ...]):
    """A tuple that works out its hash once: a cache key looked up again and again
    (a board's shape has a row per piece; the bases of a crowd one per figure)."""

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = super().__hash__()
            return self._hash


def shape_signature(board: Board) -> tuple[Hashable, ...]:
    """What the planning board depends on: every piece's id, kind and whether it
    blocks movement (structure points left do not matter)."""
    return board.cache(
        "ai.signature",
        lambda: Hashed(sorted((p.id, p.kind.value, p.blocks_movement) for p in board)),
    )


@dataclass(frozen=True)
class PlanningBoard:
    """The board the AI plans routes on, and the pieces it plans to break."""

    board: Board
    breakables: tuple[str, ...]
    burning: tuple[str, ...]


def planning_board(board: Board) -> PlanningBoard:
    """The real board without breakable pieces and with burning zones made solid."""
    pieces: dict[str, TerrainPiece] = {}
    gone: list[str] = []
    burning: list[str] = []
    for piece in board:
        if breakable(piece):
            gone.append(piece.id)
        elif piece.kind is TerrainKind.BURNING:
            burning.append(piece.id)
            pieces[piece.id] = make_piece(piece.id, TerrainKind.WALL, piece.polygon)
        else:
            pieces[piece.id] = piece
    return PlanningBoard(Board(board.width, board.height, pieces), tuple(gone), tuple(burning))


class FieldCache:
    """Planning boards and flow fields of one game, reused while the board's shape
    stays the same."""

    def __init__(self) -> None:
        self._plans: OrderedDict[tuple[Hashable, ...], PlanningBoard] = OrderedDict()
        self._fields: OrderedDict[tuple[Hashable, ...], FlowField] = OrderedDict()
        self.built = 0  # flow fields computed (for tests and benchmarks)

    def copy(self) -> FieldCache:
        twin = FieldCache()
        twin._plans, twin._fields = self._plans.copy(), self._fields.copy()
        return twin

    def plan(self, board: Board) -> PlanningBoard:
        """The planning board of the board as it is (looked up once per version)."""
        return board.cache("ai.plan", lambda: self._plan(board))

    def _plan(self, board: Board) -> PlanningBoard:
        key = shape_signature(board)
        found = self._plans.get(key)
        if found is None:
            found = planning_board(board)
            self._plans[key] = found
            while len(self._plans) > PLANS_KEPT:
                self._plans.popitem(last=False)
        else:
            self._plans.move_to_end(key)
        return found

    def field(
        self,
        board: Board,
        radius: float,
        goal_key: Hashable,
        goals: Sequence[Goal],
        difficult_cost: float,
        obstacles: Sequence[Circle] = (),
    ) -> FlowField:
        """The flow field toward `goals` (named by `goal_key`, which must also name the
        obstacles) for a base radius."""
        key = (shape_signature(board), float(radius), float(difficult_cost), goal_key)
        found = self._fields.get(key)
        if found is None:
            plan = self.plan(board)
            found = FlowField(
                plan.board,
                goals,
                radius=radius,
                obstacles=obstacles,
                difficult_cost=difficult_cost,
            )
            self.built += 1
            self._fields[key] = found
            while len(self._fields) > FIELDS_KEPT:
                self._fields.popitem(last=False)
        else:
            self._fields.move_to_end(key)
        return found


FIELDS: Entry[FieldCache] = Entry(
    "ai.fields",
    holds="planning boards and flow fields",
    key="the board's shape (pieces, kinds, what blocks), base radius, goal, obstacles",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    make=lambda: FieldCache(),
    copy=lambda fields: fields.copy(),
)


def field_cache(game: Game) -> FieldCache:
    """The field cache that lives with a game."""
    return game.cache.value(FIELDS)
