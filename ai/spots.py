"""Spots a figure could stand on, and what each is worth: exposure (how much damage
the enemies can expect to deal there) against opportunity (the attacks it offers).

Spots are sampled from the figure's reachable area (`game.board.reach`): a lattice
over the area, cells next to terrain (cover), the cells nearest the goal, and the
current place (always spot 0). Sight between every spot and every enemy comes from
one `sight_matrix` pass; the damage tables come from exact odds per enemy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray

from ai.geometry import BoolArray, FloatArray
from ai.memo import memo
from ai.scoring import arms, attack_value, book, figure_value, hypothetical
from game.board.fields import FlowField
from game.board.reach import ReachArea, reachable_area
from game.board.sight import sight_matrix
from game.board.terrain import AREA_MODULE_KINDS
from game.dice import Dice
from game.engine import Game
from game.play import bridge, movement, sight, space
from game.play.cache import Entry, Lasts, Memo, memo_entry
from game.rules.combatant import Combatant
from game.state import Figure
from game.systems.common import OddsView

LATTICE = 6
"""Grid cells between lattice spots (6 × 0.5 cm = 3 cm)."""
MAX_SPOTS = 26
"""Spots scored per decision (the current place included)."""
LOOSE = 120
"""Random reachable cells looked at for a spot next to terrain."""
COVER_SPOTS = 8
"""Spots next to terrain (cover, Take cover) among them."""
NEAR_TERRAIN = 0.2
"""cm of slack on "in contact with terrain" for the Take cover step."""
LATE_SHARE = 0.6
"""Weight of an enemy that has already activated this round (it shoots next round)."""
TABLES: Entry[Memo[tuple[object, ...], Table]] = memo_entry(
    "ai.tables",
    holds="an attacker's damage or value table against a target",
    key="both figures' rules-level views, the attacker's usable weapons and move, the value",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    limit=20_000,
)
REACH: Entry[Memo[tuple[object, ...], ReachArea]] = memo_entry(
    "ai.reach",
    holds="the last reachable area asked for",
    key="figure id, allowance, board version, every base on the table (id, centre, radius)",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    limit=1,
)


@dataclass(frozen=True, slots=True)
class Table:
    """One attacker against one target: a number per cover level (0, 1, 2) within
    range and at long range, and in melee."""

    short: FloatArray  # (3,)
    long: FloatArray  # (3,)
    reach: float  # range, cm (0: no ranged weapon)
    far: float  # 2 × range
    melee: float
    melee_reach: float  # cm edge to edge it can strike from this activation

    def at(
        self,
        distance: FloatArray,
        cover: NDArray[np.int8],
        seen: BoolArray,
        melee_reach: float | None = None,
    ) -> FloatArray:
        """The number for targets at these distances, cover levels and sight (melee
        within `melee_reach`, default: a charge)."""
        c = np.clip(cover.astype(np.int64), 0, 2)
        ranged = np.where(
            seen & (distance <= self.reach),
            self.short[c],
            np.where(seen & (distance <= self.far), self.long[c], 0.0),
        )
        strike = self.melee_reach if melee_reach is None or self.melee <= 0 else melee_reach
        close = np.where(distance <= strike, self.melee, 0.0)
        return np.asarray(np.maximum(ranged, close), np.float64)


def table(game: Game, attacker: Figure, target: Figure, *, value: float | None) -> Table:
    """Expected wounds (value None) or attack values of the attacker's best weapon
    (computed once per game state)."""
    key = ("table", attacker.id, target.id, value)
    return memo(game, key, lambda: _shared_table(game, attacker, target, value))


def _shared_table(game: Game, attacker: Figure, target: Figure, value: float | None) -> Table:
    """The table from the game-long cache: the same whenever both figures' rules-level
    state, the attacker's usable weapons and the value are."""
    usable = memo(
        game,
        ("arms", attacker.id),
        lambda: tuple((a.weapon.name, a.burst) for a in arms(game, attacker)),
    )
    key = (
        combatant(game, attacker),
        usable,
        game.profile(attacker).move,
        combatant(game, target),
        None if value is None else round(value, 4),
    )
    return game.cache.memo(TABLES, key, lambda: _table(game, attacker, target, value))


def combatant(game: Game, figure: Figure) -> Combatant:
    """The figure's rules-level view (once per game state), named after its profile:
    the odds never read the name, so figures of one profile in one state share them."""
    return memo(
        game,
        ("combatant", figure.id),
        lambda: bridge.combatant(game, figure).changed(name=figure.profile),
    )


def _table(game: Game, attacker: Figure, target: Figure, value: float | None) -> Table:
    odds_book = book(game)
    comb = combatant(game, attacker)
    victim = combatant(game, target)
    short, long = np.zeros(3), np.zeros(3)
    reach = far = melee = 0.0
    for arm in arms(game, attacker):
        w = arm.weapon
        if w.is_melee:
            odds = odds_book.odds(game, comb, victim, w, hypothetical(0))
            melee = max(melee, _num(odds, target, value))
            continue
        reach = max(reach, arm.reach)
        far = max(far, arm.reach * game.system.reach_factor(game))
        for c in range(3):
            near = odds_book.odds(game, comb, victim, w, hypothetical(c, burst=arm.burst))
            short[c] = max(short[c], _num(near, target, value))
            away = hypothetical(c, long_range=True, burst=arm.burst)
            long[c] = max(long[c], _num(odds_book.odds(game, comb, victim, w, away), target, value))
    strike = movement.allowance(game, attacker, "charge") + space.contact_gap(game)
    return Table(short, long, reach, far, melee, strike if melee > 0 else -1.0)


def _num(odds: OddsView, target: Figure, value: float | None) -> float:
    return odds.expected_wounds if value is None else attack_value(odds, target, value)


@dataclass(frozen=True, slots=True)
class Spots:
    """Candidate spots of one figure and how they stand against each enemy."""

    xy: FloatArray  # (n, 2); row 0 is where the figure stands
    cost: FloatArray  # (n,) movement cost to get there
    seen: BoolArray  # (n, E) the spot and the enemy see each other
    cover_me: NDArray[np.int8]  # (n, E) the figure's cover there against the enemy
    cover_them: NDArray[np.int8]  # (n, E) the enemy's cover against the figure there
    distance: FloatArray  # (n, E) base edge to base edge
    near_terrain: BoolArray  # (n,) Take cover can give light cover there

    def __len__(self) -> int:
        return len(self.xy)


def reach_of(game: Game, figure: Figure, allowance: float) -> ReachArea:
    """The figure's reachable area with an allowance, among the other bases (kept
    while the figure, the other bases and the board stay as they are)."""
    bases = tuple((f.id, f.x, f.y, f.radius) for f in game.state.figures.values() if f.on_table)
    key = (figure.id, allowance, game.state.board.version, bases)
    return game.cache.memo(REACH, key, lambda: _reach(game, figure, allowance))


def _reach(game: Game, figure: Figure, allowance: float) -> ReachArea:
    return reachable_area(
        game.state.board,
        figure.pos,
        allowance,
        radius=figure.radius,
        obstacles=space.obstacles(game, figure),
        difficult_cost=space.difficult_cost(game),
    )


def sample(
    game: Game,
    figure: Figure,
    area: ReachArea,
    dice: Dice,
    goal: FlowField | None,
    extra: FloatArray | None = None,
) -> tuple[FloatArray, FloatArray]:
    """Candidate spots (n, 2) and their movement costs; row 0 is the current place."""
    grid = area.grid
    inside = area.dist <= area.allowance - 0.3
    free = area.free.reshape(grid.nx, grid.ny)
    interior = free.copy()
    interior[1:, :] &= free[:-1, :]
    interior[:-1, :] &= free[1:, :]
    interior[:, 1:] &= free[:, :-1]
    interior[:, :-1] &= free[:, 1:]
    cells = np.flatnonzero(inside & interior.ravel())
    xs, ys = grid.centres
    out = [figure.pos]
    costs = [0.0]
    if len(cells):
        i, j = np.divmod(cells, grid.ny)
        lattice = cells[(i % LATTICE == 0) & (j % LATTICE == 0)]
        picked = set(lattice.tolist())
        if goal is not None:
            near_goal = cells[np.argsort(goal.distance_at(np.column_stack([xs[cells], ys[cells]])))]
            picked.update(near_goal[:3].tolist())
        loose = cells[dice_order(dice, len(cells))[:LOOSE]]
        covered = loose[_touching_terrain(game, figure, xs[loose], ys[loose])]
        picked.update(int(c) for c in covered[:COVER_SPOTS])
        chosen = np.array(sorted(picked), np.int64)
        if len(chosen) > MAX_SPOTS - 1:
            keep = dice_order(dice, len(chosen))[: MAX_SPOTS - 1]
            chosen = chosen[np.sort(keep)]
        out += [(float(xs[c]), float(ys[c])) for c in chosen]
        costs += [float(area.dist[c]) for c in chosen]
    xy = np.asarray(out, np.float64)
    cost = np.asarray(costs, np.float64)
    if extra is not None and len(extra):
        extra_cost = area.cost_at(extra)
        ok = np.isfinite(extra_cost)
        xy = np.vstack([xy, extra[ok]])
        cost = np.concatenate([cost, extra_cost[ok]])
    return xy, cost


def dice_order(dice: Dice, n: int) -> NDArray[np.int64]:
    """A random order of n items drawn from the decision dice."""
    return dice.permutation(n)


def _touching_terrain(game: Game, figure: Figure, x: FloatArray, y: FloatArray) -> BoolArray:
    """Which base centres would be in contact with terrain (the Take cover rule)."""
    board = game.state.board
    geom = board.cache(
        "ai.terrain_union",
        lambda: shapely.union_all(
            [p.polygon for p in board if p.kind not in AREA_MODULE_KINDS and not p.is_platform]
        ),
    )
    if geom.is_empty:
        return np.zeros(len(x), np.bool_)
    reach = figure.radius + space.contact_gap(game) + NEAR_TERRAIN
    return np.asarray(shapely.distance(geom, shapely.points(x, y)) <= reach)


def measure(game: Game, figure: Figure, xy: FloatArray, enemies: list[Figure]) -> Spots:
    """Sight, cover and distances between the spots and the enemies (one pass)."""
    n, e = len(xy), len(enemies)
    near = _touching_terrain(game, figure, xy[:, 0], xy[:, 1])
    if e == 0:
        empty = np.zeros((n, 0))
        return Spots(
            xy,
            np.zeros(n),
            empty.astype(np.bool_),
            empty.astype(np.int8),
            empty.astype(np.int8),
            empty,
            near,
        )
    foes = np.array([f.pos for f in enemies])
    radii = np.concatenate([np.full(n, figure.radius), [f.radius for f in enemies]])
    mat = sight_matrix(game.state.board, np.vstack([xy, foes]), radii, params=sight.params(game))
    seen = mat.visible[:n, n:]
    cover_them = mat.cover[:n, n:]
    cover_me = mat.cover[n:, :n].T
    d = np.hypot(xy[:, None, 0] - foes[None, :, 0], xy[:, None, 1] - foes[None, :, 1])
    distance = d - figure.radius - np.array([f.radius for f in enemies])[None, :]
    return Spots(xy, np.zeros(n), seen, cover_me, cover_them, distance, near)


def improved(cover: NDArray[np.int8], near_terrain: BoolArray) -> NDArray[np.int8]:
    """Cover one step better after Take cover (none → light only next to terrain)."""
    up = np.minimum(cover.astype(np.int64) + 1, 2)
    up = np.where((cover == 0) & ~near_terrain[:, None], 0, up)
    return up.astype(np.int8)


@dataclass(frozen=True, slots=True)
class Tables:
    """Several tables side by side (one column per enemy), read in one numpy pass."""

    short: FloatArray  # (E, 3)
    long: FloatArray  # (E, 3)
    reach: FloatArray  # (E,)
    far: FloatArray
    melee: FloatArray
    melee_reach: FloatArray

    @classmethod
    def of(cls, tables: list[Table]) -> Tables:
        return cls(
            np.array([t.short for t in tables]).reshape(-1, 3),
            np.array([t.long for t in tables]).reshape(-1, 3),
            np.array([t.reach for t in tables]),
            np.array([t.far for t in tables]),
            np.array([t.melee for t in tables]),
            np.array([t.melee_reach for t in tables]),
        )

    def at(
        self,
        distance: FloatArray,
        cover: NDArray[np.int8],
        seen: BoolArray,
        melee_reach: float | None = None,
    ) -> FloatArray:
        """(n, E): each column's number at these distances, cover levels and sight."""
        c = np.clip(cover.astype(np.int64), 0, 2)
        cols = np.arange(distance.shape[1])[None, :]
        ranged = np.where(
            seen & (distance <= self.reach[None, :]),
            self.short[cols, c],
            np.where(seen & (distance <= self.far[None, :]), self.long[cols, c], 0.0),
        )
        strike = (
            self.melee_reach
            if melee_reach is None
            else np.where(self.melee > 0, melee_reach, self.melee_reach)
        )
        close = np.where(distance <= strike[None, :], self.melee[None, :], 0.0)
        return np.asarray(np.maximum(ranged, close), np.float64)


def exposure(
    game: Game, figure: Figure, spots: Spots, enemies: list[Figure]
) -> tuple[FloatArray, FloatArray]:
    """Expected wounds the enemies can deal to the figure at each spot before it acts
    again (those that have activated this round count LATE_SHARE): standing there,
    and having Taken cover there."""
    n = len(spots)
    if not enemies:
        return np.zeros(n), np.zeros(n)
    tabs = Tables.of([table(game, e, figure, value=None) for e in enemies])
    weight = np.array([LATE_SHARE if e.activated else 1.0 for e in enemies])
    plain = tabs.at(spots.distance, spots.cover_me, spots.seen) @ weight
    cover = improved(spots.cover_me, spots.near_terrain)
    covered = tabs.at(spots.distance, cover, spots.seen) @ weight
    return np.asarray(plain, np.float64), np.asarray(covered, np.float64)


def opportunity(
    game: Game, figure: Figure, spots: Spots, enemies: list[Figure]
) -> tuple[FloatArray, FloatArray]:
    """(n, E) values of the figure's best attack on each enemy: from each spot next
    activation (melee when a charge reaches), and right after moving there (melee
    only in base contact)."""
    n = len(spots)
    if not enemies:
        return np.zeros((n, 0)), np.zeros((n, 0))
    tabs = Tables.of([table(game, figure, e, value=figure_value(game, e)) for e in enemies])
    d, c, s = spots.distance, spots.cover_them, spots.seen
    return tabs.at(d, c, s), tabs.at(d, c, s, melee_reach=space.contact_gap(game))
