"""What an action would do, worked out before it is committed — for drawing only.

Everything here asks the same rules code the engine uses (paths and allowance
through `movement.plan_move`, overwatch through `movement.triggers`, the attack
context through `context.measure`, odds through the game's rule system, template
touches through `blast.touched`), reads the state and never changes it.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

import shapely
from shapely.geometry import Point as ShapelyPoint

from game import actions as act
from game.actions import IllegalAction
from game.board.reach import reachable_area
from game.board.sight import LosResult
from game.cover import Cover
from game.engine import Game
from game.narration import reason_text
from game.odds import AttackOdds, template_odds
from game.play import blast, bridge, context, handlers, movement, sight, space
from game.play.contract import AttackMode, MoveMode
from game.play.systems.threew6 import ThreeW6
from game.rules.attack import hit_plan
from game.rules.checks import Outcome, check_outcome, outcome_probabilities
from game.rules.combatant import AttackContext
from game.state import Figure
from game.systems.common import OddsView

Point = tuple[float, float]


def problem_of(game: Game, action: act.Action) -> str | None:
    """Why `game.apply(action)` would refuse it now (None: it would not)."""
    try:
        handlers.handler_for(action).check(game, action)
    except IllegalAction as exc:
        return reason_text(exc.reason)
    return None


# -- moving ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MovePreview:
    """A Move/Run to `goal`: the walk the figure would make and what it sets off."""

    figure: str
    mode: MoveMode
    goal: Point
    walk: tuple[Point, ...]  # the path the figure would walk (cut at the allowance)
    beyond: tuple[Point, ...]  # the rest of the way to the goal, not walked this time
    cost_cm: float
    allowance: float
    problem: str | None
    watchers: tuple[str, ...] = ()  # enemy overwatch zones the walk would set off
    stops: tuple[tuple[str, str, Point], ...] = ()  # (kind, ref, where) along the walk
    vaults: int = 0  # low walls the walk vaults (a Run, §10)
    vault_cm: float = 0.0  # what they add to cost_cm

    @property
    def left_cm(self) -> float:
        return max(0.0, self.allowance - self.cost_cm)

    @property
    def end(self) -> Point | None:
        return self.walk[-1] if self.walk else None

    def action(self) -> act.Action:
        cls = act.Run if self.mode == "run" else act.Fly if self.mode == "fly" else act.Move
        return cls(self.figure, (round(self.goal[0], 3), round(self.goal[1], 3)))


def move_preview(game: Game, fig: Figure, goal: Point, mode: MoveMode) -> MovePreview:
    """The walk to `goal` as the engine would plan it."""
    cm = movement.allowance(game, fig, mode)
    goal = (round(float(goal[0]), 3), round(float(goal[1]), 3))
    try:
        plan = movement.plan_move(game, fig, goal, mode)
    except IllegalAction as exc:
        why = reason_text(exc.reason)
        return MovePreview(fig.id, mode, goal, (), (), 0.0, cm, why)
    walk = plan.walk.points
    beyond: tuple[Point, ...] = ()
    if not plan.reached:
        found = space.path_to(game, fig, goal, mode)
        if found.reachable and walk:
            beyond = _rest_of(found.points, walk[-1])
    stops: list[tuple[str, str, Point]] = []
    watchers: list[str] = []
    for trig in movement.triggers(game, fig, walk, plan.walk.vaults):
        stops.append((trig.kind, trig.ref, space.point_at(walk, trig.along)))
        if trig.kind == "overwatch":
            watchers.append(trig.ref)
    return MovePreview(
        fig.id,
        mode,
        goal,
        tuple(walk),
        beyond,
        plan.walk.cost_cm,
        cm,
        None,
        tuple(watchers),
        tuple(stops),
        len(plan.walk.vaults),
        plan.walk.vault_cm,
    )


def _rest_of(points: tuple[Point, ...], cut: Point) -> tuple[Point, ...]:
    """The part of a polyline after the point `cut` on it."""
    line = shapely.LineString(points)
    at = line.project(ShapelyPoint(cut))
    acc = 0.0
    rest = [cut]
    for a, b in itertools.pairwise(points):
        acc += math.dist(a, b)
        if acc > at + 1e-6:
            rest.append(b)
    return tuple(rest)


def reach_polygon(game: Game, fig: Figure, mode: MoveMode) -> shapely.Geometry:
    """Where the figure's centre can get to with this mode's allowance."""
    area = reachable_area(
        game.state.board,
        fig.pos,
        movement.allowance(game, fig, mode),
        radius=fig.radius,
        obstacles=space.obstacles(game, fig),
        difficult_cost=space.difficult_cost(game),
    )
    return area.polygon


# -- attacking ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An attack being considered: sight, cover, the odds, and why not if illegal.

    `hidden` holds board-space polygons of the target base's strips whose sight
    line is blocked (to shade them). `odds` is None if the attack cannot be made.
    """

    attacker: str
    target: str
    weapon: str
    burst: bool
    mode: AttackMode  # action | charge
    los: LosResult
    cover: Cover
    distance: float
    odds: OddsView | None
    problem: str | None
    blocking: tuple[str, ...] = ()
    cover_from: tuple[str, ...] = ()
    hidden: tuple[tuple[Point, ...], ...] = field(default=())
    zone: str | None = None  # a declared 3W6 hit zone (None: rolled)
    defence: tuple[str, int] | None = None  # 3W6: the best defence the odds assume

    def action(self) -> act.Action:
        if self.mode == "charge":
            return act.Charge(self.attacker, self.target, self.weapon, self.zone)
        return act.Attack(self.attacker, self.target, self.weapon, self.burst, self.zone)


def attack_preview(
    game: Game,
    attacker: Figure,
    target: Figure,
    weapon: str,
    *,
    burst: bool = False,
    mode: AttackMode = "action",
    zone: str | None = None,
) -> AttackPreview:
    """Sight lines, cover and exact odds of this attack (the combat room's context);
    `zone` a 3W6 hit zone the attack declares (its aim penalty in the odds)."""
    los = sight.figure_los(game, attacker, target)
    cover = sight.attack_cover(game, attacker, target, los)
    distance = sight.base_gap(attacker, target)
    probe: act.Action = (
        act.Charge(attacker.id, target.id, weapon, zone)
        if mode == "charge"
        else act.Attack(attacker.id, target.id, weapon, burst, zone)
    )
    problem = problem_of(game, probe)
    odds = None
    defence: tuple[str, int] | None = None
    if problem is None:
        arms = game.rules.weapon(weapon)
        measured = context.measure(
            game,
            attacker,
            target,
            arms,
            burst=burst,
            mode="charge" if mode == "charge" else "action",
        )
        measured = replace(measured, zone=zone)
        odds = game.system.odds(
            game,
            bridge.combatant(game, attacker),
            bridge.combatant(game, target),
            arms,
            measured.ctx,
            game.system.situation(game, attacker, target, measured),
        )
        if isinstance(game.system, ThreeW6):
            defence = game.system.best_defence(game, attacker, target, arms, measured)
    return AttackPreview(
        attacker.id,
        target.id,
        weapon,
        burst,
        mode,
        los,
        cover,
        distance,
        odds,
        problem,
        tuple(los.blocking),
        tuple(los.cover_from),
        hidden_strips(los, target),
        zone,
        defence,
    )


def hidden_strips(los: LosResult, target: Figure) -> tuple[tuple[Point, ...], ...]:
    """Polygons of the target base's parts whose sight line is blocked."""
    ends = los.line_ends
    k = len(ends)
    if k == 0 or not bool(los.line_blocked.any()):
        return ()
    dx, dy = target.x - los.origin[0], target.y - los.origin[1]
    norm = math.hypot(dx, dy) or 1.0
    d = (dx / norm, dy / norm)
    n = (-d[1], d[0])
    half = target.radius / k
    long = 2.0 * target.radius
    disc = ShapelyPoint(target.x, target.y).buffer(target.radius, quad_segs=12)
    strips = []
    for i in range(k):
        if not los.line_blocked[i]:
            continue
        ex, ey = float(ends[i][0]), float(ends[i][1])
        quad = [
            (ex + n[0] * s * half + d[0] * t * long, ey + n[1] * s * half + d[1] * t * long)
            for s, t in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        strips.append(shapely.Polygon(quad))
    shade = shapely.union_all(strips).intersection(disc)
    out = []
    for part in shapely.get_parts(shade):
        if part.geom_type == "Polygon" and not part.is_empty:
            out.append(tuple((float(x), float(y)) for x, y in part.exterior.coords))
    return tuple(out)


# -- throwing ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TemplatePreview:
    """A thrown template at `centre`: who it would touch, and why not if illegal.

    `p_hit` is the chance the throw hits the point (W20 + bonus ≥ the point's
    number, a natural 20 always) and `need` the W20 face that does it; `odds` gives
    every touched figure's exact odds *if the template lands on the point* (its own
    damage pool with its cover from the centre, a natural 20's dice included, halved
    when it saves against an explosion; a miss is counted as no wound, §5.5)."""

    figure: str
    weapon: str
    centre: Point
    radius: float
    reach: float
    touched: tuple[str, ...]
    shielded: tuple[str, ...]
    problem: str | None
    p_hit: float = 0.0
    need: int = 20
    odds: tuple[tuple[str, AttackOdds], ...] = ()

    def action(self) -> act.Action:
        return act.Throw(
            self.figure, self.weapon, (round(self.centre[0], 3), round(self.centre[1], 3))
        )

    @property
    def attacker(self) -> str:
        return self.figure

    @property
    def target(self) -> str:
        """The figure nearest the centre among those it would wound ('' for none)."""
        return self.odds[0][0] if self.odds else ""


def template_preview(game: Game, fig: Figure, weapon: str, centre: Point) -> TemplatePreview:
    arms = game.rules.weapon(weapon)
    radius = float(game.rules.knobs.template.radius(arms.template)) if arms.template else 0.0
    centre = (round(float(centre[0]), 3), round(float(centre[1]), 3))
    touches = blast.touched(game, centre, radius) if radius > 0 else []
    problem = problem_of(game, act.Throw(fig.id, weapon, centre))
    ctx = AttackContext(aimed=fig.aimed > 0, arsenal=context.arsenal_active(game, fig))
    thrower = bridge.combatant(game, fig)
    hit = hit_plan(thrower, arms, ctx, game.rules, game.rules.knobs.template.throw_target)
    outcomes = outcome_probabilities(hit.bonus, hit.target_number, hit.edge)
    hit_faces = [f for f in range(1, 21) if check_outcome(f, hit.bonus, hit.target_number).success]
    landed = sorted(
        (t for t in touches if not t.shielded), key=lambda t: math.dist(t.figure.pos, centre)
    )
    odds = tuple(
        (
            t.figure.id,
            template_odds(
                thrower,
                bridge.combatant(game, t.figure),
                arms,
                replace(ctx, cover=t.cover),
                game.rules,
            ),
        )
        for t in landed
    )
    return TemplatePreview(
        fig.id,
        weapon,
        centre,
        radius,
        float(arms.range or 0.0),
        tuple(t.figure.id for t in touches if not t.shielded),
        tuple(t.figure.id for t in touches if t.shielded),
        problem,
        outcomes[Outcome.SUCCESS] + outcomes[Outcome.CRITICAL],
        min(hit_faces, default=20),
        odds,
    )


def action_preview(game: Game, action: act.Action) -> AttackPreview | TemplatePreview | None:
    """What an action is shown with before it is made: an attack's or a charge's
    sight lines and odds, a throw's template and odds (None for other actions)."""
    st = game.state
    if isinstance(action, act.Throw) and action.figure in st.figures:
        return template_preview(game, st.figures[action.figure], action.weapon, action.at)
    if isinstance(action, act.Attack | act.Charge) and action.target in st.figures:
        attacker, target = st.figures[action.figure], st.figures[action.target]
        burst = action.burst if isinstance(action, act.Attack) else False
        mode: AttackMode = "charge" if isinstance(action, act.Charge) else "action"
        zone = action.zone
        return attack_preview(
            game, attacker, target, action.weapon, burst=burst, mode=mode, zone=zone
        )
    return None
