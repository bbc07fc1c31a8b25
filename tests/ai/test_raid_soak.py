"""Seeded raids played by the AI levels, with the engine's invariants checked after
every action (issue #13's "0 attacks on own pieces, 0 illegal actions over 200
seeded raids").

refuge_raiders and refuge_horde in turn, the seeds 1 … N, both sides at one level
of the cycle `LEVELS` (normal, easy, classic, … hard now and then: it searches and
costs the most). Per game: no two standing bases overlap, none stands in solid
terrain or off the table, no TP below 0, no move beyond its allowance
(tests/engine/test_playouts.py's checks); no attack by the defenders on their own
gates and barricades (tests/ai/watch.py; not at `classic`, which is the old
controller kept as it was — it does break its own gate now and then); no illegal
action (run_game stops at the first one); the game ends, by `max_rounds` at the
latest.

By default 2 raids (one of each scenario). Opt in to the full soak:

    DEADEARTH_RAID_SOAK=200 python -m pytest tests/ai/test_raid_soak.py -q -s

(`DEADEARTH_RAID_SOAK_WORKERS`: worker processes, default 2.) It prints the count,
the CPU time and the wall time.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.actions import Action
from game.engine import Game
from game.events import Event
from game.sim import GameStalled, run_game
from tests.ai.lineups import make, scenario
from tests.ai.watch import Watch
from tests.engine.test_playouts import Invariants

GAMES = int(os.environ.get("DEADEARTH_RAID_SOAK") or "2")
WORKERS = int(os.environ.get("DEADEARTH_RAID_SOAK_WORKERS") or "2")
RAIDS = (("refuge_raiders", "raiders", "tactical"), ("refuge_horde", "horde", "horde"))
LEVELS = ("normal", "easy", "classic", "normal", "easy", "classic", "normal", "easy", "classic")
HARD_EVERY = 10
"""Every tenth raid is played at hard (its search costs up to 5× the CPU)."""


def lineup(n: int) -> tuple[str, dict[str, str], int, str]:
    """The n-th raid (0-based): scenario stem, controllers by side, seed, level."""
    stem, attackers, kind = RAIDS[n % len(RAIDS)]
    level = "hard" if n % HARD_EVERY == HARD_EVERY - 1 else LEVELS[n % len(LEVELS)]
    return stem, {attackers: f"{kind}:{level}", "refuge": f"tactical:{level}"}, 1 + n // 2, level


def soak_one(n: int) -> dict[str, Any]:
    """Play the n-th raid with the checks on; what went wrong (empty: nothing)."""
    stem, sides, seed, level = lineup(n)
    sc = scenario(stem)
    checks, watch = Invariants(), Watch()

    def observe(game: Game, action: Action, events: list[Event]) -> None:
        checks(game, action, events)
        watch(game, action, events)

    cpu = time.process_time()
    problems: list[str] = []
    try:
        result = run_game(
            sc, seed, controllers={s: make(c) for s, c in sides.items()}, observer=observe
        )
    except GameStalled as exc:  # an illegal action, or no end
        problems.append(str(exc))
    else:
        if result.outcome is None or not 1 <= result.rounds <= sc.scenario.max_rounds:
            problems.append(f"no proper end: {result.outcome} after {result.rounds} rounds")
    problems += checks.problems
    if watch.own_piece_attacks and level != "classic":
        problems.append(f"{watch.own_piece_attacks} defender attacks on their own pieces")
    where = f"{stem} seed {seed} at {level}"
    return {
        "where": where,
        "problems": [f"{where}: {p}" for p in problems],
        "cpu": time.process_time() - cpu,
    }


def test_raids_keep_the_invariants() -> None:
    start, cpu = time.perf_counter(), time.process_time()
    if GAMES <= 2 or WORKERS <= 1:
        played = [soak_one(n) for n in range(GAMES)]
    else:
        played = []
        with ProcessPoolExecutor(WORKERS) as pool:
            for game in pool.map(soak_one, range(GAMES), chunksize=1):
                played.append(game)
                if len(played) % 10 == 0:  # progress, for a long soak
                    bad = sum(len(g["problems"]) for g in played)
                    print(f"  {len(played)} raids, {bad} problems", flush=True)
    problems = [p for g in played for p in g["problems"]]
    spent = sum(g["cpu"] for g in played) if GAMES > 2 else time.process_time() - cpu
    print(
        f"\nraid soak: {len(played)} raids, {len(problems)} problems; "
        f"CPU {spent:.0f} s, wall {time.perf_counter() - start:.0f} s"
    )
    assert len(played) == GAMES
    assert problems == [], problems[:10]


def test_the_lineups_cycle_both_raids_and_every_level() -> None:
    seen = {lineup(n)[0] for n in range(4)}
    assert seen == {"refuge_raiders", "refuge_horde"}
    assert {lineup(n)[3] for n in range(20)} == {"normal", "easy", "classic", "hard"}
    assert lineup(0)[1] == {"raiders": "tactical:normal", "refuge": "tactical:normal"}
    assert lineup(1)[1] == {"horde": "horde:easy", "refuge": "tactical:easy"}
