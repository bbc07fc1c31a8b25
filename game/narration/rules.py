"""Words of the rules' events (catalogue room `rules`, game/rules/*)."""

from __future__ import annotations

from game.narration.telling import Telling, Values, words
from game.rules.abilities import BacklashRolled, FrenzyTaken, SerumGiven
from game.rules.ammo import AmmoSpent
from game.rules.area import TemplatePlaced
from game.rules.attack import DamageRolled, ToHitRolled
from game.rules.checks import ATTRIBUTE_LABELS, CheckEvent, SaveRolled
from game.rules.equipment import load_equipment
from game.rules.injury import FirstAidRolled, InjuryRolled
from game.rules.morale import MoraleTested
from game.rules.structures import StructureDamaged
from game.rules.treatment import TreatmentRolled
from game.rules.wounds import WoundsTaken
from game.words import (
    check_text,
    d20_text,
    edge_text,
    faces_text,
    needed_text,
    pool_part_text,
    pool_word,
    signed,
    wound_word,
)


@words(CheckEvent)
def _check(e: CheckEvent, t: Telling) -> Values:
    return {
        "roll": check_text(e.faces, e.kept, e.edge, e.modifier, e.target, t.language),
        "result": t.say(f"rules.word.{e.outcome}"),
    }


@words(SaveRolled)
def _save(e: SaveRolled, t: Telling) -> Values:
    return {
        **_check(e, t),
        "attr": ATTRIBUTE_LABELS[e.attribute],
        "why": t.say(f"rules.reason.{e.reason}"),
    }


@words(FirstAidRolled)
def _first_aid(e: FirstAidRolled, t: Telling) -> Values:
    return {**_check(e, t), "effect_text": t.say(f"rules.aid_effect.{e.effect}", tp=e.tp_after)}


@words(TreatmentRolled)
def _treatment(e: TreatmentRolled, t: Telling) -> Values:
    found = load_equipment().items.get(e.item)
    item = found.german if found is not None and t.language == "de" else e.item
    effect = t.say(f"rules.aid_effect.{e.effect}", tp=e.tp_after)
    return {**_check(e, t), "effect_text": effect, "item_name": item}


@words(MoraleTested)
def _morale(e: MoraleTested, t: Telling) -> Values:
    return {
        **_check(e, t),
        "what": t.say(f"rules.word.{'retest' if e.retest else 'test'}"),
        "result": t.say(f"rules.morale_result.{e.outcome}"),
    }


@words(ToHitRolled)
def _to_hit(e: ToHitRolled, t: Telling) -> Values:
    label = "" if e.vs_point else "VW "
    text = check_text(e.faces, e.kept, e.edge, e.modifier, e.target, t.language, label)
    return {
        "target": t.say("rules.word.point") if e.vs_point else e.target_name,
        "verb": t.say(f"rules.verb.{e.weapon_type}"),
        "roll": text,
        "result": t.say(f"rules.hit_result.{e.outcome}"),
        "why": edge_text(e.advantages, e.disadvantages, t.language),
    }


@words(DamageRolled)
def _damage(e: DamageRolled, t: Telling) -> Values:
    parts = ""
    if len(e.pool_parts) > 1:
        named = "".join(pool_part_text(k, v, t.language) for k, v in e.pool_parts)
        parts = f" ({named})"
    return {
        "pool": f"{pool_word(len(e.faces), t.language)}{parts}",
        "dice": faces_text(e.faces),
        "need": e.needed.value,
        "parts": needed_text(e.needed, t.language),
        "count": wound_word(e.wounds, t.language),
    }


@words(WoundsTaken)
def _wounds(e: WoundsTaken, t: Telling) -> Values:
    notes = []
    if e.ignored:
        notes.append(t.say("rules.note.pain", n=e.ignored))
    if e.unbeugsam:
        notes.append(t.say("rules.note.unbeugsam"))
    if e.incapacitated:
        notes.append(t.say("rules.note.incapacitated"))
    return {"count": wound_word(e.wounds, t.language), "notes": "".join(f"; {n}" for n in notes)}


@words(InjuryRolled)
def _injury(e: InjuryRolled, t: Telling) -> Values:
    roll = d20_text(e.faces, e.kept, 0, t.language)
    if e.modifier:
        roll = f"{roll}{signed(e.modifier)} = {e.kept + e.modifier}"
    return {
        "roll": roll,
        "injury": e.result,  # shown by its name in the language (naming.RULES_NAMES)
        "effect_text": t.say(f"rules.injury_effect.{e.effect}"),
    }


@words(AmmoSpent)
def _ammo(e: AmmoSpent, t: Telling) -> Values:
    if e.magazine is None:
        return {"mag_text": ""}
    return {"mag_text": t.say("rules.word.magazine", n=e.magazine)}


@words(StructureDamaged)
def _structure(e: StructureDamaged, t: Telling) -> Values:
    return {
        "structure": t.say(f"rules.structure_name.{e.structure_kind}"),
        "dice": faces_text(e.faces),
        "count": wound_word(e.wounds, t.language),
        "broken": t.say("rules.word.broken") if e.after <= 0 else "",
    }


@words(TemplatePlaced)
def _template(e: TemplatePlaced, t: Telling) -> Values:
    if e.on_thrower:
        where = t.say("rules.template_where.thrower")
    elif e.dud:
        where = t.say("rules.template_where.dud")
    else:
        where = t.say("rules.template_where.point")
    burning = t.say("rules.note.burning_zone", n=e.burning_rounds) if e.burning_rounds else ""
    return {"where": where, "burning": burning}


@words(BacklashRolled)
def _backlash(e: BacklashRolled, t: Telling) -> Values:
    return {"effect_text": t.say(f"rules.backlash_effect.{e.effect}")}


@words(FrenzyTaken)
def _frenzy(e: FrenzyTaken, t: Telling) -> Values:
    return {"choice_text": t.say(f"rules.frenzy_choice.{e.choice}", n=e.amount)}


@words(SerumGiven)
def _serum(e: SerumGiven, t: Telling) -> Values:
    text = t.say(
        f"rules.serum_effect.{e.mode}", dice=faces_text(e.faces), healed=e.healed, tp=e.tp_after
    )
    return {"effect_text": text}
