"""The strength ladder of the AI levels (not part of the default run).

    python tests/bench/bench_ladder.py                       # 20 games a seat
    python tests/bench/bench_ladder.py --games 100 --levels hard,classic
    python tests/bench/bench_ladder.py --scenario refuge_raiders --games 10
    python tests/bench/bench_ladder.py --levels hard,classic --games 25 --first-seed 16

Every level (ai/levels.py) plays every other on a two-sided scenario
(open_skirmish by default), each in both seats, seeds 1 … N per seat (or from
--first-seed, to add games to an earlier run): the same seeds in both seats, so
each seed is played once each way. A game won scores 1,
a draw ½. For each pair: the first level's seat-averaged score with its 95 % Wilson
interval, and the CPU time (process time, summed over the worker processes) and
wall time per game. Then the ladder: each level's score against all the others.
In a raid scenario the defenders' side counts as the first seat, the attackers
play their own controller (tactical or horde) at the level.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ai.levels import LEVELS  # noqa: E402
from tests.ai.lineups import Tally, run, scenario  # noqa: E402
from tests.ai.measure_quality import wilson  # noqa: E402


def _controller(controller: str) -> str:
    return "horde" if controller == "ai:horde" else "tactical"


def seats(stem: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The scenario's two sides (id, lineup controller kind), the first seat first."""
    sides = list(scenario(stem).side)
    if len(sides) != 2:
        raise SystemExit(f"{stem}: the ladder needs a scenario with two sides")
    a, b = sides
    return (a.id, _controller(a.controller)), (b.id, _controller(b.controller))


def wins_of(tally: Tally, first_wins: str, second_wins: str) -> tuple[float, float]:
    """(points of the first side, points of the second): a win 1, a draw ½."""
    one = two = 0.0
    for game in tally.games:
        outcome = game["outcome"]
        if outcome == first_wins:
            one += 1
        elif outcome == second_wins:
            two += 1
        elif outcome is not None:
            one += 0.5
            two += 0.5
    return one, two


def outcomes_for(stem: str) -> tuple[str, str]:
    """The outcome that means the first side won, and the second side."""
    sc = scenario(stem)
    raid = any(s.raid is not None for s in sc.side)
    return ("repelled", "defeat") if raid else ("victory", "defeat")


def match(stem: str, one: str, two: str, seeds: range, workers: int | None) -> dict[str, Any]:
    """Level `one` against `two`, both seats: points, games, CPU and wall time."""
    (side_a, kind_a), (side_b, kind_b) = seats(stem)
    first, second = outcomes_for(stem)
    points = 0.0
    played = 0
    cpu = wall = 0.0
    for seat_a, seat_b in ((one, two), (two, one)):
        lineup = {side_a: f"{kind_a}:{seat_a}", side_b: f"{kind_b}:{seat_b}"}
        start = time.perf_counter()
        tally = run(stem, lineup, seeds, workers)
        wall += time.perf_counter() - start
        cpu += sum(g.get("cpu", 0.0) for g in tally.games)
        if tally.errors:
            raise SystemExit(f"{lineup}: {tally.errors[0]}")
        got = wins_of(tally, first, second)
        points += got[0] if seat_a == one else got[1]
        played += len(tally.games)
    return {"points": points, "games": played, "cpu": cpu, "wall": wall}


def interval(points: float, games: int) -> str:
    low, high = wilson(round(points), games)
    return f"{100 * points / max(1, games):5.1f} % (95 % CI {100 * low:.0f}–{100 * high:.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="open_skirmish")
    parser.add_argument("--games", type=int, default=20, help="games per seat and pair")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    levels = [name for name in args.levels.split(",") if name]
    unknown = [name for name in levels if name not in LEVELS]
    if unknown or len(levels) < 2:
        raise SystemExit(f"--levels: two or more of {', '.join(LEVELS)}")
    total: dict[str, list[float]] = {name: [0.0, 0.0] for name in levels}
    seeds = range(args.first_seed, args.first_seed + args.games)
    print(
        f"{args.scenario}: {args.games} games a seat (seeds {seeds.start}–{seeds.stop - 1}), "
        "both seats",
        flush=True,
    )
    for one, two in itertools.combinations(levels, 2):
        got = match(args.scenario, one, two, seeds, args.workers)
        n = got["games"]
        total[one][0] += got["points"]
        total[one][1] += n
        total[two][0] += n - got["points"]
        total[two][1] += n
        print(
            f"{one:>8} vs {two:<8} {interval(got['points'], n)}   "
            f"CPU {got['cpu'] / n:5.1f} s/game, wall {got['wall'] / n:5.1f} s/game",
            flush=True,
        )
    print("ladder (score against all the others):")
    for name in sorted(levels, key=lambda x: -total[x][0] / max(1, total[x][1])):
        points, n = total[name]
        print(f"  {name:>8}  {interval(points, int(n))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
