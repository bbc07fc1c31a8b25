"""A roll as the dice card shows it: its dice (`Die`) and what they were rolled
against (`DiceRoll`) — made by the builders of `game.ui.dice_view` (DEAD.EARTH) and
`game.ui.system_dice` (the EWS, 3W6)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Die:
    """One die: its size, face and what it means.

    `mark`: hit (reached the needed number / kept and succeeded), miss, crit
    (natural 20), fumble (natural 1), dropped (the other W20 of advantage or
    disadvantage) or plain (no needed number)."""

    sides: int
    face: int
    mark: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The dice of one event, with what they were rolled against and the result."""

    title: str
    section: str
    dice: tuple[Die, ...]
    need: str
    detail: str
    result: str
    success: bool | None
