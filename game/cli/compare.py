"""`main.py compare SCENARIO`: the rules lab — the same layout under several rule systems.

    main.py compare scenarios/open_skirmish.toml --rules deadearth,ews,3w6 --games 200
    main.py compare scenarios/refuge_raiders.toml --games 100 --plot lab.png --json

Plays `--games` games per system (the same seeds for each) and prints side by side:
outcome shares with 95 % intervals, rounds, casualties per game and per round,
attacks per take-down, and the share of attacks that take their target down by the
table's cover level and by range (`game.lab`). `--plot FILE` draws it too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.batch import BatchError, BatchSpec, load_spec, run_batch
from game.cli import CliError
from game.cli._options import parse_ai, parse_set
from game.cli._rules import add_rules_option, parse_many
from game.i18n import languages, set_language, tr
from game.lab import Comparison, play_lab, summarise
from game.lab_plot import plot_comparison
from game.loading.raw import read_text
from game.scenario import ScenarioError


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="scenario file (TOML)")
    add_rules_option(parser, many=True)
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games per system")
    parser.add_argument("--seed", type=int, help="batch seed (default: the scenario's, else 0)")
    parser.add_argument("--workers", type=int, metavar="W", help="local processes (all cores)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help="override a DEAD.EARTH rules knob (repeatable)",
    )
    parser.add_argument(
        "--ai", action="append", default=[], metavar="SIDE=PRESET", help="AI preset for a side"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the comparison into a picture")
    parser.add_argument("--lang", choices=languages(), help="language of the output")


def run(args: argparse.Namespace) -> int:
    if args.lang:
        set_language(args.lang)
    systems = parse_many(args.rules)
    if args.games < 1:
        raise CliError(tr("sim.cli.bad_games", games=args.games))
    if args.workers is not None and args.workers < 1:
        raise CliError(tr("sim.cli.bad_workers", workers=args.workers))
    if args.seed is not None and args.seed < 0:
        raise CliError(tr("sim.cli.bad_seed", seed=args.seed))
    if args.plot and not Path(args.plot).resolve().parent.is_dir():
        raise CliError(tr("sim.cli.cannot_plot", file=args.plot, reason="no such folder"))
    knobs = parse_set(args.set)
    path = Path(args.scenario)
    try:
        text = read_text(path)
        scenario = load_spec(BatchSpec(text, str(path), knobs))
    except ScenarioError as exc:
        print("\n".join(exc.errors), file=sys.stderr)
        return 2
    ai = parse_ai(args.ai, scenario)
    seed = args.seed if args.seed is not None else (scenario.scenario.seed or 0)
    mode = "raid" if any(side.raid is not None for side in scenario.side) else "skirmish"
    summaries = []
    seconds = 0.0
    for system in systems:
        spec = BatchSpec(text, str(path), knobs, ai, rules=system)
        try:
            result = run_batch(spec, seed, args.games, workers=args.workers, play=play_lab)
        except BatchError as exc:
            raise CliError(tr("sim.cli.batch_failed", reason=exc)) from None
        seconds += result.seconds
        summaries.append(summarise(system, mode, result))
    comparison = Comparison(
        scenario.scenario.name, mode, args.games, seed, tuple(summaries), seconds
    )
    if args.json:
        print(json.dumps(comparison.to_json(), ensure_ascii=False))
    else:
        print("\n".join(comparison.text_lines()))
    if args.plot:
        _plot(comparison, args.plot, quiet=args.json)
    return 1 if any(s.errors for s in summaries) else 0


def _plot(comparison: Comparison, target: str, quiet: bool) -> None:
    try:
        plot_comparison(comparison, target)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise CliError(tr("sim.cli.cannot_plot", file=target, reason=reason)) from None
    print(tr("sim.cli.plot_written", file=target), file=sys.stderr if quiet else sys.stdout)
