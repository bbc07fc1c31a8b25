"""Start-up benchmark: how much CPU a command spends before it does its work (not
part of the default run).

    python -m pytest tests/bench/bench_startup.py -q -s
    python tests/bench/bench_startup.py

Each command runs REPEATS times in a fresh process; the best CPU time (user + sys
of the child, `resource.getrusage`), its median and the best's wall time are
reported, with the ratio to `python -c pass` measured in the same run:

1. `main.py --help`, `main.py odds --bonus 3 --vw 11 --pool 3 --ws 3` and
   `main.py check scenarios/refuge_horde.toml`: target ≤ 0.5 s CPU each;
2. the window's first frame: `main.py --frames 1` under the dummy video driver, the
   process's CPU time when the first frame is shown (`pygame.display.flip`), target
   ≤ 1 s; and the whole process (start, first frame, shut down). No kernel warm-up.

Twice: first as Python runs here (with PYTHONDONTWRITEBYTECODE set and no `.pyc`
beside the sources, every module of game/ and ai/ is compiled at each start), then
with bytecode caches as an installed game has them (written for the run, removed
after it: the checkout is left as it was found). The targets are asserted on the
second. CPU time, not wall time, is asserted: other processes on a shared machine
stretch wall time more.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from headless import ROOT

REPEATS = 5
MAX_COMMAND_CPU_S = 0.5
MAX_FIRST_FRAME_CPU_S = 1.0
FIRST_FRAME_PROBE = """
import runpy, sys, time
import pygame
flip = pygame.display.flip
def first_flip(*args):
    if not getattr(first_flip, "seen", False):
        first_flip.seen = True
        print(f"FIRST FRAME CPU {time.process_time():.4f}", file=sys.stderr)
    return flip(*args)
pygame.display.flip = first_flip
sys.argv = ["main.py", "--frames", "1"]
runpy.run_path("main.py", run_name="__main__")
"""
COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "main.py --help": ["main.py", "--help"],
    "main.py odds": ["main.py", "odds", "--bonus", "3", "--vw", "11", "--pool", "3", "--ws", "3"],
    "main.py check": ["main.py", "check", "scenarios/refuge_horde.toml"],
    "window": ["-c", FIRST_FRAME_PROBE],
}
FIRST = re.compile(r"FIRST FRAME CPU ([0-9.]+)")
Rows = dict[str, dict[str, float]]


def environment(cached: bool) -> dict[str, str]:
    """The commands' environment: headless, no kernel warm-up; `cached`: bytecode
    caches written and read."""
    env = dict(os.environ)
    if cached:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        DEADEARTH_NO_WARMUP="1",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def bytecode() -> set[Path]:
    """The bytecode caches of the checkout's own code."""
    return {p for folder in ("game", "ai") for p in (ROOT / folder).rglob("*.pyc")}


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float, float | None]:
    """CPU seconds (user + sys) and wall seconds of one fresh process, and its CPU
    seconds at the first frame (the window only)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)[:60]} failed: {out.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = FIRST.search(out.stderr)
    return cpu, wall, float(found.group(1)) if found else None


def measure_mode(cached: bool, repeats: int = REPEATS) -> Rows:
    """Per command: best and median CPU, the best's wall time, the ratio to
    `python -c pass`; for the window also its CPU at the first frame."""
    env = environment(cached)
    found = bytecode()
    try:
        if cached:
            for args in COMMANDS.values():  # write the bytecode caches once
                run_once(args, env)
        runs = {
            name: [run_once(args, env) for _ in range(repeats)] for name, args in COMMANDS.items()
        }
    finally:
        for path in bytecode() - found:
            path.unlink(missing_ok=True)
    out: Rows = {}
    for name, got in runs.items():
        cpus = [cpu for cpu, _, _ in got]
        best = min(range(repeats), key=lambda i: cpus[i])
        row = {"cpu": cpus[best], "cpu_median": statistics.median(cpus), "wall": got[best][1]}
        firsts = [first for _, _, first in got if first is not None]
        if firsts:
            row["first_frame_cpu"] = min(firsts)
        out[name] = row
    base = out["python -c pass"]["cpu"]
    for row in out.values():
        row["ratio"] = row["cpu"] / base if base > 0 else float("nan")
    return out


def measure() -> dict[str, Rows]:
    here = "as run here" + (
        " (no bytecode written)" if "PYTHONDONTWRITEBYTECODE" in os.environ else ""
    )
    return {here: measure_mode(False), "bytecode cached": measure_mode(True)}


def report(m: dict[str, Rows]) -> str:
    lines = [f"Start-up, best of {REPEATS} (CPU = user + sys of the process); load {load():.1f}"]
    for mode, rows in m.items():
        lines.append(f" {mode}:")
        for name, row in rows.items():
            first = ""
            if "first_frame_cpu" in row:
                first = f" · first frame at {row['first_frame_cpu']:.2f} s CPU"
            lines.append(
                f"  {name:<15} CPU {row['cpu']:.2f} s (median {row['cpu_median']:.2f}) · "
                f"wall {row['wall']:.2f} s · {row['ratio']:.1f}× python -c pass{first}"
            )
    return "\n".join(lines)


def load() -> float:
    """The machine's load average per core (1: busy, more: others are waiting)."""
    return os.getloadavg()[0] / (os.cpu_count() or 1)


def test_startup_benchmarks() -> None:
    m = measure()
    print("\n" + report(m))
    cached = m["bytecode cached"]
    for name in ("main.py --help", "main.py odds", "main.py check"):
        assert cached[name]["cpu"] <= MAX_COMMAND_CPU_S, name
    assert cached["window"]["first_frame_cpu"] <= MAX_FIRST_FRAME_CPU_S


if __name__ == "__main__":
    print(report(measure()))
