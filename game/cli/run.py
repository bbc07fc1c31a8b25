"""`main.py run SCENARIO`: play one game headless, every side by its controller.

    main.py run scenarios/refuge_horde.toml --seed 7 --log
    main.py run scenarios/refuge_horde.toml --seed 7 --json --record game.json

Prints the outcome; `--log` first prints every event's explanation in order (a
battle report), `--json` prints one object {"outcome", "rounds", "seed",
"events_hash", "casualties", "winners", "losers", "consequences"} instead (side
ids; a raid's consequences as keys of `engine.consequence`, §12), `--record FILE`
saves the game record (game/replay.py) for `main.py replay`. The same seed prints
the same thing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.ai_choice import controllers_for
from game.cli import CliError
from game.cli._options import check_seed, check_writable, parse_ai, parse_set
from game.cli._rules import add_rules_option, parse_rules
from game.i18n import languages, set_language, set_units, tr
from game.i18n.lengths import UNITS
from game.loading import parse_scenario, require_battle
from game.loading.raw import read_text
from game.narration import consequences_text, outcome_text, spoiled_text
from game.play.events import GameOver
from game.replay import explain, make_record, save_record
from game.scenario import ScenarioError
from game.sim import GameResult, GameStalled, run_game
from game.systems import SystemName


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="scenario file (TOML)")
    parser.add_argument("--seed", type=int, help="seed (default: the scenario's, else 0)")
    parser.add_argument("--record", metavar="FILE", help="save the game record (JSON) here")
    parser.add_argument(
        "--set",
        "--knob",
        dest="set",
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help="override a rules knob or table cell, e.g. cover_share=0.6 (repeatable)",
    )
    parser.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="SIDE=NAME",
        help="AI preset for a side, or a baseline: 'random' or 'passive' (repeatable)",
    )
    parser.add_argument("--lang", choices=languages(), help="language of the output")
    parser.add_argument("--units", choices=UNITS, help="lengths in the output (default: cm)")
    add_rules_option(parser)
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--log", action="store_true", help="print every event (a battle report)")
    out.add_argument("--json", action="store_true", help="print one JSON object")


def report(result: GameResult) -> list[str]:
    """The battle report: every event's explanation, with the controllers' intents."""
    intents: dict[int, list[str]] = {}
    for at, side, line in result.intents:
        intents.setdefault(at, []).append(tr("cli.run.intent", side=side, line=line))
    lines: list[str] = []
    for i, event in enumerate(result.events):
        lines.append(explain(event))
        lines += intents.get(i + 1, [])
    return lines


def game_over(result: GameResult) -> GameOver | None:
    """The event that decided the battle (None: undecided)."""
    return next((e for e in reversed(result.events) if isinstance(e, GameOver)), None)


def consequences_of(result: GameResult) -> tuple[str, ...]:
    """The §12 consequences of a raid's outcome (keys of `engine.consequence`)."""
    over = game_over(result)
    return over.consequences if over is not None else ()


def outcome_lines(result: GameResult) -> list[str]:
    """The outcome, who won and who is beaten (by name), the casualties per side, and
    a raid's consequences for the refuge (§12)."""
    outcome = result.outcome
    text = outcome_text(outcome) if outcome else tr("cli.run.no_outcome")
    spoiled = spoiled_text(result.spoilers) if outcome == "partial" else ""
    text = f"{text} ({spoiled})" if spoiled else text
    names = result.side_names
    lost = ", ".join(
        tr("cli.run.casualty", side=names.get(side, side), count=n)
        for side, n in result.casualties.items()
    )
    verdict = []
    if result.winners:
        winners = ", ".join(names.get(s, s) for s in result.winners)
        losers = ", ".join(names.get(s, s) for s in result.losers)
        verdict = [tr("cli.run.winner", winner=winners, loser=losers)]
    return [
        tr(
            "cli.run.outcome",
            outcome_text=text,
            rounds=result.rounds,
            seed=result.seed,
            actions=len(result.actions),
            events=len(result.events),
        ),
        *verdict,
        tr("cli.run.casualties", list=lost),
        *consequence_lines(result),
    ]


def consequence_lines(result: GameResult) -> list[str]:
    """'Consequences: …' after a raid (nothing otherwise)."""
    over = game_over(result)
    text = consequences_text(over) if over is not None else ""
    return [text] if text else []


def run(args: argparse.Namespace) -> int:
    if args.lang:
        set_language(args.lang)
    if args.units:
        set_units(args.units)
    check_seed(args.seed)
    knobs = parse_set(args.set)
    system = parse_rules(args.rules)
    if args.record:
        check_writable(args.record, "cli.run.cannot_write")  # before the game, not after
    path = Path(args.scenario)
    try:
        text = read_text(path)  # read once: the record keeps the text that was played
        scenario = require_battle(parse_scenario(text, str(path)), str(path)).under(system)
    except ScenarioError as exc:
        print("\n".join(exc.errors), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else (scenario.scenario.seed or 0)
    name = scenario.scenario.name
    chosen = controllers_for(scenario, parse_ai(args.ai, scenario))
    try:
        result = run_game(scenario, seed, knobs=knobs, controllers=chosen, scenario_name=name)
    except GameStalled as exc:
        print(f"error: {tr('cli.run.stalled', reason=exc)}", file=sys.stderr)
        return 1
    if args.record:
        _save(args.record, text, name, seed, knobs, result, system)
    if args.json:
        summary = {**result.summary(), "consequences": list(consequences_of(result))}
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print("\n".join([*(report(result) if args.log else []), *outcome_lines(result)]))
    if args.record and not args.json:
        print(tr("cli.run.recorded", file=args.record))
    return 0


def _save(
    target: str,
    text: str,
    name: str,
    seed: int,
    knobs: dict[str, Any],
    result: GameResult,
    system: SystemName | None = None,
) -> None:
    record = make_record(
        text,
        scenario_name=name,
        seed=seed,
        knobs=knobs,
        actions=result.actions,
        events=result.events,
        outcome=result.outcome,
        rounds=result.rounds,
        rules=system,
    )
    try:
        save_record(record, target)
    except OSError as exc:
        raise CliError(
            tr("cli.run.cannot_write", file=target, reason=exc.strerror or exc)
        ) from None
