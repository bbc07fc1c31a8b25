"""Movement measured in cm (docs/RULES.md §4 Move, §10 difficult ground, §1.4 bases).

`find_path` gives the shortest path for a base of radius r around solid terrain and
other bases, staying on the table; "cannot get there" is an answer
(`reachable=False` with a reason), not an exception. The path's *cost* counts
difficult ground double (`difficult_cost`); its *length* is plain cm. The search
runs on a visibility graph (see `game.board.vgraph` for the approximations) cached
per movement signature and radius (the solid and difficult geometry: see
`freespace.movement_cache`); other bases are added and removed incrementally.
`truncate_path` cuts a path where a movement allowance runs out. A Run's path may
vault thin low walls (`vault=`, see `game.board.vaults`): its `vaults` say where,
and its cost includes `vault_cost` for each.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from numpy.typing import NDArray

from game.board.freespace import (
    DIFFICULT_COST,
    TOL,
    Circle,
    FreeSpace,
    Point2,
    difficult_ground,
    free_space,
    movement_cache,
)
from game.board.polyline import cumulative, sub_path
from game.board.terrain import Board
from game.board.vaults import Span, VaultRule, vaulting
from game.board.vgraph import NavGraph

FloatArray = NDArray[np.float64]

__all__ = [
    "DIFFICULT_COST",
    "Circle",
    "PathResult",
    "VaultRule",
    "cost_lower_bounds",
    "find_path",
    "nav_graph",
    "path_cost",
    "truncate_path",
]


@dataclass(frozen=True)
class PathResult:
    """A path for one base: its corner points, plain length and movement cost in cm.

    `complete` is False when the path was cut short by an allowance; `reason` says
    why a target is not reachable.
    """

    reachable: bool
    points: tuple[Point2, ...] = ()
    length_cm: float = 0.0
    cost_cm: float = 0.0
    complete: bool = True
    reason: str = field(default="")
    vaults: tuple[Span, ...] = ()
    vault_cost: float = 0.0

    @property
    def end(self) -> Point2 | None:
        """Where the base ends up (None if unreachable)."""
        return self.points[-1] if self.points else None

    @property
    def vault_cm(self) -> float:
        """What the vaults on the way add to the cost (in `cost_cm`)."""
        return len(self.vaults) * self.vault_cost

    def to_dict(self) -> dict[str, Any]:
        """The CLI's JSON form."""
        out: dict[str, Any] = {
            "reachable": self.reachable,
            "length_cm": round(self.length_cm, 6),
            "cost_cm": round(self.cost_cm, 6),
            "points": [[round(x, 6), round(y, 6)] for x, y in self.points],
        }
        if self.vaults:
            out["vaults"] = len(self.vaults)
            out["vault_cm"] = round(self.vault_cm, 6)
        if not self.complete:
            out["complete"] = False
        if self.reason:
            out["reason"] = self.reason
        return out


def nav_graph(board: Board, radius: float, difficult_cost: float = DIFFICULT_COST) -> NavGraph:
    """The visibility graph for a radius (cached per movement signature: see
    `freespace.movement_cache`)."""
    key = f"navgraph:{float(radius)!r}:{float(difficult_cost)!r}"
    return movement_cache(board, key, lambda: NavGraph(free_space(board, radius), difficult_cost))


def _free_point(space: FreeSpace, graph: NavGraph, point: Point2) -> Point2 | None:
    """A strictly free point within about TOL (or a corner's slack) of a legal one."""
    p = point
    for _ in range(3):
        snapped = space.snap(graph.push_off_bases(p))
        if snapped is None:
            return None
        if snapped == p and not graph.blocked_by_base(p):
            return p
        p = snapped
    return None


def _problem(space: FreeSpace, graph: NavGraph, point: Point2) -> str | None:
    if not all(math.isfinite(v) for v in point):
        return "not a finite point"
    problem = space.problem(point)
    if problem is None and graph.blocked_by_base(point):
        problem = "overlaps another base"
    return problem


def find_path(
    board: Board,
    start: Point2,
    goal: Point2,
    *,
    radius: float,
    obstacles: Iterable[Circle] = (),
    difficult_cost: float = DIFFICULT_COST,
    vault: VaultRule | None = None,
) -> PathResult:
    """Shortest (cheapest) path for a base of `radius` centred at `start` to `goal`.

    `obstacles` are the other bases (true radii); the mover must not be among them.
    With a `vault` rule (a Run) the path may vault thin low walls at a cost
    (`game.board.vaults`): going around and vaulting compete on total cost (a way
    around that costs no more than the straight distance plus one vault is taken
    without searching the vault graph: no vault can beat it).
    """
    start = (float(start[0]), float(start[1]))
    goal = (float(goal[0]), float(goal[1]))
    if vault is not None:
        bases = list(obstacles)
        plain = find_path(
            board, start, goal, radius=radius, obstacles=bases, difficult_cost=difficult_cost
        )
        # a path with a vault costs at least the straight distance plus one vault
        if plain.reachable and plain.cost_cm <= math.dist(start, goal) + vault.cost:
            return plain
        obstacles = bases
    space = free_space(board, radius)
    run = None if vault is None else vaulting(board, radius, vault, difficult_cost)
    graph = nav_graph(board, radius, difficult_cost) if run is None else run.graph
    graph.set_bases(obstacles)
    for label, point in (("start", start), ("goal", goal)):
        problem = _problem(space, graph, point)
        if problem is not None:
            return PathResult(False, reason=f"{label} {problem}")
    a = _free_point(space, graph, start)
    b = _free_point(space, graph, goal)
    if a is None or b is None:
        return PathResult(False, reason="no room to move")
    found = graph.shortest(a, b)
    if not found.points:
        return PathResult(False, reason="no way through")
    points = _dedupe([start, *found.points, goal])
    length, cost = path_cost(board, points, difficult_cost=difficult_cost)
    if run is None:
        return PathResult(True, tuple(points), length, cost)
    spans = run.walls.spans(points)
    extra = len(spans) * run.cost
    return PathResult(True, tuple(points), length, cost + extra, vaults=spans, vault_cost=run.cost)


def cost_lower_bounds(
    board: Board,
    start: Point2,
    goals: FloatArray,
    *,
    radius: float,
    obstacles: Iterable[Circle] = (),
    difficult_cost: float = DIFFICULT_COST,
    limit: float = math.inf,
) -> FloatArray:
    """For each goal (n, 2), the graph cost `find_path(start, goal)` would find, from
    one search out of the start (its `cost_cm` is never less, up to rounding: it
    adds the short legs to snapped ends): inf where no path costs at most `limit`
    (or there is none), -inf where the goal would need snapping to a free point
    (no bound)."""
    xy = np.asarray(goals, np.float64).reshape(-1, 2)
    out = np.full(len(xy), -np.inf)
    start = (float(start[0]), float(start[1]))
    space = free_space(board, radius)
    graph = nav_graph(board, radius, difficult_cost)
    graph.set_bases(obstacles)
    if len(xy) == 0 or _problem(space, graph, start) is not None:
        return out
    a = _free_point(space, graph, start)
    if a is None:
        return out
    clean = np.asarray(shapely.contains_xy(space.inner, xy[:, 0], xy[:, 1]), np.bool_)
    clean &= np.isfinite(xy).all(axis=1)
    if graph.circles.shape[0]:
        c = graph.circles
        d = np.hypot(xy[:, 0, None] - c[:, 0], xy[:, 1, None] - c[:, 1])
        clean &= ~(d < c[:, 2] + 2 * TOL).any(axis=1)
    if clean.any():
        cost = graph.costs_to(a, xy[clean], limit)
        out[clean] = np.where(cost <= limit, cost, np.inf)
    return out


def _dedupe(points: Sequence[Point2]) -> list[Point2]:
    out: list[Point2] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 1e-12:
            out.append(p)
    if not out and points:
        out.append(points[0])
    return out


def path_cost(
    board: Board, points: Sequence[Point2], *, difficult_cost: float = DIFFICULT_COST
) -> tuple[float, float]:
    """(length, cost) in cm of a polyline; cost counts difficult ground extra."""
    if len(points) < 2:
        return 0.0, 0.0
    xy = np.asarray(points, np.float64)
    p, q = xy[:-1], xy[1:]
    length = float(np.hypot(*(q - p).T).sum())
    inside = float(difficult_ground(board).inside_length(p, q).sum())
    return length, length + (difficult_cost - 1.0) * inside


def _cut_segment(
    board: Board, a: Point2, b: Point2, budget: float, difficult_cost: float
) -> float | None:
    """Parameter t where `budget` cm of cost run out on a→b (None if it lasts)."""
    seg_len = math.dist(a, b)
    t = 0.0
    pieces: list[tuple[float, float, float]] = []
    for t0, t1 in difficult_ground(board).spans(a, b):
        if t0 > t:
            pieces.append((t, t0, 1.0))
        pieces.append((max(t, t0), t1, difficult_cost))
        t = max(t, t1)
    if t < 1.0:
        pieces.append((t, 1.0, 1.0))
    for t0, t1, weight in pieces:
        piece_cost = (t1 - t0) * seg_len * weight
        if piece_cost >= budget:
            return t0 + budget / (seg_len * weight)
        budget -= piece_cost
    return None


def truncate_path(
    board: Board,
    path: PathResult | Sequence[Point2],
    allowance: float,
    *,
    difficult_cost: float = DIFFICULT_COST,
) -> PathResult:
    """The part of a path a figure can move with `allowance` cm (difficult ground
    costs `difficult_cost` per cm): where it stops, and what that costs. A path's
    vaults are paid for whole when they are begun; a figure that cannot pay for the
    next one stops where it begins (never over a wall)."""
    if isinstance(path, PathResult):
        if not path.reachable:
            return path
        if path.vaults:
            return _truncate_vaulting(board, path, allowance, difficult_cost)
        points = list(path.points)
    else:
        points = [(float(x), float(y)) for x, y in path]
    return _truncate_plain(board, points, allowance, difficult_cost)


def _truncate_vaulting(
    board: Board, path: PathResult, allowance: float, difficult_cost: float
) -> PathResult:
    """`truncate_path` for a path with vaults."""
    points = path.points
    budget = max(0.0, float(allowance))
    done, stop, complete = 0.0, float(cumulative(points)[-1]), True
    kept: list[Span] = []
    for begin, end in path.vaults:
        _, before = path_cost(board, sub_path(points, done, begin), difficult_cost=difficult_cost)
        _, over = path_cost(board, sub_path(points, begin, end), difficult_cost=difficult_cost)
        need = before + over + path.vault_cost
        if need > budget + 1e-12:
            stop, complete = begin, False
            break
        budget -= need
        done = end
        kept.append((begin, end))
    tail = _truncate_plain(board, sub_path(points, done, stop), budget, difficult_cost)
    complete = complete and tail.complete
    walked = list(points) if complete else sub_path(points, 0.0, done + tail.length_cm)
    length, cost = path_cost(board, walked, difficult_cost=difficult_cost)
    return PathResult(
        True,
        tuple(walked),
        length,
        cost + len(kept) * path.vault_cost,
        complete=complete,
        vaults=tuple(kept),
        vault_cost=path.vault_cost,
    )


def _truncate_plain(
    board: Board, points: list[Point2], allowance: float, difficult_cost: float
) -> PathResult:
    """`truncate_path` for a polyline without vaults."""
    if not points:
        return PathResult(False, reason="empty path")
    budget = max(0.0, float(allowance))
    kept: list[Point2] = [points[0]]
    complete = True
    for a, b in itertools.pairwise(points):
        _, seg_cost = path_cost(board, [a, b], difficult_cost=difficult_cost)
        if seg_cost <= budget + 1e-12:
            kept.append(b)
            budget -= seg_cost
            continue
        t = _cut_segment(board, a, b, budget, difficult_cost)
        if t is not None and t > 0:
            kept.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        complete = False
        break
    kept = _dedupe(kept)
    length, cost = path_cost(board, kept, difficult_cost=difficult_cost)
    return PathResult(True, tuple(kept), length, cost, complete=complete)
