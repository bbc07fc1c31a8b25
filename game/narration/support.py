"""Words of the support room's events (catalogue room `support`)."""

from __future__ import annotations

from game.narration.telling import Telling, Values, words
from game.play.support import GateMoved, Improvised, TookCover


@words(TookCover)
def _cover(e: TookCover, t: Telling) -> Values:
    key = "yes" if e.near_terrain else "no"
    return {"terrain_text": t.say(f"support.cover_terrain.{key}")}


@words(GateMoved)
def _gate(e: GateMoved, t: Telling) -> Values:
    key = "open" if e.open else "closed"
    return {"state_text": t.say(f"support.gate_state.{key}")}


@words(Improvised)
def _improvised(e: Improvised, t: Telling) -> Values:
    return {"what_text": t.say(f"support.improvised.{e.what}", n=e.structure)}
