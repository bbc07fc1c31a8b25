"""The cheap scripted policy the `hard` level's look-ahead plays its playouts with
(ai/search.py): fast enough to play a round and a half in a fraction of a second,
sensible enough that what follows a candidate looks like a battle.

Each figure: strikes an enemy in base contact; else shoots the nearest enemy it can
hit (the wounded first among those as near); else, if it has not moved, goes for
its goal — a raider down its side plan's way to the storage or out, any other
figure toward the nearest enemy while none is within CLOSE, a defender nowhere (it
holds) — and then shoots if it can. The undead play the classic horde
(ai/horde.py). Between activations: the figure nearest an enemy goes first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ai import threew6
from ai.horde import HordeAI
from ai.objectives import role_of
from ai.plan import SidePlan
from ai.situation import goal_of
from ai.steps import step
from game import actions as act
from game.actions import Action
from game.play import budget, combat, movement, space

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

TARGETS = 3
"""Nearest enemies a figure tries to shoot at."""
CLOSE = 45.0
"""cm: a figure this near an enemy holds where it is (and shoots) instead of closing."""


class Scripted:
    """A cheap controller for every side of a playout."""

    name = "scripted"

    def __init__(self, plans: dict[str, SidePlan]) -> None:
        self._plans = plans
        self._horde = HordeAI(level="classic")

    def intent(self, game: Game) -> str | None:
        return None

    def choose(self, game: Game) -> Action:
        pending = game.pending()
        assert pending is not None
        if role_of(game, pending.side) == "horde":
            return self._horde.choose(game)
        if pending.kind == "choose_first":
            sides = list(pending.data["sides"])
            return act.ChooseFirst(
                pending.side, pending.side if pending.side in sides else sides[0]
            )
        if pending.kind == "choose_entry":
            return act.ChooseEntry(pending.side, self._entry(pending.side, pending.data["entries"]))
        if pending.kind == "activate":
            return act.Activate(_nearest_first(game, pending.figures))
        if pending.kind == "intercept":
            return act.Intercept(pending.figures[0], False)
        if pending.kind == "defence":
            return threew6.choose_defence(game)
        return self._act(game, game.state.figures[pending.figures[0]])

    def _entry(self, side: str, entries: tuple[str, ...]) -> str:
        plan = self._plans.get(side)
        if plan is not None and plan.breach is not None and plan.breach.entry in entries:
            return plan.breach.entry
        return entries[0]

    def _act(self, game: Game, fig: Figure) -> Action:
        spent = game.state.spent.get(fig.id, [])
        left = budget.action_budget(game, fig) - budget.used(game, fig)
        end = act.EndActivation(fig.id)
        if left <= 0 or fig.suppressed:
            return end
        if "attack" not in spent:
            shot = _shot(game, fig)
            if shot is not None:
                return shot
        if "move" not in spent and "run" not in spent:
            going = self._move(game, fig)
            if going is not None:
                return going
        return end

    def _move(self, game: Game, fig: Figure) -> Action | None:
        role = role_of(game, fig.side)
        if role == "defenders":
            return None
        reach = movement.allowance(game, fig, "move")
        plan = self._plans.get(fig.side)
        if role == "raiders" and plan is not None:
            goal, _, _ = goal_of(game, fig, role)
            field = plan.goal_field(game, fig, goal)
            if field is not None:
                going = step(game, fig, field, reach)
                if going.blocker is not None:
                    return _strike_piece(game, fig, going.blocker.id)
                if going.to is not None:
                    return act.Move(fig.id, going.to)
        if _nearest_gap(game, fig) <= CLOSE:
            return None  # within reach of the fight: hold and shoot
        return _toward_nearest(game, fig, reach)


def _nearest_gap(game: Game, fig: Figure) -> float:
    return min((space.gap(fig, e) for e in game.state.enemies_of(fig)), default=math.inf)


def _nearest_first(game: Game, eligible: tuple[str, ...]) -> str:
    st = game.state
    foes = [f for f in st.figures.values() if f.standing]

    def gap(fid: str) -> float:
        me = st.figures[fid]
        return min((space.gap(me, f) for f in foes if f.side != me.side), default=math.inf)

    return min(eligible, key=lambda f: (gap(f), f))


def _shot(game: Game, fig: Figure) -> Action | None:
    """Strike an enemy in contact, else shoot the nearest (wounded first) it can."""
    st = game.state
    foes = sorted(
        (e for e in st.enemies_of(fig) if e.on_table),
        key=lambda e: (round(space.gap(fig, e) / 5.0), e.tp, e.id),
    )
    melee = movement.best_melee(game, fig)
    for enemy in foes:
        if (
            melee is not None
            and space.in_contact(game, fig, enemy)
            and combat.attack_problem(game, fig, enemy, melee) is None
        ):
            return act.Attack(fig.id, enemy.id, melee)
    far = game.system.reach_factor(game)
    ranged = [w for w in (game.rules.weapon(c.name) for c in fig.weapons) if w.type == "ranged"]
    for enemy in foes[:TARGETS]:
        gap = space.gap(fig, enemy)
        for weapon in ranged:
            if gap > (weapon.range or 0.0) * far:
                continue
            if combat.attack_problem(game, fig, enemy, weapon.name) is None:
                return act.Attack(fig.id, enemy.id, weapon.name)
    return None


def _strike_piece(game: Game, fig: Figure, piece: str) -> Action | None:
    weapon = movement.best_melee(game, fig)
    return None if weapon is None else act.Attack(fig.id, piece, weapon)


def _toward_nearest(game: Game, fig: Figure, reach: float) -> Action | None:
    """A Move straight at the nearest enemy, stopping short of contact (None: no
    enemy, or already in contact). The engine may refuse it (the straight way is
    shut): the playout then ends the figure's activation."""
    foes = game.state.enemies_of(fig)
    if not foes:
        return None
    near = min(foes, key=lambda e: (space.gap(fig, e), e.id))
    gap = space.gap(fig, near)
    run = min(reach * 0.9, gap - space.contact_gap(game))
    if run <= 0.5:
        return None
    d = math.dist(fig.pos, near.pos)
    to = (fig.x + (near.x - fig.x) * run / d, fig.y + (near.y - fig.y) * run / d)
    return act.Move(fig.id, (round(to[0], 3), round(to[1], 3)))
