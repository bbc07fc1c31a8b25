"""Movement benchmarks on the shared dense scene (not part of the default run).

    python -m pytest tests/bench/bench_paths.py -q -s
    python tests/bench/bench_paths.py

1. Exact path query (visibility graph, the other 199 figures as obstacles, a
   different mover each query so the graph is updated incrementally): median ms.
   Target ≤ 5 ms. Baseline in the same run: the same query with the graph built
   from scratch (a fresh board version).
2. Reachable area for a Move (15 cm) among the figures, polygon included: median
   ms. Target ≤ 10 ms.
3. Flow field over the whole table towards 3 goals: median ms. Target ≤ 10 ms.
   Baseline in the same run: a pure-Python heap Dijkstra with the same stencil on a
   quarter of the table, compared per cell.
4. pymunk bases: all 200 figures move one after another. Each picks a seeded goal
   5–30 cm away that is free where the others stand *now* and reachable around
   them (reachable area, then the exact path; nearer goals down to 1 cm only if
   there is none farther), cuts the path at 15 cm and moves through the base
   space; a figure hemmed in by the others waits until someone has moved;
   the figures that moved, the total time, and the smallest gap between two bases
   after any move (no overlap: ≥ 0).
5. A whole game of scenarios/refuge_horde.toml with random bots on every side
   (imports and kernels warm, movement caches cold: the game builds its graph):
   median seconds over two seeds, and the median ms of one legal_actions().
   Reported, not asserted (most of a game is other rooms' work).
"""

from __future__ import annotations

import contextlib
import heapq
import math
import statistics
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.board.fields import FlowField  # noqa: E402
from game.board.freespace import Circle, clear_movement_caches, free_space  # noqa: E402
from game.board.grid import move_grid, stencil  # noqa: E402
from game.board.paths import PathResult, find_path, truncate_path  # noqa: E402
from game.board.physics import BaseSpace  # noqa: E402
from game.board.reach import reachable_area  # noqa: E402
from game.board.terrain import Board  # noqa: E402
from game.loading import load_scenario  # noqa: E402
from game.sim import GameStalled, run_game  # noqa: E402

if TYPE_CHECKING:
    from ai.base import Controller
    from game.actions import Action
    from game.engine import Game

SCENE = ROOT / "tests" / "board" / "data" / "dense_scene.toml"
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
R = 1.25
MAX_PATH_MS = 5.0
MAX_REACH_MS = 10.0
MAX_FIELD_MS = 10.0


def load() -> tuple[Board, list[Circle], list[str]]:
    scenario = load_scenario(SCENE)
    figs = [fig for _, _, fig in scenario.figures()]
    bases = [Circle(float(f.at[0]), float(f.at[1]), R) for f in figs]
    return Board.from_scenario(scenario), bases, [f.id for f in figs]


def targets(board: Board, bases: list[Circle], n: int, seed: int) -> list[tuple[float, float]]:
    """Seeded free points 5–30 cm from the figures they belong to (one per figure)."""
    rng = np.random.default_rng(seed)
    space = free_space(board, R)
    out: list[tuple[float, float]] = []
    k = 0
    while len(out) < n:
        base = bases[k % len(bases)]
        angle, dist = rng.uniform(0, 2 * math.pi), rng.uniform(5, 30)
        p = (base.x + dist * math.cos(angle), base.y + dist * math.sin(angle))
        clear = all(math.dist(p, b.centre) >= 2 * R for b in bases)
        if space.problem(p) is None and clear:
            out.append(p)
            k += 1
    return out


def others(bases: list[Circle], i: int) -> list[Circle]:
    return bases[:i] + bases[i + 1 :]


def path_ms(board: Board, bases: list[Circle], goals: list[tuple[float, float]]) -> float:
    find_path(board, bases[0].centre, goals[0], radius=R, obstacles=others(bases, 0))
    times = []
    for i, goal in enumerate(goals):
        t0 = time.perf_counter()
        find_path(board, bases[i].centre, goal, radius=R, obstacles=others(bases, i))
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def uncached_path_ms(board: Board, bases: list[Circle], goals: list[tuple[float, float]]) -> float:
    times = []
    for i, goal in enumerate(goals):
        board.add_zone("smoke", Point(0.5, 0.5).buffer(0.1), None)  # new version
        clear_movement_caches()  # and no graph to reuse
        t0 = time.perf_counter()
        find_path(board, bases[i].centre, goal, radius=R, obstacles=others(bases, i))
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def reach_ms(board: Board, bases: list[Circle], n: int = 60) -> float:
    _ = reachable_area(board, bases[0].centre, 15.0, radius=R, obstacles=others(bases, 0)).polygon
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        area = reachable_area(board, bases[i].centre, 15.0, radius=R, obstacles=others(bases, i))
        _ = area.polygon  # the polygon is part of the answer
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def field_ms(board: Board, bases: list[Circle], n: int = 15) -> tuple[float, int]:
    FlowField(board, [b.centre for b in bases[:3]], radius=R)
    times = []
    for i in range(n):
        goals = [b.centre for b in bases[3 * i : 3 * i + 3]]
        t0 = time.perf_counter()
        field = FlowField(board, goals, radius=R)
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times), int(np.isfinite(field.dist).sum())


def python_dijkstra_cell_us(board: Board) -> float:
    """µs per settled cell of a plain heapq Dijkstra, same stencil, quarter table."""
    grid = move_grid(board, R)
    free = grid.terrain_free.reshape(grid.nx, grid.ny)
    steps = [(di, dj, math.hypot(di, dj) * grid.cell) for di, dj in stencil(16)]
    ni, nj = grid.nx // 2, grid.ny // 2
    start = next((i, j) for i in range(ni // 2, ni) for j in range(nj // 2, nj) if free[i, j])
    dist = {start: 0.0}
    heap = [(0.0, start)]
    done: set[tuple[int, int]] = set()
    t0 = time.perf_counter()
    while heap:
        d, (i, j) = heapq.heappop(heap)
        if (i, j) in done:
            continue
        done.add((i, j))
        for di, dj, w in steps:
            a, b = i + di, j + dj
            if 0 <= a < ni and 0 <= b < nj and free[a, b] and (a, b) not in done:
                nd = d + w
                if nd < dist.get((a, b), math.inf):
                    dist[(a, b)] = nd
                    heapq.heappush(heap, (nd, (a, b)))
    return 1e6 * (time.perf_counter() - t0) / max(len(done), 1)


GOAL_CANDIDATES = 400
"""Seeded candidate goals drawn per figure and turn."""
MAX_PATH_TRIES = 40
"""Exact path queries per figure and turn before it counts as hemmed in."""
NEAR_GOAL = 5.0
"""cm: goals at least this far are tried first, then nearer ones (1 cm at least)."""


@dataclass
class MoveAll:
    """The pymunk benchmark's outcome."""

    seconds: float  # the whole loop: goal choice (its path queries), cuts, moves
    pymunk_seconds: float  # inside BaseSpace.move_along alone
    moved: int  # figures that moved (each moves once)
    deferred: int  # turns given up because the figure was hemmed in at the time
    min_gap: float  # the smallest gap between two bases after any move and at the end, cm
    overlaps: int  # overlaps of any kind at the end


def free_goal(
    board: Board, space: BaseSpace, fid: str, rng: np.random.Generator
) -> PathResult | None:
    """A path for `fid` to a seeded goal 1–30 cm away (5 cm or more if there is
    one) that is free now — on the table, clear of solid terrain and of the other
    bases where they stand now — and reachable around them: candidates inside the
    reachable area (grid Dijkstra, 45 cm) are tried first, each checked exactly in
    the base space and by the exact path. None when the figure is hemmed in."""
    here = space.position(fid)
    others = [Circle(x, y, R) for other, (x, y) in space.positions().items() if other != fid]
    angle = rng.uniform(0, 2 * math.pi, GOAL_CANDIDATES)
    dist = rng.uniform(1, 30, GOAL_CANDIDATES)
    goals = np.c_[here[0] + dist * np.cos(angle), here[1] + dist * np.sin(angle)]
    area = reachable_area(board, here, 45.0, radius=R, obstacles=others)
    outside = ~np.isfinite(area.cost_at(goals))
    # inside the area first, the farther ones first; the grid is coarser than the
    # exact free space, so a figure in a tight spot may find its goal outside it
    order = np.lexsort((dist < NEAR_GOAL, outside))
    tries = 0
    for x, y in goals[order].tolist():
        if space.problem((x, y), R, ignore=fid) is not None:
            continue
        path = find_path(board, here, (x, y), radius=R, obstacles=others)
        if path.reachable:
            return path
        tries += 1
        if tries == MAX_PATH_TRIES:
            break
    return None


def gaps_to_others(space: BaseSpace, fid: str) -> float:
    """The smallest gap between `fid`'s base and any other, cm."""
    pos = space.positions()
    here = np.array(pos.pop(fid))
    rest = np.array(list(pos.values()))
    return float((np.hypot(*(rest - here).T) - 2 * R).min())


def all_gaps(space: BaseSpace) -> float:
    """The smallest gap between any two bases, cm."""
    pos = np.array(list(space.positions().values()))
    dist = np.hypot(*(pos[:, None, :] - pos[None, :, :]).transpose(2, 0, 1))
    return float((dist[np.triu_indices(len(pos), k=1)] - 2 * R).min())


def move_all(board: Board, bases: list[Circle], ids: list[str]) -> MoveAll:
    """Every figure in turn picks a free, reachable goal and moves up to 15 cm
    towards it through the base space (its path planned around the others where
    they stand now). A figure hemmed in by the others when its turn comes waits
    at the back of the queue until someone has moved since it last tried."""
    space = BaseSpace(board)
    for fid, base in zip(ids, bases, strict=True):
        space.add_base(fid, base.centre, base.radius)
    rng = np.random.default_rng(99)
    queue = deque(ids)
    waiting: dict[str, int] = {}  # figure -> moves made when it last tried
    moved, deferred, min_gap, in_pymunk = 0, 0, math.inf, 0.0
    t0 = time.perf_counter()
    while queue:
        fid = queue.popleft()
        if waiting.get(fid) == moved:
            continue  # nobody moved since it was hemmed in: it stays put
        here = space.position(fid)
        path = free_goal(board, space, fid, rng)
        if path is None:
            deferred += 1
            waiting[fid] = moved
            queue.append(fid)
            continue
        leg = truncate_path(board, path, 15.0)
        t1 = time.perf_counter()
        end = space.move_along(fid, leg.points[1:])
        in_pymunk += time.perf_counter() - t1
        moved += math.dist(end, here) > 1e-6
        min_gap = min(min_gap, gaps_to_others(space, fid))
    seconds = time.perf_counter() - t0
    min_gap = min(min_gap, all_gaps(space))
    return MoveAll(seconds, in_pymunk, moved, deferred, min_gap, len(space.overlaps()))


class TimedBot:
    """A random bot that also times `legal_actions()` before each choice."""

    def __init__(self) -> None:
        from ai.random_bot import RandomBot

        self.bot = RandomBot()
        self.legal_ms: list[float] = []

    def intent(self, game: Game) -> str | None:
        return None

    def choose(self, game: Game) -> Action:
        t0 = time.perf_counter()
        game.legal_actions()
        self.legal_ms.append(1e3 * (time.perf_counter() - t0))
        return self.bot.choose(game)


def horde_games(seeds: tuple[int, ...] = (3, 7)) -> tuple[float, float]:
    """(median s of a random-bot game of refuge_horde, median ms of legal_actions)."""
    from ai.random_bot import RandomBot

    scenario = load_scenario(HORDE)
    warm: dict[str, Controller] = {s.id: RandomBot() for s in scenario.side}
    with contextlib.suppress(GameStalled):  # warm up: imports, kernels
        run_game(scenario, 1, controllers=warm, max_actions=50)
    seconds = []
    for seed in seeds:
        clear_movement_caches()
        bots: dict[str, Controller] = {s.id: RandomBot() for s in scenario.side}
        t0 = time.perf_counter()
        run_game(scenario, seed, controllers=bots)
        seconds.append(time.perf_counter() - t0)
    timed = TimedBot()
    run_game(scenario, seeds[0], controllers={s.id: timed for s in scenario.side})
    return statistics.median(seconds), statistics.median(timed.legal_ms)


def measure() -> dict[str, float]:
    board, bases, ids = load()
    goals = targets(board, bases, 100, seed=5)
    cold = uncached_path_ms(board, bases, goals[:8])
    warm = path_ms(board, bases, goals)
    reach = reach_ms(board, bases)
    field, cells = field_ms(board, bases)
    py_cell_us = python_dijkstra_cell_us(board)
    moves = move_all(board, bases, ids)
    game_s, legal_ms = horde_games()
    return {
        "game_s": game_s,
        "legal_ms": legal_ms,
        "path_ms": warm,
        "path_cold_ms": cold,
        "path_ratio": cold / warm,
        "reach_ms": reach,
        "field_ms": field,
        "field_cells": float(cells),
        "field_ratio": py_cell_us * cells / 1e3 / field,
        "python_cell_us": py_cell_us,
        "move_all_s": moves.seconds,
        "move_pymunk_s": moves.pymunk_seconds,
        "moved": float(moves.moved),
        "deferred": float(moves.deferred),
        "min_gap": moves.min_gap,
        "overlaps": float(moves.overlaps),
    }


def report(m: dict[str, float]) -> str:
    return "\n".join(
        [
            "dense scene: 200 figures on 25 mm bases, 60 obstacles, 120 x 120 cm",
            f"exact path, warm graph     {m['path_ms']:8.2f} ms median (target <= {MAX_PATH_MS:g})",
            f"exact path, graph rebuilt  {m['path_cold_ms']:8.2f} ms median "
            f"-> cached {m['path_ratio']:.0f} x faster",
            f"reachable area (15 cm)     {m['reach_ms']:8.2f} ms median "
            f"(target <= {MAX_REACH_MS:g})",
            f"flow field, whole table    {m['field_ms']:8.2f} ms median "
            f"(target <= {MAX_FIELD_MS:g}; {int(m['field_cells'])} cells)",
            f"pure-Python heap Dijkstra  {m['python_cell_us']:8.2f} us per cell "
            f"-> numba grid {m['field_ratio']:.0f} x faster",
            f"200 figures moved in turn  {m['move_all_s']:8.2f} s "
            f"({1e3 * m['move_all_s'] / 200:.1f} ms each incl. goal and path; "
            f"pymunk {1e3 * m['move_pymunk_s'] / 200:.2f} ms each)",
            f"  {int(m['moved'])} of 200 moved ({int(m['deferred'])} turns deferred: "
            "hemmed in until others moved), "
            f"smallest gap between bases {m['min_gap']:.4f} cm, "
            f"{int(m['overlaps'])} overlaps",
            f"refuge_horde, random bots  {m['game_s']:8.2f} s a game (median of 2); "
            f"legal_actions {m['legal_ms']:.2f} ms median",
        ]
    )


def test_movement_benchmarks() -> None:
    import pytest

    if not SCENE.exists():
        pytest.skip(f"benchmark scene missing: {SCENE}")
    m = measure()
    print("\n" + report(m))
    assert m["path_ms"] <= MAX_PATH_MS
    assert m["reach_ms"] <= MAX_REACH_MS
    assert m["field_ms"] <= MAX_FIELD_MS
    assert m["overlaps"] == 0 and m["min_gap"] >= -1e-6
    assert m["moved"] == 200


if __name__ == "__main__":
    if not SCENE.exists():
        print(f"skipped: benchmark scene missing: {SCENE}")
        sys.exit(0)
    print(report(measure()))
