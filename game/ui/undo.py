"""Undo at the table: Backspace takes back the players' last actions that rolled no
dice and brought nothing new to light.

Before each action of a side played at the table the window keeps a clone of the
game; the action can be taken back while it rolled no dice (the dice's state is
unchanged) and all its events are quiet ones — a move that set off no overwatch,
no mine and drew no infected's attention, aiming, taking cover, declaring
overwatch, opening a gate, starting or ending an activation. Taking it back puts
the clone in place: the game's history (and so any record or replay saved later)
simply does not contain the undone action. Anything else — dice, a reaction, the
other side's turn — ends what can be undone, and Backspace says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import actions as act
from game.engine import Game
from game.events import Event
from game.i18n import tr
from game.naming import local_figure_name
from game.play.events import ActivationEnded, ActivationStarted
from game.play.movement import Moved
from game.play.noise import NoiseMade
from game.play.overwatch import OverwatchDeclared
from game.play.support import Aimed, GateMoved, TookCover
from game.ui import describe
from game.ui.log import safe_explain

QUIET = (
    Moved,
    NoiseMade,
    ActivationStarted,
    ActivationEnded,
    Aimed,
    TookCover,
    OverwatchDeclared,
    GateMoved,
)
"""Events that reveal nothing the player did not know (the rest end the undo)."""
DEPTH = 20
"""How many actions in a row can be taken back."""
REASON_CHARS = 90


@dataclass(frozen=True)
class Step:
    """An action that can be taken back: the game before it, and what it was."""

    before: Game
    action: act.Action
    side: str
    what: str
    events: int
    """How many events it caused."""


@dataclass(frozen=True)
class Snapshot:
    """The game just before a player's action."""

    game: Game
    dice: dict[str, Any]


class TableUndo:
    """The actions the players at the table can still take back, newest last."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.why_not = ""
        """Why the last action cannot be taken back ("" when nothing was refused)."""

    def snapshot(self, game: Game) -> Snapshot:
        """Keep the game as it is before a player's action."""
        return Snapshot(game.clone(), game.dice.state)

    def applied(
        self, snap: Snapshot, side: str, action: act.Action, events: Sequence[Event], game: Game
    ) -> None:
        """A player's action (of `side`) went through: keep it for Backspace, or say
        why not."""
        what = _what(snap.game, action)
        loud = next((e for e in events if not isinstance(e, QUIET)), None)
        if game.dice.state != snap.dice:
            self.forget(tr("newcomer.undo.dice", what=what))
        elif loud is not None:
            self.forget(tr("newcomer.undo.revealed", what=what, event=_short(loud)))
        else:
            self.steps.append(Step(snap.game, action, side, what, len(events)))
            del self.steps[:-DEPTH]
            self.why_not = ""

    def forget(self, why: str = "") -> None:
        """Nothing before this point can be taken back (`why` says why)."""
        self.steps.clear()
        self.why_not = why

    def take(self, side: str) -> Step | None:
        """The newest step to take back when it is `side`'s (gone from the list);
        None when there is none (`refusal` says why)."""
        if self.steps and self.steps[-1].side != side:
            self.forget(tr("newcomer.undo.other_side"))
        return self.steps.pop() if self.steps else None

    def refusal(self) -> str:
        """What Backspace says when there is nothing to take back."""
        return self.why_not or tr("newcomer.undo.nothing")


def _what(game: Game, action: act.Action) -> str:
    """What an action was, e.g. 'Ferdl: Move'."""
    if isinstance(action, act.Activate):
        text = tr("newcomer.undo.activation")
    else:
        text = describe.describe(game, action)
    fig = game.state.figures.get(str(getattr(action, "figure", "")))
    if fig is None:
        return text
    return tr("newcomer.undo.what", who=local_figure_name(fig.name), action=text)


def _short(event: Event) -> str:
    text = safe_explain(event)
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1] + "…"
