"""The Throw action (RULES.md §5.5): a thrown template weapon at a visible point
within range (measured from the thrower's base edge); a ranged attack roll against
the point's number, scatter on a miss, then the template explodes there."""

from __future__ import annotations

import math

from game import actions as act
from game.actions import IllegalAction
from game.events import Event
from game.play import blast, bridge, budget, context, resolve, sight
from game.play.combat_events import ThrowAimed
from game.play.contract import ActionTemplate, GameView
from game.reason import Reason
from game.rules.area import throw_template
from game.rules.combatant import AttackContext
from game.rules.models import Weapon
from game.state import Figure


def thrown_weapon(game: GameView, figure: Figure, name: str) -> Weapon:
    """The carried thrown template weapon of that name with uses left (else illegal)."""
    try:
        carried = figure.weapon(name)
    except KeyError:
        raise IllegalAction(
            Reason.of("combat.carries_none", who=figure.name, weapon=name)
        ) from None
    weapon = game.rules.weapon(carried.name)
    if weapon.type != "thrown" or weapon.template is None:
        raise IllegalAction(Reason.of("throw.not_thrown", weapon=weapon.name))
    if not carried.uses:
        raise IllegalAction(Reason.of("throw.none_left", who=figure.name, weapon=weapon.name))
    return weapon


def throw_distance(figure: Figure, at: tuple[float, float]) -> float:
    """Distance from the thrower's base edge to the point, cm."""
    return max(0.0, math.dist(figure.pos, at) - figure.radius)


def check(game: GameView, action: act.Throw) -> None:
    fig = budget.check_budget(game, action.figure, "throw", act.Throw.cost)
    weapon = thrown_weapon(game, fig, action.weapon)
    x, y = action.at
    if not (math.isfinite(x) and math.isfinite(y)) or not game.state.board.contains(x, y):
        raise IllegalAction(Reason.of("throw.off_table", at=action.at))
    reach = weapon.range or 0.0
    distance = throw_distance(fig, action.at)
    if distance > reach + 1e-9:
        raise IllegalAction(
            Reason.of("throw.too_far", distance=distance, weapon=weapon.name, reach=reach)
        )
    if not sight.point_los(game, fig, action.at).visible:
        raise IllegalAction(Reason.of("throw.unseen", who=fig.name))


def execute(game: GameView, action: act.Throw) -> list[Event]:
    fig = game.figure(action.figure)
    budget.spend(game, fig, "throw")
    weapon = thrown_weapon(game, fig, action.weapon)
    fig.facing = sight.bearing(fig.pos, action.at)
    ctx = AttackContext(aimed=fig.aimed > 0, arsenal=context.arsenal_active(game, fig))
    thrown = throw_template(
        bridge.combatant(game, fig),
        weapon,
        ctx,
        game.rules,
        game.dice,
        ammo=resolve.ammo_state(fig, weapon),
    )
    resolve.store_ammo(fig, weapon, thrown.ammo)
    fig.aimed = 0
    if weapon.loud:  # a Laut weapon was used: the round-end noise roll is due (§8)
        game.state.loud_fired = True
    left = thrown.ammo.supply if thrown.ammo is not None else 0
    events: list[Event] = [
        ThrowAimed(fig.id, weapon.name, *action.at, throw_distance(fig, action.at), left),
        *thrown.events,
    ]
    if thrown.on_thrower:
        centre = fig.pos
    else:
        centre = (action.at[0] + thrown.offset[0], action.at[1] + thrown.offset[1])
    return events + blast.explode(
        game, centre, weapon, fig, source="throw", critical=thrown.critical
    )


def templates(game: GameView, figure: Figure) -> list[ActionTemplate]:
    """One Throw template per carried thrown weapon with uses left."""
    out = []
    for carried in figure.weapons:
        weapon = game.rules.weapon(carried.name)
        if weapon.type == "thrown" and weapon.template is not None and carried.uses:
            out.append(
                ActionTemplate(
                    "throw",
                    figure.id,
                    limits={"range": weapon.range or 0.0},
                    options={"weapon": (weapon.name,)},
                )
            )
    return out
