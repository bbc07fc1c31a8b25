"""The activation's budget (docs/RULES.md §4): what an action costs, what a figure has
spent, the checks every action of an activation shares (whose decision, actions left,
no repeats, one Attack).

An action's cost is its class's `cost` (`game.actions`: the one table). What a figure
spends is booked as verbs in `state.spent[figure]`: the actions' verbs, and two
markers that take one action each — standing up and an action lost to backlash.
"""

from __future__ import annotations

from collections.abc import Iterable

from game import actions as act
from game.actions import IllegalAction
from game.play import bridge
from game.play.contract import GameView
from game.reason import Reason
from game.rules.talents import FELDARZT
from game.rules.talents import has as has_talent
from game.state import Figure, PendingKind

COST_SEP = "/"
"""A verb booked at another cost than its action's carries it: "aid/1" (Feldarzt)."""
STAND_UP = "stand"  # the first action a grazed figure spends standing up
LOST = "lost"  # an action lost to backlash
FREE_MOVE = "breakthrough"  # Durchbruch's free Move, booked at no cost (§13.1)
MARKER_COST = 1  # what standing up or a lost action takes
ENDED = act.EndActivation.verb
REPEATABLE = {act.Interact.verb, STAND_UP, LOST}
ATTACKS = frozenset({act.Attack.verb, act.Throw.verb, act.FinishOff.verb})
"""Verbs that are the activation's one Attack (§4): the Attack action (a charge
records one), a Throw (a thrown weapon's attack, §5.5) and the coup-de-grâce (a
melee attack, §9)."""
CHARGE_IS = frozenset({act.Move.verb, *ATTACKS})  # a Charge is a Move and an Attack (books both)
SUPPRESSED_MAY = {act.Move.verb, act.Run.verb, act.TakeCover.verb}  # §7: take cover, move away
_COSTS = {verb: cls.cost for verb, cls in act.action_types().items()}


def cost_of(verb: str) -> int:
    """What a booked verb takes of the budget: the cost it was booked at ("aid/1"),
    its action's cost, or a marker's."""
    base, sep, cost = verb.partition(COST_SEP)
    return int(cost) if sep else _COSTS.get(base, MARKER_COST)


def base_verb(booked: str) -> str:
    """The verb of a booking ("aid/1" -> "aid")."""
    return booked.partition(COST_SEP)[0]


def action_cost(game: GameView, fig: Figure, verb: str) -> int:
    """What the action `verb` costs this figure: its action's cost (§4), but First
    aid by a figure with the talent Feldarzt costs the talent's actions (§13.1)."""
    if verb == act.FirstAid.verb and has_talent(game.profile(fig).talents, FELDARZT):
        return game.rules.talent(FELDARZT).actions or 0
    return _COSTS.get(verb, MARKER_COST)


def action_budget(game: GameView, fig: Figure) -> int:
    """Actions this activation: the knob `actions_per_activation` (2), + Raserei's
    `extra_actions` (1) when it was taken for actions this round (§4, §13)."""
    rules = game.rules
    raging = fig.effects.get("raserei_action", -1) >= game.state.round
    extra = rules.signatures.raserei.extra_actions if raging else 0
    return rules.knobs.actions_per_activation + extra


def used(game: GameView, fig: Figure) -> int:
    """Actions already spent in the current activation."""
    return sum(cost_of(v) for v in game.state.spent.get(fig.id, []))


def can_act(game: GameView, fig: Figure) -> bool:
    """Is an active figure still able to take an action?"""
    spent = game.state.spent.get(fig.id, [])
    return fig.standing and ENDED not in spent and used(game, fig) < action_budget(game, fig)


def expect(game: GameView, kind: PendingKind, side: str) -> None:
    """IllegalAction unless the game waits for a decision of this kind by this side."""
    pending = game.state.pending
    if game.state.outcome is not None:
        raise IllegalAction(Reason.of("flow.battle_over"))
    if pending is None or pending.kind != kind:
        wanted = pending.kind if pending else "nothing"
        raise IllegalAction(Reason.of("flow.waits_for", wanted=wanted, kind=kind))
    if pending.side != side:
        raise IllegalAction(Reason.of("flow.not_yours", side=pending.side, other=side))


def free_move(fig: Figure) -> bool:
    """Is Durchbruch's free Move open to the figure (its next action, §13.1)?"""
    return bridge.BREAKTHROUGH in fig.effects


def check_budget(
    game: GameView, figure: str, verb: str, cost: int, *, twice: bool = False, free: bool = False
) -> Figure:
    """The common checks of every activation action: the figure's turn, cost, repeats
    (`twice`: the verb may be taken a second time, Zwei Zungen's gifts, §13.1; `free`:
    a talent's free action — no cost, no repeat rule)."""
    st = game.state
    fig = game.figure(figure)
    expect(game, "act", fig.side)
    if fig.id not in st.active:
        raise IllegalAction(Reason.of("flow.not_activated", who=fig.name))
    if free:
        if not fig.standing or ENDED in st.spent.get(fig.id, []):
            raise IllegalAction(Reason.of("flow.no_actions_left", who=fig.name))
        return fig
    if not can_act(game, fig):
        raise IllegalAction(Reason.of("flow.no_actions_left", who=fig.name))
    if used(game, fig) + cost > action_budget(game, fig):
        left = action_budget(game, fig) - used(game, fig)
        raise IllegalAction(
            Reason.of("flow.too_costly", verb=verb, cost=cost, who=fig.name, left=left)
        )
    if fig.suppressed and verb not in SUPPRESSED_MAY:
        raise IllegalAction(Reason.of("flow.suppressed", who=fig.name))
    spent = st.spent.get(fig.id, [])
    if twice and sum(1 for v in spent if base_verb(v) == verb) == 1:
        spent = [v for v in spent if base_verb(v) != verb]
    why = repeat_problem(fig.name, verb, spent)
    if why is not None:
        raise IllegalAction(why)
    return fig


def repeat_problem(name: str, verb: str, spent: Iterable[str]) -> Reason | None:
    """Why `verb` may not follow the actions already `spent` this activation (None:
    it may): no action twice (but Interact), and one Attack — an Attack, a Throw
    or a coup-de-grâce; a charge is a Move and an Attack (§4, §5.5, §9)."""
    done = [base_verb(v) for v in spent if v != ENDED]
    if verb not in REPEATABLE and verb in done:
        return Reason.of("flow.no_repeat", who=name, verb=verb)
    clash = ATTACKS if verb in ATTACKS else CHARGE_IS if verb == "charge" else frozenset()
    earlier = next((v for v in done if v in clash), None)
    if earlier is None:
        return None
    if verb == "charge":
        return Reason.of("flow.charge_is_attack", who=name, earlier=earlier)
    return Reason.of("flow.one_attack", who=name, earlier=earlier)


def attacked(game: GameView, fig: Figure) -> Reason | None:
    """Why an active figure can make no further attack this activation (None: it can)."""
    if fig.id not in game.state.active:
        return None
    return repeat_problem(fig.name, "attack", game.state.spent.get(fig.id, []))


def spend(game: GameView, fig: Figure, verb: str) -> None:
    """Record an action taken in the current activation (at what it cost the figure
    when that is not its action's cost, `action_cost`). Durchbruch's free Move is
    booked as `FREE_MOVE` at no cost; any action closes it (it is "sofort")."""
    cost = action_cost(game, fig, verb) if verb in _COSTS else MARKER_COST
    if verb == act.Move.verb and free_move(fig):
        verb, cost = FREE_MOVE, 0
    fig.effects.pop(bridge.BREAKTHROUGH, None)
    booked = verb if cost == cost_of(verb) else f"{verb}{COST_SEP}{cost}"
    game.state.spent.setdefault(fig.id, []).append(booked)
