"""Seed 002's items on the table (docs/RULES.md §18): the bayonet's extra die on a
charge, the scope's longer range for a single shot, and the medical consumables a
First aid uses up. The rest of the items work through the figure's profile
(armour, shield, one-use weapons)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.play.contract import AttackMode, GameView
from game.rules.equipment import BAYONET, CHARGE, SCOPE, Kit, load_equipment
from game.rules.models import Weapon
from game.state import Figure


def _kit(game: GameView, figure: Figure) -> Kit:
    return Kit.from_texts(game.profile(figure).equipment)


def bayonet_dice(
    game: GameView, attacker: Figure, start: tuple[float, float], gap: float, mode: AttackMode
) -> int:
    """+1 W6 on a charge's melee attack after at least 5 cm of straight run, for a
    figure whose carried long gun has a bayonet. The run (P): from where the
    activation began to where it strikes — or, before the charge (the odds of one),
    the gap still to run."""
    if mode != "charge" or not game.profile(attacker).equipment:
        return 0
    item = load_equipment().items[BAYONET]
    if not _kit(game, attacker).fitted(BAYONET):
        return 0
    run = max(math.dist(start, attacker.pos), gap)
    return item.dice if run >= item.run_cm - 1e-9 else 0


def scope_cm(game: GameView, attacker: Figure, weapon: Weapon, burst: bool) -> float:
    """The range a scope adds to this weapon's single shot (0: no scope, or a burst)."""
    if burst or weapon.is_melee or not game.profile(attacker).equipment:
        return 0.0
    if weapon.name not in _kit(game, attacker).fitted(SCOPE):
        return 0.0
    return load_equipment().items[SCOPE].range_cm


USED = "used:"
"""Prefix of the `Figure.uses` counters of consumed items ("used:Medi-pack")."""


def treatment_kit(game: GameView, figure: Figure) -> tuple[str, int] | None:
    """The medical item a First aid by this figure uses: the one that heals most of
    those it still carries (P), with its TP; None when it carries none."""
    if not game.profile(figure).equipment:
        return None
    names = _kit(game, figure).names()
    items = load_equipment().items
    left = [
        (items[name].heal, name)
        for name in set(names)
        if items[name].effect == "treatment" and names.count(name) > figure.uses.get(USED + name, 0)
    ]
    if not left:
        return None
    heal, name = max(left)
    return name, heal


def carries(game: GameView, figure: Figure, item: str) -> bool:
    """Does the figure still carry one of this consumable (bought minus used)?"""
    if not game.profile(figure).equipment:
        return False
    return _kit(game, figure).names().count(item) > figure.uses.get(USED + item, 0)


def has_charge(game: GameView, figure: Figure) -> bool:
    """Does the figure still carry a demolition charge?"""
    return carries(game, figure, CHARGE)


def use_up(figure: Figure, item: str) -> None:
    """Strike one of the item off the figure's sheet."""
    figure.uses[USED + item] = figure.uses.get(USED + item, 0) + 1


@dataclass(frozen=True, slots=True)
class Carried:
    """One item of a figure's sheet as the card lists it: the item's name, the weapon
    it is fitted to ("" if none), how many were bought and how many are left (None:
    not a consumable). Items take no carrying slot (§9 counts weapons and loot); a
    grenade, Molotov or dynamite counts in its weapon's slot."""

    name: str
    german: str
    weapon: str
    bought: int
    left: int | None
    thrown: bool


def sheet(game: GameView, figure: Figure) -> list[Carried]:
    """The figure's items in the order written, one row per kind (or per fitted
    weapon), with what is left of the consumables."""
    if not game.profile(figure).equipment:
        return []
    kit = _kit(game, figure)
    items = load_equipment().items
    rows: list[Carried] = []
    seen: set[tuple[str, str]] = set()
    for name, weapon in kit.items:
        if (name, weapon) in seen:
            continue
        seen.add((name, weapon))
        item = items[name]
        bought = sum(1 for entry in kit.items if entry == (name, weapon))
        rows.append(
            Carried(
                name,
                item.german,
                weapon,
                bought,
                _left(figure, item.name, item.weapon, bought),
                item.weapon is not None,
            )
        )
    return rows


def _left(figure: Figure, name: str, weapon: str | None, bought: int) -> int | None:
    """What is left of a consumable: a thrown weapon's uses (at most the bought),
    a treatment, charge or Schnaps bought minus used; None for the rest."""
    effect = load_equipment().items[name].effect
    if weapon is not None:
        state = next((w for w in figure.weapons if w.name == weapon), None)
        return min(bought, state.uses or 0) if state is not None else 0
    if effect in CONSUMABLE:
        return max(0, bought - figure.uses.get(USED + name, 0))
    return None


CONSUMABLE = ("treatment", "charge", "schnaps")
"""Effects of items struck off the sheet when used (besides the thrown weapons)."""
