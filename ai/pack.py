"""What each figure of an activated horde pack goes for (RULES.md §8, §12), worked
out once when the pack activates.

In order: the nearest living enemy it can see; else the loudest noise marker it
hears; else the shelter (the key point). A figure that can reach the shelter in
this activation goes in whatever it sees — the residents are what the dead want.
Sight is one batched query per enemy against the whole pack.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ai.fields import field_cache
from ai.intent import Intent, place_of
from ai.objectives import shelter
from game.board.fields import FlowField, Goal
from game.board.freespace import Circle
from game.board.sight import line_of_sight_batch
from game.play import movement, noise, sight, space
from game.state import NoiseMarker

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

ROUND_TO = 0.5
"""cm: enemy positions are rounded this far in a field's key (one field per goal)."""


@dataclass(slots=True)
class Aim:
    """One pack member's goal: hunt | noise | shelter | none."""

    goal: str
    target: str | None = None
    marker: NoiseMarker | None = None
    cost: float = math.inf


@dataclass(slots=True)
class PackPlan:
    """The goals of an activated pack, the order its members act in, and the intent."""

    key: tuple[object, ...]
    jam: tuple[Circle, ...] = ()
    aims: dict[str, Aim] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    intent: Intent | None = None


def _key(x: float) -> float:
    return round(x / ROUND_TO) * ROUND_TO


def goal_field(
    game: Game, figure: Figure, aim: Aim, jam: tuple[Circle, ...] = ()
) -> FlowField | None:
    """The flow field toward a member's goal (None: no goal on the table); with `jam`,
    around those bases (a crowd that shuts the way)."""
    cache = field_cache(game)
    board = game.state.board
    cost = space.difficult_cost(game)
    goals: list[Goal]
    if aim.goal == "noise" and aim.marker is not None:
        m = aim.marker
        key: tuple[object, ...] = ("noise", _key(m.x), _key(m.y))
        goals = [(m.x, m.y)]
    elif aim.goal == "shelter" and (piece := shelter(game)) is not None:
        key, goals = ("piece", piece.id), [piece.polygon]
    else:
        enemies = game.state.enemies_of(figure)
        if not enemies:
            return None
        spots = sorted((_key(e.x), _key(e.y)) for e in enemies)
        key, goals = ("enemies", tuple(spots)), list(spots)
    if jam:
        key = (*key, "jam", jam)
    return cache.field(board, figure.radius, key, goals, cost, obstacles=jam)


def jam_of(game: Game, members: list[Figure]) -> tuple[Circle, ...]:
    """The bases a pack cannot walk through this activation: its own side's figures
    on the table but the pack's members that are free to move (not in a fight), and
    the fallen. Standing enemies are goals to charge, not walls."""
    if not members:
        return ()
    side = members[0].side
    own = {m.id for m in members if not space.enemies_in_contact(game, m)}
    return tuple(
        Circle(round(f.x, 2), round(f.y, 2), f.radius)
        for f in sorted(game.state.figures.values(), key=lambda f: f.id)
        if f.on_table and f.id not in own and (f.side == side or not f.standing)
    )


def _visible(game: Game, members: list[Figure], enemies: list[Figure]) -> np.ndarray:
    """(members, enemies): who sees whom (one batch per enemy)."""
    seen = np.zeros((len(members), len(enemies)), np.bool_)
    if not members or not enemies:
        return seen
    pts = np.array([m.pos for m in members])
    radii = np.array([m.radius for m in members])
    params = sight.params(game)
    for j, enemy in enumerate(enemies):
        batch = line_of_sight_batch(
            game.state.board,
            enemy.pos,
            pts,
            viewer_radius=enemy.radius,
            target_radii=radii,
            params=params,
        )
        seen[:, j] = batch.visible
    return seen


def plan_pack(game: Game, members: list[Figure], key: tuple[object, ...]) -> PackPlan:
    """Goals, acting order (nearest its goal first) and the pack's intent."""
    plan = PackPlan(key, jam_of(game, members))
    enemies = [e for e in game.state.enemies_of(members[0])] if members else []
    seen = _visible(game, members, enemies)
    home = shelter(game)
    for i, fig in enumerate(members):
        aim = _aim(game, fig, enemies, seen[i])
        if home is not None and aim.goal != "shelter" and not _in_contact(game, fig):
            go_home = Aim("shelter")
            home_field = goal_field(game, fig, go_home)
            reach = movement.allowance(game, fig, "run")
            if home_field is not None and float(home_field.distance_at(fig.pos)) <= reach:
                aim = go_home
        found = goal_field(game, fig, aim)
        aim.cost = float(found.distance_at(fig.pos)) if found is not None else math.inf
        plan.aims[fig.id] = aim
    plan.order = sorted(plan.aims, key=lambda f: (plan.aims[f].cost, f))
    plan.intent = _intent(game, members, plan)
    return plan


def _in_contact(game: Game, fig: Figure) -> bool:
    return bool(space.enemies_in_contact(game, fig))


def _aim(game: Game, fig: Figure, enemies: list[Figure], seen: np.ndarray) -> Aim:
    visible = [e for e, s in zip(enemies, seen, strict=True) if s]
    if visible:
        target = min(visible, key=lambda e: (math.dist(fig.pos, e.pos), e.id))
        return Aim("hunt", target.id)
    marker = noise.heard_by(game, fig.pos)
    if marker is not None:
        return Aim("noise", marker=marker)
    if shelter(game) is not None:
        return Aim("shelter")
    return Aim("none")


def _intent(game: Game, members: list[Figure], plan: PackPlan) -> Intent:
    side = game.state.sides[members[0].side].name if members else ""
    goals = Counter(a.goal for a in plan.aims.values())
    goal = goals.most_common(1)[0][0] if goals else "none"
    lead = next((plan.aims[f] for f in plan.order if plan.aims[f].goal == goal), None)
    if goal == "hunt" and lead is not None and lead.target is not None:
        target = game.state.figures[lead.target]
        return Intent("horde", side, "hunt", target=target.name)
    if goal == "noise" and lead is not None and lead.marker is not None:
        m = lead.marker
        return Intent(
            "horde", side, "drawn", sound=m.source, place=place_of(game.state, (m.x, m.y))
        )
    home = shelter(game)
    if goal == "shelter" and home is not None:
        return Intent("horde", side, "shelter", place="shelter")
    return Intent("horde", side, "wait")
