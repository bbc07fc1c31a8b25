"""The first start from a cleared kernel cache: how long until the player's first turn.

    python tests/bench/bench_first_start.py [SCENARIO] [--baseline DIR] [--limit S]

A fresh process opens the window (dummy video driver, 1280 × 720) on the default
scenario with numba's cache pointed at an empty temporary folder (`NUMBA_CACHE_DIR`),
as a newcomer's first `python main.py` on a fresh clone: the warm-up beside the
window starts, the AI sides play at the window's own pace (pauses, animations), and
the clock stops when the table waits for the player (the player's first turn).
Reported: wall seconds since the process started, the window process's CPU seconds
and the warm-up process's CPU seconds by then; then the same start again once the
warm-up has filled the cache (every later start).

`--baseline DIR` measures another checkout the same way first (e.g. an export of
the main branch), so before and after share the machine's load. On a shared
machine wall time is stretched by the other processes, CPU time is not.

The target (issue #18): the player's first turn within 10 s of the first start on a
2-core machine. Not part of the default test run (a minute or more per start).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from headless import ROOT  # first: headless SDL, the repository importable

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, {root!r})
from game.ui.app import process_age
from game import warmup
from game.engine import Game
from game.ui.app import App, UiOptions
import inspect
try:  # this checkout
    from game.loading import load_battle
    from game.ai_choice import controllers_for, human_sides
    scenario = load_battle({scenario!r})
    controllers = controllers_for(scenario, table=human_sides(scenario))
except ImportError:  # a baseline from before the loader's and the CLI's moves
    from game.play.validate import load_battle
    from game.cli.play import controllers_for
    scenario = load_battle({scenario!r})
    controllers = controllers_for(scenario, None, False)
game = Game(scenario, scenario_name=scenario.scenario.name)
takes_file = bool(inspect.signature(warmup.start).parameters)  # the baseline's takes none
warm = warmup.start({scenario!r}) if takes_file else warmup.start()
app = App(game, controllers, UiOptions(size=(1280, 720)), None, warm)
import pygame
clock = pygame.time.Clock()
out = {{}}


def warm_cpu():
    process = getattr(warm, "process", None)
    if process is None:
        return out.get("warm_cpu", 0.0)
    try:
        with open(f"/proc/{{process.pid}}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return out.get("warm_cpu", 0.0)


deadline = time.monotonic() + {limit}
while time.monotonic() < deadline:
    app.frame(min(0.25, clock.tick(60) / 1000.0))
    out["warm_cpu"] = warm_cpu()
    if "frame_wall" not in out:
        out["frame_wall"], out["frame_cpu"] = process_age(), time.process_time()
    if app.input.my_turn() and not app.animating:
        out["turn_wall"], out["turn_cpu"] = process_age(), time.process_time()
        break
out["actions"] = len(app.game.history)
app.ai_worker.close()
print("RESULT " + json.dumps(out))
"""


def first_turn(root: Path, scenario: str, cache: str, limit: float) -> dict[str, float]:
    """One fresh window process of the checkout `root` with numba's cache in `cache`."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, SDL_VIDEODRIVER="dummy")
    env["PYTHONPATH"] = str(root)
    env.pop("DEADEARTH_NO_WARMUP", None)
    code = CHILD.format(root=str(root), scenario=scenario, limit=limit)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True
    )
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            out: dict[str, float] = json.loads(line[7:])
            return out
    raise SystemExit(f"the window process failed:\n{done.stderr[-3000:]}")


def wait_for_warmup(cache: str, limit: float) -> float:
    """Seconds until the warm-up beside the first start has left its marker."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if any(name.startswith("warm-kernels-") for name in os.listdir(cache)):
            break
        time.sleep(1.0)
    return time.monotonic() - started


def report(name: str, m: dict[str, float]) -> str:
    if "turn_wall" not in m:
        return f"{name:<22} the player's first turn did not come within the limit"
    return (
        f"{name:<22} first frame {m['frame_wall']:5.1f} s wall; player's first turn "
        f"{m['turn_wall']:6.1f} s wall, CPU {m['turn_cpu']:5.1f} s window "
        f"+ {m['warm_cpu']:5.1f} s warm-up ({m['actions']:.0f} AI actions before it)"
    )


def measure(name: str, root: Path, scenario: str, limit: float) -> None:
    with tempfile.TemporaryDirectory(prefix="first-start-") as cache:
        print(report(f"{name}, cold cache", first_turn(root, scenario, cache, limit)), flush=True)
        wait_for_warmup(cache, limit)
        print(report(f"{name}, warm cache", first_turn(root, scenario, cache, limit)), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default=str(ROOT / "scenarios/refuge_horde.toml"))
    parser.add_argument("--baseline", type=Path, help="another checkout, measured first")
    parser.add_argument("--limit", type=float, default=900.0, help="give up after S s")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.baseline is not None:
        measure("baseline", args.baseline.resolve(), args.scenario, args.limit)
    measure("this checkout", ROOT, args.scenario, args.limit)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
