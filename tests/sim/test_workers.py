"""`sim`'s worker processes end with it (issue #17): stopped by SIGTERM or Ctrl-C it
ends them and exits cleanly; killed outright (SIGKILL) its workers end too. Seeds
are made lazily and batches have a limit."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from game import limits
from game.batch import BatchSpec, game_seed, iter_items, run_batch

ROOT = Path(__file__).resolve().parents[2]
SIM = [
    sys.executable,
    "main.py",
    "sim",
    "scenarios/open_skirmish.toml",
    "--games",
    "400",
    "--workers",
    "2",
]


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def running(pid: int) -> bool:
    """The process exists and is no zombie (a dead worker may wait to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def start_sim() -> tuple[subprocess.Popen[str], list[int]]:
    """A sim with 2 workers, once both are at work."""
    proc = subprocess.Popen(
        SIM, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 90
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.5)
        workers = children(proc.pid)
        assert proc.poll() is None, proc.communicate()
    assert len(workers) == 2
    time.sleep(1.0)  # at work on their first games
    return proc, workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("sig", "code", "line"),
    [
        (signal.SIGTERM, 143, "stopped by SIGTERM"),
        (signal.SIGINT, 130, "stopped by SIGINT"),
        (signal.SIGKILL, -9, None),
    ],
    ids=["SIGTERM", "SIGINT", "SIGKILL"],
)
def test_workers_end_with_the_sim(sig: int, code: int, line: str | None) -> None:
    proc, workers = start_sim()
    os.kill(proc.pid, sig)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == code
    if line is not None:
        assert line in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(running(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if running(w)]


def test_seeds_are_made_one_by_one_as_spawned() -> None:
    children_ = np.random.SeedSequence(5).spawn(4)
    spawned = [int(c.generate_state(1, dtype=np.uint32)[0]) for c in children_]
    assert [game_seed(5, i) for i in range(4)] == spawned
    items = iter_items(5, limits.MAX_GAMES)
    assert next(items) == (0, spawned[0])  # the others are not made yet


def test_a_batch_beyond_the_limit_is_refused() -> None:
    spec = BatchSpec("", "x.toml")
    with pytest.raises(ValueError, match=f"1 to {limits.MAX_GAMES} games"):
        run_batch(spec, 1, limits.MAX_GAMES + 1)
