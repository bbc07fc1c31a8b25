"""Fast paths of the movement code against their slow references: movement caches
keyed on the movement signature, the graph's block counts and adjacency kernels,
lower bounds from one search, and the engine's contact paths."""

from __future__ import annotations

import math
import threading
from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import Point

from game.actions import IllegalAction
from game.board.freespace import (
    TOL,
    Circle,
    difficult_ground,
    free_space,
    movement_signature,
)
from game.board.grid import move_grid
from game.board.paths import PathResult, cost_lower_bounds, find_path, nav_graph
from game.board.segments import circle_block_counts
from game.board.terrain import Board
from game.board.vgraph_kernels import bump_blocks, neighbours
from game.engine import ActionTemplate, Game
from game.loading import load_scenario
from game.play import space
from game.play.space import RING_STEPS

ROOT = Path(__file__).resolve().parents[2]
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
R = 1.25


def horde_board() -> Board:
    return Board.from_scenario(load_scenario(HORDE))


def spread_bases(board: Board, n: int, seed: int) -> list[Circle]:
    """n non-overlapping free bases, seeded."""
    rng = np.random.default_rng(seed)
    fs = free_space(board, R)
    out: list[Circle] = []
    while len(out) < n:
        x, y = rng.uniform(2, board.width - 2), rng.uniform(2, board.height - 2)
        if fs.problem((x, y)) is None and all(
            math.dist((x, y), b.centre) >= 2 * R + 0.1 for b in out
        ):
            out.append(Circle(float(x), float(y), R))
    return out


# -- movement signature ------------------------------------------------------------


def test_zones_and_structure_damage_leave_the_movement_caches_alone() -> None:
    board = horde_board()
    graph, grid, space_ = nav_graph(board, R), move_grid(board, R), free_space(board, R)
    signature = movement_signature(board)
    board.add_zone("burning", Point(60, 60).buffer(3), 2)
    board.add_zone("smoke", Point(30, 30).buffer(4), 2)
    barricade = next(p for p in board if p.kind == "barricade")
    board.damage(barricade.id, 1)  # loses a point, does not break
    assert movement_signature(board) == signature
    assert nav_graph(board, R) is graph
    assert move_grid(board, R) is grid
    assert free_space(board, R) is space_
    board.expire(5)
    assert nav_graph(board, R) is graph


def test_a_broken_barricade_or_an_opened_gate_rebuilds_them() -> None:
    board = horde_board()
    graph = nav_graph(board, R)
    barricade = next(p for p in board if p.kind == "barricade")
    board.damage(barricade.id, 100)  # rubble now: not solid, difficult
    broken = nav_graph(board, R)
    assert broken is not graph
    assert difficult_ground(board).geometry.contains(barricade.polygon.representative_point())
    gate = next((p for p in board if p.kind == "gate"), None)
    if gate is not None:
        board.set_gate(gate.id, not gate.open)
        assert nav_graph(board, R) is not broken


def test_boards_with_the_same_geometry_share_the_graph_and_agree_with_a_fresh_one() -> None:
    a, b = horde_board(), horde_board()
    assert nav_graph(a, R) is nav_graph(b, R)
    bases = spread_bases(a, 20, seed=3)
    a.add_zone("smoke", Point(50, 50).buffer(5), None)
    start, goal = bases[0].centre, bases[1].centre
    shared = find_path(a, start, goal, radius=R, obstacles=bases[2:])
    board = horde_board()
    board.pieces["crate-extra"] = board.pieces[next(iter(board.pieces))]  # new geometry key
    fresh = find_path(board, start, goal, radius=R, obstacles=bases[2:])
    assert shared.reachable == fresh.reachable
    assert shared.cost_cm == pytest.approx(fresh.cost_cm, abs=1e-9)


def test_each_thread_has_its_own_graphs() -> None:
    board = horde_board()
    mine = nav_graph(board, R)
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(nav_graph(board, R)))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine
    assert nav_graph(board.clone(), R) is mine


# -- graph kernels -------------------------------------------------------------------


def live_edge(alive: np.ndarray) -> int:
    return int(np.flatnonzero(alive)[len(alive) // 3])


def test_bump_blocks_and_neighbours_match_the_numpy_reference() -> None:
    board = horde_board()
    graph = nav_graph(board, R)
    graph.set_bases(spread_bases(board, 30, seed=1))
    edges = graph._e
    eu, ev, pos = edges.eu, edges.ev, graph._pos
    alive = edges.alive.copy()
    alive[::7] = False
    block = np.zeros(len(eu), np.int32)
    middle = (pos[eu[live_edge(alive)]] + pos[ev[live_edge(alive)]]) / 2
    circle = np.array([middle[0], middle[1], 4.0])
    bump_blocks(eu, ev, alive, pos, block, circle, 2)
    live = np.flatnonzero(alive)
    want = np.zeros(len(eu), np.int32)
    want[live] = 2 * circle_block_counts(pos[eu[live]], pos[ev[live]], circle[None, :])
    assert (block == want).all() and want.sum() > 0
    usable = alive & (block == 0)
    owner = graph._owner
    head, link = edges.adjacency()[:2]
    checked = 0
    for u in np.flatnonzero(graph._alive)[::25]:
        nbr, w = neighbours(u, head, link, eu, ev, edges.cost, block, alive, owner)
        mine = np.flatnonzero(usable & ((eu == u) | (ev == u)))
        other = np.where(eu[mine] == u, ev[mine], eu[mine])
        same = owner[other] == owner[u]
        rank = np.where(other > u, np.where(same, 0, 3), np.where(same, 2, 1))
        order = np.lexsort((other, rank))
        assert np.array_equal(nbr, other[order])
        assert np.array_equal(w, edges.cost[mine][order])
        checked += len(nbr)
    assert checked > 100


# -- lower bounds ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_bounds_from_one_search_are_the_path_costs(seed: int) -> None:
    board = horde_board()
    bases = spread_bases(board, 31, seed=seed)
    start, others = bases[0].centre, bases[1:]
    rng = np.random.default_rng(seed)
    goals = np.column_stack(
        [start[0] + rng.uniform(-30, 30, 150), start[1] + rng.uniform(-30, 30, 150)]
    )
    limit = 25.0
    bounds = cost_lower_bounds(board, start, goals, radius=R, obstacles=others, limit=limit)
    checked = 0
    for goal, bound in zip(goals, bounds, strict=True):
        found = find_path(board, start, tuple(goal), radius=R, obstacles=others)
        cost = found.cost_cm if found.reachable else math.inf
        if bound == -math.inf:  # the goal needs snapping: no bound
            continue
        if bound == math.inf:
            assert cost > limit - 1e-9
        else:
            assert bound == pytest.approx(cost, abs=1e-9)  # the start is strictly free
        checked += bool(np.isfinite(bound))
    assert checked > 30
    assert (bounds == np.inf).sum() > 5  # some goals are out of reach


# -- contact paths ---------------------------------------------------------------------


def reference_contact_path(
    game: Game, mover_id: str, target_id: str, allowance: float
) -> PathResult | None:
    """The contact path by an exact search to every ring point in order (the slow
    reference the fast version must agree with)."""
    mover, target = game.figure(mover_id), game.figure(target_id)
    if space.in_contact(game, mover, target):
        return PathResult(True, (mover.pos,), 0.0, 0.0)
    ring = target.radius + mover.radius + space.contact_gap(game) / 2.0
    angles = 2.0 * np.pi * np.arange(RING_STEPS) / RING_STEPS
    toward = math.atan2(mover.y - target.y, mover.x - target.x)
    angles = np.concatenate([[toward], toward + angles[1:]])
    xy = np.column_stack([target.x + ring * np.cos(angles), target.y + ring * np.sin(angles)])
    ok = free_space(game.state.board, mover.radius).clearance_ok(xy)
    others = [c for c in space.obstacles(game, mover) if (c.x, c.y) != (target.x, target.y)]
    arr = np.array([(c.x, c.y, c.radius) for c in others])
    d = np.hypot(xy[:, 0, None] - arr[:, 0], xy[:, 1, None] - arr[:, 1])
    ok &= np.all(d >= arr[:, 2] + mover.radius - TOL, axis=1)
    xy = xy[ok]
    straight = np.hypot(xy[:, 0] - mover.x, xy[:, 1] - mover.y)
    best: PathResult | None = None
    for i in np.argsort(straight, kind="stable"):
        if straight[i] > allowance + TOL or (best is not None and straight[i] >= best.cost_cm):
            break
        found = find_path(
            game.state.board,
            mover.pos,
            (float(xy[i, 0]), float(xy[i, 1])),
            radius=mover.radius,
            obstacles=space.obstacles(game, mover),
            difficult_cost=space.difficult_cost(game),
        )
        fits = found.reachable and found.cost_cm <= allowance + TOL
        if fits and (best is None or found.cost_cm < best.cost_cm):
            best = found
    return best


def horde_on_the_table(seed: int) -> Game:
    """refuge_horde after seeded random legal moves, once the horde is on the table."""
    game = Game(load_scenario(HORDE), seed=seed)
    while sum(f.on_table and f.side != "refuge" for f in game.state.figures.values()) < 8:
        options = [a for a in game.legal_actions() if not isinstance(a, ActionTemplate)]
        try:
            game.apply(options[game.dice.choice(len(options))])
        except IllegalAction:
            continue
    return game


@pytest.mark.parametrize("seed", [4, 5])
def test_contact_paths_agree_with_the_exhaustive_search(seed: int) -> None:
    game = horde_on_the_table(seed)
    figs = [f for f in game.state.figures.values() if f.on_table]
    # scatter the figures so that walls, bases and difficult ground get in the way
    spots = spread_bases(game.state.board, len(figs), seed=seed)
    for fig, spot in zip(figs, spots, strict=True):
        fig.x, fig.y = spot.x, spot.y
    compared = reached = 0
    for mover in figs:
        for target in figs:
            if target.side == mover.side or space.gap(mover, target) > 30:
                continue
            fast = space.contact_path(game, mover, target, 20.0)
            slow = reference_contact_path(game, mover.id, target.id, 20.0)
            compared += 1
            assert (fast is None) == (slow is None)
            if fast is not None and slow is not None:
                reached += 1
                assert fast.cost_cm == pytest.approx(slow.cost_cm, abs=1e-9)
                assert fast.end == pytest.approx(slow.end, abs=1e-9)
    assert compared > 10 and 0 < reached < compared
