"""The hasty retreat (rulebook §10.5 "Risiko: der überstürzte Rückzug"): on a loot
mission a side whose destruction threatens may flee instead of dying. It declares it
when it is its turn to activate a figure (`act.Retreat`): its standing figures leave
the table by its exit, the finds they still carry are lost (they fall where the
figures stood), the finds it already carried off stay its own, and the mission counts
as lost for it — the battle ends at once. The campaign books the rest of §10.5 (no
mission XP, −1 food & water, −1 ammunition; docs/CAMPAIGN.md).

Decisions (P): "droht Auslöschung" is read as half or more of the side's figures out
of the fight (down or dead; `THREATENED`); figures that are down stay where they lie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game import actions as act
from game.actions import IllegalAction
from game.events import Event, Family
from game.play import loot
from game.play.budget import expect
from game.play.contract import GameView
from game.play.events import EngineEvent, GameOver
from game.play.outcome import last_round
from game.reason import Reason
from game.rules.combatant import Condition
from game.state import Figure, Presence

THREATENED = 0.5
"""Share of a side's figures out of the fight (down or dead) from which it may flee (P)."""


@dataclass(frozen=True, slots=True)
class Retreated(EngineEvent):
    """A side fled by its exit (§10.5): who left the table, and the finds they still
    carried, which are lost."""

    kind: ClassVar[str] = "retreated"
    section: ClassVar[str] = "§10.5"
    family: ClassVar[Family] = "end"
    refs: ClassVar[tuple[str, ...]] = ("side", "figures")
    side: str
    figures: tuple[str, ...]
    markers: tuple[str, ...]
    finds: str  # names of the finds left behind ("" for none)


def fleeing(game: GameView, side: str) -> list[Figure]:
    """The side's figures that would leave the table: those standing on it."""
    return [f for f in game.state.figures.values() if f.side == side and f.standing]


def threatened(game: GameView, side: str) -> bool:
    """Half or more of the side's figures are out of the fight (down or dead)."""
    figs = [
        f
        for f in game.state.figures.values()
        if f.side == side and f.presence is not Presence.RESERVE
    ]
    out = sum(1 for f in figs if f.condition is not Condition.STANDING)
    return bool(figs) and out >= THREATENED * len(figs)


def problem(game: GameView, side: str) -> Reason | None:
    """Why the side cannot flee now (None: it can)."""
    if not loot.active(game) or not loot.can_loot(game, side):
        return Reason.of("support.no_retreat", side=side)
    if not fleeing(game, side):
        return Reason.of("support.no_retreat", side=side)
    if not threatened(game, side):
        return Reason.of("support.not_threatened", side=side)
    return None


def may_retreat(game: GameView, side: str) -> bool:
    pending = game.state.pending
    if game.state.outcome is not None or pending is None or pending.kind != "activate":
        return False
    return pending.side == side and problem(game, side) is None


def check(game: GameView, action: act.Retreat) -> None:
    expect(game, "activate", action.side)
    why = problem(game, action.side)
    if why is not None:
        raise IllegalAction(why)


def do_retreat(game: GameView, action: act.Retreat) -> list[Event]:
    st = game.state
    side = action.side
    figures = fleeing(game, side)
    dropped = []
    for fig in figures:
        for marker in st.carried(fig.id):
            marker.carrier = None
            marker.x, marker.y = fig.x, fig.y
            dropped.append(marker)
        fig.loot = 0
        fig.presence = Presence.GONE
        fig.overwatch = None
    first = next(iter(st.sides))
    st.outcome = "defeat" if side == first else "victory"
    st.pending = None
    names = ", ".join(m.name for m in dropped)
    return [
        Retreated(side, tuple(f.id for f in figures), tuple(m.id for m in dropped), names),
        GameOver(st.outcome, "retreat", last_round(game)),
    ]
