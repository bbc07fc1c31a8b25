"""Batches of headless games: seeds, workers, and the per-game records they return.

One batch is a `BatchSpec` (scenario text, knob overrides, AI presets by side)
played for N games (at most `limits.MAX_GAMES`). Game i gets its seed from
`SeedSequence(seed).spawn(N)[i]` — made when the game is handed out, not all up
front (`game_seed`) — so the records never depend on how many workers played them
or in which order they finished. Games run in this process (1 worker), in a local
process pool (several), or on a Dask distributed cluster (`scheduler` address;
extra `cluster`; give its workers one thread each: the threads of one process play
one game at a time). Every worker parses the scenario once per batch (`spec_scenario`
caches it) and sends back one small plain dict per game (`play_one`).

Local workers end with the batch: they ignore Ctrl-C (the batch stops them), and a
worker whose parent is gone — killed, even by SIGKILL — ends too (game/workers.py).
A batch stopped by Ctrl-C (KeyboardInterrupt) or SIGTERM (`workers.Terminated`,
under `workers.stop_on_sigterm`) ends its workers at once.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game import limits
from game.actions import Action
from game.ai_choice import controllers_for
from game.engine import Game
from game.events import Event
from game.loading import parse_scenario, require_battle
from game.rules.loader import load_rules
from game.scenario import Scenario
from game.sim import GameStalled, run_game
from game.systems import SystemName
from game.workers import end_workers, start_worker

Record = dict[str, Any]
"""One game's result as plain data: index, seed, outcome, rounds, casualties, loot,
breaches, modules_destroyed, actions, events_hash, error (None unless the game broke
off)."""
Progress = Callable[[int], None]
"""Called with the number of games just finished."""
PlayOne = Callable[["BatchSpec", int, int], Record]
"""Plays game (index, seed) of a batch and returns its record (default `play_one`)."""

STALLED = "stalled"
"""The outcome recorded for a game that broke off (GameStalled)."""
CHUNKS_PER_WORKER = 8
"""A local batch is cut into about this many chunks per worker (load balance)."""
MAX_CHUNK = 32
"""The most games sent to a worker at once (keeps the progress bar moving)."""
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer."""


class BatchError(RuntimeError):
    """A batch could not be run (e.g. no Dask, or the scheduler cannot be reached)."""


@dataclass(frozen=True)
class BatchSpec:
    """What every game of a batch plays: plain, picklable data."""

    scenario_text: str
    scenario_file: str = "<scenario>"
    knobs: Mapping[str, Any] = field(default_factory=dict)
    """Knob overrides on top of the scenario's own [knobs]."""
    ai: Mapping[str, str] = field(default_factory=dict)
    """AI preset by side id (sides not named play their scenario controller's default)."""
    rules: SystemName | None = None
    """The rule system to play (None: the scenario's own `rules`)."""

    def key(self) -> str:
        """A digest that identifies the spec (the workers' cache key)."""
        blob = json.dumps(
            [self.scenario_text, self.scenario_file, dict(self.knobs), dict(self.ai), self.rules],
            sort_keys=True,
            default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()


@dataclass
class BatchResult:
    """The records of a batch (in game order) and how long it took."""

    seed: int
    records: list[Record]
    seconds: float
    workers: int
    scheduler: str | None = None

    @property
    def games_per_second(self) -> float:
        return len(self.records) / self.seconds if self.seconds > 0 else math.inf


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index`: a 32-bit number from the child `index` of
    `SeedSequence(seed).spawn(…)` (replay the game alone with `main.py run --seed`)."""
    child = np.random.SeedSequence(seed, spawn_key=(index,))
    return int(child.generate_state(1, dtype=np.uint32)[0])


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of the first `games` games."""
    return [game_seed(seed, i) for i in range(games)]


def iter_items(seed: int, games: int) -> Iterator[tuple[int, int]]:
    """(index, seed) of every game, each seed made when it is needed."""
    return ((i, game_seed(seed, i)) for i in range(games))


def load_spec(spec: BatchSpec) -> Scenario:
    """The spec's scenario with every check, against the rules with its knobs applied
    (raises ScenarioError, or the knob error of `RulesData.with_overrides`)."""
    rules = load_rules().with_overrides(spec.knobs) if spec.knobs else None
    scenario = parse_scenario(spec.scenario_text, spec.scenario_file, rules=rules)
    return require_battle(scenario, spec.scenario_file).under(spec.rules)


# --- one game ----------------------------------------------------------------------

_CONTEXTS: dict[str, Scenario] = {}


def spec_scenario(spec: BatchSpec) -> Scenario:
    """The parsed scenario of a spec, once per worker process and batch."""
    key = spec.key()
    scenario = _CONTEXTS.get(key)
    if scenario is None:
        _CONTEXTS.clear()  # a worker serves one batch at a time
        scenario = _CONTEXTS[key] = load_spec(spec)
    return scenario


class _LastGame:
    """An observer that keeps the game it watches (for the final state)."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        self.game = game


def play_one(spec: BatchSpec, index: int, seed: int) -> Record:
    """Play game `index` of a batch with its seed; the record as plain data."""
    scenario = spec_scenario(spec)
    watch = _LastGame()
    try:
        result = run_game(
            scenario,
            seed,
            knobs=dict(spec.knobs),
            controllers=controllers_for(scenario, spec.ai),
            observer=watch,
        )
    except GameStalled as exc:
        return {**_empty(scenario, index, seed), "outcome": STALLED, "error": str(exc)}
    state = watch.game.state if watch.game is not None else None
    return {
        "index": index,
        "seed": seed,
        "outcome": result.outcome,
        "rounds": result.rounds,
        "casualties": dict(result.casualties),
        "loot": state.loot_taken if state else 0,
        "breaches": state.breaches if state else 0,
        "modules_destroyed": list(state.destroyed_modules) if state else [],
        "actions": len(result.actions),
        "events_hash": result.events_hash,
        "error": None,
    }


def _empty(scenario: Scenario, index: int, seed: int) -> Record:
    return {
        "index": index,
        "seed": seed,
        "outcome": None,
        "rounds": 0,
        "casualties": {side.id: 0 for side in scenario.side},
        "loot": 0,
        "breaches": 0,
        "modules_destroyed": [],
        "actions": 0,
        "events_hash": "",
        "error": None,
    }


_ONE_AT_A_TIME = threading.Lock()
"""Games share per-process caches (boards, sight, paths) that are not thread-safe, so
the threads of one process (a Dask worker's) play one game at a time."""


def play_chunk(
    spec: BatchSpec, items: Sequence[tuple[int, int]], play: PlayOne | None = None
) -> list[Record]:
    """Play several (index, seed) games in a row (with `play`, default `play_one`)."""
    one = play or play_one
    with _ONE_AT_A_TIME:
        return [one(spec, index, seed) for index, seed in items]


# --- running a batch ---------------------------------------------------------------


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about CHUNKS_PER_WORKER chunks per worker, at most MAX_CHUNK."""
    return max(1, min(MAX_CHUNK, games // max(1, workers * CHUNKS_PER_WORKER)))


def iter_chunks(items: Iterator[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    """Items cut into consecutive chunks of `size` (the last may be shorter), lazily."""
    while chunk := list(itertools.islice(items, size)):
        yield chunk


def chunks(items: Sequence[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    """Items cut into consecutive chunks (`chunk_size`)."""
    return list(iter_chunks(iter(items), chunk_size(len(items), workers)))


def run_batch(
    spec: BatchSpec,
    seed: int,
    games: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    play: PlayOne | None = None,
) -> BatchResult:
    """Play `games` games of `spec`; records come back in game order whatever ran them.
    `play` (a picklable module-level function) makes each game's record instead of
    `play_one` (e.g. the planner's heat map collects where figures fell)."""
    if not 1 <= games <= limits.MAX_GAMES:
        raise ValueError(f"a batch has 1 to {limits.MAX_GAMES} games (not {games})")
    tick = progress or (lambda n: None)
    start = time.perf_counter()
    if scheduler is not None:
        records = _run_dask(spec, list(iter_items(seed, games)), scheduler, tick, play)
        used = 0
    else:
        used = max(1, min(workers or default_workers(), games))
        records = _run_local(spec, iter_items(seed, games), games, used, tick, play)
    seconds = time.perf_counter() - start
    records.sort(key=lambda r: int(r["index"]))
    return BatchResult(seed, records, seconds, used, scheduler)


IN_FLIGHT_PER_WORKER = 2
"""Chunks handed to the pool per worker before one comes back (the rest wait, and
so do their seeds)."""


def _run_local(
    spec: BatchSpec,
    items: Iterator[tuple[int, int]],
    games: int,
    workers: int,
    tick: Progress,
    play: PlayOne | None = None,
) -> list[Record]:
    """In this process (1 worker) or a process pool of `workers`."""
    if workers == 1:
        out: list[Record] = []
        for index, seed in items:
            out.append((play or play_one)(spec, index, seed))
            tick(1)
        return out
    spec_scenario(spec)  # fail here, not in every worker; forked workers inherit the parse
    parts = iter_chunks(items, chunk_size(games, workers))
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=start_worker, initargs=(os.getpid(),)
    )
    try:
        records = _feed(pool, parts, workers * IN_FLIGHT_PER_WORKER, spec, tick, play)
    except BaseException:  # Ctrl-C, SIGTERM or a failing game: the workers end now
        end_workers(pool)
        raise
    pool.shutdown()
    return records


def _feed(
    pool: ProcessPoolExecutor,
    parts: Iterator[list[tuple[int, int]]],
    in_flight: int,
    spec: BatchSpec,
    tick: Progress,
    play: PlayOne | None,
) -> list[Record]:
    """Hand chunks to the pool, at most `in_flight` at a time; their records."""
    records: list[Record] = []
    pending: set[Future[list[Record]]] = set()
    for part in parts:
        pending.add(pool.submit(play_chunk, spec, part, play))
        while len(pending) >= in_flight:
            pending = _take(pending, records, tick)
    while pending:
        pending = _take(pending, records, tick)
    return records


def _take(
    pending: set[Future[list[Record]]], records: list[Record], tick: Progress
) -> set[Future[list[Record]]]:
    """Wait for a chunk to finish, add its records; the chunks still running."""
    done, rest = wait(pending, return_when=FIRST_COMPLETED)
    for future in done:
        found = future.result()
        tick(len(found))
        records += found
    return rest


def _run_dask(
    spec: BatchSpec,
    items: list[tuple[int, int]],
    address: str,
    tick: Progress,
    play: PlayOne | None = None,
) -> list[Record]:
    """On the Dask distributed cluster whose scheduler is at `address`."""
    try:
        dist: Any = importlib.import_module("distributed")  # untyped: used through Any
    except ImportError:
        raise BatchError(
            "--scheduler needs Dask distributed: pip install 'deadearth-skirmish[cluster]'"
        ) from None
    try:
        client = dist.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise BatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(items, workers)
        shared = client.scatter(spec, broadcast=True)
        futures = [client.submit(play_chunk, shared, part, play, pure=False) for part in parts]
        out: list[Record] = []
        for future in dist.as_completed(futures, loop=client.loop):
            records: list[Record] = future.result()
            tick(len(records))
            out += records
        return out
    finally:
        client.close()
