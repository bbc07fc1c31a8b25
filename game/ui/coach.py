"""The hint box for a first-time player: what to do now, over the table.

Shown for the player's first `DECISIONS` actions in a window, and again when a
decision is left untouched for `IDLE_S` seconds; never in autoplay, never while a
tool, menu, card or the help is up, and it steps aside when the pointer comes
near it (hud.draw_coach draws it). In hot-seat it says whose turn it is for
`HANDOVER_S` seconds whenever the other player takes over the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import tr
from game.naming import say
from game.ui import describe
from game.ui.render import hud

if TYPE_CHECKING:
    from game.ui.app import App

DECISIONS = 6
"""The player's first actions in a window get the hint box."""
IDLE_S = 12.0
"""s of a decision left untouched after which the hint box comes back."""
HANDOVER_S = 4.0
"""s the hot-seat hand-over line stays after the other player's side takes over."""


class Coach:
    """Decides the hint box's text frame by frame."""

    def __init__(self) -> None:
        self.decision: tuple[int, int] | None = None  # (game, history) of the open decision
        self.since = 0.0  # app clock when it opened
        self.side: str | None = None  # the side at the table that decided last (hot-seat)
        self.side_since = -HANDOVER_S  # app clock when that side took over

    def text(self, app: App) -> str:
        """The hint for now ("" for none)."""
        inp = app.input
        game = app.game
        pending = game.pending()
        if pending is None or not inp.my_turn() or app.options.autoplay:
            return ""
        key = (id(game), len(game.history))
        if key != self.decision:
            self.decision, self.since = key, app.clock_s
        handover = self.handover(app, pending.side)
        if handover:
            return handover
        idle = app.clock_s - self.since >= IDLE_S
        if app.human_actions >= DECISIONS and not idle:
            return ""
        if inp.tool is not None or inp.menu is not None or inp.help or inp.info is not None:
            return ""
        fig = inp.selected_figure()
        text = ""
        if pending.kind == "activate":
            text = tr("ui.input.coach_activate")
        elif pending.kind == "act" and fig is not None:
            text = say("ui.input.coach_act", name=fig.name)
        return self._aside(app, text)

    def handover(self, app: App, side: str) -> str:
        """Hot-seat: 'Die Toten (player 2): your turn …' for a few seconds after the
        deciding side changed ("" otherwise, and with one side at the table)."""
        if len(app.human_sides) < 2:
            return ""
        if side != self.side:
            if self.side is not None:
                self.side_since = app.clock_s
            self.side = side
        if app.clock_s - self.side_since >= HANDOVER_S:
            return ""
        who = describe.side_with_player(app.game, side, app.human_sides)
        return self._aside(app, tr("ui.input.coach_handover", who=who))

    @staticmethod
    def _aside(app: App, text: str) -> str:
        """The text, unless the pointer is near its box."""
        inp = app.input
        box = hud.coach_box(app.layout.table, text)[1] if text else None
        if box is not None and box.inflate(40, 40).collidepoint(inp.mouse):
            return ""  # the pointer is there: out of its way
        return text
