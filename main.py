"""DEAD.EARTH Skirmish — command line entry point.

Each sub-command lives in its own module under `game/cli/` and is discovered
automatically (see `game.cli.discover`). Without a sub-command the default runs.
"""

from __future__ import annotations

import sys

from game.cli import run_cli


def main(argv: list[str] | None = None) -> int:
    return run_cli(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
