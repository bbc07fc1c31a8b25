"""Simulator benchmarks (not part of the default run).

    python -m pytest tests/bench/bench_sim.py -q -s
    python tests/bench/bench_sim.py

1. One full `refuge_horde.toml` game headless (every side by its scenario
   controller, as `main.py sim` plays it): seconds per game, median over a few
   seeds after one warm-up game. Target ≤ 2 s. Printed beside it, measured in
   the same run: actions per game and ms per action.
2. The speed-up of 2 workers over 1: the same batch of 20 games (SeedSequence
   seeds, `run_batch`) with 1 worker (in this process) and with 2 (a process
   pool), wall time each. Target ≥ 1.7×. The records must be identical.
   The batch's scenario is `open_skirmish.toml` (short games, so the benchmark
   stays around a minute); BENCH_SIM_SCENARIO=<file> picks another one.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.batch import BatchSpec, default_workers, run_batch  # noqa: E402
from game.play.validate import load_checked  # noqa: E402
from game.sim import run_game  # noqa: E402

HORDE = ROOT / "scenarios" / "refuge_horde.toml"
BATCH = Path(os.environ.get("BENCH_SIM_SCENARIO", ROOT / "scenarios" / "open_skirmish.toml"))
GAME_SEEDS = (1, 2, 3)
BATCH_GAMES = 20
BATCH_SEED = 7
MAX_GAME_S = 2.0
MIN_SPEEDUP = 1.7


def full_game() -> dict[str, Any]:
    """Seconds and actions of whole refuge_horde games, after a warm-up game."""
    scenario = load_checked(HORDE)
    t0 = time.perf_counter()
    run_game(scenario, 0)
    cold = time.perf_counter() - t0
    times, actions = [], []
    for seed in GAME_SEEDS:
        t0 = time.perf_counter()
        result = run_game(scenario, seed)
        times.append(time.perf_counter() - t0)
        actions.append(len(result.actions))
    median = statistics.median(times)
    per_action = 1e3 * sum(times) / max(1, sum(actions))
    return {
        "cold_s": cold,
        "game_s": median,
        "games_s": times,
        "actions": statistics.median(actions),
        "ms_per_action": per_action,
    }


def speedup() -> dict[str, Any]:
    """Wall time of the same batch on 1 and 2 workers."""
    spec = BatchSpec(BATCH.read_text(encoding="utf-8"), str(BATCH))
    run_batch(spec, BATCH_SEED, 1, workers=1)  # warm caches in this process, as a user's run would
    load = os.getloadavg()[0]
    one = run_batch(spec, BATCH_SEED, BATCH_GAMES, workers=1)
    two = run_batch(spec, BATCH_SEED, BATCH_GAMES, workers=2)
    return {
        "load": (load + os.getloadavg()[0]) / 2,
        "one_s": one.seconds,
        "two_s": two.seconds,
        "ratio": one.seconds / two.seconds,
        "same": one.records == two.records,
        "cores": default_workers(),
    }


def report(game: dict[str, Any], batch: dict[str, Any]) -> str:
    each = ", ".join(f"{t:.2f}" for t in game["games_s"])
    return "\n".join(
        [
            f"full game headless ({HORDE.name}): median {game['game_s']:.2f} s "
            f"(seeds {list(GAME_SEEDS)}: {each} s; first game of the process "
            f"{game['cold_s']:.2f} s) — {game['actions']:.0f} actions, "
            f"{game['ms_per_action']:.1f} ms per action — target ≤ {MAX_GAME_S:.1f} s, "
            f"ratio {game['game_s'] / MAX_GAME_S:.2f}× the target",
            f"batch of {BATCH_GAMES} games ({BATCH.name}): 1 worker {batch['one_s']:.2f} s, "
            f"2 workers {batch['two_s']:.2f} s — speed-up {batch['ratio']:.2f}× "
            f"(target ≥ {MIN_SPEEDUP:.1f}×, {batch['cores']} cores, load average "
            f"{batch['load']:.1f} while measuring); records identical: {batch['same']}",
        ]
    )


def test_simulator_benchmarks() -> None:
    game, batch = full_game(), speedup()
    print("\n" + report(game, batch))
    assert batch["same"]
    assert batch["ratio"] >= MIN_SPEEDUP
    assert game["game_s"] <= MAX_GAME_S


if __name__ == "__main__":
    print(report(full_game(), speedup()))
