"""The visibility graph finds its edges when a search needs them: the paths, costs
and reachable corners must be those of the graph built all at once (the reference
in `eager_vgraph`, the code before), bit for bit, on hand-made and random boards,
while other bases come and go."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from game.board import vgraph
from game.board.freespace import Circle, FreeSpace, Point2, free_space
from game.board.paths import _free_point
from game.board.terrain import Board, make_piece
from game.board.vgraph import NavGraph
from game.loading import load_scenario
from tests.board.eager_vgraph import EagerNavGraph

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
R = 1.25
KINDS = ("crates", "rubble", "building", "wreck", "hedge", "low_wall")


def scenario_board(path: Path) -> Board:
    return Board.from_scenario(load_scenario(path))


def square(cx: float, cy: float, half: float) -> list[tuple[float, float]]:
    return [
        (cx - half, cy - half),
        (cx + half, cy - half),
        (cx + half, cy + half),
        (cx - half, cy + half),
    ]


def symmetric_board() -> Board:
    """A block in the middle and rubble on both sides: ways around it tie exactly."""
    board = Board(60.0, 60.0)
    board.pieces["block"] = make_piece("block", "building", square(30, 30, 8))
    board.pieces["west"] = make_piece("west", "rubble", square(12, 30, 4))
    board.pieces["east"] = make_piece("east", "rubble", square(48, 30, 4))
    return board


def random_board(seed: int) -> Board:
    """Scattered squares and triangles of every movement kind."""
    rng = np.random.default_rng(seed)
    board = Board(80.0, 60.0)
    for k in range(14):
        cx, cy = rng.uniform(8, 72), rng.uniform(8, 52)
        size = rng.uniform(2, 6)
        if k % 2:
            poly = square(round(cx, 1), round(cy, 1), round(size, 1))
        else:
            a = rng.uniform(0, 2 * math.pi)
            poly = [
                (cx + size * math.cos(a + t), cy + size * math.sin(a + t)) for t in (0.0, 2.1, 4.2)
            ]
        name = f"p{k}"
        board.pieces[name] = make_piece(name, KINDS[k % len(KINDS)], poly)
    return board


BOARDS: dict[str, Callable[[], Board]] = {
    "wall": lambda: scenario_board(DATA / "paths_wall.toml"),
    "rubble": lambda: scenario_board(DATA / "paths_rubble.toml"),
    "maze": lambda: scenario_board(DATA / "paths_maze.toml"),
    "enclosed": lambda: scenario_board(DATA / "paths_enclosed.toml"),
    "symmetric": symmetric_board,
    "random-1": lambda: random_board(1),
    "random-2": lambda: random_board(2),
    "refuge_horde": lambda: scenario_board(ROOT / "scenarios" / "refuge_horde.toml"),
}


def free_points(
    space: FreeSpace, graph: NavGraph, n: int, rng: np.random.Generator
) -> list[Point2]:
    out: list[Point2] = []
    for _ in range(50 * n):
        p = (float(rng.uniform(0, space.width)), float(rng.uniform(0, space.height)))
        if space.problem(p) is None and not graph.blocked_by_base(p):
            free = _free_point(space, graph, p)
            if free is not None:
                out.append(free)
        if len(out) == n:
            break
    return out


def some_bases(space: FreeSpace, n: int, rng: np.random.Generator) -> list[Circle]:
    out: list[Circle] = []
    for _ in range(50 * n):
        x, y = float(rng.uniform(2, space.width - 2)), float(rng.uniform(2, space.height - 2))
        if space.problem((x, y)) is None and all(math.dist((x, y), b.centre) >= 2.6 for b in out):
            out.append(Circle(round(x, 2), round(y, 2), R))
        if len(out) == n:
            break
    return out


def same_answers(old: EagerNavGraph, new: NavGraph, points: list[Point2]) -> int:
    """Compare every query between consecutive points; how many paths were found."""
    found = 0
    for a, b in itertools.pairwise(points):
        want, got = old.shortest(a, b), new.shortest(a, b)
        assert got.points == want.points
        assert got.cost == want.cost or (math.isinf(got.cost) and math.isinf(want.cost))
        found += bool(got.points)
        for limit in (12.0, 30.0):
            pos_old, cost_old = old.costs_from(a, limit)
            pos_new, cost_new = new.costs_from(a, limit)
            assert np.array_equal(pos_new, pos_old) and np.array_equal(cost_new, cost_old)
        goals = np.array(points, np.float64)
        assert np.array_equal(new.costs_to(a, goals, 25.0), old.costs_to(a, goals, 25.0))
    return found


@pytest.mark.parametrize("eager_nodes", [0, 100_000])
@pytest.mark.parametrize("name", list(BOARDS))
def test_the_lazy_graph_finds_the_paths_of_the_whole_graph(
    name: str, eager_nodes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vgraph, "EAGER_NODES", eager_nodes)
    board = BOARDS[name]()
    space = free_space(board, R)
    old, new = EagerNavGraph(space, 2.0), NavGraph(space, 2.0)
    rng = np.random.default_rng(len(name))
    found = 0
    pool = some_bases(space, 24, rng)
    if name == "symmetric":  # mirrored about y = 30, as the board is
        pool = [Circle(x, 30 + d * dy, R) for x, dy in ((22, 11), (40, 14)) for d in (1, -1)]
    for step in range(4):  # bases come and go, as figures move
        bases = [b for k, b in enumerate(pool) if (k + step) % 3 or name == "symmetric"]
        old.set_bases(bases)
        new.set_bases(bases)
        points = free_points(space, new, 8, rng)
        if name == "symmetric":  # on the mirror axes: both ways round tie exactly
            points = [(3.0, 30.0), (57.0, 30.0), (30.0, 3.0), (30.0, 57.0), (3.0, 30.0), *points]
        found += same_answers(old, new, points)
    assert found > 4
    assert new.size == old.size


def test_a_short_search_finds_the_edges_of_few_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vgraph, "EAGER_NODES", 0)
    board = scenario_board(ROOT / "scenarios" / "refuge_horde.toml")
    graph = NavGraph(free_space(board, R), 2.0)
    assert graph._e.count == 0 and not graph._done.any()
    start = free_points(graph.space, graph, 1, np.random.default_rng(5))[0]
    corners, _ = graph.costs_from(start, 10.0)
    assert len(corners) > 0
    assert 0 < int(graph._done.sum()) < len(graph._pos) // 4
