"""A command loads only what it uses: `main.py --help`, `odds` and `check` never
import the numba kernels, scipy, the overlays, the engine, the AI or pygame
(checked in a fresh process through `sys.modules`). Their speed is measured by
tests/bench/bench_startup.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("numba", "llvmlite", "scipy", "pygame", "pymunk", "matplotlib", "ai")
"""Packages none of these commands needs."""
HEAVY_GAME = ("game.overlays", "game.ui", "game.engine", "game.batch", "game.sim")
"""Rooms of the game none of them needs."""

PROBE = """
import json, runpy, sys
sys.argv = ["main.py", *json.loads(sys.argv[1])]
try:
    runpy.run_path("main.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code
else:
    code = 0
sys.stdout.flush()
print("MODULES " + json.dumps([code, sorted(sys.modules)]), file=sys.stderr)
"""


def modules_after(*argv: str) -> tuple[int, list[str]]:
    """The exit code and every module imported by `main.py ARGV`, in a new process."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    line = next(ln for ln in out.stderr.splitlines() if ln.startswith("MODULES "))
    code, modules = json.loads(line.removeprefix("MODULES "))
    return int(code or 0), modules


def heavy(modules: list[str]) -> list[str]:
    return [
        m
        for m in modules
        if m.split(".")[0] in HEAVY or any(m == g or m.startswith(f"{g}.") for g in HEAVY_GAME)
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("odds", "--bonus", "3", "--vw", "11", "--pool", "3", "--ws", "3"),
        ("odds",),
        ("check", "scenarios/refuge_horde.toml"),
        ("check", "scenarios"),
    ],
    ids=" ".join,
)
def test_light_commands_import_nothing_heavy(argv: tuple[str, ...]) -> None:
    code, modules = modules_after(*argv)
    assert code == 0
    assert heavy(modules) == []


def test_dead_earth_odds_load_no_other_rule_system() -> None:
    code, modules = modules_after("odds", "--bonus", "3", "--vw", "11", "--pool", "3", "--ws", "3")
    assert code == 0
    assert [m for m in modules if m.startswith(("game.systems.ews", "game.systems.threew6"))] == []


def test_the_probe_sees_a_heavy_import() -> None:
    """The same probe on `los`, which needs the sight kernels, finds numba."""
    argv = ("los", "tests/board/data/los_range.toml", "--from", "10,20", "--to", "30,20")
    code, modules = modules_after(*argv)
    assert code == 0
    assert "numba" in heavy(modules)
