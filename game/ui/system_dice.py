"""The dice card's rolls of the other rule systems: the EWS's ±W6 (one die, its signed
face, the value and the Mindestwurf) and 3W6 roll-under (three dice against the
effective value), each with the named parts of the value, the result and the seed's
section — built from the events' own fields, as `game.ui.dice_view` does for
DEAD.EARTH."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.naming import say
from game.narration.systems import num, parts_text
from game.narration.telling import Telling
from game.systems.ews import rules as ews
from game.systems.ews.dice import signed as ews_signed
from game.systems.threew6 import rules as three
from game.ui.dice_faces import DiceRoll, Die
from game.words import pool_word

Parts = tuple[tuple[str, int], ...]


def _parts(event: Any, parts: Parts, language: str) -> str:
    return parts_text(parts, Telling(event, language))


def _ews_die(face: int, success: bool) -> tuple[Die, ...]:
    """The ±W6: its face, labelled with what it adds (none for an automatic success)."""
    if face == 0:
        return ()
    return (Die(6, face, "hit" if success else "miss", f"{ews_signed(face):+d}".replace("-", "−")),)


def _ews_detail(value: int, parts: Parts, face: int, result: int, event: Any, lang: str) -> str:
    """'Fernkampf 15, wounds −3 −3 = 9' (the parts, the signed face, the result)."""
    base = _parts(event, parts, lang)
    if face == 0:
        return f"{base} = {value}: {say('systems.word.automatic', language=lang)}"
    step = ews_signed(face)
    return f"{base} {'+' if step > 0 else ''}{num(step)} = {result}"


def _shot(e: ews.ShotRolled, lang: str) -> DiceRoll:
    word = "hit_by" if e.hit else "missed_by"
    return DiceRoll(
        say("ui.dice.ews_shot", language=lang, who=e.who, target=e.target),
        e.section,
        _ews_die(e.face, e.hit),
        say("ui.dice.need_mw", language=lang, mw=e.mw) + " · " + _parts(e, e.mw_parts, lang),
        _ews_detail(e.value, e.value_parts, e.face, e.result, e, lang),
        say(f"systems.word.{word}", language=lang, n=abs(e.margin)),
        e.hit,
    )


def _dodge(e: ews.DodgeRolled, lang: str) -> DiceRoll:
    return DiceRoll(
        say("ui.dice.ews_dodge", language=lang, who=e.who),
        e.section,
        _ews_die(e.face, e.escaped),
        say("ui.dice.need_mw", language=lang, mw=e.mw)
        + " · "
        + say("ui.dice.beat_margin", language=lang, margin=num(e.against)),
        _ews_detail(e.value, e.value_parts, e.face, e.result, e, lang),
        say(f"systems.word.{'escaped' if e.escaped else 'not_escaped'}", language=lang),
        e.escaped,
    )


def _melee(e: ews.MeleeRolled, lang: str) -> DiceRoll:
    dice = (
        Die(6, e.face, "hit" if e.attacker_wins else "miss", e.who),
        Die(6, e.their_face, "miss" if e.attacker_wins else "hit", e.target),
    )
    winner = "attacker_wins" if e.attacker_wins else "defender_wins"
    return DiceRoll(
        say("ui.dice.ews_melee", language=lang, who=e.who, target=e.target),
        e.section,
        dice,
        say("ui.dice.contest", language=lang),
        f"{e.result} : {e.their_result}",
        say(f"systems.word.{winner}", language=lang, who=e.who if e.attacker_wins else e.target),
        e.attacker_wins,
    )


def _threshold(e: ews.ThresholdRolled, lang: str) -> DiceRoll:
    return DiceRoll(
        say("ui.dice.ews_threshold", language=lang, who=e.who),
        e.section,
        _ews_die(e.face, e.passed),
        say("ui.dice.need_mw", language=lang, mw=e.mw),
        _ews_detail(e.value, (("ko", e.value),), e.face, e.result, e, lang),
        say(f"systems.word.{e.outcome}", language=lang),
        e.passed,
    )


def _three_dice(faces: tuple[int, ...], success: bool | None) -> tuple[Die, ...]:
    mark = "plain" if success is None else "hit" if success else "miss"
    return tuple(Die(6, f, mark) for f in faces)


def _three(title: str, e: Any, parts: Parts, lang: str, result: str, success: bool) -> DiceRoll:
    return DiceRoll(
        title,
        e.section,
        _three_dice(e.faces, success),
        say("ui.dice.need_at_most", language=lang, threshold=e.value),
        f"{pool_word(3, lang)} = {e.total} · {_parts(e, parts, lang)}",
        result,
        success,
    )


def _attack(e: three.AttackRolled, lang: str) -> DiceRoll:
    title = say("ui.dice.three_attack", language=lang, who=e.who, target=e.target)
    ok = e.result == "success"
    return _three(title, e, e.parts, lang, say(f"systems.word.{e.result}", language=lang), ok)


def _defence(e: three.DefenceRolled, lang: str) -> DiceRoll:
    name = say(f"systems.part.{e.defence}", language=lang)
    title = say("ui.dice.three_defence", language=lang, who=e.who, defence=name)
    ok = e.result == "success"
    return _three(title, e, e.parts, lang, say(f"systems.word.{e.result}", language=lang), ok)


def _health(e: three.HealthRolled, lang: str) -> DiceRoll:
    why = say(f"systems.why.{e.why}", language=lang)
    title = say("ui.dice.three_health", language=lang, who=e.who, why=why)
    loss = e.loss if isinstance(e, three.BleedingRolled) else 0
    outcome = (
        say("systems.word.bleeds", language=lang, n=loss)
        if loss
        else say(f"systems.word.{e.outcome}", language=lang)
    )
    return _three(title, e, e.parts, lang, outcome, e.result == "success")


def _zone(e: three.ZoneStruck, lang: str) -> DiceRoll | None:
    if not e.faces:
        return None
    zone = say(f"systems.zone.{e.zone}", language=lang)
    return DiceRoll(
        say("ui.dice.three_zone", language=lang, who=e.who),
        e.section,
        _three_dice(e.faces, None),
        "",
        f"{pool_word(3, lang)} = {sum(e.faces)}",
        zone,
        None,
    )


def _injury(e: three.InjuryTaken, lang: str) -> DiceRoll:
    return DiceRoll(
        say("ui.dice.three_injury", language=lang, who=e.who, weapon=e.weapon),
        e.section,
        _three_dice(e.faces, None),
        e.dice,
        f"{e.rolled} − DR {e.dr} = {e.injury}",
        f"HP {e.hp_before} → {num(e.hp_after)}",
        e.injury > 0,
    )


Builder = Callable[[Any, str], DiceRoll | None]
SYSTEM_BUILDERS: tuple[tuple[type, Builder], ...] = (
    (ews.ShotRolled, _shot),
    (ews.DodgeRolled, _dodge),
    (ews.MeleeRolled, _melee),
    (ews.ThresholdRolled, _threshold),
    (three.AttackRolled, _attack),
    (three.DefenceRolled, _defence),
    (three.HealthRolled, _health),
    (three.ZoneStruck, _zone),
    (three.InjuryTaken, _injury),
)
"""The EWS's and 3W6's rolls for the dice card (`dice_view._BUILDERS` adds them)."""
