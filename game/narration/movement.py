"""Words of the movement room's events (catalogue room `movement`)."""

from __future__ import annotations

from game.narration.telling import Telling, Values, words
from game.narration.text import vault_text
from game.play.movement import ChargeBroken, Moved, MoveHalted
from game.play.space import Pushed

STOPPERS = ("terrain", "table edge")
"""What stops a push that is no figure (catalogue `movement.word.*`)."""


@words(Moved)
def _moved(e: Moved, t: Telling) -> Values:
    ground = e.cost_cm - e.vault_cm
    difficult = ground > e.length_cm + 1e-6
    return {
        "mode_text": t.say(f"movement.mode.{e.mode}"),
        "until_text": t.say(f"movement.until.{e.until}"),
        "difficult_text": t.say("movement.difficult", cost=ground) if difficult else "",
        "vault_text": vault_text(e.vaults, e.vault_cm, t.language),
    }


@words(MoveHalted)
def _halted(e: MoveHalted, t: Telling) -> Values:
    return {"reason_text": t.say(f"movement.halt.{e.reason}")}


@words(ChargeBroken)
def _charge_broken(e: ChargeBroken, t: Telling) -> Values:
    return {"reason_text": t.say(f"movement.charge_reason.{e.reason}")}


@words(Pushed)
def _pushed(e: Pushed, t: Telling) -> Values:
    if not e.stopped_by:
        return {"stop_text": ""}
    if e.stopped_by in STOPPERS:
        what = t.say(f"movement.word.{e.stopped_by.replace(' ', '_')}")
    else:
        what = t.name(e.stopped_by)
    return {"stop_text": t.say("movement.push_stopped", what=what)}
