"""The kernels' warm-up beside the window (game.warmup): it runs only while numba's
cache is cold, leaves a marker when done, and the window's AI waits for it."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import warmup
from game.board import jit

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def markers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv(warmup.OFF, raising=False)
    monkeypatch.setattr(warmup, "_running", None)
    return tmp_path


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[str]]]:
    """Warm-up processes are recorded, not run (each runs for ever); the kernels'
    interim path a start turns on is turned off again."""
    calls: list[list[str]] = []

    class FakeProcess:
        def __init__(self, args: list[str], **_: object) -> None:
            calls.append(args)

        def poll(self) -> None:
            return None

    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    yield calls
    jit.stop_interim()


def test_the_stamp_names_the_kernel_sources() -> None:
    first = warmup.stamp()
    assert first == warmup.stamp() and len(first) == 16
    int(first, 16)


def test_warming_leaves_the_marker_and_later_starts_skip_it(
    markers: Path, started: list[list[str]]
) -> None:
    assert not warmup.is_warm()
    scenario = ROOT / "scenarios" / "open_skirmish.toml"
    assert warmup.start(scenario).busy  # cold: a warm-up process is started
    assert started == [[sys.executable, "-m", "game.warmup", "--first", str(scenario)]]
    assert jit._interim is not None  # meanwhile the kernels run on their interim path
    path = warmup.warm(actions=4, scenarios=(), first=scenario)
    assert path.parent == markers and warmup.is_warm()
    assert not warmup.start().busy and len(started) == 1  # warm: nothing started


def test_it_is_off_in_the_tests_and_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(warmup.OFF, "1")
    assert warmup.start().process is None


def test_busy_while_the_process_runs_and_not_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3)"])
    warm = warmup.WarmUp(process)
    assert warm.busy
    process.wait()
    assert not warm.busy and warm.process is None
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        late = warmup.WarmUp(sleeper)
        late.started = time.monotonic() - warmup.LIMIT_S - 1
        assert not late.busy  # the window stops waiting
    finally:
        sleeper.kill()
        sleeper.wait()


def test_one_running_warm_up_is_shared(markers: Path, started: list[list[str]]) -> None:
    first = warmup.start()  # the editor starts it …
    assert warmup.start() is first and len(started) == 1  # … its test raid shares it
