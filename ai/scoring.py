"""What an attack is worth to the AI: exact odds (the game's rule system's, memoised
per attacker, target, weapon and context) turned into a value in "figures".

A figure's value is what taking it out is worth: 1, plus twice the wounds its best
weapon deals per attack, plus its loot, leadership and being a named figure. An
attack is worth its expected wounds as a share of the target's value and its
take-down chance at most of the value. Threats work the same way the other way
round: what the enemy can do to a figure standing at a spot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cover import Cover
from game.engine import Game
from game.play import bridge, resolve
from game.play.cache import Entry, Lasts
from game.rules.ammo import fire_problem
from game.rules.combatant import AttackContext, Combatant
from game.rules.models import Weapon
from game.state import Figure
from game.systems.common import OddsView, Situation

WOUND_SHARE = 0.5
"""Part of a figure's value that its wounds are worth (all TP lost = half of it)."""
TAKEDOWN_SHARE = 0.75
"""Part of a figure's value that taking it out is worth on top."""
LOOT_VALUE = 2.5
"""Value of one loot on a raider (dropped when it falls)."""
LEADER_VALUE = 1.0
CORE_VALUE = 0.5
STANDARD_TARGET = Combatant(name="standard", tp=4, max_tp=4, vw=11, ws=3)
"""The yardstick a figure's threat is measured against (a raider in the open)."""


class OddsBook:
    """Memoised exact odds of one game's rules."""

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], OddsView] = {}
        self._threat: dict[str, float] = {}

    def copy(self) -> OddsBook:
        twin = OddsBook()
        twin._memo, twin._threat = dict(self._memo), dict(self._threat)
        return twin

    def odds(
        self,
        game: Game,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        ctx: AttackContext,
        situation: Situation | None = None,
    ) -> OddsView:
        key = (attacker, target, weapon.name, ctx, situation)
        found = self._memo.get(key)
        if found is None:
            found = game.system.odds(game, attacker, target, weapon, ctx, situation)
            if len(self._memo) > 50_000:
                self._memo.clear()
            self._memo[key] = found
        return found

    def threat(self, game: Game, figure: Figure) -> float:
        """Expected wounds per attack of the figure's best weapon against the yardstick
        (per profile and loadout)."""
        key = f"{figure.profile}|{'/'.join(w.name for w in figure.weapons)}"
        found = self._threat.get(key)
        if found is None:
            comb = bridge.combatant(game, figure).changed(weakened=False, suppressed=False)
            found = 0.0
            for weapon in bridge.weapons(game, figure):
                if weapon.type not in ("melee", "ranged"):
                    continue
                odds = self.odds(game, comb, STANDARD_TARGET, weapon, AttackContext())
                found = max(found, odds.expected_wounds)
            self._threat[key] = found
        return found


ODDS: Entry[OddsBook] = Entry(
    "ai.odds",
    holds="exact attack odds, and each profile and loadout's threat",
    key="attacker, target, weapon and context; profile and weapons",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    make=lambda: OddsBook(),
    copy=lambda book: book.copy(),
)


def book(game: Game) -> OddsBook:
    """The odds book that lives with a game."""
    return game.cache.value(ODDS)


def figure_value(game: Game, figure: Figure) -> float:
    """What taking the figure out is worth."""
    prof = game.profile(figure)
    value = 1.0 + 2.0 * book(game).threat(game, figure) + LOOT_VALUE * figure.loot
    if prof.leader:
        value += LEADER_VALUE
    if prof.core:
        value += CORE_VALUE
    return value


def attack_value(odds: OddsView, target: Figure, value: float) -> float:
    """What one attack with these odds on this target is worth."""
    tp = max(1, target.tp)
    wounds = min(odds.expected_wounds, float(tp))
    takedown = odds.p_takedown or 0.0
    return value * (WOUND_SHARE * wounds / tp + TAKEDOWN_SHARE * takedown)


@dataclass(frozen=True, slots=True)
class Arm:
    """A weapon the figure can use now: ranged ones loaded and not jammed."""

    weapon: Weapon
    burst: bool = False

    @property
    def reach(self) -> float:
        return 0.0 if self.weapon.is_melee else float(self.weapon.range or 0.0)


def arms(game: Game, figure: Figure, *, melee: bool = True) -> list[Arm]:
    """The figure's weapons usable for an attack now (bursts as their own entries)."""
    out: list[Arm] = []
    for weapon in bridge.weapons(game, figure):
        if weapon.is_melee:
            if melee:
                out.append(Arm(weapon))
            continue
        if weapon.type != "ranged":
            continue
        ammo = resolve.ammo_state(figure, weapon)
        for burst in (False, True) if weapon.has("Automatisch") else (False,):
            if ammo is None or fire_problem(weapon, ammo, burst, game.rules) is None:
                out.append(Arm(weapon, burst))
    return out


def hypothetical(
    cover: int, *, long_range: bool = False, aimed: bool = False, burst: bool = False
) -> AttackContext:
    """A context for scoring a spot (no facing, no gang-up: those need the table)."""
    return AttackContext(cover=Cover(cover), long_range=long_range, aimed=aimed, burst=burst)
