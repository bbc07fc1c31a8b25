"""Words of the other rule systems' events (catalogue rooms `ews` and `threew6`): every
roll with its faces, the named parts of the value and of the needed number, the
result, and the seed document's section (the event's)."""

from __future__ import annotations

from game.narration.telling import Telling, Values, words
from game.systems.ews import rules as ews
from game.systems.ews.dice import signed as ews_signed
from game.systems.threew6 import dice as three_dice
from game.systems.threew6 import rules as three
from game.words import die_word, faces_text

Parts = tuple[tuple[str, int], ...]


def parts_text(parts: Parts, t: Telling, *, first_plain: bool = True) -> str:
    """'medium range 15, cover +3' — every part by its name in the reader's language."""
    out = []
    for i, (key, value) in enumerate(parts):
        name = _part_name(key, t)
        if i == 0 and first_plain:
            out.append(f"{name} {value}")
        else:
            out.append(f"{name} {value:+d}".replace("-", "−"))
    return ", ".join(out)


def _part_name(key: str, t: Telling) -> str:
    if key.startswith("zone_"):
        return f"{t.say('systems.part.zone')} {t.say('systems.zone.' + key[5:])}"
    return t.say(f"systems.part.{key}")


def ews_roll(value: int, parts: Parts, face: int, result: int, t: Telling) -> str:
    """'Fernkampf 15, wounds −3 = 12 ± d6 [4: +4] = 16', or the automatic success."""
    base = f"{value}" if len(parts) <= 1 else f"{parts_text(parts, t)} = {value}"
    if face == 0:
        return f"{base}: {t.say('systems.word.automatic')}"
    step = ews_signed(face)
    return f"{base} ± {die_word(6, t.language)} [{face}: {step:+d}] = {result}".replace("-", "−")


def num(n: int) -> str:
    """A whole number with a true minus sign."""
    return str(n).replace("-", "−")


def _margin(margin: int, t: Telling) -> str:
    if margin >= 0:
        return t.say("systems.word.hit_by", n=margin)
    return t.say("systems.word.missed_by", n=-margin)


@words(ews.ShotRolled)
def _shot(e: ews.ShotRolled, t: Telling) -> Values:
    return {
        "roll": ews_roll(e.value, e.value_parts, e.face, e.result, t),
        "mw_text": parts_text(e.mw_parts, t),
        "result_text": _margin(e.margin, t),
    }


@words(ews.DodgeRolled)
def _dodge(e: ews.DodgeRolled, t: Telling) -> Values:
    return {
        "roll": ews_roll(e.value, e.value_parts, e.face, e.result, t),
        "mw_text": parts_text(e.mw_parts, t),
        "result_text": t.say(f"systems.word.{'escaped' if e.escaped else 'not_escaped'}"),
        "margin": num(e.margin),
        "against": num(e.against),
    }


@words(ews.StrayRolled)
def _stray(e: ews.StrayRolled, t: Telling) -> Values:
    key = "stray_other" if e.strayed else "stray_target"
    return {"result_text": t.say(f"systems.word.{key}", other=e.other, target=e.target)}


@words(ews.MeleeRolled)
def _melee(e: ews.MeleeRolled, t: Telling) -> Values:
    winner = "attacker_wins" if e.attacker_wins else "defender_wins"
    return {
        "roll": ews_roll(e.value, e.value_parts, e.face, e.result, t),
        "their_roll": ews_roll(e.their_value, e.their_parts, e.their_face, e.their_result, t),
        "result_text": t.say(f"systems.word.{winner}", who=e.who if e.attacker_wins else e.target),
    }


@words(ews.DamageTaken)
def _damage(e: ews.DamageTaken, t: Telling) -> Values:
    bits = [f"{e.margin}", f"+ {e.weapon_damage}"]
    if e.bonus:
        bits.append(f"+ {e.bonus}")
    if e.armour:
        bits.append(f"− {e.armour}")
    wound = {"critical": "critical_wound"}.get(e.wound, e.wound)
    return {
        "damage_text": " ".join(bits),
        "wound_text": t.say(f"systems.word.{wound}"),
        "tp_after": num(e.tp_after),
    }


@words(ews.ThresholdRolled)
def _threshold(e: ews.ThresholdRolled, t: Telling) -> Values:
    return {
        "roll": ews_roll(e.value, (), e.face, e.result, t),
        "result_text": t.say(f"systems.word.{e.outcome}"),
        "tp": num(e.tp),
    }


@words(ews.Killed)
def _killed(e: ews.Killed, t: Telling) -> Values:
    return {"tp": num(e.tp)}


def _three_result(result: str, t: Telling) -> str:
    return t.say(f"systems.word.{result}")


@words(three.AttackRolled)
def _attack(e: three.AttackRolled, t: Telling) -> Values:
    return {
        "dice": faces_text(e.faces),
        "parts": parts_text(e.parts, t),
        "result_text": _three_result(e.result, t),
    }


@words(three.DefenceRolled)
def _defence(e: three.DefenceRolled, t: Telling) -> Values:
    return {
        "defence_text": t.say(f"systems.part.{e.defence}"),
        "dice": faces_text(e.faces),
        "parts": parts_text(e.parts, t),
        "result_text": _three_result(e.result, t),
    }


def defence_word(name: str, t: Telling) -> str:
    """An active defence by name ("none": no active defence)."""
    return t.say("systems.word.no_defence" if name == "none" else f"systems.part.{name}")


def defence_option(name: str, value: int, t: Telling) -> str:
    """'Parry 3d6 ≤ 9 (37.5 %)' — a defence with its chance to succeed."""
    p = float(three_dice.p_success(value))
    return t.say(
        "systems.word.defence_option", name=defence_word(name, t), value=value, p=f"{100 * p:.1f} %"
    )


@words(three.DefenceOffered)
def _offered(e: three.DefenceOffered, t: Telling) -> Values:
    shown = [defence_option(name, value, t) for name, value in e.options]
    return {"options_text": ", ".join([*shown, t.say("systems.word.or_none")])}


@words(three.DefenceChosen)
def _chosen(e: three.DefenceChosen, t: Telling) -> Values:
    return {"defence_text": defence_word(e.defence, t)}


@words(three.ZoneStruck)
def _zone(e: three.ZoneStruck, t: Telling) -> Values:
    how = (
        t.say("systems.word.declared_zone")
        if e.declared
        else t.say("systems.word.rolled_zone", dice=faces_text(e.faces), total=sum(e.faces))
    )
    return {"zone_text": t.say(f"systems.zone.{e.zone}"), "how": how}


@words(three.InjuryTaken)
def _injury(e: three.InjuryTaken, t: Telling) -> Values:
    effects = []
    if e.shock:
        effects.append(t.say("systems.word.shock", n=e.shock))
    for flag in ("lamed", "major", "bleeding"):
        if getattr(e, flag):
            effects.append(t.say(f"systems.word.{flag}"))
    return {
        "dice_text": f"{e.dice} {faces_text(e.faces)} = {e.rolled}",
        "zone_text": t.say(f"systems.zone.{e.zone}"),
        "effects": "".join(f"; {x}" for x in effects),
        "hp_after": num(e.hp_after),
    }


@words(three.Perished)
def _perished(e: three.Perished, t: Telling) -> Values:
    return {"hp": num(e.hp)}


@words(three.HealthRolled)
def _health(e: three.HealthRolled, t: Telling) -> Values:
    loss = e.loss if isinstance(e, three.BleedingRolled) else 0
    outcome = t.say("systems.word.bleeds", n=loss) if loss else t.say(f"systems.word.{e.outcome}")
    return {
        "why_text": t.say(f"systems.why.{e.why}"),
        "dice": faces_text(e.faces),
        "parts": parts_text(e.parts, t),
        "outcome_text": outcome,
    }
