"""Sub-command discovery for `main.py`.

Every module in this package that defines `COMMAND` (a name or a list of names),
`HELP` (one line), `add_arguments(parser, command)` and `run(args) -> int` becomes
a sub-command (`args.command` names the one that was called). A module may
set `DEFAULT = True` to be the command run when none is given. Errors a user can
cause are raised as `CliError` and print one clear message with exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from game.i18n import languages, set_language


class CliError(Exception):
    """A user-facing error: printed as one line, exit code 2, no traceback."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors, like every other error of the commands."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {self.prog}: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def discover() -> dict[str, ModuleType]:
    """All sub-command modules, by command name."""
    commands: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        names = getattr(module, "COMMAND", None)
        if names is None:
            continue
        for name in [names] if isinstance(names, str) else names:
            commands[name] = module
    return commands


def build_parser(commands: dict[str, ModuleType]) -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py", description="DEAD.EARTH Skirmish")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, module in sorted(commands.items()):
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p, name)
        if "--lang" not in p._option_string_actions:
            p.add_argument("--lang", choices=languages(), help="language of the output")
    return parser


def _default_command(commands: dict[str, ModuleType]) -> str | None:
    for name, module in sorted(commands.items()):
        if getattr(module, "DEFAULT", False):
            return name
    return None


def run_cli(argv: Sequence[str]) -> int:
    commands = discover()
    parser = build_parser(commands)
    argv = list(argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        default = _default_command(commands)
        if default is None:
            parser.print_help()
            return 0
        argv = [default, *argv]
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    if getattr(args, "lang", None):
        set_language(args.lang)
    try:
        return int(commands[args.command].run(args) or 0)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
