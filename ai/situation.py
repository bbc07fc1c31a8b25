"""Everything one tactical decision looks at, worked out once: the figure's goal and
its flow field, the spots it can move to with what each offers and risks, and the
attacks it can make from where it stands (exact odds through the engine's own
attack context, `game.play.context.measure`)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import numpy as np
from shapely.geometry import Point, Polygon
from shapely.ops import nearest_points

from ai import objectives as obj
from ai.fields import field_cache
from ai.geometry import FloatArray, clear_of_bases
from ai.objectives import Role
from ai.presets import Sliders
from ai.scoring import arms, attack_value, book, figure_value
from ai.spots import Spots, combatant, exposure, measure, opportunity, reach_of, sample
from ai.steps import blocker_on, charge_in_reach, contact_slots, step
from ai.ways import descent, others, standable
from game import actions as act
from game.board.fields import FlowField
from game.board.terrain import TerrainPiece
from game.dice import Dice
from game.engine import Game
from game.play import budget, combat, context, movement, space
from game.state import Figure

CHARGE_TARGETS = 3
"""Nearest enemies a charge is considered against."""
LOOKAHEAD = 40.0
"""cm of the way to the goal looked at for a barricade or gate that shuts it."""


@dataclass(frozen=True, slots=True)
class Shot:
    """An attack the figure can make from where it stands, and its value (aimed too)."""

    action: act.Attack
    value: float
    aimed: float
    target: Figure


@dataclass
class Situation:
    """One decision of one figure."""

    game: Game
    fig: Figure
    role: Role
    slide: Sliders
    dice: Dice
    enemies: list[Figure]
    left: int
    spent: frozenset[str]
    value: float
    goal: str  # storage | exit | key | enemy | none
    goal_field: FlowField | None
    goal_area: Polygon | None
    breakables: tuple[str, ...]
    blocker: TerrainPiece | None = None
    blocker_along: float = math.inf
    route: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    spots: Spots | None = None
    kind: list[str] = dataclasses.field(default_factory=list)  # here|move|run|charge
    ref: list[str] = dataclasses.field(default_factory=list)  # charge target per spot
    expo: FloatArray = field(default_factory=lambda: np.zeros(0))
    expo_cover: FloatArray = field(default_factory=lambda: np.zeros(0))
    later: FloatArray = field(default_factory=lambda: np.zeros((0, 0)))
    now: FloatArray = field(default_factory=lambda: np.zeros((0, 0)))
    progress: FloatArray = field(default_factory=lambda: np.zeros(0))
    shots: list[Shot] = field(default_factory=list)

    def can(self, verb: str, cost: int = 1) -> bool:
        """May the figure still take this action (budget, no repeats, §7)? Durchbruch's
        free Move is open whatever the budget (§13.1)."""
        if verb == "move" and budget.free_move(self.fig):
            return True
        if self.left < cost:
            return False
        if budget.repeat_problem(self.fig.name, verb, self.spent) is not None:
            return False
        return not (self.fig.suppressed and verb not in budget.SUPPRESSED_MAY)


def goal_of(game: Game, fig: Figure, role: Role) -> tuple[str, list[object], Polygon | None]:
    """(goal name, field goals, goal area) for a role."""
    if role == "raiders":
        if fig.loot > 0 or fig.suppressed:
            zones = obj.entries(game, fig.side)
            if zones:
                here = _point(fig.pos)
                nearest = min((p for _, p in zones), key=lambda p: p.distance(here))
                return "exit", [p for _, p in zones], nearest
        store = obj.storage(game)
        if store is not None:
            return "storage", [store.polygon], store.polygon
    if game.state.markers and role == "skirmish":
        found = _loot_goal(game, fig)
        if found is not None:
            return found
    if role == "defenders":
        fixes = obj.repairs(game, fig)
        if fixes:
            here = _point(fig.pos)
            piece = min(fixes, key=lambda p: (p.polygon.distance(here), p.id))
            return "repair", [piece.polygon], piece.polygon
        kp = obj.key_point(game)
        if kp is not None:
            return "key", [kp.polygon], kp.polygon
    enemies = game.state.enemies_of(fig)
    if enemies:
        return "enemy", [(round(e.x, 1), round(e.y, 1)) for e in enemies], None
    return "none", [], None


def _loot_goal(game: Game, fig: Figure) -> tuple[str, list[object], Polygon | None] | None:
    """A loot objective: a figure carrying finds heads for its side's exit, the
    others for the find worth most per trip and danger (`obj.best_find`; None: no
    loot to go for)."""
    way_out = obj.exit_of(game, fig.side)
    if way_out is None:
        return None
    if game.state.carried(fig.id):
        return "exit", [way_out], way_out
    best = obj.best_find(game, fig)
    if best is None:
        return None
    area = obj.find_area(best)
    return "find", [area], area


def build(
    game: Game,
    fig: Figure,
    role: Role,
    slide: Sliders,
    dice: Dice,
    goal_field: FlowField | None = None,
) -> Situation:
    """The situation of the figure whose turn it is to act (`goal_field`: a field
    toward its goal given by the side's plan, instead of the shared one)."""
    st = game.state
    spent = frozenset(st.spent.get(fig.id, []))
    left = budget.action_budget(game, fig) - budget.used(game, fig)
    enemies = [e for e in st.enemies_of(fig) if e.on_table]
    goal, goals, area = goal_of(game, fig, role)
    cache = field_cache(game)
    found: FlowField | None = goal_field
    if goals and found is None:
        key = (goal, tuple(str(g) if not isinstance(g, tuple) else g for g in goals))
        found = cache.field(
            st.board,
            fig.radius,
            key,
            goals,
            space.difficult_cost(game),
        )
    sit = Situation(
        game=game,
        fig=fig,
        role=role,
        slide=slide,
        dice=dice,
        enemies=enemies,
        left=left,
        spent=spent,
        value=figure_value(game, fig),
        goal=goal,
        goal_field=found,
        goal_area=area,
        breakables=cache.plan(st.board).breakables,
    )
    _place_spots(sit)
    sit.shots = _shots(sit) if sit.can("attack") else []
    return sit


def _place_spots(sit: Situation) -> None:
    """Sample spots (when the figure may still move), then measure and score them."""
    game, fig = sit.game, sit.fig
    if sit.goal_field is not None:
        sit.route = descent(sit.goal_field, fig.pos, LOOKAHEAD)
        sit.blocker, sit.blocker_along = blocker_on(game, sit.route, fig.radius, sit.breakables)
    xy: FloatArray = np.asarray([fig.pos], np.float64)
    kinds, refs = ["here"], [""]
    if sit.can("move"):
        area = reach_of(game, fig, movement.allowance(game, fig, "move"))
        pts, _ = sample(game, fig, area, sit.dice, sit.goal_field, _extras(sit))
        pts = pts[1:]
        pts = pts[_standable(game, fig, pts)]
        xy = np.vstack([xy, pts])
        kinds += ["move"] * len(pts)
        refs += [""] * len(pts)
    if sit.can("run", 2) and sit.goal_field is not None:
        run = step(game, fig, sit.goal_field, movement.allowance(game, fig, "run"))
        if run.to is not None:
            xy = np.vstack([xy, [run.to]])
            kinds.append("run")
            refs.append("")
    if sit.can("charge", 2) and not {"move", "attack"} & sit.spent:
        weapon = movement.best_melee(game, fig)
        near = sorted(sit.enemies, key=lambda e: (space.gap(fig, e), e.id))[:CHARGE_TARGETS]
        reach = movement.allowance(game, fig, "charge")
        for enemy in near:
            if weapon is not None and charge_in_reach(game, fig, enemy, reach):
                xy = np.vstack([xy, [_contact_point(fig, enemy, game)]])
                kinds.append("charge")
                refs.append(enemy.id)
    sit.kind, sit.ref = kinds, refs
    spots = measure(game, fig, xy, sit.enemies)
    sit.spots = spots
    sit.expo, sit.expo_cover = exposure(game, fig, spots, sit.enemies)
    sit.later, sit.now = opportunity(game, fig, spots, sit.enemies)
    if sit.goal_field is not None:
        cost = sit.goal_field.distance_at(xy)
        here = cost[0]
        sit.progress = np.where(np.isfinite(cost), cost, here if np.isfinite(here) else 0.0)
        if not np.isfinite(here):
            sit.progress = np.zeros(len(xy))
    else:
        sit.progress = np.zeros(len(xy))


def _extras(sit: Situation) -> FloatArray | None:
    """Spots worth trying beyond the sample: inside the goal area, in contact with
    the piece that shuts the way."""
    game, fig = sit.game, sit.fig
    pts: list[FloatArray] = []
    if sit.goal_area is not None:
        inner = sit.goal_area.buffer(-fig.radius * 0.5)
        target = inner if not inner.is_empty else sit.goal_area
        near = nearest_points(target, _point(fig.pos))[0]
        rep = target.representative_point()
        pts.append(np.array([[near.x, near.y], [rep.x, rep.y]]))
    piece = sit.blocker
    if piece is not None and sit.blocker_along <= LOOKAHEAD:
        slots = contact_slots(piece.polygon, fig.radius, game)
        d = np.hypot(slots[:, 0] - fig.x, slots[:, 1] - fig.y)
        pts.append(slots[np.argsort(d)[:6]])
    return np.vstack(pts) if pts else None


def _point(xy: tuple[float, float]) -> Point:
    return Point(xy)


def _standable(game: Game, fig: Figure, pts: FloatArray) -> np.ndarray:
    """Spots the engine will let the base stand on (terrain, table, other bases)."""
    if len(pts) == 0:
        return np.zeros(0, np.bool_)
    centres, radii = others(game, fig)
    ok = standable(game, fig.radius, pts) & clear_of_bases(pts, fig.radius, centres, radii)
    ok &= np.hypot(pts[:, 0] - fig.x, pts[:, 1] - fig.y) > 0.3
    return ok


def _contact_point(fig: Figure, enemy: Figure, game: Game) -> tuple[float, float]:
    d = math.dist(fig.pos, enemy.pos)
    ring = enemy.radius + fig.radius + space.contact_gap(game) / 2.0
    if d < 1e-9:
        return enemy.pos
    t = ring / d
    return (enemy.x + (fig.x - enemy.x) * t, enemy.y + (fig.y - enemy.y) * t)


def _shots(sit: Situation) -> list[Shot]:
    """Every attack the figure can make now, valued with the engine's own context."""
    game, fig = sit.game, sit.fig
    out: list[Shot] = []
    odds_book = book(game)
    comb = combatant(game, fig)
    spots = sit.spots
    for j, enemy in enumerate(sit.enemies):
        if not enemy.standing:
            continue
        contact = space.in_contact(game, fig, enemy)
        if spots is not None and not contact and not spots.seen[0, j]:
            continue
        victim = combatant(game, enemy)
        worth = figure_value(game, enemy)
        for arm in arms(game, fig):
            w = arm.weapon
            if combat.attack_problem(game, fig, enemy, w.name, burst=arm.burst) is not None:
                continue
            measured = context.measure(game, fig, enemy, w, burst=arm.burst)
            table = game.system.situation(game, fig, enemy, measured)
            odds = odds_book.odds(game, comb, victim, w, measured.ctx, table)
            aimed_ctx = dataclasses.replace(measured.ctx, aimed=True)
            aimed = odds_book.odds(game, comb, victim, w, aimed_ctx, table)
            out.append(
                Shot(
                    act.Attack(fig.id, enemy.id, w.name, arm.burst),
                    attack_value(odds, enemy, worth) - _ammo_cost(arm.burst),
                    attack_value(aimed, enemy, worth) - _ammo_cost(arm.burst),
                    enemy,
                )
            )
    return out


def _ammo_cost(burst: bool) -> float:
    """A burst spends 3 shots of the supply: a little worth keeping."""
    return 0.05 if burst else 0.0
