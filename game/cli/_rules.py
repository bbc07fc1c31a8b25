"""The `--rules SYSTEM` option that `odds`, `run`, `sim`, `play` and `compare` share:
which rule system plays (deadearth, ews, 3w6), overriding the scenario's `rules`."""

from __future__ import annotations

import argparse

from game.cli import CliError
from game.systems import SYSTEM_NAMES, SystemName, UnknownSystemError, system_name, system_names


def add_rules_option(parser: argparse.ArgumentParser, *, many: bool = False) -> None:
    names = ", ".join(SYSTEM_NAMES)
    if many:
        parser.add_argument(
            "--rules",
            default=",".join(SYSTEM_NAMES),
            metavar="A,B,…",
            help=f"the rule systems to compare, comma-separated (default: all: {names})",
        )
    else:
        parser.add_argument(
            "--rules",
            metavar="SYSTEM",
            help=f"the rule system to play ({names}); default: the scenario's",
        )


def parse_rules(text: str | None) -> SystemName | None:
    """The system `--rules` names (None: not given); CliError for an unknown one."""
    if text is None:
        return None
    try:
        return system_name(text)
    except UnknownSystemError as exc:
        raise CliError(str(exc)) from None


def parse_many(text: str) -> tuple[SystemName, ...]:
    try:
        return system_names(text)
    except UnknownSystemError as exc:
        raise CliError(str(exc)) from None
