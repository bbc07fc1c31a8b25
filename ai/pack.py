"""What each figure of an activated horde pack goes for (docs/RULES.md §8, §12), worked
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

import numpy as np

from ai.fields import Hashed, field_cache
from ai.intent import Intent, place_of
from ai.memo import memo
from ai.objectives import shelter
from ai.ways import enemies as enemies_of
from ai.ways import enemies_in_contact
from game.board.fields import FlowField, Goal
from game.board.freespace import Circle
from game.board.terrain import TerrainPiece
from game.engine import Game
from game.play import attention, movement, sight, space
from game.state import Figure, NoiseMarker

ROUND_TO = 2.0
"""cm: enemy positions are rounded this far in a field's key (one field per goal)."""


@dataclass(slots=True)
class Aim:
    """One pack member's goal: hunt | noise | shelter | feint (`target`: the piece to
    bang on, ai/massing.py) | none."""

    goal: str
    target: str | None = None
    marker: NoiseMarker | None = None
    cost: float = math.inf


@dataclass(slots=True)
class PackPlan:
    """The goals of an activated pack, the order its members act in, and the intent."""

    key: tuple[object, ...]
    jam: tuple[Circle, ...] = ()  # around the crowd, for hunters (enemies are targets)
    crowd: tuple[Circle, ...] = ()  # around every base, for the way to the shelter or a noise
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
    elif (piece := _piece_goal(game, aim)) is not None:
        key, goals = ("piece", piece.id), [piece.polygon]
    else:
        spots = memo(game, ("spots", figure.side), lambda: _spots(enemies_of(game, figure)))
        if not spots:
            return None
        key, goals = ("enemies", spots), list(spots)
    if jam:
        key = (*key, "jam", jam)
    return cache.field(board, figure.radius, key, goals, cost, obstacles=jam)


def _piece_goal(game: Game, aim: Aim) -> TerrainPiece | None:
    """The piece a member heads into: the shelter, or the piece it feints at."""
    if aim.goal == "shelter":
        return shelter(game)
    if aim.goal == "feint":
        return game.state.board.pieces.get(aim.target or "")
    return None


def _spots(enemies: list[Figure]) -> tuple[tuple[float, float], ...]:
    """The enemies' rounded places, sorted: the goals of a hunting field and its key."""
    return tuple(sorted((_key(e.x), _key(e.y)) for e in enemies))


class Bases(Hashed):
    """Bases to walk around (they key flow fields, looked up once per step)."""


def jams_of(game: Game, members: list[Figure]) -> tuple[tuple[Circle, ...], tuple[Circle, ...]]:
    """The bases a pack cannot walk through this activation: every figure on the
    table but the pack's members that are free to move (not in a fight). First for
    hunters, without the standing enemies (goals to charge, not walls); then all."""
    if not members:
        return (), ()
    side = members[0].side
    own = {m.id for m in members if not enemies_in_contact(game, m)}
    bases = [
        (f.side == side or not f.standing, Circle(round(f.x, 2), round(f.y, 2), f.radius))
        for f in sorted(game.state.figures.values(), key=lambda f: f.id)
        if f.on_table and f.id not in own
    ]
    return Bases(c for wall, c in bases if wall), Bases(c for _, c in bases)


def _visible(game: Game, members: list[Figure], enemies: list[Figure]) -> np.ndarray:
    """(members, enemies): who sees whom — one batch per figure of the smaller group
    (sight is symmetric, docs/RULES.md §10): a lone infected (packs off, §3) is one batch."""
    if len(members) <= len(enemies):
        return sight.seen_by(game, members, enemies)
    return sight.seen_by(game, enemies, members).T


def plan_pack(game: Game, members: list[Figure], key: tuple[object, ...]) -> PackPlan:
    """Goals, acting order (nearest its goal first) and the pack's intent."""
    plan = PackPlan(key, *jams_of(game, members))
    if not members:
        return plan
    enemies = enemies_of(game, members[0])
    seen = _visible(game, members, enemies)
    home = shelter(game)
    aims = [_aim(game, fig, enemies, seen[i]) for i, fig in enumerate(members)]
    if home is not None:
        home_costs = _costs(game, members, [Aim("shelter")] * len(members))
        for i, fig in enumerate(members):
            reach = movement.allowance(game, fig, "run")
            if aims[i].goal != "shelter" and home_costs[i] <= reach:
                aims[i] = Aim("shelter")
    for aim, cost in zip(aims, _costs(game, members, aims), strict=True):
        aim.cost = cost
    plan.aims = {fig.id: aim for fig, aim in zip(members, aims, strict=True)}
    plan.order = sorted(plan.aims, key=lambda f: (plan.aims[f].cost, f))
    plan.intent = _intent(game, members, plan)
    return plan


def _costs(game: Game, members: list[Figure], aims: list[Aim]) -> list[float]:
    """Each member's cost to its goal: straight to a figure or a noise, else the
    field's (one vectorised read per field)."""
    out = [math.inf] * len(members)
    groups: dict[int, tuple[FlowField, list[int]]] = {}
    for i, (fig, aim) in enumerate(zip(members, aims, strict=True)):
        if aim.goal == "hunt" and aim.target in game.state.figures:
            out[i] = math.dist(fig.pos, game.state.figures[aim.target].pos)
            continue
        if aim.goal == "noise" and aim.marker is not None:
            out[i] = math.dist(fig.pos, (aim.marker.x, aim.marker.y))
            continue
        found = goal_field(game, fig, aim)
        if found is not None:
            groups.setdefault(id(found), (found, []))[1].append(i)
    for found, rows in groups.values():
        costs = found.distance_at(np.array([members[i].pos for i in rows]))
        for i, c in zip(rows, costs, strict=True):
            out[i] = float(c)
    return out


def _aim(game: Game, fig: Figure, enemies: list[Figure], seen: np.ndarray) -> Aim:
    visible = [e for e, s in zip(enemies, seen, strict=True) if s]
    if visible:
        target = min(visible, key=lambda e: (math.dist(fig.pos, e.pos), e.id))
        return Aim("hunt", target.id)
    marker = heard(game, fig)
    if marker is not None:
        return Aim("noise", marker=marker)
    if shelter(game) is not None:
        return Aim("shelter")
    return Aim("none")


def heard(game: Game, fig: Figure) -> NoiseMarker | None:
    """The loudest marker the figure hears (§8 attention), leaving out the noise its
    own side made: the dead do not follow each other's footsteps (P, an AI choice).

    Not the engine's `Figure.attention` (game/play/attention.py), which follows the
    rule to the letter: there a shambler breaking a barricade draws the others, and
    attention comes only as a marker is placed. Reading it would change the horde's
    choices now and then (1 of 51 such looks over refuge_horde seeds 1–30), so the
    AI keeps its own reading."""
    st = game.state
    markers = [
        m
        for m in st.noise
        if math.dist((m.x, m.y), fig.pos) <= m.radius
        and (
            m.figure is None or m.figure not in st.figures or st.figures[m.figure].side != fig.side
        )
    ]
    return attention.loudest(markers, fig.pos)


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
