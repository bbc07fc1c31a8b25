"""Wounds (§3.5): the needed number, which pool dice wound, and taking wounds
(with Kein Schmerz and Unbeugsam, §1.3).

`needed_number`, `die_wounds` and `apply_wounds` are the single source of these
rules: the rolling code and the exact odds both call them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, overload

import numpy as np
from numpy.typing import NDArray

from game.events import CatalogueEvent, Family
from game.rules.combatant import Combatant
from game.rules.loader import RulesData


def needed_number(ws: int, cover: int = 0, effects: int = 0, br: int = 0, *, floor: int) -> int:
    """Armour WS + cover + effects − BR, never below the floor (knob
    `attack.needed_floor`, 2+) (§3.5)."""
    return max(floor, ws + cover + effects - br)


@overload
def die_wounds(face: int, needed: int) -> bool: ...
@overload
def die_wounds(face: NDArray[np.int64], needed: int) -> NDArray[np.bool_]: ...
def die_wounds(face: Any, needed: int) -> Any:
    """A pool die wounds if it reaches the needed number; a natural 6 always does."""
    return (face == 6) | (face >= needed)


def wound_chance(needed: int) -> float:
    """Probability that one W6 of a pool wounds at this needed number."""
    return sum(bool(die_wounds(face, needed)) for face in range(1, 7)) / 6


@dataclass(frozen=True, slots=True)
class NeededNumber:
    """The needed number per pool die with its parts, for the log (§3.5).

    `effects` are named WS modifiers such as ("shield_wall", 1) or ("riot_shield", 1).
    """

    ws: int
    armour: str | None
    cover: int
    cover_mod: int
    effects: tuple[tuple[str, int], ...]
    br: int
    floor: int

    @property
    def value(self) -> int:
        return needed_number(
            self.ws, self.cover_mod, sum(v for _, v in self.effects), self.br, floor=self.floor
        )


@dataclass(frozen=True, slots=True)
class WoundsTaken(CatalogueEvent):
    """A figure takes wounds: TP before and after, wounds ignored, Unbeugsam (§3.5)."""

    kind: ClassVar[str] = "wounds"
    section: ClassVar[str] = "§3.5"
    family: ClassVar[Family] = "harm"
    who: str
    wounds: int
    ignored: int
    tp_before: int
    tp_after: int
    unbeugsam: bool
    incapacitated: bool


@dataclass(frozen=True, slots=True)
class Damage:
    """The outcome of taking wounds: the updated target and the plain numbers."""

    target: Combatant
    event: WoundsTaken
    taken: int
    ignored: int
    unbeugsam: bool

    @property
    def incapacitated(self) -> bool:
        return self.target.tp <= 0


def apply_wounds(target: Combatant, wounds: int, rules: RulesData) -> Damage:
    """Take `wounds` one by one (each −1 TP).

    Kein Schmerz: while at half TP or less, the first wound(s) each round are
    ignored. Unbeugsam: once per battle a hit that would incapacitate leaves the
    figure at 1 TP (§1.3).
    """
    share = rules.knobs.derived.half_tp_share
    tp, ignores = target.tp, target.pain_ignores_left if target.has("Kein Schmerz") else 0
    taken = ignored = 0
    for _ in range(max(0, wounds)):
        if tp <= 0:
            break
        if ignores > 0 and tp <= target.max_tp * share:
            ignores -= 1
            ignored += 1
            continue
        tp -= 1
        taken += 1
    unbeugsam = tp <= 0 < target.tp and target.has("Unbeugsam") and target.unbeugsam_left > 0
    if unbeugsam:
        tp = rules.signatures.unbeugsam.leaves_tp
    after = replace(
        target,
        tp=tp,
        pain_ignores_left=target.pain_ignores_left - ignored,
        unbeugsam_left=target.unbeugsam_left - int(unbeugsam),
    )
    event = WoundsTaken(target.name, wounds, ignored, target.tp, tp, unbeugsam, tp <= 0)
    return Damage(after, event, taken, ignored, unbeugsam)
