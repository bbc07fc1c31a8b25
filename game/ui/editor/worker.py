"""Background work for the editor, run in its own process (no window):

    python -m game.ui.editor.worker heat SCENARIO OUT.json --games 50 --seed 0
    python -m game.ui.editor.worker export SCENARIO MAP.pdf --overlays fire,dead \
        [--heat HEAT.json] [--dpi 150] [--scale 1:1] [--palette screen|print]

`heat` plays AI-vs-AI raids (game.overlays.heat_raids) and writes where figures fell
and walls broke as JSON; `export` prints the refuge map (game.ui.mapexport) as the
`map` command does, with a heat map already simulated. Progress goes to stdout as
`progress DONE TOTAL` lines, the end as one `done …` line; problems to stderr
with exit code 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from game.engine import Game
from game.loading import load_scenario
from game.loading.raw import read_text
from game.overlays.heat import LAYERS
from game.overlays.heat_raids import HeatPoints, heat_map, simulate_heat, spec_for
from game.ui.defence import compute_overlays, parse_names
from game.ui.mapexport import default_palette, parse_scale, render_map, save_map


def heat_to_json(points: HeatPoints) -> dict[str, Any]:
    return {
        "games": points.games,
        "errors": points.errors,
        "outcomes": dict(points.outcomes),
        "points": {name: [list(p) for p in points.points[name]] for name in LAYERS},
    }


def heat_from_json(data: dict[str, Any]) -> HeatPoints:
    out = HeatPoints(int(data["games"]))
    out.errors = int(data.get("errors", 0))
    out.outcomes = {str(k): int(v) for k, v in dict(data.get("outcomes", {})).items()}
    for name in LAYERS:
        out.points[name] = [(float(x), float(y)) for x, y in data["points"].get(name, [])]
    return out


def _say(line: str) -> None:
    print(line, flush=True)


def run_heat(args: argparse.Namespace) -> int:
    text = read_text(args.scenario)
    _say(f"progress 0 {args.games}")
    points = simulate_heat(
        spec_for(text, str(args.scenario)),
        args.games,
        args.seed,
        workers=args.workers,
        progress=lambda done, total: _say(f"progress {done} {total}"),
    )
    tmp = Path(f"{args.out}.part")
    tmp.write_text(json.dumps(heat_to_json(points)), encoding="utf-8")
    os.replace(tmp, args.out)
    _say(f"done {args.out}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    scenario = load_scenario(Path(args.scenario))
    names = parse_names(args.overlays) if args.overlays else []
    game = Game(scenario, seed=scenario.scenario.seed or 0)
    heat = None
    if args.heat:
        data = json.loads(Path(args.heat).read_text(encoding="utf-8"))
        board = game.state.board
        heat = heat_map(heat_from_json(data), board.width, board.height)
    elif "heat" in names:
        names.remove("heat")
    _say("progress 1 3")
    overlays = compute_overlays(game, names, {"heat": heat})
    _say("progress 2 3")
    scale = parse_scale(args.scale)
    look = args.palette or default_palette(Path(args.out), scale)
    surface, layout = render_map(game, overlays, dpi=args.dpi, scale=scale, palette_name=look)
    pages = save_map(surface, layout, Path(args.out), scenario.scenario.name)
    _say("progress 3 3")
    w, h = layout.size
    _say(f"done {args.out} {w} {h} {pages}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="game.ui.editor.worker")
    sub = p.add_subparsers(dest="job", required=True)
    heat = sub.add_parser("heat")
    heat.add_argument("scenario")
    heat.add_argument("out")
    heat.add_argument("--games", type=int, default=50)
    heat.add_argument("--seed", type=int, default=0)
    heat.add_argument("--workers", type=int, default=None)
    export = sub.add_parser("export")
    export.add_argument("scenario")
    export.add_argument("out")
    export.add_argument("--overlays", default="")
    export.add_argument("--heat", default=None)
    export.add_argument("--dpi", type=float, default=150.0)
    export.add_argument("--scale", default="1:1")
    export.add_argument("--palette", choices=("screen", "print"), default=None)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return run_heat(args) if args.job == "heat" else run_export(args)
    except Exception as exc:  # reported to the editor, which shows it
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
