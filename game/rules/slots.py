"""Carrying slots and overload (rulebook §9 "Traglast & Beute", docs/RULES.md §5.7).

No weights: slots are the limit. A figure has `slots.figure` slots (P: 4 of the
rulebook's 2/4/8); most items take 1, bulky ones more (`Weapon.carry_slots`: a
two-handed weapon 2, P), natural weapons and gifts none; a thrown item used up is
gone. Loot taken takes `slots.loot` each. More than its slots: overloaded, −5 cm
move (rulebook)."""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.loader import RulesData
from game.rules.models import Weapon


def carried(weapons: Iterable[Weapon], loot: int, rules: RulesData) -> int:
    """Slots taken by these weapons and `loot` pieces of loot."""
    return sum(w.carry_slots for w in weapons) + loot * rules.knobs.slots.loot


def overloaded(slots: int, rules: RulesData) -> bool:
    """More than a figure's slots (§9)."""
    return slots > rules.knobs.slots.figure


def move_penalty(slots: int, rules: RulesData) -> float:
    """cm of move an overloaded figure loses (0 when it is not)."""
    return float(rules.knobs.slots.overload_move) if overloaded(slots, rules) else 0.0
