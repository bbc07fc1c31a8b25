"""Seed 002's items on the table (docs/RULES.md §18): the bayonet's extra die on a
charge, the scope's longer range for a single shot, and the medical consumables a
First aid uses up. The rest of the items work through the figure's profile
(armour, shield, one-use weapons)."""

from __future__ import annotations

import math

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
