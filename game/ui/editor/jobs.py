"""Work the editor does in the background so the window stays responsive:

- `OverlayJob`: the defence overlays (fields of fire, dead ground, threat) of the
  current scenario, computed in a thread, the newest request first;
- `ProcessJob`: a heat-map simulation or a map export in its own process
  (game/ui/editor/worker.py) with its progress; it can be cancelled.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Game
from game.scenario import Scenario
from game.ui.defence import compute_overlays

ROOT = Path(__file__).resolve().parents[3]


@dataclass
class OverlayResult:
    """One overlay computed for one document version (or the error it raised)."""

    version: int
    name: str
    value: Any = None
    error: str | None = None


class OverlayJob:
    """Computes overlays in a worker thread; `poll()` hands back finished ones."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._wanted: tuple[int, Scenario, tuple[str, ...]] | None = None
        self._done: list[OverlayResult] = []
        self._thread: threading.Thread | None = None
        self.working = False

    def request(self, version: int, scenario: Scenario, names: Sequence[str]) -> None:
        """Compute `names` for this version: a request not yet begun for an older
        version is replaced, one for the same version gains these names."""
        with self._lock:
            if self._wanted is not None and self._wanted[0] == version:
                names = tuple(dict.fromkeys((*self._wanted[2], *names)))
            self._wanted = (version, scenario, tuple(names))
            self.working = True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="overlays", daemon=True)
                self._thread.start()
            self._lock.notify()

    def poll(self) -> list[OverlayResult]:
        with self._lock:
            done, self._done = self._done, []
        return done

    def _work(self) -> None:
        while True:
            with self._lock:
                if self._wanted is None:
                    self.working = False
                    return
                version, scenario, names = self._wanted
                self._wanted = None
            try:
                game = Game(scenario, seed=scenario.scenario.seed or 0)
            except Exception as exc:
                self._finish([OverlayResult(version, n, error=str(exc)) for n in names])
                continue
            for name in names:
                try:
                    value = compute_overlays(game, [name]).get(name)
                    result = OverlayResult(version, name, value)
                except Exception as exc:
                    result = OverlayResult(version, name, error=f"{type(exc).__name__}: {exc}")
                self._finish([result])

    def _finish(self, results: list[OverlayResult]) -> None:
        with self._lock:
            self._done += results


class ProcessJob:
    """`python -m game.ui.editor.worker ARGS` in a new process group, its progress
    read from its output."""

    def __init__(self, kind: str, args: Sequence[str]) -> None:
        self.kind = kind
        self.args = [sys.executable, "-m", "game.ui.editor.worker", kind, *args]
        self.done = 0
        self.total = 0
        self.result: list[str] | None = None
        self.error = ""
        self.cancelled = False
        self._proc: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> ProcessJob:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self._err = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed by the reader)
        self._proc = subprocess.Popen(
            self.args,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=self._err,
            text=True,
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, name=f"{self.kind}-job", daemon=True)
        self._reader.start()
        return self

    def _read(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        for line in proc.stdout:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "progress":
                self.done, self.total = int(parts[1]), int(parts[2])
            elif parts and parts[0] == "done":
                self.result = parts[1:]
        proc.wait()
        self._err.seek(0)
        err = self._err.read()
        self._err.close()
        if proc.returncode != 0 and not self.cancelled:
            self.error = (err.strip().splitlines() or [f"exit code {proc.returncode}"])[-1]

    @property
    def running(self) -> bool:
        return self._reader is not None and self._reader.is_alive()

    @property
    def share(self) -> float:
        """Progress from 0 to 1."""
        return self.done / self.total if self.total else 0.0

    def wait(self, timeout: float | None = None) -> None:
        if self._reader is not None:
            self._reader.join(timeout)

    def cancel(self) -> None:
        """Stop the job and the processes it started."""
        if self._proc is None or self._proc.poll() is not None:
            return
        self.cancelled = True
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self._proc.pid, signal.SIGTERM)
