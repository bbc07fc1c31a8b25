"""Abfangen (RULES.md §13): a hit on a figure next to a standing Hüter ally with
intercepts left. For an Attack action or a charge the Hüter's side decides: the
attack pauses (`state.phase = "intercept"`, the paused attack JSON-able in
`state.interrupted`) until an `Intercept` action. Overwatch and free attacks do
not wait: the Hüter steps in when its own needed number against this attack
would be higher than its ally's (P), the best-protected Hüter first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game import actions as act
from game.actions import IllegalAction
from game.dice import D20Roll
from game.events import Event
from game.play import bridge, context, resolve, sight
from game.play.combat_events import InterceptDecided, InterceptOffered
from game.play.contract import GameView
from game.reason import Reason
from game.rules.abilities import intercept as take_hit
from game.rules.attack import AttackPlan, HitRoll, ToHitRolled, plan_attack, replace_target
from game.rules.checks import Check, Outcome
from game.rules.combatant import AttackContext
from game.state import Figure, Pending

PAUSING_MODES = ("action", "charge")


def guardians(game: GameView, target: Figure) -> list[Figure]:
    """Standing Hüter allies in base contact with the target that may still intercept."""
    out = []
    for ally in context.contacts(game, target, target.side):
        comb = bridge.combatant(game, ally)
        if comb.has("Abfangen") and comb.intercepts_left > 0:
            out.append(ally)
    return out


def guardian_context(
    game: GameView, attacker: Figure, guardian: Figure, ctx: AttackContext
) -> AttackContext:
    """The attack's context against the guardian: its own cover and shield wall."""
    return replace(
        ctx,
        cover=sight.attack_cover(game, attacker, guardian),
        shield_wall=context.shield_wall(game, guardian),
        direction=context.direction(attacker, guardian),
    )


def guardian_need(game: GameView, plan: AttackPlan, attacker: Figure, guardian: Figure) -> int:
    """The needed number this attack's pool would have against the guardian."""
    ctx = guardian_context(game, attacker, guardian, plan.context)
    other = replace_target(plan, bridge.combatant(game, guardian), ctx, game.rules)
    return other.damage.needed.value


def redirect(
    game: GameView, plan: AttackPlan, attacker: Figure, guardian: Figure
) -> tuple[AttackPlan, Event]:
    """The hit goes to the guardian (its own armour and cover count)."""
    ctx = guardian_context(game, attacker, guardian, plan.context)
    new_plan, _, event = take_hit(plan, bridge.combatant(game, guardian), game.rules, cover_ctx=ctx)
    return new_plan, event


def auto_decide(
    game: GameView, plan: AttackPlan, attacker: Figure, target: Figure, guards: list[Figure]
) -> tuple[Figure | None, list[Event]]:
    """Overwatch / free attacks: the Hüter steps in if that raises the needed number."""
    needs = [(guardian_need(game, plan, attacker, g), i) for i, g in enumerate(guards)]
    best_need, best = max(needs, key=lambda n: (n[0], -n[1]))
    ally_need = plan.damage.needed.value
    accept = best_need > ally_need
    guardian = guards[best]
    event = InterceptDecided(guardian.id, target.id, accept, True, best_need, ally_need)
    return (guardian if accept else None), [event]


# -- pausing and resuming -------------------------------------------------------------


def _hit_to_dict(hit: HitRoll) -> dict[str, Any]:
    data = hit.event.to_dict()
    del data["kind"], data["section"]
    return data


def _hit_from_dict(data: dict[str, Any]) -> HitRoll:
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    event = ToHitRolled(**fields)
    roll = D20Roll(event.faces, event.kept, event.edge)  # type: ignore[arg-type]
    check = Check(roll, event.modifier, event.target, Outcome(event.outcome))
    return HitRoll(check, event)


def pause(
    game: GameView,
    attacker: Figure,
    target: Figure,
    plan: AttackPlan,
    hit: HitRoll,
    guards: list[Figure],
    *,
    mode: str,
) -> list[Event]:
    """Stop the attack after its hit roll and ask the Hüter's side (§13)."""
    st = game.state
    st.interrupted = {
        "attacker": attacker.id,
        "target": target.id,
        "weapon": plan.weapon.name,
        "mode": mode,
        "context": context.ctx_to_dict(plan.context),
        "hit": _hit_to_dict(hit),
        "guardians": [g.id for g in guards],
    }
    ids = tuple(g.id for g in guards)
    st.pending = Pending(
        target.side,
        "intercept",
        ids,
        data={"attacker": attacker.id, "target": target.id, "weapon": plan.weapon.name},
    )
    st.phase = "intercept"
    return [InterceptOffered(ids, target.id, attacker.id)]


def paused(game: GameView) -> bool:
    """Is an attack waiting for an Abfangen decision?"""
    return game.state.phase == "intercept" and bool(game.state.interrupted)


def check(game: GameView, action: act.Intercept) -> None:
    """An Intercept answers the pending Abfangen question of its Hüter's side."""
    st = game.state
    pending = st.pending
    if st.outcome is not None:
        raise IllegalAction(Reason.of("flow.battle_over"))
    if pending is None or pending.kind != "intercept" or not paused(game):
        raise IllegalAction(Reason.of("intercept.nothing_waiting"))
    fig = game.figure(action.figure)
    if fig.id not in pending.figures:
        raise IllegalAction(Reason.of("intercept.cannot", who=fig.name))


def execute(game: GameView, action: act.Intercept) -> list[Event]:
    """Resume the paused attack: the damage rolls against the Hüter or the ally."""
    st = game.state
    data = st.interrupted
    attacker = st.figures[data["attacker"]]
    target = st.figures[data["target"]]
    guardian = st.figures[action.figure]
    weapon = game.rules.weapon(data["weapon"])
    ctx = context.ctx_from_dict(data["context"])
    plan = plan_attack(
        bridge.combatant(game, attacker), bridge.combatant(game, target), weapon, ctx, game.rules
    )
    hit = _hit_from_dict(data["hit"])
    need = guardian_need(game, plan, attacker, guardian)
    events: list[Event] = [
        InterceptDecided(
            guardian.id, target.id, action.accept, False, need, plan.damage.needed.value
        )
    ]
    victim = target
    if action.accept:
        plan, event = redirect(game, plan, attacker, guardian)
        events.append(event)
        victim = guardian
    st.interrupted = {}
    st.pending = None
    st.phase = "activations"
    return events + resolve.finish(game, attacker, victim, plan, hit)
