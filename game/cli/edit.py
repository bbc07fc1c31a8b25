"""`main.py edit [SCENARIO]`: the refuge editor in a window.

    main.py edit                            a new blank 120 × 120 cm table
    main.py edit my_refuge.toml             that file (a new table if it does not exist yet)
    main.py edit scenarios/refuge_horde.toml --board 180x120 …

A file that is not readable TOML is not opened: its errors are listed and the exit
code is 2. A file that is TOML but breaks the scenario rules (the checks of
`main.py check`) is opened with its problems marked on the table and listed in the
side panel, so they can be fixed in the editor; they are printed too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import limits, warmup
from game.cli import CliError
from game.cli._options import check_writable
from game.cli.play import parse_size
from game.i18n import languages, set_language, tr
from game.ui.display import NoDisplay
from game.ui.editor.app import EditorOptions
from game.ui.editor.app import run as run_editor
from game.ui.editor.document import Document, DocumentError
from game.ui.editor.validation import check
from game.ui.settings import load_settings


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument(
        "scenario", nargs="?", metavar="SCENARIO", help="scenario file (new if it does not exist)"
    )
    parser.add_argument(
        "--board", metavar="WxH", help="size of a new table in cm (default 120x120)"
    )
    parser.add_argument("--lang", choices=languages(), help="language (default: settings)")
    parser.add_argument("--size", metavar="WxH", help="window size in px (default: settings)")
    parser.add_argument("--frames", type=int, metavar="N", help="run N frames, then stop")
    parser.add_argument("--screenshot", metavar="FILE", help="save the last frame as a PNG")


MAX_BOARD = f"{limits.MAX_BOARD_CM:g}"
"""The longest side of a table, as the messages print it."""


def parse_board(text: str | None) -> tuple[float, float]:
    if text is None:
        return (120.0, 120.0)
    w, sep, h = text.lower().replace("×", "x").partition("x")
    try:
        size = (float(w), float(h))
    except ValueError:
        raise CliError(tr("editor.cli.bad_board", text=text, max=MAX_BOARD)) from None
    if not sep or not all(10 <= v <= limits.MAX_BOARD_CM for v in size):
        raise CliError(tr("editor.cli.bad_board", text=text, max=MAX_BOARD))
    return size


def run(args: argparse.Namespace) -> int:
    if args.frames is not None and args.frames < 1:
        raise CliError(tr("cli.play.bad_frames", frames=args.frames))
    if args.screenshot and args.frames is None:
        raise CliError(tr("cli.play.screenshot_needs_frames"))
    if args.screenshot:
        check_writable(args.screenshot, "cli.play.cannot_screenshot")  # before the window
    size = parse_size(args.size)
    board = parse_board(args.board)
    settings = load_settings()
    language = args.lang or getattr(settings, "language", None)
    if language:
        set_language(language)
    path = Path(args.scenario) if args.scenario else None
    if path is not None and path.exists():
        try:
            doc = Document.load(path)
        except DocumentError as exc:
            print("\n".join(exc.errors), file=sys.stderr)
            return 2
        report = check(doc)
        if report.problems:
            print(
                tr("editor.cli.opened_with_problems", file=str(path), n=len(report.problems)),
                file=sys.stderr,
            )
            for problem in report.problems:
                print(f"  {problem.text}", file=sys.stderr)
    else:
        if path is not None and not path.parent.is_dir():
            raise CliError(tr("editor.cli.no_folder", file=str(path), folder=str(path.parent)))
        doc = Document.blank(tr("editor.new_name"), *board)
        doc.file = path
    warmup.start()  # the overlays' and a test raid's kernels, compiled beside the editor

    options = EditorOptions(
        size=size or getattr(settings, "window", None),
        frames=args.frames,
        screenshot=args.screenshot,
        units=getattr(settings, "units", "cm"),
        settings=settings,
    )
    try:
        return run_editor(doc, options)
    except NoDisplay as exc:  # no screen (its unsaved work is in a recovery file)
        raise CliError(str(exc)) from None
