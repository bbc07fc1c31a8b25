"""`main.py check FILE…`: validate scenario files against the format and the rules data.

Prints `FILE: ok` for a good file and every problem of a bad one
(`FILE: field.path: reason`); a folder stands for the `*.toml` files in it. Exit 0
only if every file is good, 2 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.i18n import tr
from game.loading import check_file as check_scenario


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="scenario files or folders")


def expand(names: list[str]) -> tuple[list[Path], list[str]]:
    """The files to check (folders expanded to their *.toml) and problems found."""
    files: list[Path] = []
    problems: list[str] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.glob("*.toml"))
            if not found:
                problems.append(tr("cli.check.none", folder=name))
            files += found
        else:
            files.append(path)
    return files, problems


def check_file(path: Path) -> list[str]:
    """The problems of one scenario file (empty when it is good)."""
    return list(check_scenario(path).problems)


def run(args: argparse.Namespace) -> int:
    files, problems = expand(args.files)
    bad = bool(problems)
    for line in problems:
        print(line)
    for path in files:
        errors = check_file(path)
        if errors:
            bad = True
            print("\n".join(errors))
        else:
            print(tr("cli.check.ok", file=str(path)))
    return 2 if bad else 0
