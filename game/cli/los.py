"""`main.py los`: line of sight and cover between two bases on a scenario's board.

    main.py los scenarios/refuge_horde.toml --from 42,62 --to 60,100 [--radius 2] [--json]

With --json one object: visible, visible_fraction, cover, blocking, cover_from,
distance_cm. The knobs sight_lines, cover_share and base_contact_gap come from the
rules data (game/rules/data/knobs.toml) and the scenario's [knobs] table.
"""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.board.sight import LosResult, SightParams, line_of_sight
from game.board.terrain import Board, TerrainPiece
from game.cli import CliError
from game.cli._options import board_scenario
from game.i18n import tr

COMMAND = "los"
HELP = "line of sight and cover between two bases on a scenario's board"

KNOBS_FILE = Path(__file__).resolve().parents[1] / "rules" / "data" / "knobs.toml"
SIGHT_KNOBS = ("sight_lines", "cover_share", "base_contact_gap")
MIN_RADIUS, MAX_RADIUS = 0.1, 20.0


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("--from", dest="viewer", required=True, metavar="X,Y", help="viewer (cm)")
    parser.add_argument("--to", dest="target", required=True, metavar="X,Y", help="target (cm)")
    parser.add_argument(
        "--radius", type=float, default=1.25, help="base radius of both, cm (default 1.25)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def parse_point(flag: str, text: str) -> tuple[float, float]:
    """'12.5,40' -> (12.5, 40.0); a CliError names the flag otherwise."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise CliError(tr("board.error.point_format", flag=flag, value=text)) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise CliError(tr("board.error.point_format", flag=flag, value=text))
    return x, y


def blocks_a_viewer(piece: TerrainPiece) -> bool:
    """Terrain a viewer cannot stand in: solid or sight-blocking."""
    return piece.blocks_movement or piece.blocks_sight


def check_point(
    board: Board,
    flag: str,
    point: tuple[float, float],
    blocks: Callable[[TerrainPiece], bool] = blocks_a_viewer,
) -> None:
    """Reject a point off the table or inside terrain that `blocks` a figure there."""
    x, y = point
    if not board.contains(x, y):
        raise CliError(
            tr("board.error.outside", flag=flag, x=x, y=y, width=board.width, height=board.height)
        )
    for piece in board.pieces_at(point):
        if blocks(piece):
            raise CliError(
                tr("board.error.inside_terrain", flag=flag, x=x, y=y, kind=piece.kind, id=piece.id)
            )


def sight_params(scenario_knobs: dict[str, Any], knobs_file: Path = KNOBS_FILE) -> SightParams:
    """The sight knobs: rules data first (if present), then the scenario's overrides."""
    knobs: dict[str, Any] = {}
    if knobs_file.is_file():
        try:
            with knobs_file.open("rb") as fh:
                data = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise CliError(f"{knobs_file.name}: {exc}") from None
        knobs.update({k: data[k] for k in SIGHT_KNOBS if k in data})
    knobs.update({k: scenario_knobs[k] for k in SIGHT_KNOBS if k in scenario_knobs})
    try:
        return SightParams.from_knobs(knobs)
    except (TypeError, ValueError) as exc:
        raise CliError(f"sight knobs: {exc}") from None


def render(
    res: LosResult, viewer: tuple[float, float], target: tuple[float, float], radius: float
) -> str:
    """The result as readable text (current language)."""
    lines = res.line_blocked.size
    clear = int(lines - res.line_blocked.sum())
    out = [
        tr(
            "board.los.title",
            x0=viewer[0],
            y0=viewer[1],
            x1=target[0],
            y1=target[1],
            radius=radius,
            distance=res.distance,
        )
    ]
    if not res.visible:
        out.append(tr("board.los.hidden", lines=lines))
    elif clear == 0:
        out.append(tr("board.los.visible_peek", lines=lines))
    else:
        out.append(
            tr("board.los.visible", clear=clear, lines=lines, percent=100 * res.visible_fraction)
        )
    if res.visible:
        out.append(tr("board.los.cover", cover=tr(f"board.cover.{res.cover.label}")))
        if res.cover_from:
            out.append(tr("board.los.cover_from", ids=", ".join(res.cover_from)))
        if res.target_on_platform:
            out.append(tr("board.los.on_platform"))
    if res.blocking:
        out.append(tr("board.los.blocking", ids=", ".join(res.blocking)))
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    viewer = parse_point("--from", args.viewer)
    target = parse_point("--to", args.target)
    if not MIN_RADIUS <= args.radius <= MAX_RADIUS:
        raise CliError(tr("board.error.radius", value=args.radius))
    scenario = board_scenario(args.scenario)
    board = Board.from_scenario(scenario)
    check_point(board, "--from", viewer)
    check_point(board, "--to", target)
    if viewer == target:
        raise CliError(tr("board.error.same_point"))
    params = sight_params(dict(scenario.knobs))
    res = line_of_sight(
        board, viewer, target, viewer_radius=args.radius, target_radius=args.radius, params=params
    )
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        print(render(res, viewer, target, args.radius))
    return 0
