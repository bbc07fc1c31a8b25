"""The AI quality bars at full size (not part of the default run; the default run
has the same bars at 8 games: tests/ai/test_quality.py).

    python tests/ai/measure_quality.py                 # everything, full size
    python tests/ai/measure_quality.py --games 40 --ai-games 100 --only raids

At the default level (ai/levels.py) unless named:

1. ai:tactical beats the random bot in open_skirmish, either side: ≥ 90 % of 200.
2. ai:horde breaches the shelter against defenders that never act: ≥ 90 % of 200.
3. AI against AI on refuge_horde and refuge_raiders (the defenders played by
   ai:tactical in autoplay): the defenders' win rate (Repelled) between 25 % and
   75 % over 500 games each; the raiders carry loot off in ≥ 25 % of theirs.
4. In those raids: no attack by a defender on its own gates and barricades, and
   every defender activation that begins while an infected stands in the shelter
   within its reach attacks one of them.
5. `hard` against `classic` on open_skirmish, the seats swapped (--games a seat):
   ≥ 70 % seat-averaged (--only hard).
6. No controller submits an illegal action in any of these games (≥ 200 seeded
   games; run_game stops a game at the first one, so it would come back with an
   error).

Seeds: 1 … N per lineup. Prints shares with 95 % Wilson intervals and the CPU time
(process time of the worker processes) beside the wall time; --json FILE writes
the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ai.lineups import Tally, run

Z95 = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of k successes in n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95 / n
    centre = (p + z2 / 2) / (1 + z2)
    half = Z95 / (1 + z2) * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(tally: Tally, hits: int) -> dict[str, Any]:
    n = len(tally.games)
    low, high = wilson(hits, n)
    return {"games": n, "hits": hits, "share": hits / max(1, n), "ci95": [low, high]}


def line(label: str, fig: dict[str, Any], bar: str) -> str:
    low, high = fig["ci95"]
    return (
        f"{label}: {fig['hits']}/{fig['games']} = {100 * fig['share']:.1f} % "
        f"(95 % CI {100 * low:.1f}–{100 * high:.1f} %; bar {bar})"
    )


def cpu_line(tally: Tally) -> str:
    """CPU (process) and wall time per game of a lineup."""
    n = max(1, len(tally.games))
    cpu = sum(g.get("cpu", 0.0) for g in tally.games) / n
    wall = sum(g.get("seconds", 0.0) for g in tally.games) / n
    return f"[CPU {cpu:.1f} s/game, wall {wall:.1f} s/game]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per bar 1 and 2 lineup")
    parser.add_argument("--ai-games", type=int, default=500, help="games per AI-vs-AI scenario")
    parser.add_argument("--only", default="skirmish,horde,raids,hard", help="which bars")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    seeds = range(1, args.games + 1)
    out: dict[str, Any] = {}
    errors: list[str] = []
    played = 0
    start = time.perf_counter()
    if "skirmish" in only:
        for side, other, win in (
            ("raiders", "survivors", "defeat"),
            ("survivors", "raiders", "victory"),
        ):
            lineup = {side: "tactical", other: "random"}
            tally = run("open_skirmish", lineup, seeds, args.workers)
            fig = share(tally, tally.outcomes[win])
            fig["outcomes"] = dict(tally.outcomes)
            out[f"tactical_{side}_vs_random"] = fig
            print(line(f"ai:tactical as {side} beats the random bot", fig, "≥ 90 %"), flush=True)
            errors += tally.errors
            played += len(tally.games)
    if "horde" in only:
        tally = run("refuge_horde", {"horde": "horde", "refuge": "passive"}, seeds, args.workers)
        fig = share(tally, sum(1 for g in tally.games if g.get("breaches", 0) >= 1))
        fig["outcomes"] = dict(tally.outcomes)
        out["horde_breaches_passive"] = fig
        print(line("ai:horde breaches the shelter of passive defenders", fig, "≥ 90 %"), flush=True)
        errors += tally.errors
        played += len(tally.games)
    if "raids" in only:
        for stem, attackers, ai in (
            ("refuge_horde", "horde", "horde"),
            ("refuge_raiders", "raiders", "tactical"),
        ):
            lineup = {attackers: ai, "refuge": "tactical"}
            tally = run(stem, lineup, range(1, args.ai_games + 1), args.workers)
            fig = share(tally, tally.outcomes["repelled"])
            fig["outcomes"] = dict(tally.outcomes)
            fig["mean_rounds"] = sum(g.get("rounds", 0) for g in tally.games) / max(
                1, len(tally.games)
            )
            out[f"{stem}_ai_vs_ai_defender_wins"] = fig
            print(
                line(f"{stem} AI vs AI: the defenders win", fig, "25–75 %"),
                fig["outcomes"],
                cpu_line(tally),
                flush=True,
            )
            if attackers == "raiders":
                looted = share(tally, sum(1 for g in tally.games if g.get("loot", 0) >= 1))
                out[f"{stem}_raiders_loot"] = looted
                print(line(f"{stem}: the raiders carry loot off", looted, "≥ 25 %"), flush=True)
            own = sum(g.get("own_piece_attacks", 0) for g in tally.games)
            due = sum(g.get("must_hit", 0) for g in tally.games)
            missed = sum(g.get("missed", 0) for g in tally.games)
            out[f"{stem}_own_piece_attacks"] = own
            out[f"{stem}_shelter_hits"] = {"due": due, "missed": missed}
            print(
                f"{stem}: defender attacks on their own gates and barricades: {own} (bar 0); "
                f"activations with an infected in the shelter to hit: {due}, missed {missed} "
                "(bar 0)",
                flush=True,
            )
            errors += tally.errors
            played += len(tally.games)
    if "hard" in only:
        points = 0.0
        games: list[dict[str, Any]] = []
        for hard_side, classic_side, win in (
            ("raiders", "survivors", "defeat"),
            ("survivors", "raiders", "victory"),
        ):
            lineup = {hard_side: "tactical:hard", classic_side: "tactical:classic"}
            tally = run("open_skirmish", lineup, seeds, args.workers)
            points += tally.outcomes[win] + 0.5 * tally.outcomes["draw"]
            games += tally.games
            errors += tally.errors
            played += len(tally.games)
            print(f"  hard as {hard_side}: {dict(tally.outcomes)}", cpu_line(tally), flush=True)
        fig = share(Tally(games), round(points))
        out["hard_vs_classic"] = fig
        print(line("hard beats classic in open_skirmish, seats swapped", fig, "≥ 70 %"))
    out["illegal_actions"] = {"games": played, "errors": errors}
    print(f"illegal actions: {len(errors)} in {played} seeded games", flush=True)
    for err in errors[:10]:
        print("  ", err)
    print(f"({time.perf_counter() - start:.0f} s)")
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0 if not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
