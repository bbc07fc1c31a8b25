"""What a figure's talents do in numbers (rulebook §13.1, docs/RULES.md §13.1).

The profile part (`with_talents`): Zäh's TP, Schattenschritt's move, Neue Gabe's
gifts and the charge of Improvisierte Bombe are written into the resolved profile,
so every reader of TP, move, gifts and weapons sees them. The attack part
(`attack_bonus`, `weapon_br`, `forceful`, `headshot_dice`, `overcharge_fumble`, …) is
asked by `game.rules.attack` as it plans an attack, so the odds, the AI and the
card see the same numbers the dice roll. Talent numbers come from `talents.toml`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.rules.models import Weapon
from game.rules.profile import Profile
from game.rules.talents import (
    BAENDIGUNG,
    BLUTRAUSCH,
    BOLLWERK,
    BOMBE,
    FELS,
    HEILKUNST,
    KOPFSCHUSS,
    LEIBWACHE,
    SCHATTENSCHRITT,
    TODESTROTZ,
    UEBERLADEN,
    UNBAENDIG,
    WAFFENGRIFF,
    WAFFENMEISTER,
    WUCHTIG,
    ZAEH,
    choices,
    count,
    gifts_of,
    has,
)

if TYPE_CHECKING:  # the loader resolves profiles through `with_talents`
    from game.rules.loader import RulesData

# -- the profile ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProfileBonus:
    """What talents add to a profile's values."""

    tp: int = 0
    move: float = 0.0
    gifts: tuple[str, ...] = ()
    weapon: str | None = None


def profile_bonus(talents: Iterable[str], rules: RulesData) -> ProfileBonus:
    """Zäh +1 TP each time; Schattenschritt +5 cm move; Neue Gabe's gifts;
    Improvisierte Bombe's built charge (§13.1)."""
    held = tuple(talents)
    tp = count(held, ZAEH) * (rules.talent(ZAEH).tp or 0)
    move = float(rules.talent(SCHATTENSCHRITT).move or 0.0) if has(held, SCHATTENSCHRITT) else 0.0
    weapon = rules.talent(BOMBE).weapon if has(held, BOMBE) else None
    return ProfileBonus(tp=tp, move=move, gifts=gifts_of(held), weapon=weapon)


def with_talents(profile: Profile, rules: RulesData) -> Profile:
    """The profile with its talents' values added (`profile_bonus`). A built charge
    joins every loadout that lacks one (one per mission, P); a gift already held is
    not added twice."""
    bonus = profile_bonus(profile.talents, rules)
    loadouts = profile.loadouts
    if bonus.weapon is not None:
        loadouts = tuple(lo if bonus.weapon in lo else (*lo, bonus.weapon) for lo in loadouts)
    gifts = profile.gifts + tuple(g for g in bonus.gifts if g not in profile.gifts)
    return replace(
        profile,
        tp=profile.tp + bonus.tp,
        move=profile.move + bonus.move,
        gifts=gifts,
        loadouts=loadouts,
    )


def without_talents(profile: Profile, rules: RulesData) -> Profile:
    """The inverse of `with_talents` for TP, move and gifts (inline stats start from
    the base's values before its talents, then add their own)."""
    bonus = profile_bonus(profile.talents, rules)
    return replace(
        profile,
        tp=profile.tp - bonus.tp,
        move=profile.move - bonus.move,
        gifts=tuple(g for g in profile.gifts if g not in bonus.gifts),
    )


# -- attacks ----------------------------------------------------------------------------


def attack_bonus(talents: Iterable[str], weapon: Weapon, rules: RulesData) -> int:
    """Waffengriff: +1 to attack rolls with a weapon of the chosen class."""
    classes = rules.talent(WAFFENGRIFF).classes
    for option, _ in choices(talents, WAFFENGRIFF):
        if weapon.name in classes.get(option, ()):
            return rules.talent(WAFFENGRIFF).attack or 0
    return 0


def _mastered(talents: Iterable[str], weapon: Weapon) -> list[str | None]:
    return [extra for option, extra in choices(talents, WAFFENMEISTER) if option == weapon.name]


def weapon_br(talents: Iterable[str], weapon: Weapon, rules: RulesData) -> int:
    """Waffenmeister: +1 BR on the chosen weapon (unless it chose Wuchtig)."""
    if any(extra is None for extra in _mastered(talents, weapon)):
        return rules.talent(WAFFENMEISTER).br or 0
    return 0


def forceful(talents: Iterable[str], weapon: Weapon) -> bool:
    """Is the weapon Wuchtig in this figure's hands (its keyword or Waffenmeister)?"""
    return weapon.has("Wuchtig") or WUCHTIG in _mastered(talents, weapon)


def overcharged(talents: Iterable[str], weapon: Weapon) -> bool:
    """Überladen on this weapon."""
    return any(option == weapon.name for option, _ in choices(talents, UEBERLADEN))


def headshot_dice(talents: Iterable[str], weapon: Weapon, aimed: bool, rules: RulesData) -> int:
    """Kopfschuss: +1W6 on a ranged shot after Aim."""
    if aimed and not weapon.is_melee and weapon.template is None and has(talents, KOPFSCHUSS):
        return rules.talent(KOPFSCHUSS).dice or 0
    return 0


def overcharge_dice(talents: Iterable[str], weapon: Weapon, rules: RulesData) -> int:
    """Überladen: +1W6 with its weapon."""
    return (rules.talent(UEBERLADEN).dice or 0) if overcharged(talents, weapon) else 0


def overcharge_fumble(talents: Iterable[str], weapon: Weapon, rules: RulesData) -> int:
    """The highest natural roll that fumbles (misses and jams): 1, Überladen's 2."""
    if overcharged(talents, weapon):
        return rules.talent(UEBERLADEN).fumble_max or 1
    return 1


def _instead(
    talents: Iterable[str], name: str, field: str, signature: int, rules: RulesData
) -> int:
    """A talent's number `field` in place of a signature's, when the figure has it."""
    if has(talents, name):
        return int(getattr(rules.talent(name), field) or 0)
    return signature


def frenzy_dice(talents: Iterable[str], rules: RulesData) -> int:
    """Raserei's melee dice: the signature's, Blutrausch+'s instead."""
    sig = rules.signatures.raserei.melee_dice
    return _instead(talents, BLUTRAUSCH, "melee_dice", sig, rules)


# -- defences and counters ----------------------------------------------------------


def shield_wall_ws(talents: Iterable[str], rules: RulesData) -> int:
    """Schildwall's WS bonus from this Hüter: the signature's, Bollwerk's instead."""
    sig = rules.signatures.schildwall.ws_bonus
    return _instead(talents, BOLLWERK, "ws_bonus", sig, rules)


def intercepts_per_round(talents: Iterable[str], rules: RulesData) -> int:
    """Abfangen per round: the signature's, Leibwache's instead."""
    sig = rules.signatures.abfangen.per_round
    return _instead(talents, LEIBWACHE, "per_round", sig, rules)


def pain_ignores_per_round(talents: Iterable[str], rules: RulesData) -> int:
    """Wounds Kein Schmerz ignores per round: the signature's, Unbändig's instead."""
    sig = rules.signatures.kein_schmerz.ignored_wounds
    return _instead(talents, UNBAENDIG, "ignored_wounds", sig, rules)


def per_battle(talents: Iterable[str], name: str, rules: RulesData) -> int:
    """Uses per battle of a talent the figure has (Fels in der Brandung, Bändigung,
    Todestrotz)."""
    if name in (FELS, BAENDIGUNG, TODESTROTZ) and has(talents, name):
        return rules.talent(name).per_battle or 0
    return 0


def serum_heal(talents: Iterable[str], rules: RulesData) -> str:
    """Immunserum's healing dice: the signature's (1W3), Heilkunst's (1W6) instead."""
    if has(talents, HEILKUNST):
        return rules.talent(HEILKUNST).serum or rules.signatures.immunserum.heal
    return rules.signatures.immunserum.heal
