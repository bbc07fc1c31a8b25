"""Compile the numba kernels once per install, in a background process.

The geometry kernels (sight lines, paths, flow fields, the AI's clearance checks)
are compiled by numba on first use and cached on disk. On a fresh install that
first use costs about 20 s — the first AI turn of the first battle would freeze the
window that long. The window therefore starts `python -m game.warmup` beside itself
when the cache is cold: it plays a few headless AI turns on the shipped scenarios
(every kernel the table uses gets compiled and cached), then leaves a marker so
later starts skip it. The window keeps running meanwhile and holds the AI's first
move until the warm-up is done (`WarmUp.busy`), saying so on the status line.

No pygame here. `DEADEARTH_NO_WARMUP=1` turns the warm-up off (the tests do).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNEL_DIRS = (ROOT / "game", ROOT / "ai")
SCENARIOS = ("refuge_horde", "refuge_raiders", "open_skirmish")
ACTIONS = 160
"""Headless actions played per scenario: past the first activations of every side."""
LIMIT_S = 180.0
"""The window stops waiting for a warm-up after this long (it compiles what is left)."""
OFF = "DEADEARTH_NO_WARMUP"


def stamp() -> str:
    """Names this install's kernels: numba and Python versions and every source file
    with a numba kernel (numba's own cache is keyed on those files too)."""
    import numba

    digest = hashlib.sha1(f"{numba.__version__} {sys.version}".encode())
    for folder in KERNEL_DIRS:
        for path in sorted(folder.rglob("*.py")):
            text = path.read_bytes()
            if b"@njit" in text:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(hashlib.sha1(text).digest())
    return digest.hexdigest()[:16]


def marker_dir() -> Path:
    """Where the 'kernels are cached' markers live (beside numba's cache)."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured)
    local = ROOT / "game" / "__pycache__"
    if os.access(local.parent, os.W_OK):
        return local
    return Path.home() / ".cache" / "deadearth-skirmish"


def marker() -> Path:
    return marker_dir() / f"warm-kernels-{stamp()}"


def is_warm() -> bool:
    """Have this install's kernels been compiled and cached?"""
    return marker().exists()


def warm(actions: int = ACTIONS, scenarios: tuple[str, ...] = SCENARIOS) -> Path:
    """Play `actions` headless AI actions on each scenario (compiling every kernel on
    the way), touch the tools' own kernels, then write the marker; returns it."""
    from ai import controller_for
    from game.board.reach import reachable_area
    from game.board.visibility import visibility_polygon
    from game.engine import Game
    from game.loading import load_scenario
    from game.play import space

    for name in scenarios:
        scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml")
        game = Game(scenario, seed=1)
        controllers = {
            s.id: controller_for(s.controller if s.controller != "human" else "ai:tactical")
            for s in scenario.side
        }
        for _ in range(actions):
            pending = game.pending()
            if pending is None:
                break
            game.apply(controllers[pending.side].choose(game))
        board = game.state.board
        for fig in [f for f in game.state.figures.values() if f.on_table][:2]:
            # the Move tool's shaded area and the fields-of-fire overlay
            others = space.obstacles(game, fig)
            reachable_area(board, fig.pos, 20.0, radius=fig.radius, obstacles=others)
            visibility_polygon(board, fig.pos, 40.0)
    path = marker()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"), encoding="utf-8")
    return path


class WarmUp:
    """A warm-up process started beside the window (or nothing to wait for)."""

    def __init__(self, process: subprocess.Popen[bytes] | None = None) -> None:
        self.process = process
        self.started = time.monotonic()

    @property
    def busy(self) -> bool:
        """Is the warm-up still compiling (and not past its time limit)?"""
        if self.process is None:
            return False
        if self.process.poll() is not None or time.monotonic() - self.started > LIMIT_S:
            self.process = None
            return False
        return True

    @property
    def elapsed(self) -> float:
        """Seconds since the warm-up started."""
        return time.monotonic() - self.started


_running: WarmUp | None = None


def start() -> WarmUp:
    """Start the warm-up process if the kernels are not cached yet (and it is on);
    one already running from this process is shared."""
    global _running
    if os.environ.get(OFF) or is_warm():
        return WarmUp()
    if _running is not None and _running.busy:
        return _running
    process = subprocess.Popen(
        [sys.executable, "-m", "game.warmup"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        start_new_session=True,
    )
    _running = WarmUp(process)
    return _running


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=ACTIONS)
    args = parser.parse_args(argv)
    if hasattr(os, "nice"):
        os.nice(10)  # the window comes first
    print(f"kernels cached; marker {warm(args.actions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
