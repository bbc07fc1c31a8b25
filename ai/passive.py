"""A side that never acts: it ends every activation at once (a baseline for
measuring the attackers, e.g. "the horde breaches the shelter against defenders
that never act")."""

from __future__ import annotations

from ai import threew6
from game import actions as act
from game.actions import Action
from game.engine import Game


class PassiveBot:
    """Answers every decision with the first option and ends every activation."""

    name = "passive"

    def intent(self, game: Game) -> str | None:
        return None

    def choose(self, game: Game) -> Action:
        pending = game.pending()
        if pending is None:
            raise RuntimeError("the passive bot was asked to choose with nothing pending")
        if pending.kind == "choose_first":
            return act.ChooseFirst(pending.side, pending.data["sides"][0])
        if pending.kind == "choose_entry":
            return act.ChooseEntry(pending.side, pending.data["entries"][0])
        if pending.kind == "activate":
            return act.Activate(pending.figures[0])
        if pending.kind == "intercept":
            return act.Intercept(pending.figures[0], False)
        if pending.kind == "defence":
            return threew6.choose_defence(game)
        return act.EndActivation(pending.figures[0])
