"""What an action costs and risks beyond where it ends (RULES.md §5.6, §6, §8, §11).

- Along the whole path, not only at its end: every enemy fire zone a move enters in
  the watcher's sight is a shot (§6), every minefield not yet spent an Explosiv
  attack on an attacker (§11). The path is the straight walk to the spot (the
  engine walks around terrain; the straight line is the AI's estimate).
- Ammunition: a shot spends supply the figure needs for the rounds left (a burst 3).
- Noise (§8): the first Laut shot of a round makes the round-end roll due — a
  threat advances on 1–2 — and every later one that round is free. A side facing
  the raid either fires a volley (the shots this round are worth the risk: then it
  is no cost to any of them) or holds fire (then each loud shot must be worth the
  risk by itself). Raiders gain from the roll (their next wave comes earlier) and
  pay nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import shapely

from ai.geometry import FloatArray
from ai.scoring import book
from ai.spots import combatant, table
from ai.support_plans import SURE_THROWER
from game.board.sight import line_of_sight_batch
from game.play import movement, overwatch, sight
from game.play.outcome import raid_sides
from game.rules.ammo import uses_ammo
from game.rules.area import minefield_weapon
from game.rules.combatant import AttackContext
from game.rules.models import Weapon

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

STEP = 1.0
"""cm between the points a path is checked at."""
PACK_VALUE = 4.5
"""What a pack of 1W3+1 shamblers drawn by the noise roll costs the defenders."""
WAVE_VALUE = 1.0
"""What a raider wave a round early (or one raider more) costs the defenders."""
THREAT_ROUNDS = 3.0
"""Rounds a threat drawn by the noise needs to matter fully (fewer left: less)."""
AMMO_UNIT = 0.015
"""Cost of one shot of supply when the supply lasts exactly the rounds left (the
cost grows with the square of rounds left per shot)."""
AMMO_SCARCITY_CAP = 16.0


def path_points(start: tuple[float, float], end: FloatArray) -> FloatArray:
    """Points every STEP cm from start to end (start excluded, end included)."""
    length = math.dist(start, (float(end[0]), float(end[1])))
    if length <= 1e-9:
        return np.zeros((0, 2))
    t = np.append(np.arange(STEP, length, STEP) / length, 1.0)
    sx, sy = start
    return np.column_stack([sx + (end[0] - sx) * t, sy + (end[1] - sy) * t])


def path_wounds(game: Game, fig: Figure, xy: FloatArray, moving: np.ndarray) -> FloatArray:
    """Expected wounds the figure takes on its way to each spot (rows where `moving`):
    overwatch shots from the fire zones it enters in sight, and minefields."""
    out = np.zeros(len(xy))
    rows = np.flatnonzero(moving)
    if len(rows) == 0:
        return out
    paths = [path_points(fig.pos, xy[i]) for i in rows]
    for watcher in overwatch.watchers(game, fig):
        out[rows] += _overwatch(game, watcher, fig, paths)
    if movement.is_attacker(game, fig):
        out[rows] += _mines(game, fig, paths)
    return out


def _overwatch(game: Game, watcher: Figure, fig: Figure, paths: list[FloatArray]) -> FloatArray:
    """Expected wounds of the watcher's shot on each path that enters its zone."""
    zone = watcher.overwatch
    assert zone is not None
    hurt = np.zeros(len(paths))
    start = np.array([fig.pos])
    if overwatch.zone_contains(zone, start)[0]:
        return hurt  # a move that starts inside the zone does not trigger it (§6)
    firsts: list[int] = []
    points: list[FloatArray] = []
    for k, pts in enumerate(paths):
        if len(pts) == 0:
            continue
        inside = overwatch.zone_contains(zone, pts)
        if inside.any():
            firsts.append(k)
            points.append(pts[int(np.argmax(inside))])
    if not points:
        return hurt
    at = np.array(points)
    batch = line_of_sight_batch(
        game.state.board,
        watcher.pos,
        at,
        viewer_radius=watcher.radius,
        target_radii=fig.radius,
        params=sight.params(game),
    )
    tab = table(game, watcher, fig, value=None)
    gap = np.hypot(at[:, 0] - watcher.x, at[:, 1] - watcher.y) - watcher.radius - fig.radius
    wounds = tab.at(gap, batch.cover, batch.visible, melee_reach=-1.0)
    hurt[firsts] = wounds
    return hurt


def _mines(game: Game, fig: Figure, paths: list[FloatArray]) -> FloatArray:
    """Expected wounds of each minefield not yet spent that a path runs into."""
    st = game.state
    hurt = np.zeros(len(paths))
    fields = [
        p
        for p in st.board.pieces.values()
        if p.kind.value == "minefield" and p.id not in st.minefield_spent
    ]
    if not fields:
        return hurt
    mine = mine_wounds(game, fig)
    for piece in fields:
        for k, pts in enumerate(paths):
            if len(pts) and shapely.intersects(piece.polygon, shapely.points(pts)).any():
                hurt[k] += mine
    return hurt


def mine_wounds(game: Game, fig: Figure) -> float:
    """Expected wounds of the minefield's Explosiv attack on the figure (a sure hit)."""
    weapon = minefield_weapon(game.rules)
    odds = book(game).odds(game, SURE_THROWER, combatant(game, fig), weapon, AttackContext())
    return float(odds.expected_wounds)


def rounds_left(game: Game) -> int:
    """Rounds still to play, this one included."""
    st = game.state
    last = game.scenario.scenario.max_rounds
    objective = game.scenario.objective
    if objective is not None and objective.rounds is not None and raid_sides(game):
        last = min(last, objective.rounds)
    return max(1, last - st.round + 1)


def ammo_cost(game: Game, fig: Figure, weapon: Weapon, burst: bool) -> float:
    """What the supply a shot spends is worth for the rounds left."""
    if weapon.type != "ranged" or not uses_ammo(weapon):
        return 0.0
    spend = game.rules.knobs.attack.burst_ammo if burst else 1
    scarcity = rounds_left(game) / max(1, fig.ammo)
    return AMMO_UNIT * spend * min(AMMO_SCARCITY_CAP, scarcity**2)


def noise_risk(game: Game, side: str) -> float:
    """What the round-end roll would cost `side` if it fired the round's first loud
    shot now (0 once a loud weapon has fired this round, or for the raiders)."""
    st = game.state
    raiders = raid_sides(game)
    if st.loud_fired or not raiders or side in raiders:
        return 0.0
    chance = max(0, min(6, game.rules.knobs.noise_threshold)) / 6.0
    threat = max(PACK_VALUE if st.sides[r].threat == "infected" else WAVE_VALUE for r in raiders)
    later = min(1.0, (rounds_left(game) - 1) / THREAT_ROUNDS)
    return chance * threat * later
