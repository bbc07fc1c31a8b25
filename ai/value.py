"""What a battle is worth to a side, in the scenario's own outcome terms (RULES.md §12).

A raid ends Repelled, Partial or Defeat. From the defenders' view the outcome is
worth +OUTCOME_WEIGHT (Repelled), 0 (Partial) or −OUTCOME_WEIGHT (Defeat), in the
AI's unit of "figures" (ai/scoring.py). A state in the middle of the battle is
worth that outcome's expectation, read off the terms the rules decide it by:

- the way to a Defeat: loot carried off, loot in a raider's hands, raiders at the
  storage, against `loot_to_defeat`; breaches, infected inside the shelter (each
  breaches again when its activation ends there) or a Run away from it, against
  `breaches_to_defeat`; all defenders out;
- the way to a Partial: any loot off the table, any breach, any module destroyed,
  half or more of the defenders down (and how close that is).

The attackers see the same number with the sign turned. An open skirmish is won by
the larger share of one's figures still standing when time is up (RULES.md §12,
game/play/outcome.py), not by the figures' values: a side of four that loses as
many as a side of five loses the battle. Its state is worth the outcome the lead
in shares points to, the surer the fewer rounds are left (a finished skirmish by
its outcome).

A figure's *stake* is what the side watching it gains if it is taken out now (its
own share of the way to each outcome, times what that outcome is worth): a
raider carrying loot, a raider at the storage, an infected in the shelter or a
defender whose fall would make half strength is worth what it is about to win, on
top of its value as a fighter — so every gun in sight turns on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point

from ai.objectives import shelter, storage
from ai.pack import Aim, goal_field
from ai.scoring import figure_value
from game.play import movement
from game.play.outcome import defender_sides, lost_modules, raid_sides

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

OUTCOME_WEIGHT = 8.0
"""A Repelled raid is worth this many figures to the defenders; a Defeat as much
against them."""
CARRIED = 0.7
"""Share of a loot in a raider's hands already counted as carried off."""
AT_STORAGE = 0.35
"""Share of a loot counted for a raider in contact with the storage."""
IN_SHELTER = 0.85
"""Share of a breach counted for an infected standing inside the shelter."""
NEAR_SHELTER = 0.5
"""Share of a breach counted for an infected that can run into the shelter in its
next activation."""
SPOIL_AT_STORAGE = 0.5
"""Chance of a Partial counted for a raider in contact with the storage."""
SPOIL_NEAR = 0.5
"""Chance of a Partial counted for an infected that can run into the shelter in its
next activation (its walk in, with breakable pieces open, within its Run)."""
TOUCH = 1.0
"""cm between a base and the storage that count as contact for looting."""
HALF_CLOSE = 0.5
"""Chance of a Partial counted when one more defender down makes half strength."""


@dataclass(frozen=True, slots=True)
class Terms:
    """The outcome terms of a raid as they stand (from the defenders' view)."""

    defeat: float  # 0 … 1: how likely the raid ends in a Defeat
    spoiled: float  # 0 … 1: how likely Repelled is out of reach (a Partial at best)

    @property
    def worth(self) -> float:
        """The defenders' expected outcome in figures."""
        repelled = (1.0 - self.defeat) * (1.0 - self.spoiled)
        return OUTCOME_WEIGHT * (repelled - self.defeat)


def is_raid(game: Game) -> bool:
    return bool(raid_sides(game))


@dataclass(frozen=True, slots=True)
class Part:
    """One figure's share in the terms."""

    defender: bool = False
    carried: float = 0.0
    at_store: float = 0.0
    inside: float = 0.0
    near: float = 0.0


def parts(game: Game) -> dict[str, Part]:
    """Each figure's share in the terms (standing figures; defenders all)."""
    st = game.state
    attackers = set(raid_sides(game))
    defenders = set(defender_sides(game))
    store = storage(game)
    home = shelter(game)
    out: dict[str, Part] = {}
    for fig in st.figures.values():
        if fig.side in defenders:
            out[fig.id] = Part(defender=True)
            continue
        if not fig.standing or fig.side not in attackers:
            continue
        carried = float(fig.loot)
        at_store = inside = near = 0.0
        if not fig.loot and store is not None and _gap(store.polygon, fig) <= TOUCH:
            at_store = 1.0
        if home is not None and st.sides[fig.side].threat == "infected":
            if home.polygon.contains(Point(fig.pos)):
                inside = 1.0
            else:
                dash = movement.allowance(game, fig, "run")
                if _gap(home.polygon, fig) <= dash and _way_in(game, fig) <= dash:
                    near = 1.0
        out[fig.id] = Part(False, carried, at_store, inside, near)
    return out


def terms(game: Game, shares: dict[str, Part] | None = None) -> Terms:
    """The raid's outcome terms now."""
    st = game.state
    knobs = game.rules.knobs.raid
    shares = parts(game) if shares is None else shares
    carried = at_store = inside = near = 0.0
    defenders_all = defenders_down = 0
    for fid, part in shares.items():
        if part.defender:
            defenders_all += 1
            defenders_down += 0 if st.figures[fid].standing else 1
            continue
        carried += part.carried
        at_store += part.at_store
        inside += part.inside
        near += part.near
    loot = (st.loot_taken + CARRIED * carried + AT_STORAGE * at_store) / knobs.loot_to_defeat
    breach = (st.breaches + IN_SHELTER * inside + NEAR_SHELTER * near) / knobs.breaches_to_defeat
    defeat = min(1.0, max(loot, breach)) ** 2
    if defenders_all and defenders_down >= defenders_all:
        defeat = 1.0
    spoiled = 1.0 if _spoiled(game, shares) else 0.0
    if not spoiled and defenders_all and (defenders_down + 1) * 2 >= defenders_all:
        spoiled = max(spoiled, HALF_CLOSE)
    soon = CARRIED * carried + IN_SHELTER * inside + SPOIL_AT_STORAGE * at_store
    spoiled = max(spoiled, min(1.0, soon + SPOIL_NEAR * near))
    return Terms(defeat, spoiled)


def _spoiled(game: Game, shares: dict[str, Part]) -> bool:
    """Is Repelled out of reach already (loot off the table, a breach, a module
    destroyed, half the defenders down)?"""
    st = game.state
    if st.loot_taken or st.breaches or lost_modules(game):
        return True
    defenders = [fid for fid, p in shares.items() if p.defender]
    down = sum(1 for fid in defenders if not st.figures[fid].standing)
    return bool(defenders) and down * 2 >= len(defenders)


def _way_in(game: Game, fig: Figure) -> float:
    """cm the infected still has to walk into the shelter (breakable pieces open)."""
    flow = goal_field(game, fig, Aim("shelter"))
    if flow is None:
        return math.inf
    return float(flow.distance_at(np.array([fig.pos]))[0])


def _gap(polygon: object, fig: Figure) -> float:
    return float(polygon.distance(Point(fig.pos))) - fig.radius  # type: ignore[attr-defined]


SKIRMISH_WEIGHT = 4.0
"""A skirmish won is worth this many figures to the winner; lost, as much against."""
LEAD_SPREAD = 0.12
"""Lead in shares standing that makes a win about three times as likely as a loss
with one round left (more rounds left: the spread grows with their root)."""


def skirmish_worth(game: Game, side: str) -> float:
    """What the skirmish's outcome is worth to `side`: the outcome once decided, else
    its expectation from the lead in the shares of figures standing."""
    st = game.state
    if st.outcome is not None:
        if st.outcome == "draw":
            return 0.0
        won = (st.outcome == "victory") == (side == next(iter(st.sides)))
        return SKIRMISH_WEIGHT if won else -SKIRMISH_WEIGHT
    start: dict[str, int] = dict.fromkeys(st.sides, 0)
    alive: dict[str, int] = dict.fromkeys(st.sides, 0)
    for fig in st.figures.values():
        start[fig.side] += 1
        alive[fig.side] += 1 if fig.standing else 0
    share = {s: alive[s] / max(1, start[s]) for s in st.sides}
    others = [share[s] for s in st.sides if s != side]
    if not others:
        return 0.0
    lead = share[side] - max(others)
    left = max(1, game.scenario.scenario.max_rounds - st.round + 1)
    return SKIRMISH_WEIGHT * math.tanh(lead / (LEAD_SPREAD * math.sqrt(left)))


def outcome_worth(game: Game, side: str) -> float:
    """What the outcome terms are worth to `side` now (a skirmish's: its lead)."""
    if not is_raid(game):
        return skirmish_worth(game, side)
    worth = terms(game).worth
    return -worth if side in raid_sides(game) else worth


def stakes(game: Game, side: str) -> dict[str, float]:
    """Enemy figure id → what `side` gains in outcome terms if it is taken out now
    (only the figures with something at stake).

    Linear in each figure's own share, not the difference of two `terms`: when two
    infected stand in the shelter each would breach by itself, and each must still
    draw the guns."""
    if not is_raid(game):
        return {}
    st = game.state
    knobs = game.rules.knobs.raid
    shares = parts(game)
    spoil_left = 0.0 if _spoiled(game, shares) else 1.0
    loot_left = max(1, knobs.loot_to_defeat - st.loot_taken)
    breach_left = max(1, knobs.breaches_to_defeat - st.breaches)
    defenders = [fid for fid, p in shares.items() if p.defender]
    standing = [fid for fid in defenders if st.figures[fid].standing]
    attacking = side in raid_sides(game)
    out: dict[str, float] = {}
    for fid, part in shares.items():
        fig = st.figures[fid]
        if fig.side == side or not fig.standing:
            continue
        if part.defender:
            if not attacking:
                continue
            down = len(defenders) - len(standing)
            spoil = 1.0 if (down + 1) * 2 >= len(defenders) else 0.0
            defeat = 1.0 / max(1, len(standing))
        else:
            defeat = min(
                1.0,
                max(
                    (CARRIED * part.carried + AT_STORAGE * part.at_store) / loot_left,
                    (IN_SHELTER * part.inside + NEAR_SHELTER * part.near) / breach_left,
                ),
            )
            spoil = min(
                1.0,
                CARRIED * part.carried
                + IN_SHELTER * part.inside
                + SPOIL_AT_STORAGE * part.at_store
                + SPOIL_NEAR * part.near,
            )
        gain = OUTCOME_WEIGHT * (defeat + spoil * spoil_left)
        if gain > 1e-6:
            out[fid] = gain
    return out


HURT_SHARE = 0.5
"""Part of a standing figure's value its lost TP take away (all but one TP: half)."""


def material(game: Game, side: str) -> float:
    """The side's standing figures against the enemy's, by value, the wounded for
    less."""
    total = 0.0
    for fig in game.state.figures.values():
        if not fig.standing:
            continue
        health = 1.0 - HURT_SHARE * (1.0 - fig.tp / max(1, fig.max_tp))
        worth_of = figure_value(game, fig) * health
        total += worth_of if fig.side == side else -worth_of
    return total


def worth(game: Game, side: str) -> float:
    """What the state is worth to the side: figures and the battle's outcome terms
    (a finished battle by its outcome)."""
    return material(game, side) + outcome_worth(game, side)
