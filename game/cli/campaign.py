"""`main.py campaign`: the refuge campaign (docs/CAMPAIGN.md).

    main.py campaign new CAMPAIGN.json --refuge scenarios/refuge_raiders.toml --seed 7
    main.py campaign next CAMPAIGN.json --auto [--cycles N] [--json]
    main.py campaign show CAMPAIGN.json [--json] [--plot FILE.png]

`new` starts a campaign on a refuge scenario (never over an existing file). `next`
plays the next cycle in the window (the mission and the raid at the table, the
downtime on the campaign screen); `next --auto` plays it headless with the AI
deciding for the player too. Either saves the file atomically after the cycle;
`--json` prints the cycle's summary (`cycle`, `raid`, `outcome`, `resources`,
`roster`, `modules` …). `show` tells the campaign's state and log, `--json` as
data, `--plot` draws its curves. A corrupt, foreign or newer file is one clear
error and is left as it is.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.campaign.cycle import Context, play_cycle
from game.campaign.model import Campaign
from game.campaign_play.fight import fight_headless
from game.campaign_play.play import auto_planner
from game.campaign_play.plot import plot_campaign
from game.campaign_play.store import CampaignFileError, context_of, load, new_campaign, save
from game.cli import CliError
from game.cli._options import check_writable, pairs, value_of
from game.i18n import languages, set_language, tr
from game.narration.campaign import campaign_text, cycle_line, cycle_text


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    steps = parser.add_subparsers(dest="step", required=True, parser_class=type(parser))
    new = steps.add_parser("new", help="start a campaign on a refuge scenario")
    new.add_argument("file", metavar="CAMPAIGN", help="the campaign file to write (JSON)")
    new.add_argument("--refuge", required=True, metavar="SCENARIO", help="the refuge layout")
    new.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    new.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a campaign table number, e.g. start.food=20 (repeatable)",
    )
    nxt = steps.add_parser("next", help="play the next cycle")
    nxt.add_argument("file", metavar="CAMPAIGN", help="the campaign file (JSON)")
    nxt.add_argument(
        "--auto", action="store_true", help="headless: the AI decides for the player too"
    )
    nxt.add_argument("--cycles", type=int, default=1, help="how many cycles (with --auto)")
    nxt.add_argument("--json", action="store_true", help="print each cycle's summary as JSON")
    show = steps.add_parser("show", help="the campaign's state and log")
    show.add_argument("file", metavar="CAMPAIGN", help="the campaign file (JSON)")
    show.add_argument("--json", action="store_true", help="print the state as JSON")
    show.add_argument("--plot", metavar="FILE", help="draw resources, refuge and roster curves")
    for sub in (new, nxt, show):
        sub.add_argument("--lang", choices=languages(), help="language of the output")


def _load(path: str) -> Campaign:
    try:
        return load(path)
    except CampaignFileError as exc:
        raise CliError(str(exc)) from None


def _save(c: Campaign, path: str) -> None:
    try:
        save(c, path)
    except OSError as exc:
        raise CliError(tr("campaign.error.cannot_write", file=path, reason=exc.strerror)) from None


def _new(args: argparse.Namespace) -> int:
    if Path(args.file).exists():
        raise CliError(tr("campaign.error.exists", file=args.file))
    overrides = {name: value_of(raw) for _, name, raw in pairs(args.set, "--set", "NAME=VALUE")}
    try:
        c = new_campaign(args.refuge, args.seed, overrides)
    except CampaignFileError as exc:
        raise CliError(str(exc)) from None
    _save(c, args.file)
    print(
        tr(
            "campaign.started",
            file=args.file,
            refuge=c.refuge_name,
            seed=c.seed,
            figures=len(c.roster),
            militia=c.extras,
            level=c.level,
        )
    )
    return 0


def _next(args: argparse.Namespace) -> int:
    c = _load(args.file)
    if c.over is not None:
        raise CliError(tr("campaign.error.over", file=args.file, why=tr(f"campaign.why.{c.over}")))
    try:
        ctx = context_of(c)
    except CampaignFileError as exc:
        raise CliError(tr("campaign.error.corrupt", file=args.file, reason=exc)) from None
    check_writable(args.file, "campaign.error.cannot_write")  # before a cycle is played
    if not args.auto:
        return _in_window(c, ctx, args)
    for _ in range(max(1, args.cycles)):
        entry = play_cycle(c, ctx, auto_planner, fight_headless)
        _save(c, args.file)  # after every cycle: a long run keeps what it played
        if args.json:
            print(json.dumps(_public(entry), ensure_ascii=False))
        else:
            print("\n".join(cycle_text(entry)))
        if c.over is not None:
            break
    return 0


def _in_window(c: Campaign, ctx: Context, args: argparse.Namespace) -> int:
    """One cycle in the window: the mission and the raid at the table, the downtime
    on the campaign screen. Closing a window aborts the cycle: nothing is saved."""
    # lazy: pygame only for the window (show and next --auto never load it)
    from game.ui.campaign_screen import CycleAborted, choose_downtime, fight_at_table

    try:
        entry = play_cycle(c, ctx, lambda cc, cx: choose_downtime(cc, cx), fight_at_table)
    except CycleAborted:
        print(tr("campaign.screen.aborted"))
        return 1
    _save(c, args.file)
    print(
        json.dumps(_public(entry), ensure_ascii=False)
        if args.json
        else "\n".join(cycle_text(entry))
    )
    return 0


def _public(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k != "notes"} | {"notes": entry["notes"]}


def state(c: Campaign) -> dict[str, Any]:
    """`campaign show --json`: the state without the layout's and maps' texts."""
    data = c.to_dict()
    for key in ("layout", "maps", "dice"):
        data.pop(key)
    data["log"] = [{k: v for k, v in e.items() if k != "notes"} for e in c.log]
    return data


def _show(args: argparse.Namespace) -> int:
    c = _load(args.file)
    if args.plot:
        try:
            plot_campaign(c, args.plot)
        except (OSError, ValueError) as exc:
            raise CliError(tr("campaign.error.bad_plot", file=args.plot, reason=exc)) from None
        print(tr("campaign.plot_saved", file=args.plot))
        return 0
    if args.json:
        print(json.dumps(state(c), ensure_ascii=False, indent=1))
        return 0
    print("\n".join(campaign_text(c)))
    for entry in c.log:
        print(cycle_line(entry))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.lang:
        set_language(args.lang)
    steps = {"new": _new, "next": _next, "show": _show}
    return steps[args.step](args)
