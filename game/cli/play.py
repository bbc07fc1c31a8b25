"""`main.py play [SCENARIO]`: play a scenario in a window (the default command).

    main.py                                     the refuge against the horde, you defend
    main.py play scenarios/open_skirmish.toml --side b --seed 7
    main.py play --side refuge,horde            hot-seat: both sides at the table
    main.py play scenarios/refuge_raiders.toml --autoplay --speed 3
    SDL_VIDEODRIVER=dummy main.py play --autoplay --frames 600 --screenshot shot.png

Sides whose scenario controller is "human" are played at the table (both: hot-seat);
`--side ID` makes that side the human one and the others AI — several sides
(`--side a,b` or `--side a --side b`) are all played at the table, taking turns at
one mouse (hot-seat); `--autoplay` lets the AI play every side.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game import warmup
from game.ai_choice import controllers_for, human_sides
from game.cli import CliError
from game.cli._options import check_seed, check_writable
from game.cli._rules import add_rules_option, parse_rules
from game.engine import Game
from game.i18n import languages, set_language, tr
from game.loading import load_battle
from game.scenario import Scenario, ScenarioError
from game.ui.app import UiOptions
from game.ui.app import run as run_window
from game.ui.display import NoDisplay
from game.ui.settings import load_settings

DEFAULT_SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "refuge_horde.toml"
HEADLESS_DRIVERS = ("dummy", "offscreen")
"""Video drivers without a window to close."""


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument(
        "scenario", nargs="?", metavar="SCENARIO", help="scenario file (default: refuge_horde)"
    )
    parser.add_argument(
        "--side",
        metavar="ID[,ID]",
        action="append",
        help="the side(s) played at the table, the others are AI (several: hot-seat)",
    )
    parser.add_argument("--seed", type=int, help="seed (default: the scenario's, else 0)")
    parser.add_argument("--autoplay", action="store_true", help="the AI plays every side")
    parser.add_argument("--speed", type=float, help="animation and AI speed (default: settings)")
    parser.add_argument("--units", choices=["cm", "in"], help="display units (default: settings)")
    parser.add_argument("--lang", choices=languages(), help="language (default: settings)")
    parser.add_argument("--size", metavar="WxH", help="window size in px (default: settings)")
    parser.add_argument("--frames", type=int, metavar="N", help="run N frames, then stop")
    parser.add_argument("--screenshot", metavar="FILE", help="save the last frame as a PNG")
    add_rules_option(parser)


def parse_size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h))
    except ValueError:
        raise CliError(tr("cli.play.bad_size", text=text)) from None
    if not sep or not (320 <= size[0] <= 10000 and 240 <= size[1] <= 10000):
        raise CliError(tr("cli.play.size_range", text=text))
    return size


def side_list(given: str | Sequence[str] | None) -> list[str] | None:
    """The sides named by `--side` (repeated and/or comma-separated), in order, once
    each; None when none was given."""
    if given is None:
        return None
    items = [given] if isinstance(given, str) else list(given)
    out: list[str] = []
    for item in items:
        for part in item.split(","):
            name = part.strip()
            if not name:
                raise CliError(tr("cli.play.empty_side", given=item))
            if name not in out:
                out.append(name)
    return out


def table_sides(scenario: Scenario, side: str | Sequence[str] | None, autoplay: bool) -> list[str]:
    """The sides played at the table: those `--side` names (None: the scenario's
    "human" sides), none with `--autoplay`; CliError for a side the scenario lacks."""
    ids = [s.id for s in scenario.side]
    chosen = side_list(side)
    for name in chosen or ():
        if name not in ids:
            raise CliError(tr("cli.play.unknown_side", side=name, sides=", ".join(ids)))
    if autoplay:
        return []
    if chosen is not None:
        return [s for s in ids if s in chosen]
    return human_sides(scenario)


def run(args: argparse.Namespace) -> int:
    settings = load_settings()  # first: the errors below speak the player's language
    language = args.lang or getattr(settings, "language", None)
    if language:
        set_language(language)
    check_seed(args.seed)
    if args.speed is not None and not 0 < args.speed <= 100:
        raise CliError(tr("cli.play.bad_speed", speed=args.speed))
    if args.frames is not None and args.frames < 1:
        raise CliError(tr("cli.play.bad_frames", frames=args.frames))
    if args.screenshot and args.frames is None:
        raise CliError(tr("cli.play.screenshot_needs_frames"))
    if args.screenshot:
        check_writable(args.screenshot, "cli.play.cannot_screenshot")  # before the frames
    if args.frames is None and os.environ.get("SDL_VIDEODRIVER") in HEADLESS_DRIVERS:
        raise CliError(tr("cli.play.frames_headless", driver=os.environ["SDL_VIDEODRIVER"]))
    size = parse_size(args.size)
    system = parse_rules(args.rules)
    path = Path(args.scenario) if args.scenario else DEFAULT_SCENARIO
    try:
        scenario = load_battle(path).under(system)
    except ScenarioError as exc:
        print("\n".join(exc.errors), file=sys.stderr)
        return 2
    controllers = controllers_for(
        scenario,
        table=table_sides(scenario, args.side, args.autoplay),
        level=getattr(settings, "ai_level", None),
    )
    game = Game(scenario, seed=args.seed, scenario_name=scenario.scenario.name)
    options = UiOptions(
        speed=args.speed or getattr(settings, "speed", 1.0),
        units=args.units or getattr(settings, "units", "cm"),
        autoplay=args.autoplay,
        frames=args.frames,
        screenshot=args.screenshot,
        size=size or getattr(settings, "window", None),
        caption=f"DEAD.EARTH Skirmish — {scenario.scenario.name}",
        palette=getattr(settings, "palette", "okabe-ito"),
        large_text=bool(getattr(settings, "large_text", False)),
        language=language,
        scenario=str(path),
    )
    try:
        return run_window(game, controllers, options, settings, warmup.start(path))
    except NoDisplay as exc:  # no screen: say so and what to do, never an invisible window
        raise CliError(str(exc)) from None
