"""AI decision-time benchmarks (not part of the default run).

    python -m pytest tests/bench/bench_ai.py -q -s
    python tests/bench/bench_ai.py

1. `ai:tactical` with 20 raiders against 12 defenders (the refuge_raiders board,
   the raiders placed outside the walls up front, the defenders' 8 plus 4 militia;
   waves kept away): the AI time of one activation — choosing the figure, its
   intent line, every action of it — for both sides, median over the first
   activations of the battle. Target ≤ 30 ms.
2. `ai:horde` with 188 undead (the dense scene, tests/board/data: its first 188
   figures, every one a shambler, in packs of 20, plus 12 defenders on free spots:
   200 figures, the most a scenario may place, game/limits.py): the AI time of one pack
   activation divided by its figures, median over the packs of two rounds.
   Target ≤ 1 ms per figure.

Judged on CPU time (one thread: its wall time on a quiet machine); the wall time is
printed beside it. One warm-up activation first (numba kernels, rules data). The
measured battle is played REPEATS times (seeded: the same decisions each time) and
each activation counts with its least time — the usual best-of-N that keeps a shared
machine's noise out — before the median is taken. Each is measured at the default
level (normal) and again at classic in the same run: the ratio is the level's cost,
whatever the machine's load.
"""

from __future__ import annotations

import statistics
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ai.base import Controller  # noqa: E402
from ai.horde import HordeAI  # noqa: E402
from ai.tactical import TacticalAI  # noqa: E402
from game.board.freespace import free_space  # noqa: E402
from game.board.terrain import Board  # noqa: E402
from game.engine import Game  # noqa: E402
from game.loading import scenario_from_data  # noqa: E402
from game.scenario import Scenario  # noqa: E402

RAIDERS = ROOT / "scenarios" / "refuge_raiders.toml"
DENSE = ROOT / "tests" / "board" / "data" / "dense_scene.toml"
MAX_TACTICAL_MS = 30.0
MAX_HORDE_MS = 1.0
TACTICAL_ACTIVATIONS = 24
HORDE_ROUNDS = 2
PACK = 20
UNDEAD = 188
REPEATS = 3


def _checked(raw: dict[str, Any], name: str) -> Scenario:
    return scenario_from_data(raw, name)


def _free_points(scenario: Scenario, taken: list[tuple[float, float]], n: int, *, box, seed):  # type: ignore[no-untyped-def]
    """n seeded points in the box where a 25 mm base fits, apart from each other."""
    board = Board.from_scenario(scenario)
    space = free_space(board, 1.25)
    rng = np.random.default_rng(seed)
    out: list[tuple[float, float]] = []
    x0, y0, x1, y1 = box
    for _ in range(20_000):
        p = (float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1)))
        if not space.clearance_ok(np.array([p]))[0]:
            continue
        if any(np.hypot(p[0] - q[0], p[1] - q[1]) < 3.0 for q in taken + out):
            continue
        out.append((round(p[0], 2), round(p[1], 2)))
        if len(out) == n:
            return out
    raise RuntimeError("not enough free points")


def tactical_scene() -> Scenario:
    """refuge_raiders with 20 raiders up front and 12 defenders."""
    raw = tomllib.loads(RAIDERS.read_text(encoding="utf-8"))
    base = _checked(raw, "refuge_raiders.toml")
    refuge = next(s for s in raw["side"] if s["id"] == "refuge")
    raiders = next(s for s in raw["side"] if s["id"] == "raiders")
    taken = [tuple(f["at"]) for sq in refuge["squad"] for f in sq["figure"]]
    inside = _free_points(base, taken, 4, box=(36, 46, 84, 82), seed=1)
    refuge["squad"][1]["figure"] += [
        {"id": f"militia-x{i}", "profile": "Militia", "at": list(p)} for i, p in enumerate(inside)
    ]
    outside = _free_points(base, taken + inside, 20, box=(88, 10, 118, 110), seed=2)
    profiles = ["Raider"] * 14 + ["Raider marksman"] * 3 + ["Raider veteran"] * 2 + ["Raider boss"]
    raiders["squad"] = [
        {
            "id": "band",
            "figure": [
                {"id": f"r{i}", "profile": prof, "at": list(p)}
                for i, (prof, p) in enumerate(zip(profiles, outside, strict=True))
            ],
        }
    ]
    raw.setdefault("knobs", {})["raid.first_wave_round"] = 50  # no waves in the bench
    return _checked(raw, "bench_tactical.toml")


def horde_scene() -> Scenario:
    """The dense scene: UNDEAD shamblers against 12 militia on free spots."""
    raw = tomllib.loads(DENSE.read_text(encoding="utf-8"))
    figures = [f for side in raw["side"] for sq in side["squad"] for f in sq["figure"]][:UNDEAD]
    for f in figures:
        f["profile"] = "Shambler"
    base = _checked(raw, "dense_scene.toml")
    spots = _free_points(base, [tuple(f["at"]) for f in figures], 12, box=(2, 2, 118, 118), seed=3)
    raw["side"] = [
        {
            "id": "refuge",
            "name": "Defenders",
            "controller": "human",
            "squad": [
                {
                    "id": "militia",
                    "figure": [
                        {"id": f"m{i}", "profile": "Militia", "at": list(p)}
                        for i, p in enumerate(spots)
                    ],
                }
            ],
        },
        {
            "id": "horde",
            "name": "Horde",
            "controller": "ai:horde",
            "squad": [{"id": "dead", "figure": figures}],
        },
    ]
    raw["scenario"]["max_rounds"] = 5
    raw.setdefault("knobs", {})["horde_pack_activation"] = True  # packs of PACK (off by default)
    return _checked(raw, "bench_horde.toml")


Timer = Callable[[], float]


def _timed(timer: Timer, call: Callable[[], Any]) -> tuple[Any, float]:
    start = timer()
    out = call()
    return out, timer() - start


def activation_costs(
    game: Game, controllers: dict[str, Controller], sides: set[str], limit: int, timer: Timer
) -> list[tuple[float, int]]:
    """(seconds of AI time, figures activated) per activation of the given sides."""
    out: list[tuple[float, int]] = []
    current: list[float] | None = None
    figures = 0
    while (pending := game.pending()) is not None and len(out) < limit:
        ai = controllers[pending.side]
        action, spent = _timed(timer, lambda ai=ai: ai.choose(game))  # type: ignore[misc]
        mine = pending.side in sides
        if pending.kind == "activate":
            if current is not None:
                out.append((sum(current), figures))
            current = [spent] if mine else None
        elif current is not None and pending.kind == "act" and mine:
            current.append(spent)
        game.apply(action)
        if pending.kind == "activate" and mine and current is not None:
            _, said = _timed(timer, lambda ai=ai: ai.intent(game))  # type: ignore[misc]
            current.append(said)
            figures = len(game.state.active)
    return out


def best_of(runs: list[list[float]]) -> list[float]:
    """Each activation's least time over repeated runs of the same seeded battle."""
    if len({len(run) for run in runs}) != 1:
        raise RuntimeError("the repeated battles differ: the benchmark is not deterministic")
    return [min(times) for times in zip(*runs, strict=True)]


def measure_tactical(timer: Timer = time.process_time, level: str | None = None) -> list[float]:
    """ms per activation, both sides played by ai:tactical (best of REPEATS; `level`:
    ai/levels.py, default normal)."""
    scenario = tactical_scene()
    warm = Game(scenario, seed=1)
    activation_costs(warm, {"refuge": TacticalAI(), "raiders": TacticalAI()}, {"raiders"}, 1, timer)
    runs = []
    for _ in range(REPEATS):
        game = Game(scenario, seed=2)
        controllers: dict[str, Controller] = {
            "refuge": TacticalAI(level=level),
            "raiders": TacticalAI(level=level),
        }
        costs = activation_costs(
            game, controllers, {"refuge", "raiders"}, TACTICAL_ACTIVATIONS, timer
        )
        runs.append([1000.0 * s for s, _ in costs])
    return best_of(runs)


def measure_horde(timer: Timer = time.process_time, level: str | None = None) -> list[float]:
    """ms per figure of each pack activation (packs of PACK shamblers; best of
    REPEATS; `level`: the horde's, ai/levels.py)."""
    scenario = horde_scene()

    def fresh(seed: int) -> Game:
        game = Game(scenario, seed=seed)
        dead = sorted(
            (f for f in game.state.figures.values() if f.side == "horde"), key=lambda f: (f.x, f.y)
        )
        for i, fig in enumerate(dead):
            fig.pack = f"pack-{i // PACK}"
        return game

    warm = fresh(1)
    activation_costs(warm, {"refuge": TacticalAI(), "horde": HordeAI()}, {"horde"}, 3, timer)
    from ai.passive import PassiveBot

    packs = -(-UNDEAD // PACK) * HORDE_ROUNDS
    runs = []
    for _ in range(REPEATS):
        controllers: dict[str, Controller] = {
            "refuge": PassiveBot(),
            "horde": HordeAI(level=level),
        }
        costs = activation_costs(fresh(2), controllers, {"horde"}, packs + 12 * HORDE_ROUNDS, timer)
        runs.append([1000.0 * s / n for s, n in costs if n > 1])
    return best_of(runs)


def test_tactical_activation_time() -> None:
    wall = statistics.median(measure_tactical(time.perf_counter))
    cpu = measure_tactical()
    median = statistics.median(cpu)
    classic = statistics.median(measure_tactical(level="classic"))
    print(
        f"\nai:tactical, 20 raiders vs 12 defenders: median {median:.1f} ms CPU per activation "
        f"(best of {REPEATS} runs; wall {wall:.1f} ms; max {max(cpu):.1f} ms over "
        f"{len(cpu)} activations; "
        f"target ≤ {MAX_TACTICAL_MS:g} ms, ratio {median / MAX_TACTICAL_MS:.2f}; classic in the "
        f"same run {classic:.1f} ms, ratio {median / classic:.2f})"
    )
    assert median <= MAX_TACTICAL_MS


def test_horde_time_per_figure() -> None:
    wall = statistics.median(measure_horde(time.perf_counter))
    cpu = measure_horde()
    median = statistics.median(cpu)
    classic = statistics.median(measure_horde(level="classic"))
    print(
        f"\nai:horde, {UNDEAD} undead: median {median:.3f} ms CPU per figure and pack activation "
        f"(best of {REPEATS} runs; wall {wall:.3f} ms; {len(cpu)} packs; "
        f"target ≤ {MAX_HORDE_MS:g} ms, "
        f"ratio {median / MAX_HORDE_MS:.2f}; the classic horde in the same run "
        f"{classic:.3f} ms, ratio {median / classic:.2f})"
    )
    assert median <= MAX_HORDE_MS


if __name__ == "__main__":
    for bench in (test_tactical_activation_time, test_horde_time_per_figure):
        try:
            bench()
        except AssertionError:
            print(f"{bench.__name__}: target missed")
