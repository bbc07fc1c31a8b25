"""Numbers the engine takes from the rules data, not from code (RULES.md §4, §7, §13):
Raserei's extra actions and the morale immunity of Unverrückbar next to a Hüter."""

from __future__ import annotations

from combat_kit import Fig, scenario, start
from test_support_scenes import activate, game_of, scene

from game.actions import Aim, TakeCover
from game.dice import ScriptedDice
from game.play import bridge, budget, morale
from game.rules.combatant import Condition
from game.rules.morale import MoraleTested, StoodFast

A_WINS = [20, 1]  # initiative: side a W20 20 + 1 beats side b W20 1 + 1
KATZ = [("a", "katz", "Katz", 30.0, 40.0), ("b", "r1", "Raider", 50.0, 50.0)]


def test_raserei_grants_the_datas_extra_actions() -> None:
    """signature.Raserei.extra_actions = 2: Raserei for actions gives 2 + 2."""
    text = scene(KATZ, (), knobs='"signature.Raserei.extra_actions" = 2')
    game = game_of(text, A_WINS)
    assert game.rules.signatures.raserei.extra_actions == 2
    activate(game, "katz")
    katz = game.state.figures["katz"]
    assert budget.action_budget(game, katz) == 2
    katz.effects["raserei_action"] = game.state.round  # Raserei taken for actions
    assert budget.action_budget(game, katz) == 4
    game.apply(Aim("katz"))
    game.apply(TakeCover("katz"))
    assert "katz" in game.state.active and budget.used(game, katz) == 2
    katz.effects["raserei_action"] = game.state.round - 1  # taken last round: gone
    assert budget.action_budget(game, katz) == 2


def test_unverrueckbar_beside_a_hueter_is_immune_in_the_squads_test() -> None:
    """§7: half the squad down; Jonas (Hüter) tests, the Unverrückbar militia beside
    him stands fast, the one away from him tests."""
    steady = {"base": "Militia", "name": "Steady", "talents": ["Unverrückbar"]}
    loose = {"base": "Militia", "name": "Loose", "talents": ["Unverrückbar"]}
    scen = scenario(
        [
            Fig("a", "jonas", (20, 20), "Jonas"),
            Fig("a", "steady", (22.6, 20), stats=steady),  # 0.1 cm from Jonas: in contact
            Fig("a", "loose", (20, 40), stats=loose),
            Fig("a", "m1", (40, 40), "Militia"),
            Fig("a", "m2", (45, 40), "Militia"),
            Fig("a", "m3", (50, 40), "Militia"),
            Fig("b", "r1", (50, 10), "Raider"),
        ]
    )
    game = start(scen, "r1")
    st = game.state
    for fid in ("m1", "m2"):
        bridge.set_condition(st.figures[fid], Condition.OUT)
    assert morale.after_casualty(game, st.figures["m2"]) == []  # 4 of 6 stand
    bridge.set_condition(st.figures["m3"], Condition.OUT)
    game.dice = dice = ScriptedDice([5, 15])  # Jonas fails (5 + 1), Loose holds (15)
    events = morale.after_casualty(game, st.figures["m3"])
    assert dice.remaining == ()
    assert [type(e) for e in events] == [MoraleTested, StoodFast, MoraleTested]
    assert events[1] == StoodFast("Steady", "Jonas")
    assert (events[0].who, events[0].outcome) == ("Jonas", "failure")
    assert (events[2].who, events[2].outcome) == ("Loose", "success")
    assert st.figures["jonas"].suppressed and not st.figures["steady"].suppressed
