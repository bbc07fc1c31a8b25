"""Ammunition (§5.6, rulebook §7/§8.3): the supply die, the magazine, jams, Reload.

Model: `supply` is the ammo supply die's reading — every single shot turns it
down 1, a burst 3. `magazine` is the shots left before a Reload (a burst counts
as one shot); Reload refills it up to the weapon's magazine, but never above the
supply. A natural 1 jams a firearm; Reload clears the jam after a VER test (P,
`ammo.jam_test`; the talent Feldwerkstatt needs none). Thrown weapons count
their uses in `supply`. Melee weapons and gifts use no ammo.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.dice import Dice
from game.events import CatalogueEvent, Family
from game.reason import Reason, ReasonError
from game.rules.checks import CheckEvent, roll_check
from game.rules.loader import RulesData
from game.rules.models import Weapon


@dataclass(frozen=True, slots=True)
class AmmoState:
    """Ammo of one weapon: supply die reading, magazine (None: none), jammed."""

    supply: int
    magazine: int | None = None
    jammed: bool = False


def uses_ammo(weapon: Weapon) -> bool:
    return weapon.type in ("ranged", "thrown")


def fresh_ammo(weapon: Weapon, rules: RulesData) -> AmmoState:
    """The ammo a figure starts a battle with: the supply die at its top (P: W6 at 6)."""
    if weapon.type == "thrown":
        return AmmoState(supply=weapon.uses or 1)
    supply = rules.knobs.ammo.supply_die
    mag = weapon.magazine
    return AmmoState(supply=supply, magazine=None if mag is None else min(mag, supply))


def ammo_cost(weapon: Weapon, burst: bool, rules: RulesData, discount: int = 0) -> int:
    """Ammo one attack uses: 0 (melee, gift), 1, or a burst's 3 less `discount`
    (Feldwerkstatt: 1 less per burst for its side, §13.1), never below 1."""
    if not uses_ammo(weapon):
        return 0
    return max(1, rules.knobs.attack.burst_ammo - discount) if burst else 1


def fire_problem(
    weapon: Weapon, ammo: AmmoState, burst: bool, rules: RulesData, discount: int = 0
) -> Reason | None:
    """Why the weapon cannot fire now (None: it can)."""
    if not uses_ammo(weapon):
        return None
    if ammo.jammed:
        return Reason.of("ammo.jammed", weapon=weapon.name)
    if ammo.magazine is not None and ammo.magazine <= 0:
        return Reason.of("ammo.magazine_empty", weapon=weapon.name)
    cost = ammo_cost(weapon, burst, rules, discount)
    if ammo.supply < cost:
        short = "ammo.short_burst" if burst else "ammo.short_shot"
        return Reason.of(short, weapon=weapon.name, left=ammo.supply)
    return None


@dataclass(frozen=True, slots=True)
class AmmoSpent(CatalogueEvent):
    """An attack used ammo from the supply die (§8.3)."""

    kind: ClassVar[str] = "ammo"
    section: ClassVar[str] = "§8.3"
    family: ClassVar[Family] = "attack"
    who: str
    weapon: str
    used: int
    supply: int
    magazine: int | None


def spend_ammo(
    who: str,
    weapon: Weapon,
    ammo: AmmoState,
    burst: bool,
    rules: RulesData,
    *,
    jam: bool = False,
    discount: int = 0,
) -> tuple[AmmoState, AmmoSpent]:
    """Fire once (or a burst): supply −1 (−3), magazine −1; `jam` jams a firearm."""
    problem = fire_problem(weapon, ammo, burst, rules, discount)
    if problem is not None:
        raise ReasonError(problem)
    cost = ammo_cost(weapon, burst, rules, discount)
    supply = ammo.supply - cost
    magazine = None if ammo.magazine is None else min(ammo.magazine - 1, supply)
    after = AmmoState(supply, magazine, ammo.jammed or (jam and weapon.firearm))
    return after, AmmoSpent(who, weapon.name, cost, supply, magazine)


@dataclass(frozen=True, slots=True)
class Reloaded(CatalogueEvent):
    """Reload (Nachladen): refill the magazine from the supply, clear a jam (§3.2)."""

    kind: ClassVar[str] = "reload"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "attack"
    who: str
    weapon: str
    magazine: int
    supply: int


def reload(who: str, weapon: Weapon, ammo: AmmoState) -> tuple[AmmoState, Reloaded]:
    """Refill the magazine up to the weapon's magazine size (never above the supply)."""
    size = weapon.magazine
    if size is None and not ammo.jammed:
        raise ReasonError(Reason.of("ammo.no_magazine", weapon=weapon.name))
    if ammo.supply <= 0:
        raise ReasonError(Reason.of("ammo.none_to_reload", weapon=weapon.name))
    magazine = min(size, ammo.supply) if size is not None else 0
    after = replace(ammo, magazine=magazine if size is not None else None, jammed=False)
    return after, Reloaded(who, weapon.name, magazine, ammo.supply)


@dataclass(frozen=True, slots=True)
class JamTested(CheckEvent):
    """Clearing a jam: a VER test as part of the Reload; a failure leaves the weapon
    jammed and the action spent (P, docs/RULES.md §5.6)."""

    kind: ClassVar[str] = "jam_test"
    section: ClassVar[str] = "§5.6"
    family: ClassVar[Family] = "attack"
    weapon: str


def jam_test(who: str, ver: int, weapon: Weapon, rules: RulesData, dice: Dice) -> JamTested:
    """W20 + VER ≥ knob ammo.jam_test: the jam of `weapon` is cleared (P)."""
    check = roll_check(dice, ver, rules.knobs.ammo.jam_test)
    return JamTested(**CheckEvent.fields_of(who, check), weapon=weapon.name)
