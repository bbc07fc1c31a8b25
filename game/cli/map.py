"""`main.py map SCENARIO -o FILE`: the refuge map with defence overlays, to PNG or PDF.

`--overlay fire,dead,threat,heat` (default: fire, dead, threat; `all` for every
one, `none` for the terrain alone), `--dpi D` (default 150), `--scale 1:1` (paper cm
per table cm; default 1:1: a true-size print), `--games K` and `--seed S` for the heat
map's simulated raids (default 50 games), `--palette screen|print` (default: print,
a white table, for a PDF or a 1:1 map; screen otherwise). A .pdf file is tiled onto A4
pages with cut marks. Bad arguments get one clear message and exit code 2. Headless:
no window opens.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import limits
from game.batch import BatchError
from game.cli import CliError, FileProblems
from game.cli._options import check_games, check_seed
from game.engine import Game
from game.i18n import count_text, languages, set_language, tr
from game.loading import battle_problems, load_scenario
from game.loading.raw import read_text
from game.overlays.heat_raids import heat_map, simulate_heat, spec_for, summary
from game.scenario import Scenario, ScenarioError
from game.ui.defence import OVERLAY_NAMES, UnknownOverlay, compute_overlays, parse_names
from game.ui.mapexport import (
    MAX_SIDE_PX,
    MapTooLarge,
    Page,
    default_palette,
    parse_scale,
    render_map,
    save_map,
)

DEFAULT_OVERLAYS = "fire,dead,threat"
DPI_RANGE = (10.0, 1200.0)
SUFFIXES = (".png", ".pdf")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="map.png or map.pdf")
    parser.add_argument(
        "--overlay",
        default=DEFAULT_OVERLAYS,
        metavar="LIST",
        help=f"comma-separated: {','.join(OVERLAY_NAMES)}, all or none "
        f"(default {DEFAULT_OVERLAYS})",
    )
    parser.add_argument("--dpi", type=float, default=150.0, help="dots per inch (default 150)")
    parser.add_argument(
        "--scale", default="1:1", help="paper : table, e.g. 1:1 true size, 1:2 half (default 1:1)"
    )
    parser.add_argument(
        "--games", type=int, default=50, help="simulated raids for the heat map (default 50)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulated raids")
    parser.add_argument("--workers", type=int, default=None, help="processes for the raids")
    parser.add_argument(
        "--palette",
        choices=("screen", "print"),
        default=None,
        help="print: a white table, less ink (default for a PDF or 1:1); screen: the "
        "window's dark table (default otherwise)",
    )
    parser.add_argument("--lang", choices=languages(), default=None, help="language of the map")


def output_path(text: str) -> Path:
    """The output file, checked: .png or .pdf, in a folder that exists and is writable."""
    path = Path(text)
    if path.suffix.lower() not in SUFFIXES:
        raise CliError(tr("planner.error.suffix", file=text))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise CliError(tr("planner.error.folder", file=text, folder=str(folder)))
    if path.is_dir():
        raise CliError(tr("planner.error.unwritable", file=text, reason="it is a folder"))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(tr("planner.error.unwritable", file=text, reason="permission denied"))
    return path


def check_args(args: argparse.Namespace) -> tuple[list[str], float, Path]:
    """Overlays, scale and output path from the arguments, or CliError."""
    try:
        names = parse_names(args.overlay)
    except UnknownOverlay as exc:
        choices = ", ".join([*OVERLAY_NAMES, "all", "none"])
        raise CliError(tr("planner.error.overlay", name=str(exc), choices=choices)) from None
    try:
        scale = parse_scale(args.scale)
    except ValueError:
        raise CliError(tr("planner.error.scale", text=args.scale)) from None
    low, high = DPI_RANGE
    if not low <= args.dpi <= high:
        raise CliError(tr("planner.error.dpi", low=f"{low:g}", high=f"{high:g}", dpi=args.dpi))
    check_games(args.games, "planner.error.games")
    if args.workers is not None and args.workers < 1:
        raise CliError(tr("sim.cli.bad_workers", workers=args.workers))
    check_seed(args.seed)
    return names, scale, output_path(args.output)


def too_big(width: int, height: int) -> CliError:
    """The error for a map of `width` × `height` px beyond the limits."""
    return CliError(
        tr(
            "planner.error.too_big",
            width=width,
            height=height,
            pixels=f"{width * height / 1e6:.0f}",
            limit=f"{limits.MAX_MAP_PIXELS / 1e6:g}",
            side=MAX_SIDE_PX,
        )
    )


def check_raster(scenario: Scenario, dpi: float, scale: float) -> None:
    """Refuse a map whose table alone would be beyond the limits, before anything
    is computed or drawn (the whole map, with its margins and legend, is checked
    again when it is laid out)."""
    px_per_cm = Page(dpi, scale).px_per_cm
    width = round(scenario.board.width_cm * px_per_cm)
    height = round(scenario.board.height_cm * px_per_cm)
    if max(width, height) > MAX_SIDE_PX or width * height > limits.MAX_MAP_PIXELS:
        raise too_big(width, height)


def named_itself(text: str, name: str) -> bool:
    """Whether the `--overlay` list names `name` itself (not only through `all`)."""
    return any(parse_names(item) == [name] for item in text.split(","))


def heat_possible(scenario: Scenario, file: str, asked: bool) -> bool:
    """Whether the heat map's raids can be simulated (the scenario must be a battle):
    when it cannot, a CliError if heat was named, else (`all`) a note on stderr."""
    problems = battle_problems(scenario, file)
    if not problems:
        return True
    if asked:
        raise CliError(tr("planner.error.heat_no_battle", problems="\n".join(problems)))
    print(tr("planner.map.heat_left_out", problems="\n".join(problems)), file=sys.stderr)
    return False


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.lang:
        set_language(args.lang)
    names, scale, path = check_args(args)
    try:
        scenario = load_scenario(Path(args.scenario))
    except ScenarioError as exc:
        raise FileProblems("\n".join(exc.errors)) from None
    check_raster(scenario, args.dpi, scale)
    game = Game(scenario, seed=scenario.scenario.seed or 0)
    heat = None
    asked = named_itself(args.overlay, "heat")
    if "heat" in names and not heat_possible(scenario, str(args.scenario), asked):
        names.remove("heat")
    if "heat" in names:
        print(tr("planner.map.simulating", games=args.games), file=sys.stderr)
        text = read_text(args.scenario)

        def progress(done: int, total: int) -> None:
            print(tr("planner.map.progress", done=done, games=total), file=sys.stderr)

        try:
            points = simulate_heat(
                spec_for(text, str(args.scenario)),
                args.games,
                args.seed,
                workers=args.workers,
                progress=progress,
            )
        except (ScenarioError, BatchError) as exc:
            reason = "\n".join(exc.errors) if isinstance(exc, ScenarioError) else str(exc)
            raise CliError(tr("planner.error.heat_failed", reason=reason)) from None
        raids = count_text("planner.raids", points.games)
        print(tr("planner.map.heat_done", raids=raids, **summary(points)), file=sys.stderr)
        heat = heat_map(points, game.state.board.width, game.state.board.height)
    overlays = compute_overlays(game, names, {"heat": heat})
    try:
        look = args.palette or default_palette(path, scale)
        surface, layout = render_map(game, overlays, dpi=args.dpi, scale=scale, palette_name=look)
    except MapTooLarge as exc:
        raise too_big(exc.width, exc.height) from None
    try:
        count = save_map(surface, layout, path, scenario.scenario.name)
    except OSError as exc:
        raise CliError(
            tr("planner.error.unwritable", file=str(path), reason=exc.strerror)
        ) from None
    pages = tr("planner.map.pages", n=count) if path.suffix.lower() == ".pdf" else ""
    w, h = layout.size
    print(tr("planner.map.written", file=str(path), width=w, height=h, pages=pages))
    return 0
