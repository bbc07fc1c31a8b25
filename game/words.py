"""The narrator's small words: signed numbers, dice faces, d20 rolls against a
target, advantage reasons, damage pools, wound counts, the needed number's parts,
vaults. Shared by the log lines (game/narration/), the dice view and `main.py odds`.
Outside the narration package, whose rooms import every event class (and with them
the board's kernels), so that `odds` reads them without loading those."""

from __future__ import annotations

from game.i18n import tr_or
from game.naming import say
from game.rules.wounds import NeededNumber


def signed(value: int | float, zero: bool = False) -> str:
    """' + 3' / ' − 1' for a modifier after a roll ('' for 0 unless `zero`)."""
    if value == 0 and not zero:
        return ""
    return f" + {value}" if value >= 0 else f" − {-value}"


def plus(value: int | float) -> str:
    """'+2' / '−1' for a modifier in a list."""
    return f"+{value}" if value >= 0 else f"−{-value}"


def faces_text(faces: tuple[int, ...]) -> str:
    """Dice faces as '[6, 3, 4]'."""
    return "[" + ", ".join(str(f) for f in faces) + "]"


def die_word(sides: int, language: str | None = None) -> str:
    """A die as the reader names it: 'd20' / 'd6' in English, 'W20' / 'W6' in German."""
    return say(f"newcomer.dice.d{sides}", language)


def pool_word(n: int, language: str | None = None) -> str:
    """A pool of d6 as the reader names it: '3d6' / '3W6'."""
    return say("newcomer.dice.pool", language, n=n)


def d20_text(faces: tuple[int, ...], kept: int, edge: int, language: str) -> str:
    """'d20 14' or 'd20 14 (adv [3, 14])' in the given language ('W20' in German)."""
    roll = f"{die_word(20, language)} {kept}"
    if len(faces) <= 1:
        return roll
    word = say("rules.word.adv" if edge > 0 else "rules.word.dis", language)
    return f"{roll} ({word} {faces_text(faces)})"


def check_text(
    faces: tuple[int, ...],
    kept: int,
    edge: int,
    modifier: int,
    target: int,
    language: str,
    label: str = "",
) -> str:
    """'d20 14 + 3 = 17 ≥ 12' (a natural 20 / 1 decides alone: no comparison)."""
    roll = d20_text(faces, kept, edge, language)
    total = kept + modifier
    text = f"{roll}{signed(modifier)} = {total}" if modifier else roll
    if kept in (1, 20):
        return text
    op = "≥" if total >= target else "<"
    return f"{text} {op} {label}{target}"


def edge_text(plan_adv: tuple[str, ...], plan_dis: tuple[str, ...], language: str) -> str:
    """'; advantage [Vorteil]: aimed' — the reasons for advantage / disadvantage."""
    parts = []
    for word, reasons in (("advantage", plan_adv), ("disadvantage", plan_dis)):
        if reasons:
            names = ", ".join(say(f"rules.edge.{r}", language) for r in reasons)
            parts.append(f"{say(f'rules.word.{word}', language)}: {names}")
    if plan_adv and plan_dis:
        parts.append(say("rules.word.cancel", language))
    return "".join(f"; {p}" for p in parts)


def pool_part_text(key: str, dice: int, language: str) -> str:
    """'3d6' for the weapon, ' + 1d6 natural 20' for an addition ('W6' in German)."""
    if key == "weapon":
        return pool_word(dice, language)
    sign = "+" if dice >= 0 else "−"
    return f" {sign} {pool_word(abs(dice), language)} {say(f'rules.pool.{key}', language)}"


def wound_word(n: int, language: str) -> str:
    """'no wound' / '1 wound' / '3 wounds' in the given language."""
    key = "none" if n == 0 else "one" if n == 1 else "many"
    return say(f"rules.word.wounds_{key}", language, n=n)


def needed_text(needed: NeededNumber, language: str) -> str:
    """The needed number's parts: 'light armour 3+, heavy cover +2, BR 1'."""
    if needed.armour is not None:
        name = tr_or(f"rules.armour.{needed.armour}", needed.armour, language)
        parts = [say("rules.part.armour", language, name=name, ws=needed.ws)]
    else:
        parts = [say("rules.part.ws", language, ws=needed.ws)]
    if needed.cover_mod:
        level = ("none", "light", "heavy")[needed.cover]
        parts.append(say(f"rules.part.cover_{level}", language, mod=plus(needed.cover_mod)))
    for key, value in needed.effects:
        if value:
            label = tr_or(f"rules.effect.{key}", key, language)
            parts.append(f"{label} {plus(value)}")
    if needed.br:
        parts.append(f"BR {needed.br}")
    raw = needed.ws + needed.cover_mod + sum(v for _, v in needed.effects) - needed.br
    if raw < needed.floor:
        parts.append(say("rules.part.floor", language, floor=needed.floor))
    if needed.value > 6:
        parts.append(say("rules.part.only_sixes", language))
    return ", ".join(parts)


def cover_text(cover: int, language: str) -> str:
    """'no cover' / 'light cover' / 'heavy cover' for a cover level 0–2."""
    return say(f"combat.cover.{('none', 'light', 'heavy')[cover]}", language)


def vault_text(vaults: int, vault_cm: float, language: str | None = None) -> str:
    """ ", vaulted 1 low wall (+5 cm)" in the log's words ("" without a vault)."""
    if vaults <= 0:
        return ""
    key = "movement.vaulted_one" if vaults == 1 else "movement.vaulted_many"
    return say(key, language, count=vaults, cost=vault_cm)
