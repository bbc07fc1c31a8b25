"""Fly (seed 002's jetpack, docs/RULES.md §18): a straight line follows the mouse
inside the flight's reach; the spot is shown red when the base may not land there.
Planning and committing work as for a Move (`MoveTool`)."""

from __future__ import annotations

import shapely

from game.actions import IllegalAction
from game.engine import Game
from game.narration import reason_text
from game.play import flight, movement
from game.state import Figure
from game.ui import preview as pv
from game.ui.tools.base import Context, Point
from game.ui.tools.move import MoveTool


def flight_preview(game: Game, fig: Figure, goal: Point) -> pv.MovePreview:
    """The flight to `goal` as the engine would check it: the straight line, the
    watchers whose zone it enters, or why the figure cannot land there."""
    cm = flight.flight_cm()
    goal = (round(float(goal[0]), 3), round(float(goal[1]), 3))
    try:
        plan = flight.plan_flight(game, fig, goal)
    except IllegalAction as exc:
        return pv.MovePreview(fig.id, "fly", goal, (), (), 0.0, cm, reason_text(exc.reason))
    line = plan.walk.points
    watchers = tuple(t.ref for t in movement.triggers(game, fig, line) if t.kind == "overwatch")
    return pv.MovePreview(fig.id, "fly", goal, line, (), plan.walk.length_cm, cm, None, watchers)


class FlyTool(MoveTool):
    """Fly one figure with its jetpack."""

    def __init__(self, ctx: Context, figure: Figure) -> None:
        super().__init__(ctx, figure, "fly")
        self.reach = shapely.Point(figure.pos).buffer(flight.flight_cm(), 64)

    def _preview(self, goal: Point) -> pv.MovePreview:
        return flight_preview(self.ctx.game, self.mover, goal)
