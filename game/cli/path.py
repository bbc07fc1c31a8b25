"""`main.py path`: the shortest path for a base on a scenario's board, in cm.

    main.py path scenarios/refuge_horde.toml --from 10,10 --to 60,40 [--radius 1.25]
        [--json] [--ignore-figures]

The scenario is loaded and checked exactly as `main.py check` does, and its [knobs]
apply. The scenario's figures (at their `at` points, with their profiles' base
sizes) are obstacles unless --ignore-figures; a figure standing exactly on --from
is the mover itself. With --json one object: reachable, length_cm, cost_cm (each cm
of difficult ground costs the knob `move.difficult_cost`, 2 by the rules), points.
"Cannot get there" is an answer (reachable false, exit 0); bad input (a file that
does not load, a point off the table or a base overlapping solid terrain) is an
error (exit 2).
"""

from __future__ import annotations

import argparse
import json
import math

from game.board.freespace import Circle
from game.board.paths import PathResult, find_path
from game.board.terrain import Board
from game.cli import CliError
from game.cli.los import board_scenario, check_base, parse_point
from game.i18n import tr
from game.loading.names import rules_radius
from game.rules.loader import RulesData
from game.scenario import Scenario

MIN_RADIUS, MAX_RADIUS = 0.1, 20.0


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("--from", dest="start", required=True, metavar="X,Y", help="start (cm)")
    parser.add_argument("--to", dest="goal", required=True, metavar="X,Y", help="goal (cm)")
    parser.add_argument(
        "--radius", type=float, default=1.25, help="base radius of the mover, cm (default 1.25)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--ignore-figures", action="store_true", help="the scenario's figures are no obstacles"
    )


def figure_bases(
    scenario: Scenario, rules: RulesData, mover_at: tuple[float, float]
) -> list[Circle]:
    """The scenario's figures as base circles (their profiles' base radii, as the
    engine places them), less one standing on the mover's spot."""
    radius = rules_radius(rules)
    bases = []
    for _side, _squad, figure in scenario.figures():
        x, y = figure.at
        if math.dist((x, y), mover_at) <= 1e-6:
            continue
        bases.append(Circle(float(x), float(y), radius(figure)))
    return bases


def render(
    res: PathResult, start: tuple[float, float], goal: tuple[float, float], difficult_cost: float
) -> str:
    """The result as readable text (current language)."""
    head = tr("board.path.title", x0=start[0], y0=start[1], x1=goal[0], y1=goal[1])
    if not res.reachable:
        return f"{head} {tr('board.path.unreachable', reason=res.reason)}"
    difficult = res.cost_cm > res.length_cm + 1e-9
    corners = max(0, len(res.points) - 2)
    lines = [
        head,
        tr("board.path.length", length=res.length_cm, cost=res.cost_cm)
        + (tr("board.path.difficult", factor=difficult_cost) if difficult else ""),
        tr("board.path.corners", n=corners) if corners else tr("board.path.straight"),
    ]
    lines.extend(f"    {x:8.2f} {y:8.2f}" for x, y in res.points)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    start = parse_point("--from", args.start)
    goal = parse_point("--to", args.goal)
    if not MIN_RADIUS <= args.radius <= MAX_RADIUS:
        raise CliError(tr("board.error.radius", value=args.radius))
    scenario, rules = board_scenario(args.scenario)
    board = Board.from_scenario(scenario)
    check_base(board, "--from", start, args.radius)
    check_base(board, "--to", goal, args.radius)
    bases = [] if args.ignore_figures else figure_bases(scenario, rules, start)
    cost = float(rules.knobs.move.difficult_cost)
    res = find_path(board, start, goal, radius=args.radius, obstacles=bases, difficult_cost=cost)
    if res.reason.startswith("start overlaps another base"):
        raise CliError(tr("board.path.overlaps", x=start[0], y=start[1]))
    print(json.dumps(res.to_dict()) if args.json else render(res, start, goal, cost))
    return 0
