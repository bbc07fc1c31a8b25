"""Rewrite (or check) the golden playthroughs: `python -m tests.golden.regen`.

    python -m tests.golden.regen            play every golden game again, rewrite its file
    python -m tests.golden.regen --check    rewrite nothing; print where each file
                                            differs (and a line diff), exit 1 if any does
    python -m tests.golden.regen refuge_horde.seed1.txt   only these files

Run it from the repository's root after a change of behaviour made on purpose, read
the diff (`git diff tests/golden`), and say in the commit why the games changed.
Each game is played by the AI on every side (as `main.py run SCENARIO --seed N`),
then its actions are replayed through a fresh `Game`; a game whose replay differs
from its play is an engine bug and is not written.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence

from tests.golden import playthrough as pt

TITLE = "Rewrite (or --check) the golden playthroughs in tests/golden/."
DIFF_LINES = 60
"""Lines of the line diff printed per file by --check."""


def selected(names: Sequence[str]) -> list[tuple[str, int]]:
    """The golden games named (file names), or all of them."""
    games = {pt.file_name(name, seed): (name, seed) for name, seed in pt.GAMES}
    unknown = [n for n in names if n not in games]
    if unknown:
        known = ", ".join(games)
        raise SystemExit(f"unknown golden file(s): {', '.join(unknown)} (one of: {known})")
    return [games[n] for n in names] if names else list(pt.GAMES)


def line_diff(old: str, new: str, name: str) -> list[str]:
    diff = difflib.unified_diff(
        old.splitlines(), new.splitlines(), f"{name} (file)", f"{name} (now)", lineterm="", n=1
    )
    lines = list(diff)
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"… {len(lines) - DIFF_LINES} more diff lines"]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=pt.REGEN.removeprefix("python "), description=TITLE)
    parser.add_argument("--check", action="store_true", help="compare; exit 1 if a file differs")
    parser.add_argument("files", nargs="*", metavar="FILE", help="golden file names (default: all)")
    args = parser.parse_args(argv)
    differ = 0
    for name, seed in selected(args.files):
        path = pt.golden_path(name, seed)
        played = pt.record(name, seed)
        problem = pt.first_difference(played, pt.replay(played))
        if problem is not None:
            print(f"{path.name}: replaying the game's own actions differs (an engine bug):")
            print(problem)
            return 2
        new = pt.render(played)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old == new:
            print(f"{path.name}: unchanged")
            continue
        differ += 1
        if args.check:
            print(f"{path.name}: differs")
            if old:
                print(pt.first_difference(pt.parse(old, path.name), played) or "(only the layout)")
            print("\n".join(line_diff(old, new, path.name)))
        else:
            pt.write(path, played)
            size = f"{len(played.actions)} actions, {len(played.events)} events"
            print(f"{path.name}: {'rewritten' if old else 'written'} ({size})")
    if args.check and differ:
        print(f"{differ} golden file(s) differ; to accept: {pt.REGEN}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
