"""The sub-commands of `main.py`, and how one is run.

`COMMANDS` is the registry: each sub-command's name, the module under `game/cli/`
that carries it out and its one-line help. `main.py --help` reads only the registry;
a command imports its module (and what that module needs) only when it is called,
so `odds` and `check` never load the engine's kernels, the overlays or pygame.

A command module defines `add_arguments(parser, command)` and `run(args) -> int`
(`args.command` names the command that was called). Errors a user can cause are
raised as `CliError` and print one clear message with exit code 2. A registered
module that cannot be imported or lacks either function stops the command with
`CommandError` naming it (a test imports every registered module).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import cast

from game.i18n import languages, set_language


class CliError(Exception):
    """A user-facing error: printed as one line, exit code 2, no traceback."""


class FileProblems(CliError):
    """Problems found in a file, one `file: field.path: reason` per line: printed as
    they are (each line names its file), exit code 2."""


class CommandError(RuntimeError):
    """A registered command whose module is broken (a bug, not the user's doing)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A sub-command: its name, its module under `game/cli/`, its one-line help."""

    name: str
    module: str
    help: str


COMMANDS: tuple[Command, ...] = (
    Command(
        "campaign",
        "campaign",
        "the refuge campaign: new, next (--auto), show — raids, scars, resources, rebuilding",
    ),
    Command(
        "check",
        "check",
        "validate scenario files (format, geometry, names in the rules data, knobs)",
    ),
    Command(
        "compare",
        "compare",
        "the rules lab: play one layout under several rule systems and compare them",
    ),
    Command(
        "edit",
        "edit",
        "lay out a refuge: draw terrain and modules, place defenders, see its defence",
    ),
    Command("los", "los", "line of sight and cover between two bases on a scenario's board"),
    Command(
        "map",
        "map",
        "print the refuge map with defence overlays (fields of fire, dead ground, threat, heat)",
    ),
    Command("odds", "odds", "exact odds of an attack: to hit, wounds, take-down"),
    Command(
        "path",
        "path",
        "shortest path for a base between two points on a scenario's board, in cm",
    ),
    Command("play", "play", "play a scenario in a window (default: the refuge against the horde)"),
    Command(
        "replay",
        "replay",
        "replay a game record: print its battle report, or --verify its event hash",
    ),
    Command("run", "run", "play one game headless (the AI plays every side) and print the outcome"),
    Command(
        "sim",
        "sim",
        "play a batch of games headless and report outcome shares, rounds and casualties",
    ),
)
"""Every sub-command, in the order `--help` lists them."""

DEFAULT_COMMAND = "play"
"""What `main.py` runs without a sub-command (e.g. `main.py --seed 3`)."""

BY_NAME = {command.name: command for command in COMMANDS}


@dataclass(frozen=True, slots=True)
class Loaded:
    """A command's module, checked: its two functions."""

    add_arguments: Callable[[argparse.ArgumentParser, str], None]
    run: Callable[[argparse.Namespace], int | None]


def load(command: Command) -> Loaded:
    """The command's module, imported now: the one place commands are imported
    lazily (by design: a command loads only what it uses). CommandError when the
    module cannot be imported or lacks `add_arguments` or `run`."""
    name = f"{__name__}.{command.module}"
    try:
        module: ModuleType = importlib.import_module(name)
    except ImportError as exc:
        raise CommandError(f"command {command.name!r}: cannot import {name}: {exc}") from exc
    missing = [f for f in ("add_arguments", "run") if not callable(getattr(module, f, None))]
    if missing:
        raise CommandError(f"command {command.name!r}: {name} lacks {'(), '.join(missing)}()")
    return Loaded(
        cast("Callable[[argparse.ArgumentParser, str], None]", module.add_arguments),
        cast("Callable[[argparse.Namespace], int | None]", module.run),
    )


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors, like every other error of the commands."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {self.prog}: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def build_parser(chosen: Command | None = None) -> tuple[argparse.ArgumentParser, Loaded | None]:
    """The parser of `main.py`: every command listed with its help, and the arguments
    of `chosen` only (its module is imported; the others are not)."""
    parser = _Parser(prog="main.py", description="DEAD.EARTH Skirmish")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    loaded = None
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help)
        if command is chosen:
            loaded = load(command)
            loaded.add_arguments(p, command.name)
            if "--lang" not in p._option_string_actions:
                p.add_argument("--lang", choices=languages(), help="language of the output")
    return parser, loaded


def _command_of(argv: list[str]) -> tuple[Command | None, list[str]]:
    """The command named first (or the default, when the arguments start with an
    option other than --help) and the arguments with its name in front."""
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = [DEFAULT_COMMAND, *argv]
    return BY_NAME.get(argv[0]), argv


def run_cli(argv: Sequence[str]) -> int:
    chosen, argv = _command_of(list(argv))
    parser, loaded = build_parser(chosen)
    args = parser.parse_args(argv)
    if args.command is None or loaded is None:
        parser.print_help()
        return 0
    if getattr(args, "lang", None):
        set_language(args.lang)
    try:
        return int(loaded.run(args) or 0)
    except FileProblems as exc:
        print(exc, file=sys.stderr)
        return 2
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
