"""Batches: per-game seeds from SeedSequence, the same records whatever the workers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from game.batch import BatchSpec, chunks, game_seeds, play_one, run_batch
from tests.sim.conftest import DUEL, RAID


def spec(path: Path = RAID, knobs: dict[str, Any] | None = None) -> BatchSpec:
    return BatchSpec(path.read_text(encoding="utf-8"), str(path), knobs or {})


def test_game_seeds_come_from_spawned_seed_sequences() -> None:
    seeds = game_seeds(11, 5)
    children = np.random.SeedSequence(11).spawn(5)
    assert seeds == [int(c.generate_state(1, dtype=np.uint32)[0]) for c in children]
    assert game_seeds(11, 3) == seeds[:3]  # more games only add seeds at the end
    assert len(set(seeds)) == 5
    assert game_seeds(12, 5) != seeds


def test_chunks_keep_every_game_once_in_order() -> None:
    items = list(enumerate(game_seeds(1, 203)))
    parts = chunks(items, 2)
    assert [x for part in parts for x in part] == items
    assert len(parts) > 2
    assert max(len(p) for p in parts) <= 32
    assert chunks(items[:3], 4) == [[items[0]], [items[1]], [items[2]]]


def test_one_and_two_workers_give_identical_records() -> None:
    batch = spec(RAID)
    one = run_batch(batch, 7, 4, workers=1)
    two = run_batch(batch, 7, 4, workers=2)
    assert one.records == two.records
    assert [r["index"] for r in two.records] == [0, 1, 2, 3]
    assert [r["seed"] for r in two.records] == game_seeds(7, 4)
    assert (one.workers, two.workers) == (1, 2)


def test_a_game_of_the_batch_is_the_game_of_its_seed() -> None:
    batch = spec(RAID)
    first = run_batch(batch, 3, 2, workers=1).records[1]
    again = play_one(batch, 1, first["seed"])
    assert again == first
    assert set(first) >= {"seed", "outcome", "rounds", "casualties", "loot", "modules_destroyed"}
    assert first["outcome"] in ("repelled", "partial", "defeat")
    assert set(first["casualties"]) == {"refuge", "horde"}


def test_knobs_reach_the_games() -> None:
    plain = run_batch(spec(DUEL), 2, 3, workers=1).records
    slow = run_batch(spec(DUEL, {"derived.base_vw": 5}), 2, 3, workers=1).records
    assert [r["seed"] for r in slow] == [r["seed"] for r in plain]
    for fast, crawl in zip(plain, slow, strict=True):
        assert fast["events_hash"] != crawl["events_hash"]
