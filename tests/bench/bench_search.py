"""What the `hard` level's look-ahead costs (not part of the default run).

    python tests/bench/bench_search.py                 # open_skirmish, seeds 1-3
    python tests/bench/bench_search.py --scenario refuge_raiders --seeds 1,2

For each seed the same game is played three times: one side at `hard` against the
other at `classic`, then that side at `normal`, then both sides at `classic`
(today's controller). Printed:

1. the look-ahead's CPU time per searched activation (the calls of ai/search.py's
   `choose` where the choice is close and an enemy near: `search.matters`) —
   median and maximum; target: median ≤ 1 s (the window thinks in its own thread);
2. the CPU time of the hard side's decisions per game against the same side's
   decisions at classic in the all-classic game of the same seed — target ≤ 5×
   (searching only where it matters) — and at normal (what judging costs without
   the search);
3. how many activations were searched, of how many decisions the hard side made.

CPU time is process time (`time.process_time`, one process: no workers), wall
time beside it. One warm-up game first (numba kernels, rules data, odds tables).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ai import search  # noqa: E402
from ai.base import Controller  # noqa: E402
from game.actions import Action  # noqa: E402
from game.engine import Game  # noqa: E402
from game.sim import run_game  # noqa: E402
from tests.ai.lineups import make, scenario  # noqa: E402

MAX_SEARCH_S = 1.0
MAX_RATIO = 5.0


@dataclass
class Clock:
    """CPU and wall seconds of the look-ahead's searched calls."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


class Timed:
    """A controller whose `choose` and `intent` calls are timed (CPU seconds)."""

    def __init__(self, inner: Controller) -> None:
        self.inner = inner
        self.name = inner.name
        self.cpu = 0.0
        self.decisions = 0

    def choose(self, game: Game) -> Action:
        start = time.process_time()
        try:
            return self.inner.choose(game)
        finally:
            self.cpu += time.process_time() - start
            self.decisions += 1

    def intent(self, game: Game) -> str | None:
        start = time.process_time()
        try:
            return self.inner.intent(game)
        finally:
            self.cpu += time.process_time() - start


def watching(clock: Clock) -> Callable[[], None]:
    """Time every searched call of `search.choose`; the returned call undoes it."""
    original = search.choose

    def timed(game: Game, fig: Any, legal: Any, plans: Any) -> Any:
        if not search.matters(game, fig, legal):
            return original(game, fig, legal, plans)
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            return original(game, fig, legal, plans)
        finally:
            clock.cpu.append(time.process_time() - cpu)
            clock.wall.append(time.perf_counter() - wall)

    search.choose = timed  # type: ignore[assignment]

    def undo() -> None:
        search.choose = original  # type: ignore[assignment]

    return undo


def sides(stem: str) -> list[tuple[str, str]]:
    """(side id, lineup controller kind) of the scenario's sides."""
    return [
        (s.id, "horde" if s.controller == "ai:horde" else "tactical") for s in scenario(stem).side
    ]


def game_cpu(stem: str, seed: int, levels: dict[str, str]) -> tuple[dict[str, Timed], str | None]:
    """Play one game with the sides at the given levels; each side's timed controller."""
    timed = {side: Timed(make(f"{kind}:{levels[side]}")) for side, kind in sides(stem)}
    result = run_game(scenario(stem), seed, controllers=dict(timed))  # type: ignore[arg-type]
    return timed, result.outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="open_skirmish")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--side", default=None, help="the side at hard (default: the first)")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s]
    ids = [side for side, _ in sides(args.scenario)]
    hard = args.side or ids[0]
    if hard not in ids:
        raise SystemExit(f"--side: one of {', '.join(ids)}")
    game_cpu(args.scenario, seeds[0], dict.fromkeys(ids, "classic"))  # warm-up
    clock = Clock()
    hard_cpu = normal_cpu = classic_cpu = 0.0
    decisions = 0
    for seed in seeds:
        undo = watching(clock)
        try:
            timed, outcome = game_cpu(
                args.scenario, seed, {s: "hard" if s == hard else "classic" for s in ids}
            )
        finally:
            undo()
        judged, _ = game_cpu(
            args.scenario, seed, {s: "normal" if s == hard else "classic" for s in ids}
        )
        base, _ = game_cpu(args.scenario, seed, dict.fromkeys(ids, "classic"))
        hard_cpu += timed[hard].cpu
        normal_cpu += judged[hard].cpu
        classic_cpu += base[hard].cpu
        decisions += timed[hard].decisions
        print(
            f"seed {seed}: {outcome}; {hard} at hard {timed[hard].cpu:.1f} s CPU, "
            f"at normal {judged[hard].cpu:.1f} s, at classic {base[hard].cpu:.1f} s",
            flush=True,
        )
    ratio = hard_cpu / max(1e-9, classic_cpu)
    print(f"{args.scenario}, {hard} at hard against classic, seeds {args.seeds}:")
    if clock.cpu:
        median = statistics.median(clock.cpu)
        print(
            f"  searched activations: {len(clock.cpu)} of {decisions} decisions; CPU per search "
            f"median {median:.2f} s, max {max(clock.cpu):.2f} s "
            f"(wall median {statistics.median(clock.wall):.2f} s); target ≤ {MAX_SEARCH_S:g} s, "
            f"ratio {median / MAX_SEARCH_S:.2f}"
        )
    else:
        print(f"  no activation searched in {decisions} decisions")
    print(
        f"  the {hard} side's decisions: {hard_cpu / len(seeds):.1f} s CPU per game at hard, "
        f"{classic_cpu / len(seeds):.1f} s at classic: {ratio:.2f}× (target ≤ {MAX_RATIO:g}×); "
        f"at normal {normal_cpu / len(seeds):.1f} s ({normal_cpu / max(1e-9, classic_cpu):.2f}×)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
