"""Candidate plans of one activation, Wesnoth RCA style: each candidate is the next
action with the value of the best way to finish the activation after it.

Values are in "figures" (ai/scoring.py). Where the figure ends up is worth
`spot_value`: minus the damage the enemy can expect to deal there (scaled by
self-preservation), plus the attacks it offers next activation (aggression), plus
ground gained toward the goal, minus straying from the band (herding).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ai.intent import PLACE_KINDS, Intent, place_of
from ai.scoring import TAKEDOWN_SHARE, WOUND_SHARE, attack_value, book, figure_value
from ai.situation import Situation
from ai.spots import table
from game import actions as act
from game.actions import Action
from game.board.sight import line_of_sight
from game.play import breaking, bridge, movement, overwatch, sight, support
from game.play import throw as throwing
from game.rules.checks import Outcome, outcome_probabilities
from game.rules.combatant import AttackContext, Combatant

if TYPE_CHECKING:
    from game.state import Figure

OPPORTUNITY = 0.35
"""Share of next activation's best attack a spot is credited with."""
GOAL_WEIGHT = {"storage": 0.05, "exit": 0.12, "enemy": 0.03, "key": 0.02, "none": 0.0}
"""Value per cm of flow-field cost gained toward the goal (before the sliders)."""
HOLD_RADIUS = 28.0
"""cm from the key point within which defenders feel no pull toward it."""
HERD_RANGE = 20.0
"""cm from the band's centre a figure may stray without a herding penalty."""
HERD_WEIGHT = 0.02
LOOT_GAIN = 2.0
"""Value of taking one loot from the storage."""
BREAK_GAIN = 0.5
"""Value of one blow at the barricade or gate that shuts the way."""
REPAIR_GAIN = 1.5
"""Value of restoring a smashed barricade or gate (Improvisieren), full repair."""
RELOAD_GAIN = 0.3
OVERWATCH_SHARE = 0.35
"""Share of a shot's value an overwatch on the likely approach is worth."""
AID_SHARE = 0.5
THROW_FRIENDLY = 2.0
"""How much more a friend in the template weighs than an enemy."""
SURE_THROWER = Combatant(name="thrower", ref=30)
"""An attacker that always hits, to price a template's pool alone."""


@dataclass(frozen=True, slots=True)
class Plan:
    """A candidate: the next action, its value, and the intent it stands for."""

    action: Action
    value: float
    what: str
    target: str = ""
    place: str = ""
    weapon: str = ""


class Scorer:
    """Spot values of one situation, with the sliders applied."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        slide = sit.slide
        fig = sit.fig
        hurt = 1.0 - fig.tp / max(1, fig.max_tp)
        sp = slide.self_preservation * (1.0 + (1.0 - slide.bravery) * 2.0 * hurt)
        if fig.loot:
            sp *= 1.3
        self.attack_mult = 0.6 + 0.8 * slide.aggression
        self.expo_mult = 0.2 + sp
        goal_mult = 0.5 + slide.aggression if sit.goal != "exit" else 1.5 - 0.5 * slide.bravery
        self.goal_w = GOAL_WEIGHT.get(sit.goal, 0.0) * goal_mult
        n = len(sit.kind)
        self.base = np.zeros(n)
        self.covered = np.zeros(n)
        self.gain = np.zeros(n)
        if n:
            self._precompute()

    def _precompute(self) -> None:
        sit = self.sit
        fig = sit.fig
        tp = max(1, fig.tp)

        def loss(e: np.ndarray) -> np.ndarray:
            share = np.minimum(e, tp) / tp
            return np.asarray(sit.value * (WOUND_SHARE * share + TAKEDOWN_SHARE * share**2))

        later = sit.later.max(axis=1) if sit.later.size else np.zeros(len(sit.kind))
        gain = self.gain = self._goal_gain()
        herd = self._herd()
        common = OPPORTUNITY * self.attack_mult * later + gain - herd
        self.base = common - self.expo_mult * loss(sit.expo)
        self.covered = common - self.expo_mult * loss(sit.expo_cover)

    def _goal_gain(self) -> np.ndarray:
        sit = self.sit
        progress = sit.progress
        if sit.goal == "key":  # defenders: no pull within the hold radius
            progress = np.maximum(progress - HOLD_RADIUS, 0.0)
        return np.asarray(self.goal_w * (progress[0] - progress))

    def _herd(self) -> np.ndarray:
        sit = self.sit
        friends = [
            f
            for f in sit.game.state.side_figures(sit.fig.side)
            if f.id != sit.fig.id and f.on_table
        ]
        if not friends or sit.spots is None:
            return np.zeros(len(sit.kind))
        centre = np.mean([f.pos for f in friends], axis=0)
        d = np.hypot(sit.spots.xy[:, 0] - centre[0], sit.spots.xy[:, 1] - centre[1])
        return np.asarray(HERD_WEIGHT * sit.slide.herding * np.maximum(d - HERD_RANGE, 0.0))

    def at(self, i: int, covered: bool = False) -> float:
        return float(self.covered[i] if covered else self.base[i])


def plans(sit: Situation) -> list[Plan]:
    """Every candidate plan, best first."""
    sc = Scorer(sit)
    fig = sit.fig
    here = sc.at(0)
    out: list[Plan] = [Plan(act.EndActivation(fig.id), here, _idle_what(sit), place=_idle(sit))]
    best_move = _best_move(sit, sc)
    after_static = max(here, best_move[0]) if sit.left >= 2 else here
    if sit.can("cover") and sit.left >= 2:
        after_static = max(after_static, sc.at(0, True))
    if sit.can("cover"):
        then = max((s.value for s in sit.shots), default=0.0) if sit.left >= 2 else 0.0
        out.append(
            Plan(act.TakeCover(fig.id), sc.at(0, True) + sc.attack_mult * then, "take_cover")
        )
    for shot in sit.shots:
        value = sc.attack_mult * shot.value + after_static
        out.append(_shot_plan(shot.action, value, shot, "shoot"))
    if sit.can("aim") and sit.can("attack") and sit.left >= 2 and sit.shots:
        best = max(sit.shots, key=lambda s: s.aimed)
        value = sc.attack_mult * best.aimed + here
        out.append(_shot_plan(act.Aim(fig.id), value, best, "aim"))
    out += _moves(sit, sc)
    out += _objective(sit, sc, after_static)
    out += _support(sit, sc, after_static)
    out.sort(key=lambda p: -p.value)
    return out


def _shot_plan(action: Action, value: float, shot: object, what: str) -> Plan:
    from ai.situation import Shot

    assert isinstance(shot, Shot)
    return Plan(action, value, what, target=shot.target.name, weapon=shot.action.weapon)


def _idle(sit: Situation) -> str:
    if sit.role == "defenders":
        kp = sit.goal_area
        return "storage" if kp is not None and sit.goal == "key" else "walls"
    return ""


def _idle_what(sit: Situation) -> str:
    return "hold" if sit.role == "defenders" else "wait"


def _best_move(sit: Situation, sc: Scorer) -> tuple[float, int]:
    """The best spot a single Move reaches (value, index), not moving: (-inf, -1)."""
    best = (-math.inf, -1)
    if not sit.can("move"):
        return best
    for i, kind in enumerate(sit.kind):
        if kind == "move" and sc.at(i) > best[0]:
            best = (sc.at(i), i)
    return best


def _follow_up(sit: Situation, sc: Scorer, i: int) -> tuple[float, str]:
    """The best way to end the activation at spot i with one action left after a Move."""
    options = [(sc.at(i), "position")]
    if sit.can("cover"):
        options.append((sc.at(i, True), "take_cover"))
    if sit.can("attack") and sit.now.size:
        options.append((sc.at(i) + sc.attack_mult * float(sit.now[i].max()), "position"))
    if sit.goal == "storage" and sit.goal_area is not None and _touching_area(sit, i):
        options.append((sc.at(i) + LOOT_GAIN, "loot"))
    if sit.blocker is not None and sit.can("attack") and _touching_piece(sit, i):
        options.append((sc.at(i) + BREAK_GAIN * sc.attack_mult, "break_in"))
    if sit.can("overwatch"):
        options.append((sc.at(i) + _overwatch_value(sit, sc, i), "overwatch"))
    return max(options)


def _moves(sit: Situation, sc: Scorer) -> list[Plan]:
    """Move, Run and Charge plans."""
    out: list[Plan] = []
    fig = sit.fig
    assert sit.spots is not None
    xy = sit.spots.xy
    advance = _advance_place(sit)
    for i, kind in enumerate(sit.kind):
        to = (round(float(xy[i, 0]), 3), round(float(xy[i, 1]), 3))
        if kind == "move" and sit.can("move") and _may_retreat_to(sit, i):
            if sit.left >= 2:
                value, what = _follow_up(sit, sc, i)
            else:
                value, what = sc.at(i), "position"
            if what == "position":
                what = "advance" if sc.gain[i] > 0.1 else "position"
            place = _piece_place(sit) if what == "break_in" else advance
            out.append(Plan(act.Move(fig.id, to), value, what, place=place))
        elif kind == "run" and sit.can("run", 2) and _may_retreat_to(sit, i):
            what = "carry_off" if sit.goal == "exit" else "advance"
            out.append(Plan(act.Run(fig.id, to), sc.at(i), what, place=advance))
        elif kind == "charge" and sit.can("charge", 2):
            target = sit.game.state.figures[sit.ref[i]]
            weapon = movement.best_melee(sit.game, fig)
            if weapon is None:
                continue
            j = sit.enemies.index(target)
            value = sc.at(i) + sc.attack_mult * float(sit.now[i, j])
            out.append(Plan(act.Charge(fig.id, target.id, weapon), value, "charge", target.name))
    if fig.suppressed:
        out = [p for p in out if p.what != "charge"]
        out = [Plan(p.action, p.value, "retreat") for p in out]
    return out


def _advance_place(sit: Situation) -> str:
    if sit.goal == "storage":
        return "storage"
    if sit.goal == "key":
        return "walls"
    if sit.goal == "enemy":
        return "enemy"
    return ""


def _may_retreat_to(sit: Situation, i: int) -> bool:
    """A suppressed figure's move must end farther from the nearest visible enemy (§7)."""
    if not sit.fig.suppressed:
        return True
    enemy = movement.nearest_visible_enemy(sit.game, sit.fig)
    if enemy is None:
        return True
    assert sit.spots is not None
    to = sit.spots.xy[i]
    return math.dist((float(to[0]), float(to[1])), enemy.pos) > math.dist(sit.fig.pos, enemy.pos)


def _touching_area(sit: Situation, i: int) -> bool:
    from shapely.geometry import Point

    assert sit.spots is not None and sit.goal_area is not None
    gap = sit.goal_area.distance(Point(sit.spots.xy[i])) - sit.fig.radius
    return bool(gap <= sit.game.rules.knobs.base_contact_gap - 0.05)


def _touching_piece(sit: Situation, i: int) -> bool:
    from shapely.geometry import Point

    assert sit.spots is not None and sit.blocker is not None
    gap = sit.blocker.polygon.distance(Point(sit.spots.xy[i])) - sit.fig.radius
    return bool(gap <= sit.game.rules.knobs.base_contact_gap - 0.05)


def _objective(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Loot the storage, break the way in, restore a smashed barricade."""
    game, fig = sit.game, sit.fig
    out: list[Plan] = []
    if not sit.can("interact") or fig.suppressed:
        pass
    elif sit.role == "raiders":
        store = _touched_storage(sit)
        if store is not None:
            more = LOOT_GAIN * (1.0 if fig.loot < 2 else 0.3)
            value = more + (max(after, sc.at(0) + 0.8 * more) if sit.left >= 2 else sc.at(0))
            out.append(Plan(act.Interact(fig.id, store), value, "loot", place="storage"))
    else:
        for piece in support.nearby_pieces(game, fig):
            repair = _repair_value(sit, piece.id)
            if repair > 0:
                value = repair + after
                out.append(Plan(act.Interact(fig.id, piece.id), value, "hold", place="walls"))
    if sit.blocker is not None and sit.can("attack"):
        weapon = movement.best_melee(game, fig)
        if weapon is not None:
            arms = game.rules.weapon(weapon)
            if breaking.problem(game, fig, sit.blocker.id, arms) is None:
                value = BREAK_GAIN * sc.attack_mult + after
                place = _piece_place(sit)
                out.append(
                    Plan(act.Attack(fig.id, sit.blocker.id, weapon), value, "break_in", place=place)
                )
    return out


def _piece_place(sit: Situation) -> str:
    """The place word of the piece that shuts the way (gate, barricade)."""
    piece = sit.blocker
    if piece is None:
        return ""
    kind = piece.destroyed_from or piece.kind
    if kind in PLACE_KINDS:
        return str(kind.value)
    c = piece.polygon.centroid
    return place_of(sit.game.state, (float(c.x), float(c.y)))


def _touched_storage(sit: Situation) -> str | None:
    from ai.objectives import storage

    store = storage(sit.game)
    if store is None:
        return None
    try:
        support.interaction(sit.game, sit.fig, store.id)
    except act.IllegalAction:
        return None
    return store.id


def _repair_value(sit: Situation, piece_id: str) -> float:
    try:
        done = support.interaction(sit.game, sit.fig, piece_id)
    except act.IllegalAction:
        return 0.0
    if done.what != "restore":
        return 0.0
    piece = done.piece
    full = piece.max_structure or 1
    missing = full - (0 if piece.destroyed else (piece.structure or 0))
    return REPAIR_GAIN * missing / full


def _support(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Reload, First aid, Overwatch, Throw."""
    game, fig = sit.game, sit.fig
    out: list[Plan] = []
    here = sc.at(0)
    if fig.suppressed:
        return out
    if sit.can("reload"):
        for carried in fig.weapons:
            if support.reload_problem(game, fig, carried.name) is not None:
                continue
            empty = carried.jammed or not carried.loaded
            value = RELOAD_GAIN * (1.0 if empty else 0.2) + after
            out.append(Plan(act.Reload(fig.id, carried.name), value, "reload"))
    if sit.can("aid"):
        for patient in game.state.figures.values():
            if patient.side != fig.side or support.aid_problem(game, fig, patient) is not None:
                continue
            value = _aid_value(sit, patient) + after
            out.append(Plan(act.FirstAid(fig.id, patient.id), value, "first_aid", patient.name))
    if sit.can("overwatch") and not sit.shots:
        plan = _overwatch_plan(sit, sc)
        if plan is not None:
            out.append(plan)
    if sit.can("throw"):
        out += _throws(sit, sc, after)
    del here
    return out


def _aid_value(sit: Situation, patient: Figure) -> float:
    """Chance of the VER test times what standing it up (or a TP) is worth."""
    game = sit.game
    knobs = game.rules.knobs.tests
    ver = game.profile(sit.fig).ver
    probs = outcome_probabilities(ver, knobs.first_aid_target, 0)
    success = probs[Outcome.SUCCESS] + probs[Outcome.CRITICAL]
    worth = figure_value(game, patient)
    if not patient.standing:
        return AID_SHARE * success * worth
    return 0.3 * success * worth / max(1, patient.max_tp)


def _approach(sit: Situation) -> tuple[float, float] | None:
    """Where the enemy will likely come from: the nearest enemy."""
    if not sit.enemies:
        return None
    near = min(sit.enemies, key=lambda e: (math.dist(e.pos, sit.fig.pos), e.id))
    return near.pos


def _overwatch_value(sit: Situation, sc: Scorer, i: int) -> float:
    """An overwatch zone toward the nearest enemy that could come into it: worth a
    share of a shot at it in the open."""
    game, fig = sit.game, sit.fig
    weapon = overwatch.readied_weapon(game, fig)
    if weapon is None or not sit.enemies:
        return 0.0
    radius = overwatch.max_radius(game, weapon)
    assert sit.spots is not None
    j = int(np.argmin(sit.spots.distance[i]))
    enemy = sit.enemies[j]
    dash = movement.allowance(game, enemy, "run")
    if sit.spots.distance[i, j] > radius + dash:
        return 0.0
    shot = float(table(game, fig, enemy, value=figure_value(game, enemy)).short[0])
    return OVERWATCH_SHARE * sc.attack_mult * shot


def _overwatch_plan(sit: Situation, sc: Scorer) -> Plan | None:
    game, fig = sit.game, sit.fig
    weapon = overwatch.readied_weapon(game, fig)
    at = _approach(sit)
    if weapon is None or at is None:
        return None
    value = _overwatch_value(sit, sc, 0)
    if value <= 0:
        return None
    direction = round(sight.bearing(fig.pos, at) % 360.0, 3)
    knobs = game.rules.knobs.overwatch
    action = act.Overwatch(
        fig.id, direction, float(knobs.max_angle), overwatch.max_radius(game, weapon)
    )
    return Plan(action, value + sc.at(0), "overwatch")


def _throws(sit: Situation, sc: Scorer, after: float) -> list[Plan]:
    """Throw a template weapon at the enemy that has the most enemies around it."""
    game, fig = sit.game, sit.fig
    out: list[Plan] = []
    friends = [f for f in game.state.side_figures(fig.side) if f.id != fig.id]
    for carried in fig.weapons:
        weapon = game.rules.weapon(carried.name)
        if weapon.type != "thrown" or weapon.template is None or not carried.uses:
            continue
        radius = float(getattr(game.rules.knobs.template, f"{weapon.template}_radius"))
        p_hit = _throw_hit(sit, weapon.name)
        best: tuple[float, Figure] | None = None
        for enemy in sit.enemies:
            if throwing.throw_distance(fig, enemy.pos) > (weapon.range or 0.0):
                continue
            caught = [e for e in sit.enemies if math.dist(e.pos, enemy.pos) <= radius + e.radius]
            hurt = [
                f for f in [*friends, fig] if math.dist(f.pos, enemy.pos) <= radius + f.radius + 2
            ]
            worth = sum(_template_worth(sit, weapon.name, e) for e in caught)
            worth -= THROW_FRIENDLY * sum(_template_worth(sit, weapon.name, f) for f in hurt)
            worth *= p_hit
            if best is None or worth > best[0]:
                best = (worth, enemy)
        if best is None or best[0] <= 0:
            continue
        target = best[1]
        los = line_of_sight(
            game.state.board,
            fig.pos,
            target.pos,
            viewer_radius=fig.radius,
            target_radius=sight.POINT_RADIUS,
            params=sight.params(game),
        )
        if not los.visible:
            continue
        action = act.Throw(fig.id, weapon.name, (round(target.x, 3), round(target.y, 3)))
        value = sc.attack_mult * best[0] + after
        out.append(Plan(action, value, "throw", target.name, weapon=weapon.name))
    return out


def _throw_hit(sit: Situation, weapon: str) -> float:
    knobs = sit.game.rules.knobs.template
    bonus = sit.game.profile(sit.fig).ranged_bonus
    probs = outcome_probabilities(bonus, knobs.throw_target, 0)
    return probs[Outcome.SUCCESS] + probs[Outcome.CRITICAL] + 0.3 * probs[Outcome.FAILURE]


def _template_worth(sit: Situation, weapon: str, target: Figure) -> float:
    """Rough value of a template's pool on one figure (a sure hit, no cover)."""
    game = sit.game
    arms = game.rules.weapon(weapon)
    odds = book(game).odds(
        game, SURE_THROWER, bridge.combatant(game, target), arms, AttackContext()
    )
    return attack_value(odds, target, figure_value(game, target))


def intent_of(sit: Situation, plan: Plan) -> Intent:
    """The line the plan stands for."""
    side = sit.game.state.sides[sit.fig.side]
    role = sit.role if sit.role in ("raiders", "defenders") else "skirmish"
    what = plan.what
    if sit.fig.suppressed and what in ("position", "advance", "take_cover", "wait"):
        what = "retreat"
    if what == "advance" and sit.goal == "exit":
        what = "carry_off"
    if what == "position" and not plan.target:
        what = "position"
    return Intent(role, side.name, what, plan.target, plan.place, weapon=plan.weapon)
