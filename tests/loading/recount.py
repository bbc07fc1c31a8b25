"""Re-run issue #17's hostile cases and count them: tried / handled / crashed / hung /
silently wrong (not part of the test run; a few minutes):

    python -m tests.loading.recount [--variants N] [--jobs J]

Every case is a command in a fresh process (a time budget, 3 GB of address space),
with the outcome it must have: `ok` (exit 0), `error` (exit 2 with a one-line
`error:` or `FILE: field: reason`), or `any` (a clear result either way). A run is

- crashed: a traceback, a signal, or an exit code the case does not allow;
- hung: over its time budget;
- silently wrong: exit 0 where the case must be refused (or the opposite);
- handled: otherwise.

The cases: each failure the issue lists, again; `--variants` seeded structural
mutations of the shipped scenarios (tests/loading/mutate.py's numbers and texts)
through `check`, `path` and — when check passes — a whole `run` with random
controllers (a check that passes a file `run` cannot play is silently wrong); and
`sim` killed from outside (its workers must go with it).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import psutil

from game.ui.editor.tomlwrite import dumps
from tests.loading.mutate import EXTREME_NUMBERS, HOSTILE_TEXT, places

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml"))
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
SKIRMISH = ROOT / "scenarios" / "open_skirmish.toml"
BUDGET_S = 120.0
MEMORY = 3 << 30
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@dataclass
class Case:
    name: str
    argv: list[str]
    expect: str  # "ok" | "error" | "any" | "code:N"
    budget: float = BUDGET_S
    env: dict[str, str] = field(default_factory=dict)
    shows: str = ""  # the output must contain this


@dataclass
class Outcome:
    case: Case
    verdict: str  # handled | crashed | hung | wrong
    code: int | None
    seconds: float
    note: str = ""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_case(case: Case) -> Outcome:
    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, *case.argv]  # python -c … or -m …
            if case.argv[0].startswith("-")
            else [sys.executable, str(ROOT / "main.py"), *case.argv],
            capture_output=True,
            text=True,
            timeout=case.budget,
            cwd=ROOT,
            env={**ENV, **case.env},
            preexec_fn=_limit,
        )
    except subprocess.TimeoutExpired:
        return Outcome(case, "hung", None, time.monotonic() - start, f"over {case.budget:.0f} s")
    took = time.monotonic() - start
    text = done.stdout + done.stderr
    code = done.returncode
    if "Traceback" in text or code < 0:
        last = text.strip().splitlines()[-1:] or [f"signal {-code}"]
        return Outcome(case, "crashed", code, took, last[0][:160])
    wanted = {"ok": {0}, "error": {2}, "any": {0, 1, 2}}.get(case.expect)
    if wanted is None:
        wanted = {int(case.expect.removeprefix("code:"))}
    if code not in wanted:
        wrong = (case.expect == "error" and code == 0) or (case.expect == "ok" and code == 2)
        verdict = "wrong" if wrong else "crashed"
        return Outcome(case, verdict, code, took, text.strip()[:160])
    if case.shows and case.shows not in text:
        return Outcome(case, "wrong", code, took, f"no '{case.shows}' in: {text.strip()[:120]}")
    if code == 2 and not _one_clear_error(text):
        return Outcome(case, "crashed", code, took, f"unclear: {text.strip()[:160]}")
    return Outcome(case, "handled", code, took)


def _one_clear_error(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    return bool(lines) and all(
        line.startswith("error: ") or re.match(r"^\S.*?: \S", line) or line.startswith("  ")
        for line in lines
    )


# -- the cases the issue lists -------------------------------------------------------------


def _write(folder: Path, name: str, text: str | bytes) -> str:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def _raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _scenario(folder: Path, name: str, change: Any, base: Path = SKIRMISH) -> str:
    data = copy.deepcopy(_raw(base))
    change(data)
    return _write(folder, name, dumps(data))


def issue_cases(folder: Path) -> list[Case]:
    text = SKIRMISH.read_text(encoding="utf-8")
    horde = HORDE.read_text(encoding="utf-8")
    cases: list[Case] = []

    def scenario_runs(
        label: str, path: str, commands: tuple[str, ...], expect: str = "error"
    ) -> None:
        for command in commands:
            argv = {
                "check": ["check", path],
                "run": ["run", path, "--ai", "survivors=random", "--ai", "raiders=random"],
                "sim": ["sim", path, "--games", "2", "--workers", "1"],
                "map": ["map", path, "-o", str(folder / "m.png"), "--overlay", "none"],
                "path": ["path", path, "--from", "30,10", "--to", "60,110"],
                "edit": ["edit", path, "--frames", "1"],
            }[command]
            cases.append(Case(f"{label}: {command}", argv, expect))

    deep_array = text.replace("[board]", "deep = " + "[" * 5000 + "]" * 5000 + "\n[board]", 1)
    scenario_runs(
        "deep nested array",
        _write(folder, "deep_a.toml", deep_array),
        ("check", "run", "map", "edit"),
    )
    deep_table = text.replace(
        "[board]", "deep = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n[board]", 1
    )
    scenario_runs("deep inline tables", _write(folder, "deep_t.toml", deep_table), ("check", "run"))
    deep_knob = text + "\n[knobs]\n" + ".".join(["a"] * 3000) + " = 1\n"
    scenario_runs("deep dotted knob", _write(folder, "deep_k.toml", deep_knob), ("check", "run"))
    big_int = text.replace("[[10, 10], [20, 10]", "[[1" + "0" * 400 + ", 10], [20, 10]", 1)
    scenario_runs(
        "400-digit coordinate", _write(folder, "bigint.toml", big_int), ("check", "run", "path")
    )
    neg = _scenario(folder, "negseed.toml", lambda d: d["scenario"].update(seed=-5))
    scenario_runs("negative seed", neg, ("check", "run", "sim", "map"))
    huge_board = _scenario(
        folder, "board.toml", lambda d: d["board"].update(width_cm=10000.0, height_cm=10000.0)
    )
    scenario_runs("board 10000 x 10000", huge_board, ("check", "run", "map"))
    cases.append(
        Case(
            "map at 500 dpi",
            ["map", str(HORDE), "-o", str(folder / "m.png"), "--dpi", "500", "--overlay", "none"],
            "error",
        )
    )

    def raid(**change: Any) -> Any:
        return lambda d: next(s for s in d["side"] if "raid" in s)["raid"].update(change)

    scenario_runs(
        "budget 1e300", _scenario(folder, "b300.toml", raid(budget=1e300), HORDE), ("check", "run")
    )
    scenario_runs(
        "budget 100000",
        _scenario(folder, "b1e5.toml", raid(budget=100000), HORDE),
        ("check", "run"),
    )
    crates = horde + "".join(
        f'\n[[terrain]]\nid = "c{i}"\nkind = "crates"\n'
        f"polygon = [[{x}, {y}], [{x + 0.5}, {y}], [{x}, {y + 0.5}]]\n"
        for i, (x, y) in enumerate(
            (1 + (k % 100) * 1.1, 1 + (k // 100) * 1.1) for k in range(10000)
        )
    )
    scenario_runs(
        "10,000 crate pieces", _write(folder, "crates.toml", crates), ("check", "path", "run")
    )
    fifo = folder / "fifo.toml"
    os.mkfifo(fifo)
    scenario_runs("a FIFO as scenario", str(fifo), ("check", "run"))
    scenario_runs("/dev/zero as scenario", "/dev/zero", ("check", "run"))
    cases.append(Case("sim --games 10^8", ["sim", str(SKIRMISH), "--games", "100000000"], "error"))

    # records
    record = {"version": 3, "scenario": text, "seed": 1, "actions": [], "events_hash": "0" * 64}
    deep_record = _write(folder, "deep.json", "[" * 50000 + "]" * 50000)
    digits = _write(
        folder,
        "digits.json",
        json.dumps(record).replace('"version": 3', '"version": ' + "9" * 5000),
    )
    fifo_json = folder / "fifo.json"
    os.mkfifo(fifo_json)
    for label, path in (
        ("deep record", deep_record),
        ("5000-digit version", digits),
        ("a FIFO as record", str(fifo_json)),
        ("/dev/zero as record", "/dev/zero"),
    ):
        cases.append(Case(f"{label}: replay", ["replay", path], "error"))
        cases.append(Case(f"{label}: replay --verify", ["replay", path, "--verify"], "error"))

    # settings
    config = folder / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"a": ' * 3000 + "1" + "}" * 3000, encoding="utf-8")
    for command in (["play", str(SKIRMISH), "--frames", "2"], ["edit", "--frames", "1"]):
        cases.append(
            Case(
                f"deep settings: {command[0]}",
                command,
                "ok",
                env={"DEADEARTH_CONFIG_DIR": str(config)},
            )
        )
    for command in ("play", "edit"):
        argv = [command, *([str(SKIRMISH)] if command == "play" else [])]
        cases.append(
            Case(
                f"{command} --screenshot onto a folder",
                [*argv, "--frames", "2", "--screenshot", str(folder)],
                "error",
            )
        )

    # silently wrong
    def figure(change: dict[str, Any]) -> Any:
        return lambda d: d["side"][0]["squad"][0]["figure"][0].update(change)

    wrong = {
        "quoted coordinate": figure({"at": ["52", 20]}),
        "boolean coordinate": figure({"at": [True, 20]}),
        "quoted width": lambda d: d["board"].update(width_cm="120"),
        "terrain outside the board, quoted": lambda d: d["terrain"][0].update(
            polygon=[["500", 10], [510, 10], [510, 20]]
        ),
        "self-intersecting deploy zone, quoted": lambda d: d["side"][0].update(
            deploy_zone=[["25", 4], [95, 30], [95, 4], [25, 30]]
        ),
        "1e308 coordinate": lambda d: d["terrain"][0].update(
            polygon=[[1e308, 10], [20, 10], [20, 20]]
        ),
        "side without figures": lambda d: d["side"][1]["squad"][0].update(figure=[]),
        "unknown ai preset": lambda d: d["side"][1].update(ai={"preset": "berserk"}),
    }
    for label, change in wrong.items():
        path = _scenario(folder, label.replace(" ", "_").replace(",", "") + ".toml", change)
        scenario_runs(label, path, ("check", "run"))
    building = copy.deepcopy(_raw(HORDE))
    entry = next(s for s in building["side"] if "raid" in s)["raid"]["entry"][0]
    solid = next(t for t in building["terrain"] if t["kind"] in ("building", "wall"))
    xs = [p[0] for p in solid["polygon"]]
    ys = [p[1] for p in solid["polygon"]]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    entry["polygon"] = [
        [cx - 0.5, cy - 0.5],
        [cx + 0.5, cy - 0.5],
        [cx + 0.5, cy + 0.5],
        [cx - 0.5, cy + 0.5],
    ]
    scenario_runs(
        "entry zone inside a building",
        _write(folder, "entry.toml", dumps(building)),
        ("check", "run"),
    )
    bom = _write(folder, "bom.toml", "\ufeff" + text)
    cases.append(Case("BOM scenario: check", ["check", bom], "ok"))
    cases.append(
        Case(
            "movement rounding (refuge_horde, seed 1014, action 207)",
            [
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/engine/test_movement_rounding.py",
            ],
            "ok",
            budget=300,
        )
    )
    cases += settings_cases(folder)
    return cases


SETTINGS_SNIPPET = """
import json, os, stat, subprocess, sys, warnings
from pathlib import Path
from game.ui.settings import load_settings, save_settings
folder = Path(sys.argv[1]); path = folder / "settings.json"
what = sys.argv[2]
if what == "bom":
    path.write_bytes("\\ufeff".encode() + json.dumps({"units": "in", "speed": 2.0}).encode())
    s = load_settings(path); assert (s.units, s.speed) == ("in", 2.0), s
elif what == "unknown":
    path.write_text(json.dumps({"units": "in", "future": {"volume": 3}}))
    save_settings(load_settings(path), path)
    assert json.loads(path.read_text())["future"] == {"volume": 3}
elif what == "tmp":
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    (folder / f".settings.json.{dead}.x.tmp").write_text("half")
    save_settings(load_settings(path), path)
    assert not list(folder.glob(".settings.json.*.tmp")), list(folder.iterdir())
elif what == "umask":
    os.umask(0o022); path.unlink(missing_ok=True)
    save_settings(load_settings(path), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644, oct(path.stat().st_mode)
print("ok")
"""


def settings_cases(folder: Path) -> list[Case]:
    out = []
    for what in ("bom", "unknown", "tmp", "umask"):
        place = folder / f"settings-{what}"
        place.mkdir()
        out.append(Case(f"settings: {what}", ["-c", SETTINGS_SNIPPET, str(place), what], "ok"))
    return out


# -- seeded mutations of the shipped scenarios --------------------------------------------


def mutation(rng: np.random.Generator, data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    spots = places(data)
    path = spots[int(rng.integers(len(spots)))]
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    kind = int(rng.integers(6))
    if kind == 0:
        parent[key] = EXTREME_NUMBERS[int(rng.integers(len(EXTREME_NUMBERS)))]
    elif kind == 1:
        parent[key] = HOSTILE_TEXT[int(rng.integers(len(HOSTILE_TEXT)))]
    elif kind == 2:
        parent[key] = not parent[key] if isinstance(parent[key], bool) else True
    elif kind == 3:
        del parent[key]
    elif kind == 4:
        old = parent[key]
        parent[key] = old * 300 if isinstance(old, list) else [old] * 300
    else:
        value = parent[key]
        for _ in range(int(rng.integers(2, 60))):
            value = [value]
        parent[key] = value
    return data


def variant_cases(folder: Path, count: int, seed: int = 17) -> list[tuple[Case, ...]]:
    rng = np.random.default_rng(seed)
    raws = [_raw(path) for path in SHIPPED]
    groups = []
    for n in range(count):
        raw = raws[n % len(raws)]
        path = _write(folder, f"variant-{n}.toml", dumps(mutation(rng, raw)))
        sides = [s["id"] for s in raw["side"]]
        random = [arg for side in sides for arg in ("--ai", f"{side}=random")]
        groups.append(
            (
                Case(f"variant {n}: check", ["check", path], "any"),
                Case(
                    f"variant {n}: path", ["path", path, "--from", "30,10", "--to", "60,100"], "any"
                ),
                Case(f"variant {n}: run", ["run", path, *random], "ok", budget=300),
            )
        )
    return groups


def run_variant(group: tuple[Case, ...]) -> list[Outcome]:
    check, path, run = group
    first = run_case(check)
    out = [first, run_case(path)]
    if first.verdict == "handled" and first.code == 0:
        out.append(run_case(run))  # check passed: the game must play
    return out


# -- sim killed from outside ----------------------------------------------------------------


def sim_kill_cases() -> list[Outcome]:
    out = []
    for how in (signal.SIGTERM, signal.SIGKILL, signal.SIGINT):
        case = Case(f"sim ended by {how.name}: workers go with it", ["sim", str(HORDE)], "any")
        start = time.monotonic()
        proc = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "sim",
                str(HORDE),
                "--games",
                "400",
                "--workers",
                "2",
            ],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        parent = psutil.Process(proc.pid)
        workers: list[psutil.Process] = []
        for _ in range(120):
            time.sleep(0.5)
            workers = parent.children(recursive=True)
            if len(workers) >= 2:
                break
        time.sleep(1.0)
        workers = parent.children(recursive=True)
        proc.send_signal(how)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out.append(Outcome(case, "hung", None, time.monotonic() - start, "sim did not stop"))
            continue
        _gone, alive = psutil.wait_procs(workers, timeout=10)
        for worker in alive:
            worker.kill()
        took = time.monotonic() - start
        if not workers:
            out.append(Outcome(case, "crashed", proc.returncode, took, "no workers started"))
        elif alive:
            out.append(
                Outcome(case, "crashed", proc.returncode, took, f"{len(alive)} orphaned workers")
            )
        elif "Traceback" in err:
            out.append(
                Outcome(case, "crashed", proc.returncode, took, err.strip().splitlines()[-1])
            )
        else:
            out.append(
                Outcome(case, "handled", proc.returncode, took, f"{len(workers)} workers ended")
            )
    return out


# -- the report ------------------------------------------------------------------------------


def report(outcomes: list[Outcome]) -> None:
    counts = {
        k: sum(o.verdict == k for o in outcomes) for k in ("handled", "crashed", "hung", "wrong")
    }
    print(
        f"tried {len(outcomes)}: handled {counts['handled']}, crashed {counts['crashed']}, "
        f"hung {counts['hung']}, silently wrong {counts['wrong']}"
    )
    slow = max(outcomes, key=lambda o: o.seconds)
    print(f"slowest: {slow.case.name} ({slow.seconds:.1f} s wall)")
    for o in outcomes:
        if o.verdict != "handled":
            print(f"  {o.verdict:8} {o.case.name} (exit {o.code}): {o.note}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        outcomes: list[Outcome] = []
        with ThreadPoolExecutor(args.jobs) as pool:
            issue = list(pool.map(run_case, issue_cases(base)))
            print(f"issue's cases: {len(issue)} runs")
            report(issue)
            variants = [
                o
                for group in pool.map(run_variant, variant_cases(base, args.variants))
                for o in group
            ]
            print(f"\nmutated scenarios: {args.variants} variants, {len(variants)} runs")
            report(variants)
        kills = sim_kill_cases()
        print("\nsim killed from outside")
        report(kills)
        outcomes = issue + variants + kills
        print("\nall")
        report(outcomes)
        if args.verbose:
            for o in outcomes:
                print(f"  {o.verdict:8} {o.seconds:6.1f} s exit {o.code}  {o.case.name}")
    return 0 if all(o.verdict == "handled" for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
