"""When squads test morale (§7): half the squad down for the first time, or the
leader falling. The test itself is the rules' `morale_test`."""

from __future__ import annotations

from game.events import Event
from game.play import bridge, context
from game.play.contract import GameView
from game.rules.morale import UNVERRUECKBAR, at_half_strength, morale_test, morale_test_due
from game.state import Figure


def after_casualty(game: GameView, figure: Figure) -> list[Event]:
    """The casualty's squad tests if the rules say so."""
    st = game.state
    squad = st.squads.get(figure.squad)
    if squad is None:
        return []
    members = [st.figures[m] for m in squad.members if m in st.figures]
    standing = sum(1 for m in members if m.standing)
    leader_fell = squad.leader == figure.id
    rules = game.rules
    if not morale_test_due(
        squad.start_size,
        standing,
        rules,
        tested_at_half=squad.half_tested,
        leader_fell=leader_fell,
    ):
        return []
    if at_half_strength(squad.start_size, standing, rules):
        squad.half_tested = True
    up = [m for m in members if m.standing]
    squad_now = [bridge.combatant(game, m) for m in up]
    # only an Unverrückbar figure looks at its allies in base contact (a Hüter, §3.7)
    adjacent = [
        [bridge.combatant(game, a) for a in context.contacts(game, m, m.side)]
        if UNVERRUECKBAR in c.talents
        else []
        for m, c in zip(up, squad_now, strict=True)
    ]
    result = morale_test(squad_now, rules, game.dice, adjacent=adjacent)
    for fig, after in zip(up, result.figures, strict=True):
        bridge.write_back(game, fig, after)
        if fig.suppressed:
            fig.overwatch = None
            fig.aimed = 0
    return list(result.events)
