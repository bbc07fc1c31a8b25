"""`main.py replay FILE`: play a game record again (game/replay.py).

    main.py replay game.json            # the battle report of the replayed game
    main.py replay game.json --verify   # compare the event stream's hash

`--verify` exits 0 when the replay's event hash matches the record, 1 with the first
differing event (its index and both explanations) when it does not; a file that is
not a valid record exits 2.
"""

from __future__ import annotations

import argparse
import sys

from game.cli.run import outcome_lines
from game.i18n import languages, set_language, set_units, tr
from game.i18n.lengths import UNITS
from game.replay import (
    VERSION,
    GameRecord,
    RecordError,
    Verification,
    explain,
    load_record,
    replay,
    verify,
)
from game.sim import result_of


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record (JSON, from run --record)")
    parser.add_argument(
        "--verify", action="store_true", help="re-simulate and compare the event hash"
    )
    parser.add_argument("--lang", choices=languages(), help="language of the output")
    parser.add_argument("--units", choices=UNITS, help="lengths in the output (default: cm)")


def run(args: argparse.Namespace) -> int:
    if args.lang:
        set_language(args.lang)
    if args.units:
        set_units(args.units)
    try:
        record = load_record(args.file)
        if args.verify:
            return _verify(args.file, record)
        return _report(record)
    except RecordError as exc:
        problem = str(exc)
        named = problem if problem.startswith(f"{args.file}: ") else f"{args.file}: {problem}"
        print(f"error: {named}", file=sys.stderr)  # every problem names the file first
        return 2


def _verify(file: str, record: GameRecord) -> int:
    result = verify(record)
    if result.ok:
        print(tr("cli.replay.match", file=file, events=result.events, hash=result.replayed_hash))
        return 0
    lines = mismatch_lines(file, result)
    if record.version < VERSION:
        lines.append(tr("cli.replay.older", version=record.version, current=VERSION))
    print("\n".join(lines))
    return 1


def mismatch_lines(file: str, result: Verification) -> list[str]:
    """What differs between a record and its replay."""
    lines = [
        tr(
            "cli.replay.mismatch",
            file=file,
            recorded=result.recorded_hash,
            replayed=result.replayed_hash,
        )
    ]
    if result.index is None and result.notes:
        lines.append(tr("cli.replay.hash_only", events=result.notes))
    elif result.index is None:
        lines.append(tr("cli.replay.unknown_difference"))
    else:
        none = tr("cli.replay.no_event")
        lines += [
            tr("cli.replay.first_difference", index=result.index),
            tr("cli.replay.recorded", text=result.recorded or none),
            tr("cli.replay.replayed", text=result.replayed or none),
        ]
    if result.illegal:
        lines.append(tr("cli.replay.stopped", reason=result.illegal))
    return lines


def _report(record: GameRecord) -> int:
    run = replay(record)
    lines = [
        tr(
            "cli.replay.header",
            name=record.scenario_name or "?",
            seed=record.seed,
            actions=len(record.actions),
        )
    ]
    lines += [explain(event) for event in run.events]
    if run.illegal:
        lines.append(tr("cli.replay.stopped", reason=run.illegal))
    elif not run.game.is_over():
        lines.append(tr("cli.replay.unfinished", actions=run.applied))
    lines += outcome_lines(result_of(run.game, run.events, run.events_hash))
    print("\n".join(lines))
    return 1 if run.illegal else 0
