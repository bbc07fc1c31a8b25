"""The talents that change an activation's flow (docs/RULES.md §13.1, rulebook §13.1):
Durchbruch's free Move after a melee takedown, Schildschlag's stun as part of a
move (the `ShieldBash` action), Todestrotz's last activation before the fall,
Wandelnde Plage's fallen figure that rises for the Virologe's side (the ability
`UseAbility selma "Wandelnde Plage" <fallen>`; its strain is the abilities room's).

Decisions (P, not fixed by the rulebook):
- Durchbruch: only in the figure's own activation (an Attack or a Charge); the free
  Move is its next action or nothing ("sofort"); any other action or the end of the
  activation closes it (`budget.spend`). It keeps the activation open.
- Schildschlag: after the Hüter's Move, Run or Charge in this activation, before it
  ends, no action of its own; the stunned enemy loses the first action of its next
  activation (`Figure.lose_actions`, as Furchtbrüller's roar).
- Todestrotz: see `game.rules.injury.fall`; here the activation it lasts to ends.
- Wandelnde Plage: a figure that fell this round ("frisch"), infected or dead, its
  base within the talent's range of the Virologe and free, rises with the talent's
  TP for the Virologe's side; it has activated this round and fights through the
  next (`rounds`), then falls out again at that round's end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game import actions as act
from game.actions import IllegalAction
from game.events import CatalogueEvent, Event, Family
from game.play import bridge, budget, harm, sight, space
from game.play.contract import GameView, Handler, Legal
from game.reason import Reason
from game.rules.combatant import Condition
from game.rules.injury import fall
from game.rules.models import Weapon
from game.rules.talents import DURCHBRUCH, SCHILDSCHLAG, WANDELNDE_PLAGE
from game.rules.talents import has as has_talent
from game.state import Figure, Presence

RISEN = "risen"  # effect: Wandelnde Plage — fights for the raiser's side to that round's end
BASH_ROUND = "shield_bash_round"  # Figure.uses key: the round of its last Schildschlag
MOVED = frozenset({act.Move.verb, act.Run.verb, budget.FREE_MOVE})
"""Booked verbs that are a move (a Charge books a Move)."""


@dataclass(frozen=True, slots=True)
class TalentEvent(CatalogueEvent):
    """Base of this room's events (catalogue `support.<kind>`, with the abilities)."""

    room: ClassVar[str] = "support"


@dataclass(frozen=True, slots=True)
class BreakthroughOpened(TalentEvent):
    """Durchbruch: it took an enemy down in melee; a free Move now (§13.1)."""

    kind: ClassVar[str] = "breakthrough"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    move: float


@dataclass(frozen=True, slots=True)
class ShieldBashed(TalentEvent):
    """Schildschlag: the Hüter stuns an adjacent enemy; it loses an action (§13.1)."""

    kind: ClassVar[str] = "shield_bash"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str
    lost: int


@dataclass(frozen=True, slots=True)
class FallenRisen(TalentEvent):
    """Wandelnde Plage: a fresh fallen figure rises for the Virologe's side (§13.1)."""

    kind: ClassVar[str] = "risen"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure", "risen")
    figure: str
    risen: str
    tp: int
    until: int


@dataclass(frozen=True, slots=True)
class RisenFallen(TalentEvent):
    """Wandelnde Plage's round is over: the risen figure falls out again (§13.1)."""

    kind: ClassVar[str] = "risen_fell"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str


# -- Durchbruch ---------------------------------------------------------------------------


def after_strike(
    game: GameView, attacker: Figure, target: Figure, weapon: Weapon, was_standing: bool
) -> list[Event]:
    """Durchbruch: a melee attack in the attacker's own activation took the target
    down — the free Move opens (`budget.free_move`)."""
    if not (was_standing and not target.standing and weapon.is_melee):
        return []
    if attacker.id not in game.state.active or not attacker.standing:
        return []
    if not has_talent(game.profile(attacker).talents, DURCHBRUCH):
        return []
    attacker.effects[bridge.BREAKTHROUGH] = bridge.THIS_ACTIVATION
    move = float(game.profile(attacker).move) * game.system.move_factor(game, attacker)
    return [BreakthroughOpened(attacker.id, round(move, 3))]


# -- Schildschlag ---------------------------------------------------------------------------


def bash_open(game: GameView, fig: Figure) -> bool:
    """May the Hüter still bash this activation: the talent, not yet this round, it
    moved this activation and has not ended it (§13.1)."""
    if not has_talent(game.profile(fig).talents, SCHILDSCHLAG):
        return False
    if fig.id not in game.state.active or not fig.standing:
        return False
    per_round = game.rules.talent(SCHILDSCHLAG).per_round or 0
    if per_round < 1 or fig.uses.get(BASH_ROUND) == game.state.round:
        return False
    spent = [budget.base_verb(v) for v in game.state.spent.get(fig.id, [])]
    return budget.ENDED not in spent and any(v in MOVED for v in spent)


def bashable(game: GameView, fig: Figure) -> list[Figure]:
    """Standing enemies in base contact with the figure."""
    return [e for e in game.state.enemies_of(fig) if sight.in_contact(game, fig, e)]


def check_bash(game: GameView, action: act.ShieldBash) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost, free=True)
    if not bash_open(game, fig):
        raise IllegalAction(Reason.of("talent.no_bash", who=fig.name))
    target = game.state.figures.get(action.target)
    if target is None or target not in bashable(game, fig):
        raise IllegalAction(Reason.of("talent.bash_contact", who=fig.name, target=action.target))


def do_bash(game: GameView, action: act.ShieldBash) -> list[Event]:
    fig, target = game.figure(action.figure), game.figure(action.target)
    budget.spend(game, fig, action.verb)
    fig.uses[BASH_ROUND] = game.state.round
    lost = game.rules.talent(SCHILDSCHLAG).actions or 0
    target.lose_actions += lost
    return [ShieldBashed(fig.id, target.id, lost)]


# -- Wandelnde Plage ----------------------------------------------------------------------


def raise_problem(game: GameView, caster: Figure, target: Figure) -> Reason | None:
    """Why Wandelnde Plage cannot raise this figure (None: it can)."""
    fresh = target.uses.get(harm.FELL_ROUND) == game.state.round
    corpse = target.infected or game.profile(target).faction == "infected"
    if target.standing or not fresh or not (corpse or target.condition is Condition.DEAD):
        return Reason.of("talent.not_fresh", target=target.name)
    reach = float(game.rules.talent(WANDELNDE_PLAGE).range or 0.0)
    if sight.base_gap(caster, target) > reach + 1e-9:
        return Reason.of("talent.too_far", target=target.name, reach=reach)
    for other in game.state.figures.values():
        if other.on_table and other.id != target.id and space.gap(other, target) < -1e-6:
            return Reason.of("talent.no_room", target=target.name, other=other.name)
    return None


def raisable(game: GameView, caster: Figure) -> list[Figure]:
    """The fallen figures Wandelnde Plage could raise now."""
    return [
        f
        for f in game.state.figures.values()
        if harm.FELL_ROUND in f.uses and raise_problem(game, caster, f) is None
    ]


def raise_fallen(game: GameView, caster: Figure, target: Figure) -> list[Event]:
    """The fallen figure rises for the caster's side with the talent's TP."""
    data = game.rules.talent(WANDELNDE_PLAGE)
    until = game.state.round + (data.rounds or 0)
    target.side, target.pack, target.attention = caster.side, None, None
    target.presence, target.condition = Presence.TABLE, Condition.STANDING
    target.tp, target.suppressed, target.loot = data.tp or 1, False, 0
    target.activated = True  # it fights from the next round (P)
    target.effects[RISEN] = until
    return [FallenRisen(caster.id, target.id, target.tp, until)]


def risen_fall(game: GameView) -> list[Event]:
    """The round's end: the risen whose round it was fall out again."""
    events: list[Event] = []
    for fig in game.state.figures.values():
        until = fig.effects.get(RISEN)
        if until is not None and until <= game.state.round:
            del fig.effects[RISEN]
            if fig.on_table:
                bridge.set_condition(fig, Condition.OUT)
                events.append(RisenFallen(fig.id))
    return events


# -- the activation ---------------------------------------------------------------------


def keeps_open(game: GameView, fig: Figure) -> bool:
    """Does a free talent action keep the figure's activation open once its actions
    are spent (Durchbruch's Move, Schildschlag)?"""
    if budget.ENDED in game.state.spent.get(fig.id, []) or not fig.standing:
        return False
    if budget.free_move(fig):
        return True
    return bash_open(game, fig) and bool(bashable(game, fig))


def activation_over(game: GameView, fig: Figure) -> list[Event]:
    """Todestrotz: the last activation is over — the figure falls now and rolls for
    injury (§13.1); healed above 0 TP meanwhile, it stays up (P)."""
    if fig.effects.get(bridge.DEFIANT) != bridge.THIS_ACTIVATION:
        return []
    if fig.tp > 0:
        del fig.effects[bridge.DEFIANT]
        return []
    down = fall(bridge.combatant(game, fig), game.rules, game.dice, last=True)
    bridge.write_back(game, fig, down.figure)
    events: list[Event] = [down.event]
    if not fig.standing:
        events += harm.fallen(game, fig)
    return events


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Schildschlag on each enemy in contact, while it is open."""
    if not bash_open(game, figure):
        return []
    return [act.ShieldBash(figure.id, e.id) for e in bashable(game, figure)]


HANDLERS: dict[type[act.Action], Handler] = {act.ShieldBash: Handler(check_bash, do_bash)}
