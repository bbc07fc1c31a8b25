"""The kernels' interim path (game.board.jit): while numba compiles, every kernel runs
as plain Python — its twin, or a numpy function in its place — and a game must not
depend on which path ran. A game played on the interim path in a fresh process (no
kernel compiled there) gives the compiled game's events, bit for bit; the numpy
stand-ins give their kernels' answers on degenerate input; a kernel the cache holds
takes its compiled form over."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from ai import controller_for
from game.board import clip, jit, vgraph_kernels
from game.engine import Game
from game.loading import load_scenario
from game.replay import events_hash

ROOT = Path(__file__).resolve().parents[2]
DENSE = Path(__file__).resolve().parent / "data" / "dense_scene.toml"
"""The shared benchmark scene (200 figures, 60 obstacles), copied here."""

PLAY = r"""
import json, math, sys
from game.board import jit
interim = jit.start_interim(lambda: True, recheck_s=math.inf)  # never loads compiled code
sys.path.insert(0, {tests!r})
from test_interim import play
print("RESULT " + json.dumps([play({file!r}, {actions}), interim.python_calls]))
"""


def play(file: str, actions: int) -> str:
    """The events hash of `actions` AI actions (every side by the tactical AI)."""
    scenario = load_scenario(Path(file))
    game = Game(scenario, seed=3)
    controllers = {
        s.id: controller_for(s.controller if s.controller != "human" else "ai:tactical")
        for s in scenario.side
    }
    events = list(game.opening_events)
    for _ in range(actions):
        pending = game.pending()
        if pending is None:
            break
        events += game.apply(controllers[pending.side].choose(game))
    return events_hash(events)


def play_interim(file: Path, actions: int) -> tuple[str, int]:
    """`play` in a fresh process whose kernels all run on the interim path."""
    code = PLAY.format(tests=str(Path(__file__).parent), file=str(file), actions=actions)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            found, calls = json.loads(line[7:])
            return str(found), int(calls)
    raise AssertionError(done.stderr[-3000:])


@pytest.mark.parametrize(
    ("file", "actions"), [(ROOT / "scenarios" / "refuge_horde.toml", 12), (DENSE, 3)]
)
def test_a_game_on_the_interim_path_is_the_compiled_game(file: Path, actions: int) -> None:
    found, python_calls = play_interim(file, actions)
    assert python_calls > 20  # it did run as Python
    assert found == play(str(file), actions)


def _degenerate_points(n: int) -> np.ndarray:
    """Points on a quarter-cm grid (collinear triples galore), some nudged by an ulp,
    some far out."""
    rng = np.random.default_rng(5)
    pts = rng.integers(-8, 9, size=(n, 6)).astype(np.float64) * 0.25
    nudge = rng.random((n, 6)) < 0.2
    pts[nudge] = np.nextafter(pts[nudge], np.inf)
    pts[rng.random(n) < 0.1] *= 1e7
    return pts


def test_orient_on_the_interim_path_is_exact_as_compiled() -> None:
    pts = _degenerate_points(4000)
    want = np.array([clip.orient(*row) for row in pts])
    assert {-1, 0, 1} <= set(want.tolist())
    python = np.array([clip.orient_python(*row) for row in pts])
    many = clip.orient_many(*pts.T)
    assert np.array_equal(python, want) and np.array_equal(many, want)


def test_inside_lengths_on_the_interim_path_touching_and_crossing() -> None:
    board = Game(load_scenario(ROOT / "scenarios" / "refuge_horde.toml")).state.board
    ground = clip.polygon_edges(board.difficult_geometry())
    corners = ground.edges[:, :2]
    rng = np.random.default_rng(2)
    ends = np.vstack([corners, rng.integers(0, 481, (300, 2)) * 0.25])
    i, j = rng.integers(0, len(ends), (2, 3000))
    p, q = ends[i], ends[j]
    want = clip.inside_lengths(p, q, ground.edges, ground.start, ground.boxes)
    found = clip.inside_lengths_numpy(p, q, ground.edges, ground.start, ground.boxes)
    assert np.count_nonzero(want) > 100
    assert np.array_equal(found, want)


def test_bitangent_pairs_on_the_interim_path() -> None:
    rng = np.random.default_rng(9)
    pos = rng.integers(0, 40, (300, 2)) * 0.5
    prv = pos + rng.integers(-2, 3, (300, 2)) * 0.5
    nxt = pos + rng.integers(-2, 3, (300, 2)) * 0.5
    tang = rng.random(300) < 0.8
    owner = np.repeat(np.arange(-1, 29), 10).astype(np.int64)  # terrain, then bases
    cols = np.arange(300)
    for rows in (np.arange(0, 300, 2), np.arange(250, 300)):
        in_rows = np.zeros(300, np.bool_)
        in_rows[rows] = True
        args = (rows, cols, in_rows, owner, pos, prv, nxt, tang)
        want = vgraph_kernels.bitangent_pairs(*args)
        found = vgraph_kernels.bitangent_pairs_numpy(*args)
        assert len(want[0]) > 100
        assert all(np.array_equal(a, b) for a, b in zip(found, want, strict=True))
    points = rng.random((40, 2)) * 20
    want = vgraph_kernels.tangent_pairs(points, cols, pos, prv, nxt, tang)
    found = vgraph_kernels.tangent_pairs_numpy(points, cols, pos, prv, nxt, tang)
    assert all(np.array_equal(a, b) for a, b in zip(found, want, strict=True))
    single = vgraph_kernels.tangent_from_numpy(1.0, 2.0, cols, pos, prv, nxt, tang)
    assert np.array_equal(single, vgraph_kernels.tangent_from(1.0, 2.0, cols, pos, prv, nxt, tang))


def test_every_kernel_has_a_python_path() -> None:
    assert len(jit.KERNELS) > 40
    for kernel in jit.KERNELS:
        assert callable(jit.twin(kernel))
    assert jit.twin(clip.orient) is clip.orient_python
    assert jit.twin(clip._inside_part).__globals__["orient"] is clip.orient_python


def test_a_kernel_in_the_cache_takes_over_and_the_path_ends_with_the_warm_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    compiling = [True]
    kernel = jit.njit(_demo_kernel)  # a kernel never compiled in this process
    _KEPT.append(kernel)  # numba keeps weak proxies of it: it must outlive the session
    interim = jit.start_interim(lambda: compiling[0], recheck_s=0.0)
    try:
        assert kernel(2.0) == 5.0 and not kernel.overloads  # not in the cache: Python
        assert interim.python_calls == 1
        warm_up = numba.njit(cache=True)(_demo_kernel)  # "the warm-up process" compiles it
        _KEPT.append(warm_up)
        assert warm_up(2.0) == 5.0
        assert kernel(3.0) == 7.0 and kernel.overloads  # taken over from the disk cache
        assert interim.python_calls == 1
        compiling[0] = False  # the warm-up is over: numba's own way again
        assert kernel(1) == 3.0  # another signature: compiled here
        assert "_compile_for_args" not in vars(kernel)
    finally:
        jit.stop_interim()
        jit.KERNELS.remove(kernel)


_KEPT: list[object] = []


def _demo_kernel(x: float) -> float:
    return x * 2.0 + math.floor(1.5)
