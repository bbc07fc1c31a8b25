"""Candidate plans of one activation, Wesnoth RCA style: each candidate is the next
action with the value of the best way to finish the activation after it.

Values are in "figures" (ai/scoring.py); where the figure ends up is worth what
ai/scorer.py says. Shots, moves, charges and the objective (loot, breaking in,
repairs) are here; Reload, First aid, Overwatch and throws in ai/support_plans.py.
"""

from __future__ import annotations

import math

import numpy as np

from ai import objectives as obj
from ai.intent import PLACE_KINDS, Intent, place_of
from ai.items import item_plans
from ai.objectives import storage
from ai.scorer import Plan, Scorer
from ai.situation import Shot, Situation
from ai.support_plans import overwatch_value, support_plans
from ai.talent_plans import talent_plans
from game import actions as act
from game.actions import Action
from game.play import breaking, loot, movement, support

pass


LOOT_GAIN = 2.0
"""Value of taking one loot from the storage."""
BREAK_GAIN = 0.5
"""Value of one blow at the barricade or gate that shuts the way."""
REPAIR_GAIN = 1.5
"""Value of restoring a smashed barricade or gate (Improvisieren), full repair."""


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
    out += support_plans(sit, sc, after_static)
    out += item_plans(sit, sc, after_static)
    out += talent_plans(sit, sc, out)
    out.sort(key=lambda p: -p.value)
    return out


def _shot_plan(action: Action, value: float, shot: Shot, what: str) -> Plan:
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


def _follow_up(sit: Situation, sc: Scorer, i: int) -> tuple[float, str, str]:
    """The best way to end the activation at spot i with one action left after a Move:
    (value, what, target name)."""
    options = [(sc.at(i), "position", "")]
    if sit.can("cover"):
        options.append((sc.at(i, True), "take_cover", ""))
    if sit.can("attack") and sit.now.size:
        j = int(np.argmax(sit.now[i]))
        shot = sc.at(i) + sc.attack_mult * float(sit.now[i, j])
        options.append((shot, *_shot_kind(sit, i, j)))
    if sit.goal in ("storage", "find") and sit.goal_area is not None and _touching_area(sit, i):
        options.append((sc.at(i) + LOOT_GAIN, "loot", ""))
    if sit.blocker is not None and sit.can("attack") and _touching_piece(sit, i):
        options.append((sc.at(i) + BREAK_GAIN * sc.attack_mult, "break_in", ""))
    if sit.can("overwatch"):
        options.append((sc.at(i) + overwatch_value(sit, sc, i), "overwatch", ""))
    return max(options, key=lambda o: o[0])


def _shot_kind(sit: Situation, i: int, j: int) -> tuple[str, str]:
    """A move then a shot: a flank when the spot strips the target's cover (or sees
    it where the figure cannot), else a firing position."""
    assert sit.spots is not None
    name = sit.enemies[j].name
    here_seen = bool(sit.spots.seen[0, j])
    stripped = sit.spots.cover_them[i, j] < sit.spots.cover_them[0, j]
    if sit.spots.seen[i, j] and here_seen and stripped:
        return "flank", name
    return "position", name


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
                value, what, target = _follow_up(sit, sc, i)
            else:
                value, what, target = sc.at(i), "position", ""
            if what == "position" and not target:
                what = "advance" if sc.gain[i] > 0.1 else "position"
            place = _piece_place(sit) if what == "break_in" else advance
            out.append(Plan(act.Move(fig.id, to), value, what, target, place=place))
        elif kind == "run" and sit.can("run", 2) and _may_retreat_to(sit, i):
            what = "carry_off" if sit.goal == "exit" else "advance"
            out.append(Plan(act.Run(fig.id, to), sc.at(i), what, place=advance))
        elif kind == "charge" and sit.can("charge", 2):
            foe = sit.game.state.figures[sit.ref[i]]
            weapon = movement.best_melee(sit.game, fig)
            if weapon is None:
                continue
            j = sit.enemies.index(foe)
            value = sc.at(i) + sc.attack_mult * float(sit.now[i, j])
            out.append(Plan(act.Charge(fig.id, foe.id, weapon), value, "charge", foe.name))
    if fig.suppressed:
        out = [p for p in out if p.what != "charge"]
        out = [Plan(p.action, p.value, "retreat") for p in out]
    return out


def _advance_place(sit: Situation) -> str:
    if sit.goal == "storage":
        return "storage"
    if sit.goal == "repair" and sit.goal_area is not None:
        return place_of(sit.game.state, _centre(sit.goal_area))
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
    elif sit.goal == "find":
        best = obj.best_find(game, fig)
        for marker in loot.reachable(game, fig):
            if best is not None and obj.find_worth(marker) >= obj.find_worth(best):
                value = LOOT_GAIN + after
                out.append(Plan(act.Interact(fig.id, marker.id), value, "loot", place="find"))
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
                kind = (piece.destroyed_from or piece.kind).value
                out.append(Plan(act.Interact(fig.id, piece.id), value, "repair", place=kind))
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


def _centre(area: object) -> tuple[float, float]:
    c = area.centroid  # type: ignore[attr-defined]
    return (float(c.x), float(c.y))


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


def intent_of(sit: Situation, plan: Plan) -> Intent:
    """The line the plan stands for."""
    side = sit.game.state.sides[sit.fig.side]
    role = sit.role if sit.role in ("raiders", "defenders") else "skirmish"
    what = plan.what
    if sit.fig.suppressed and what in ("position", "advance", "take_cover", "wait"):
        what = "retreat"
    if what == "advance" and sit.goal == "exit":
        what = "carry_off"
    if what == "advance" and sit.goal == "repair":
        what = "repair"
    if what == "position" and not plan.target:
        what = "position"
    return Intent(role, side.name, what, plan.target, plan.place, weapon=plan.weapon)
