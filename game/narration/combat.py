"""Words of the combat room's events (catalogue room `combat`: what the engine
measured and decided around an attack)."""

from __future__ import annotations

from game.narration.telling import Telling, Values, words
from game.narration.text import cover_text
from game.play.combat_events import (
    AttackMade,
    AttackWithheld,
    FinishedOff,
    InterceptDecided,
    InterceptOffered,
    StructureBroken,
    TemplateLanded,
)


@words(AttackMade)
def _attack(e: AttackMade, t: Telling) -> Values:
    notes = []
    if e.burst:
        notes.append(t.say("combat.note.burst"))
    if e.long_range:
        notes.append(t.say("combat.note.long_range"))
    if e.took_cover:
        notes.append(t.say("combat.note.took_cover"))
    return {
        "mode_text": t.say(f"combat.mode.{e.mode}"),
        "cover_text": cover_text(e.cover, t.language),
        "percent": round(e.visible_fraction * 100),
        "notes": "".join(f"; {n}" for n in notes),
    }


@words(AttackWithheld)
def _attack_withheld(e: AttackWithheld, t: Telling) -> Values:
    return {"mode_text": t.say(f"combat.mode.{e.mode}")}


@words(InterceptOffered)
def _intercept_offered(e: InterceptOffered, t: Telling) -> Values:
    return {"who": t.name(*e.guardians)}


@words(InterceptDecided)
def _intercept_decided(e: InterceptDecided, t: Telling) -> Values:
    key = "accept" if e.accept else "decline"
    how = t.say("combat.note.auto_intercept") if e.auto else ""
    return {"decision": t.say(f"combat.intercept.{key}"), "how": how}


@words(StructureBroken)
def _structure_broken(e: StructureBroken, t: Telling) -> Values:
    return {"what": t.say(f"combat.broken.{e.structure_kind}", piece=t.name(e.piece))}


@words(TemplateLanded)
def _template_landed(e: TemplateLanded, t: Telling) -> Values:
    hit = [
        f"{t.name(fid)} ({cover_text(c, t.language)})"
        for fid, c in zip(e.touched, e.covers, strict=True)
    ]
    shielded = t.say("combat.note.shielded", who=t.name(*e.shielded)) if e.shielded else ""
    out: Values = {
        "hit": ", ".join(hit) or t.say("combat.word.nobody"),
        "shielded_text": shielded,
        "source_text": t.say(f"combat.source.{e.source}"),
    }
    if e.source == "minefield":  # the mine, not a weapon of the rules data
        out["weapon"] = t.say("names.kind.minefield")
    return out


@words(FinishedOff)
def _finished_off(e: FinishedOff, t: Telling) -> Values:
    return {"was_text": t.say(f"combat.was.{e.was}")}
