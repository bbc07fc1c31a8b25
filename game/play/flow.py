"""The round (docs/RULES.md §3): arrivals, initiative, alternating activation, round end.

`advance(game)` moves the battle on after every action until a decision is
needed (it sets `state.pending`) or the battle is decided. The decisions of the
flow itself — who goes first, where a wave enters, which figure activates, ending
an activation — are handled here too.
"""

from __future__ import annotations

import dataclasses

from game import actions as act
from game import naming
from game.actions import IllegalAction
from game.events import CatalogueEvent, Event
from game.play import attention, bridge, outcome, raid, round_end, talent_room, zones
from game.play.budget import LOST, STAND_UP, action_budget, can_act, expect, spend, used
from game.play.contract import GameView
from game.play.events import (
    ActionsLost,
    ActivationEnded,
    ActivationStarted,
    FirstChosen,
    GameStarted,
    InitiativeRolled,
    RoundEnded,
    RoundStarted,
    SurpriseAttack,
)
from game.reason import Reason
from game.rules.combatant import Condition
from game.rules.injury import stand_up
from game.rules.morale import morale_retest
from game.state import Figure, Pending, Presence

_MAX_STEPS = 100_000


def start(game: GameView) -> list[Event]:
    """The opening: the scenario begins and runs until the first decision."""
    events: list[Event] = [GameStarted(game.scenario_name, game.seed)]
    return named(game, events + advance(game))


def names_of(game: GameView, *ids: str) -> tuple[tuple[str, ...], ...]:
    """`names` entries for the ids an event refers to: sides and figures by their
    display names, entry zones by their labels, board pieces by kind and place
    (`game.naming`)."""
    st = game.state
    out: list[tuple[str, ...]] = []
    for i in ids:
        if i in st.sides:
            out.append((i, st.sides[i].name))
        elif i in st.figures:
            out.append((i, st.figures[i].name))
        elif i in st.board.pieces:
            entry = naming.piece_entry(st.board, i)
            if entry is not None:
                out.append(entry)
        else:
            label = naming.scenario_entry_label(game.scenario, i)
            if label is not None:
                out.append((i, label))
    return tuple(out)


def named(game: GameView, events: list[Event]) -> list[Event]:
    """The events, each that refers to figures or sides given their display names
    (so the log reads "Bruno attacks Runner 3", not the ids)."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, CatalogueEvent) and not event.names:
            ids = event.ref_ids()
            if ids:
                event = dataclasses.replace(event, names=names_of(game, *ids))
        out.append(event)
    return out


# -- the state machine ----------------------------------------------------------------


def advance(game: GameView) -> list[Event]:
    """Run the flow until somebody must decide or the battle is decided."""
    st = game.state
    events: list[Event] = []
    for _ in range(_MAX_STEPS):
        if st.outcome is not None:  # decided by an action (a retreat, §10.5)
            st.pending = None
            return events
        decided = outcome.check(game)
        if decided is not None:
            events.append(decided)
            st.pending = None
            return events
        if st.phase == "round_start":
            events.append(RoundStarted(st.round))
            for fig in st.figures.values():
                fig.activated = False
            st.last_side = None
            events += raid.place_waiting(game)
            st.phase = "arrivals"
        elif st.phase == "arrivals":
            due = raid.next_wave_due(game)
            if due is not None:
                st.pending = Pending(
                    due, "choose_entry", data={"entries": raid.entry_ids(game, due)}
                )
                return events
            st.phase = "initiative"
        elif st.phase == "initiative":
            events += roll_initiative(game)
            if st.phase == "initiative":  # nobody to roll: straight to activations
                st.phase = "activations"
        elif st.phase == "choose_first":
            assert st.initiative is not None
            st.pending = Pending(st.initiative, "choose_first", data={"sides": sides_to_act(game)})
            return events
        elif st.phase in ("intercept", "defence"):
            return events  # the attack paused for a reaction and set the pending decision
        elif st.phase == "activations":
            pending = _activation_pending(game, events)
            if pending is not None:
                decided = outcome.check(game)  # an activation that ended may decide it
                if decided is not None:
                    events.append(decided)
                    st.pending = None
                    return events
                st.pending = pending
                return events
            st.phase = "round_end"
        elif st.phase == "round_end":
            events += round_end.end_round(game)
            events.append(RoundEnded(st.round))
            st.round += 1
            st.loud_fired = False
            st.phase = "round_start"
        else:  # pragma: no cover - a corrupted state
            raise RuntimeError(f"unknown phase {st.phase!r}")
    raise RuntimeError("the flow did not settle")  # pragma: no cover


def _activation_pending(game: GameView, events: list[Event]) -> Pending | None:
    """The decision inside the activation phase, ending finished activations."""
    st = game.state
    if st.active:
        acting = tuple(f for f in st.active if _may_act(game, st.figures[f]))
        if acting:
            return Pending(st.figures[acting[0]].side, "act", acting)
        events += end_activation(game)
    side = next_side(game)
    if side is None:
        return None
    st.turn_side = side
    return Pending(side, "activate", tuple(f.id for f in eligible(game, side)))


def _may_act(game: GameView, fig: Figure) -> bool:
    """An action left, or a free talent action (Durchbruch, Schildschlag, §13.1)."""
    return can_act(game, fig) or talent_room.keeps_open(game, fig)


# -- initiative (§3.1) ----------------------------------------------------------------


def roll_initiative(game: GameView) -> list[Event]:
    """W20 + best REF per side, ties re-rolled; a surprise attack skips the roll."""
    st = game.state
    sides = sides_to_act(game)
    if not sides:
        return []
    if len(sides) == 1:
        st.initiative = sides[0]
        st.phase = "choose_first"
        return []
    if st.round == 1:
        surprise = raid.surprise_attacker(game)
        if surprise is not None:
            st.initiative = surprise
            st.phase = "choose_first"
            return [SurpriseAttack(surprise)]
    events: list[Event] = []
    while True:
        rolls = []
        for side in sides:
            figures = st.side_figures(side) or eligible(game, side)  # all down: theirs
            best = max(game.profile(f).ref for f in figures)
            rolls.append((side, game.dice.die(20), best))
        totals = sorted((face + ref for _, face, ref in rolls), reverse=True)
        if totals[0] != totals[1]:
            winner = max(rolls, key=lambda r: r[1] + r[2])[0]
            events.append(InitiativeRolled(tuple(rolls), winner))
            st.initiative = winner
            st.phase = "choose_first"
            return events
        events.append(InitiativeRolled(tuple(rolls), None))


def check_choose_first(game: GameView, action: act.ChooseFirst) -> None:
    expect(game, "choose_first", action.side)
    if action.first not in sides_to_act(game):
        raise IllegalAction(Reason.of("flow.nobody_left", side=action.first))


def do_choose_first(game: GameView, action: act.ChooseFirst) -> list[Event]:
    st = game.state
    st.turn_side = action.first
    st.phase = "activations"
    st.pending = None
    return [FirstChosen(action.side, action.first)]


# -- activations ------------------------------------------------------------------------


def sides_to_act(game: GameView) -> list[str]:
    """Sides (in scenario order) with at least one figure yet to activate this round."""
    return [s for s in game.state.sides if eligible(game, s)]


def eligible(game: GameView, side: str) -> list[Figure]:
    """Figures of a side that may still be activated this round."""
    return [
        f
        for f in game.state.figures.values()
        if f.side == side
        and f.presence is Presence.TABLE
        and not f.activated
        and f.condition in (Condition.STANDING, Condition.DOWN)
    ]


def next_side(game: GameView) -> str | None:
    """Whose turn it is to activate: alternate while both have figures left (§3.1)."""
    st = game.state
    order = list(st.sides)
    ready = set(sides_to_act(game))
    if not ready:
        return None
    if st.last_side is None:  # the round's first activation: the chosen side
        current = st.turn_side if st.turn_side in order else order[0]
        start = order.index(current) - 1
    else:
        start = order.index(st.last_side)
    for step in range(1, len(order) + 1):
        side = order[(start + step) % len(order)]
        if side in ready:
            return side
    return None  # pragma: no cover


def pack_of(game: GameView, figure: Figure) -> list[Figure]:
    """The figures that activate together with this one (a horde pack, §3)."""
    if figure.pack is None or not game.rules.knobs.horde_pack_activation:
        return [figure]
    return [f for f in eligible(game, figure.side) if f.pack == figure.pack]


def check_activate(game: GameView, action: act.Activate) -> None:
    st = game.state
    fig = game.figure(action.figure)
    expect(game, "activate", fig.side)
    if fig not in eligible(game, fig.side):
        raise IllegalAction(Reason.of("flow.cannot_activate", who=fig.name))
    assert st.pending is not None


def do_activate(game: GameView, action: act.Activate) -> list[Event]:
    st = game.state
    fig = game.figure(action.figure)
    members = pack_of(game, fig)
    ids = tuple(f.id for f in members)
    events: list[Event] = [ActivationStarted(fig.side, ids)]
    st.active = tuple(f.id for f in members)
    for member in members:
        member.activated = True
        st.spent[member.id] = []
        events += start_of_activation(game, member)
    st.pending = None
    return events


def start_of_activation(game: GameView, fig: Figure) -> list[Event]:
    """What happens as a figure's activation begins (§4, §6, §7, §9, §13)."""
    st = game.state
    events: list[Event] = []
    fig.aimed = max(0, fig.aimed - 1)
    fig.start_x, fig.start_y = fig.x, fig.y
    fig.took_cover = False
    fig.overwatch = None
    for name, until in list(fig.effects.items()):
        if until == bridge.UNTIL_NEXT_START:
            del fig.effects[name]
        elif until == bridge.THROUGH_NEXT:
            fig.effects[name] = bridge.THIS_ACTIVATION
    if fig.condition is Condition.DOWN:
        after, stood = stand_up(bridge.combatant(game, fig))
        bridge.write_back(game, fig, after)
        st.spent[fig.id].append(STAND_UP)
        events.append(stood)
    if fig.suppressed:
        squad = st.squads.get(fig.squad)
        leader = st.figures.get(squad.leader) if squad and squad.leader else None
        leader_up = bool(leader and leader.standing and game.profile(leader).leader)
        after, event = morale_retest(
            bridge.combatant(game, fig), game.rules, game.dice, leader_standing=leader_up
        )
        bridge.write_back(game, fig, after)
        events.append(event)
    if fig.lose_actions:
        lost = min(fig.lose_actions, action_budget(game, fig) - used(game, fig))
        fig.lose_actions = 0
        if lost > 0:
            st.spent[fig.id] += [LOST] * lost
            events.append(ActionsLost(fig.id, lost))
    events += attention.at_activation(game, fig)  # §8: a living target beats a noise
    return events


def check_end(game: GameView, action: act.EndActivation) -> None:
    fig = game.figure(action.figure)
    expect(game, "act", fig.side)
    if fig.id not in game.state.active:
        raise IllegalAction(Reason.of("flow.not_activated", who=fig.name))


def do_end(game: GameView, action: act.EndActivation) -> list[Event]:
    spend(game, game.figure(action.figure), act.EndActivation.verb)
    return []


def end_activation(game: GameView) -> list[Event]:
    """Close the current activation: end-of-activation effects, then the next turn."""
    st = game.state
    members = st.active
    side = st.figures[members[0]].side
    events: list[Event] = []
    for fid in members:
        fig = st.figures[fid]
        if fig.on_table:
            events += zones.on_activation_end(game, fig)
            events += talent_room.activation_over(game, fig)  # Todestrotz (§13.1)
        for name in [k for k, until in fig.effects.items() if until == bridge.THIS_ACTIVATION]:
            del fig.effects[name]
    events.append(ActivationEnded(side, members))
    st.active = ()
    st.last_side = side
    return events
