"""Play seeded games with named controllers per side, in worker processes, and sum
up the outcomes: the measuring kit of the AI quality bars (tests/ai/)."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ai.base import Controller  # noqa: E402
from ai.horde import HordeAI  # noqa: E402
from ai.levels import split_choice  # noqa: E402
from ai.passive import PassiveBot  # noqa: E402
from ai.presets import preset_names  # noqa: E402
from ai.random_bot import RandomBot  # noqa: E402
from ai.tactical import TacticalAI  # noqa: E402
from game.actions import Action  # noqa: E402
from game.engine import Game  # noqa: E402
from game.events import Event  # noqa: E402
from game.loading import load_scenario  # noqa: E402
from game.scenario import Scenario  # noqa: E402
from game.sim import GameStalled, run_game  # noqa: E402
from tests.ai.watch import Watch  # noqa: E402

SCENARIOS = ROOT / "scenarios"
Lineup = Mapping[str, str]
"""Side id -> controller name: random | passive | tactical[:level][:preset] |
horde[:level][:preset] (levels and presets as in ai/levels.py; default: normal)."""


def make(name: str) -> Controller:
    """A controller by lineup name."""
    kind, _, rest = name.partition(":")
    if kind == "random":
        return RandomBot()
    if kind == "passive":
        return PassiveBot()
    level, preset = split_choice(rest, preset_names()) if rest else (None, None)
    if kind == "tactical":
        return TacticalAI(preset, level)
    if kind == "horde":
        return HordeAI(preset, level)
    raise ValueError(f"unknown controller {name!r}")


@cache
def scenario(stem: str) -> Scenario:
    """A shipped scenario by file stem, or any scenario file by path."""
    path = Path(stem) if stem.endswith(".toml") else SCENARIOS / f"{stem}.toml"
    return load_scenario(path)


def play(stem: str, lineup: Lineup, seed: int) -> dict[str, Any]:
    """One game: outcome, rounds, breaches, loot, casualties, or the error."""
    sc = scenario(stem)
    start, cpu = time.perf_counter(), time.process_time()
    last: list[Game] = []
    watch = Watch()

    def keep(game: Game, action: Action, events: list[Event]) -> None:
        if not last:
            last.append(game)
        watch(game, action, events)

    controllers = {s: make(n) for s, n in lineup.items()}
    try:
        result = run_game(sc, seed, controllers=controllers, observer=keep)
    except GameStalled as exc:
        return {"seed": seed, "outcome": None, "error": str(exc)}
    breaches = sum(1 for e in result.events if e.kind == "shelter_breached")
    loot = sum(getattr(e, "loot", 0) for e in result.events if e.kind == "left_board")
    looted = sum(1 for e in result.events if e.kind == "loot")
    destroyed = len(last[0].state.destroyed_modules) if last else 0
    return {
        "seed": seed,
        "outcome": result.outcome,
        "rounds": result.rounds,
        "breaches": breaches,
        "loot": loot,
        "looted": looted,
        "destroyed": destroyed,
        "own_piece_attacks": watch.own_piece_attacks,
        "must_hit": watch.must_hit,
        "missed": watch.missed,
        "casualties": dict(result.casualties),
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "error": None,
    }


def _play_args(args: tuple[str, dict[str, str], int]) -> dict[str, Any]:
    return play(*args)


@dataclass
class Tally:
    """The games of one lineup."""

    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def outcomes(self) -> Counter[str]:
        return Counter(str(g["outcome"]) for g in self.games)

    @property
    def errors(self) -> list[str]:
        return [g["error"] for g in self.games if g["error"]]

    def share(self, outcome: str) -> float:
        return self.outcomes[outcome] / max(1, len(self.games))

    def share_where(self, key: str, minimum: int = 1) -> float:
        return sum(1 for g in self.games if g.get(key, 0) >= minimum) / max(1, len(self.games))


def run(stem: str, lineup: Lineup, seeds: Iterable[int], workers: int | None = None) -> Tally:
    """Play the seeds (in `workers` processes; default: all cores)."""
    jobs = [(stem, dict(lineup), s) for s in seeds]
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(jobs) <= 1:
        return Tally([play(*job) for job in jobs])
    with ProcessPoolExecutor(workers) as pool:
        return Tally(list(pool.map(_play_args, jobs, chunksize=1)))
