"""`main.py los`: line of sight and cover between two bases on a scenario's board.

    main.py los scenarios/refuge_horde.toml --from 42,62 --to 60,100 [--radius 2] [--json]

With --json one object: visible, visible_fraction (the viewer's K sight lines: the
share that is clear; cover is counted on these, §10), visible_fraction_back (the
same for the target's own lines back to the viewer: sight is symmetric, so a
target is visible when either share is above 0), cover, blocking, cover_from,
distance_cm. The scenario is loaded and checked exactly as `main.py check` does;
the knobs sight_lines, cover_share and base_contact_gap come from the rules data
with the scenario's [knobs] applied. Both bases must stand on the table, clear of
solid terrain (exit 2 otherwise).
"""

from __future__ import annotations

import argparse
import json
import math

from game.board.freespace import free_space
from game.board.sight import LosResult, SightParams, line_of_sight
from game.board.terrain import Board
from game.cli import CliError
from game.i18n import tr
from game.loading import check_file
from game.rules.loader import RulesData, load_rules
from game.scenario import Scenario

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


def board_scenario(path: str) -> tuple[Scenario, RulesData]:
    """The scenario at `path` for the board tools (los, path), checked as `main.py
    check` does (`game.loading.check_file`: a CliError listing every problem it
    prints, so exit 2), and the rules data with its [knobs] applied. A layout that is
    no battle yet (fewer than two sides) can still be measured, as `map` draws it."""
    checked = check_file(path)
    if checked.layout is None:
        raise CliError("\n".join(checked.problems))
    return checked.layout, load_rules(checked.layout.knobs)


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


def check_base(board: Board, flag: str, point: tuple[float, float], radius: float) -> None:
    """A base centred at `point` must stand on the table, clear of solid terrain
    (a CliError naming the piece its centre is in, or what the base overlaps)."""
    x, y = point
    if not board.contains(x, y):
        raise CliError(
            tr("board.error.outside", flag=flag, x=x, y=y, width=board.width, height=board.height)
        )
    for piece in board.pieces_at(point):
        if piece.blocks_movement:
            raise CliError(
                tr("board.error.inside_terrain", flag=flag, x=x, y=y, kind=piece.kind, id=piece.id)
            )
    problem = free_space(board, radius).problem(point)
    if problem is not None:
        raise CliError(
            tr("board.path.no_room", flag=flag, x=x, y=y, radius=radius, problem=problem)
        )


def sight_params(rules: RulesData) -> SightParams:
    """The sight knobs of the rules data (with a scenario's [knobs] applied)."""
    try:
        return SightParams.from_knobs({name: rules.knob(name) for name in SIGHT_KNOBS})
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
        back = round(lines * (res.visible_fraction_back or 0.0))
        out.append(tr("board.los.visible_peek", lines=lines, back=back))
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
    scenario, rules = board_scenario(args.scenario)
    board = Board.from_scenario(scenario)
    check_base(board, "--from", viewer, args.radius)
    check_base(board, "--to", target, args.radius)
    if viewer == target:
        raise CliError(tr("board.error.same_point"))
    params = sight_params(rules)
    res = line_of_sight(
        board, viewer, target, viewer_radius=args.radius, target_radius=args.radius, params=params
    )
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        print(render(res, viewer, target, args.radius))
    return 0
