"""`main.py sim SCENARIO`: play many games headless and report the outcomes.

    main.py sim scenarios/refuge_horde.toml --games 200 --seed 7
    main.py sim scenarios/refuge_raiders.toml --games 500 --set cover_share=0.6 --json
    main.py sim scenarios/open_skirmish.toml --games 200 --ai survivors=random --plot out.png
    main.py sim scenarios/refuge_horde.toml --games 1000 --scheduler tcp://10.0.0.5:8786

Game i gets its seed from `SeedSequence(S).spawn(N)` (game/batch.py), so the report
depends on (scenario, --set, --ai, --seed, --games) only: the same command prints
the same report with any number of workers, except the timing line (in --json: the
`timing` key). A progress bar with ETA goes to stderr. Bad knobs, presets or
scenarios exit 2; a game that broke off is reported and exits 1. Ctrl-C or SIGTERM
stops the batch and its workers (one line on stderr; exit 130 or 143).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.batch import BatchError, BatchResult, BatchSpec, load_spec, run_batch
from game.cli import CliError
from game.cli._options import check_games, check_seed, parse_ai, parse_set
from game.cli._rules import add_rules_option, parse_rules
from game.i18n import languages, set_language, tr
from game.loading.raw import read_text
from game.plot import plot_report
from game.report import Report, build_report, describe
from game.scenario import Scenario, ScenarioError
from game.systems import SystemName
from game.workers import Terminated, stop_on_sigterm

STOPPED_BY = {"SIGTERM": 143, "SIGINT": 130}
"""Exit codes of a batch stopped by a signal (128 + its number, as shells report)."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="scenario file (TOML)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games (100)")
    parser.add_argument("--seed", type=int, help="batch seed (default: the scenario's, else 0)")
    parser.add_argument("--workers", type=int, metavar="W", help="local processes (all cores)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help="override a rules knob or table cell, e.g. cover_share=0.6 (repeatable)",
    )
    parser.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="SIDE=PRESET",
        help="AI preset for a side, or a baseline: 'random' or 'passive' (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the report into a picture")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on a Dask distributed cluster (extra 'cluster')"
    )
    parser.add_argument("--lang", choices=languages(), help="language of the output")
    add_rules_option(parser)


def _check_numbers(args: argparse.Namespace) -> None:
    check_games(args.games, "sim.cli.bad_games")
    if args.workers is not None and args.workers < 1:
        raise CliError(tr("sim.cli.bad_workers", workers=args.workers))
    check_seed(args.seed)
    if args.plot and not Path(args.plot).resolve().parent.is_dir():
        raise CliError(tr("sim.cli.cannot_plot", file=args.plot, reason="no such folder"))


def _load(
    path: Path, knobs: dict[str, Any], rules: SystemName | None = None
) -> tuple[BatchSpec, Scenario]:
    """The batch spec (without presets yet) and its checked scenario."""
    text = read_text(path)
    spec = BatchSpec(text, str(path), knobs, rules=rules)
    return spec, load_spec(spec)


def _play(spec: BatchSpec, seed: int, args: argparse.Namespace) -> BatchResult:
    from tqdm import tqdm

    with (
        stop_on_sigterm(),
        tqdm(
            total=args.games,
            desc=tr("sim.cli.progress"),
            unit="game",
            file=sys.stderr,
            disable=None,
        ) as bar,
    ):
        try:
            return run_batch(
                spec,
                seed,
                args.games,
                workers=args.workers,
                scheduler=args.scheduler,
                progress=bar.update,
            )
        except BatchError as exc:
            raise CliError(tr("sim.cli.batch_failed", reason=exc)) from None


def _write_plot(report: Report, target: str, quiet: bool) -> None:
    try:
        plot_report(report, target)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise CliError(tr("sim.cli.cannot_plot", file=target, reason=reason)) from None
    print(tr("sim.cli.plot_written", file=target), file=sys.stderr if quiet else sys.stdout)


def run(args: argparse.Namespace) -> int:
    if args.lang:
        set_language(args.lang)
    _check_numbers(args)
    knobs = parse_set(args.set)
    system = parse_rules(args.rules)
    try:
        spec, scenario = _load(Path(args.scenario), knobs, system)
    except ScenarioError as exc:
        print("\n".join(exc.errors), file=sys.stderr)
        return 2
    ai = parse_ai(args.ai, scenario)
    spec = BatchSpec(spec.scenario_text, spec.scenario_file, knobs, ai, rules=system)
    seed = args.seed if args.seed is not None else (scenario.scenario.seed or 0)
    try:
        result = _play(spec, seed, args)
    except (Terminated, KeyboardInterrupt) as exc:
        signal = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
        print(tr("sim.cli.stopped", signal=signal), file=sys.stderr)
        return STOPPED_BY[signal]
    report = build_report(describe(scenario, spec), result)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print("\n".join([*report.text_lines(), "", *report.timing_lines()]))
    if args.plot:
        _write_plot(report, args.plot, quiet=args.json)
    return 1 if report.errors else 0
