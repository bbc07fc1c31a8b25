"""DEAD.EARTH Skirmish — command line entry point.

Each sub-command lives in its own module under `game/cli/` and is discovered
automatically (see `game.cli.discover`). Without a sub-command the default runs.
"""

from __future__ import annotations

import os
import sys

from game.cli import run_cli


def main(argv: list[str] | None = None) -> int:
    return run_cli(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader went away (`main.py path … | head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
