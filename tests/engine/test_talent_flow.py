"""The talents that change an activation's flow (rulebook §13.1, docs/RULES.md §13.1):
Durchbruch's free Move, Schildschlag's stun, Todestrotz's last activation."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, scenario, start

from game.actions import (
    Activate,
    Attack,
    Charge,
    EndActivation,
    IllegalAction,
    Move,
    ShieldBash,
    UseAbility,
)
from game.engine import Game
from game.narration import narrate
from game.play import bridge, budget, talent_room
from game.play.events import ActionsLost
from game.rules.combatant import Condition
from game.rules.injury import DeathDefied, InjuryRolled, StillDefiant, TakenOut

FAR = Fig("b", "r9", (55, 55), "Raider", squad="far")  # keeps the battle going


def _breaker(*talents: str) -> Fig:
    return Fig("a", "bruno", (10, 10), stats={"base": "Bruno", "talents": list(talents)})


def test_durchbruch_moves_free_after_a_melee_takedown() -> None:
    """Rulebook §13.1: "Durchbruch — fällst du einen Gegner im Nahkampf, darfst du dich
    sofort bis zu deiner Bewegung fortbewegen" (Breakthrough: when it takes an enemy
    down in melee it may at once move up to its move). A Charge spends both actions;
    the free Move still follows (P: it keeps the activation open, costs nothing)."""
    scen = scenario([_breaker("Durchbruch"), Fig("b", "r1", (10, 25), "Raider"), FAR])
    game = start(scen, "bruno")
    st = game.state
    st.figures["r1"].tp = 1
    events = play(game, Charge("bruno", "r1", "Machete"), [19, 6, 6])
    assert of(events, TakenOut) and not st.figures["r1"].standing
    opened = of(events, talent_room.BreakthroughOpened)
    assert opened == [talent_room.BreakthroughOpened("bruno", 15.0)]
    assert "may move up to 15 cm at once" in narrate(opened[0], "en")
    assert "sofort bis zu 15 cm" in narrate(opened[0], "de")
    pending = game.pending()
    assert pending is not None and pending.kind == "act" and pending.figures == ("bruno",)
    assert any(getattr(t, "verb", "") == "move" for t in game.legal_actions())
    play(game, Move("bruno", (30.0, 30.0)))
    assert st.figures["bruno"].pos != (10.0, 10.0)
    assert st.spent["bruno"][-1] == "breakthrough/0"
    pending = game.pending()
    assert pending is not None and pending.kind == "activate"  # the activation is over


def test_durchbruch_is_sofort_and_needs_the_talent() -> None:
    """The free Move is the next action or nothing (P): an Attack that takes the enemy
    down, then ending the activation, leaves no free Move; without the talent the
    takedown opens none."""
    scen = scenario([_breaker("Durchbruch"), Fig("b", "r1", (10, 12.5), "Raider"), FAR])
    game = start(scen, "bruno")
    game.state.figures["r1"].tp = 1
    play(game, Attack("bruno", "r1", "Machete"), [19, 6, 6])
    assert budget_free(game)
    play(game, EndActivation("bruno"))
    assert not budget_free(game) and bridge.BREAKTHROUGH not in game.state.figures["bruno"].effects
    plain = start(scenario([_breaker(), Fig("b", "r1", (10, 12.5), "Raider"), FAR]), "bruno")
    plain.state.figures["r1"].tp = 1
    events = play(plain, Attack("bruno", "r1", "Machete"), [19, 6, 6])
    assert not of(events, talent_room.BreakthroughOpened) and not budget_free(plain)


def budget_free(game: Game) -> bool:
    return budget.free_move(game.state.figures["bruno"])


def _basher() -> Fig:
    return Fig("a", "jonas", (10, 10), stats={"base": "Jonas", "talents": ["Schildschlag"]})


def test_schildschlag_stuns_an_adjacent_enemy_as_part_of_the_move() -> None:
    """Rulebook §13.1: "Schildschlag — 1×/Runde als Teil deiner Bewegung einen
    angrenzenden Gegner betäuben (er verliert 1 Aktion)" (Shield bash: once per round,
    as part of its move, stun an adjacent enemy — it loses 1 action). P: after its
    Move in this activation, no action; the enemy loses its next activation's first."""
    scen = scenario([_basher(), Fig("b", "r1", (10, 24), "Raider", facing=270)])
    game = start(scen, "jonas")
    with pytest.raises(IllegalAction, match="Schildschlag"):
        game.apply(ShieldBash("jonas", "r1"))  # it has not moved yet
    play(game, Move("jonas", (10.0, 21.5)))  # base contact
    assert ShieldBash("jonas", "r1") in game.legal_actions()
    events = play(game, ShieldBash("jonas", "r1"))
    assert of(events, talent_room.ShieldBashed) == [talent_room.ShieldBashed("jonas", "r1", 1)]
    line = narrate(of(events, talent_room.ShieldBashed)[0], "de")
    assert "betäubt R1 mit dem Schild" in line
    st = game.state
    assert st.figures["r1"].lose_actions == 1
    assert ShieldBash("jonas", "r1") not in game.legal_actions()  # once per round
    play(game, EndActivation("jonas"))
    events = play(game, Activate("r1"))
    assert of(events, ActionsLost) == [ActionsLost("r1", 1)]


def test_schildschlag_keeps_a_spent_activation_open_while_it_can_bash() -> None:
    """A Charge spends both actions; the bash may still follow it (P), then the
    activation ends by itself."""
    scen = scenario([_basher(), Fig("b", "r1", (10, 20), "Raider", facing=270), FAR])
    game = start(scen, "jonas")
    play(game, Charge("jonas", "r1", "Club"), [2])  # the blow misses
    pending = game.pending()
    assert pending is not None and pending.kind == "act"
    play(game, ShieldBash("jonas", "r1"))
    pending = game.pending()
    assert pending is not None and pending.kind == "activate"


def _defiant() -> Fig:
    return Fig("a", "katz", (10, 10), stats={"base": "Katz", "talents": ["Todestrotz"]})


def test_todestrotz_stands_for_a_last_activation_then_falls() -> None:
    """Rulebook §13.1: "Todestrotz — fällst du auf 0 TP, bleibst du eine letzte
    Aktivierung stehen, bevor die Verletzung greift" (Defiance of death: falling to
    0 TP it stays standing for one last activation before the injury takes hold).
    P: further hits meanwhile do not take it down; at its activation's end it rolls."""
    scen = scenario([_defiant(), Fig("b", "r1", (10, 40), "Raider", facing=270)])
    game = start(scen, "r1")
    st = game.state
    katz = st.figures["katz"]
    katz.tp = 1
    events = play(game, Attack("r1", "katz", "Pistol"), [19, 6, 6])
    assert of(events, DeathDefied) == [DeathDefied("Katz")]
    assert "stays on its feet at 0 TP" in narrate(of(events, DeathDefied)[0], "en")
    assert not of(events, InjuryRolled)
    assert (katz.tp, katz.condition, katz.effects[bridge.DEFIANT]) == (
        0,
        Condition.STANDING,
        bridge.THROUGH_NEXT,
    )
    st.spent["r1"] = []  # a second shot in the same activation, for the test
    events = play(game, Attack("r1", "katz", "Pistol"), [19, 6, 6])
    assert of(events, StillDefiant) and katz.standing
    play(game, EndActivation("r1"))
    play(game, Activate("katz"))
    events = play(game, EndActivation("katz"), [15])  # injury W20 15 + KÖR 3
    rolled = of(events, InjuryRolled)
    assert len(rolled) == 1 and rolled[0].faces == (15,)
    assert bridge.DEFIANT not in katz.effects and katz.uses[bridge.DEFIANCE_USED] == 1


def test_todestrotz_is_spent_for_the_battle() -> None:
    """Once per battle (P): the second time at 0 TP it falls at once."""
    scen = scenario([_defiant(), Fig("b", "r1", (10, 40), "Raider", facing=270)])
    game = start(scen, "r1")
    katz = game.state.figures["katz"]
    katz.tp = 1
    katz.uses[bridge.DEFIANCE_USED] = 1
    events = play(game, Attack("r1", "katz", "Pistol"), [19, 6, 6, 15])
    assert not of(events, DeathDefied) and of(events, InjuryRolled)


def test_wandelnde_plage_raises_a_fresh_fallen_infected_for_one_round() -> None:
    """Rulebook §13.1: "Wandelnde Plage — hetze einen frisch gefallenen
    Infizierten/Leichnam 1 Runde gegen die Feinde auf (+1 Belastung)" (Walking plague:
    set a freshly fallen infected or corpse against the enemies for 1 round, +1
    strain). P: fallen this round, within 20 cm; it fights through the next round."""
    selma = Fig("a", "selma", (10, 10), stats={"base": "Selma", "talents": ["Wandelnde Plage"]})
    scen = scenario([selma, Fig("b", "z1", (10, 25), "Shambler"), FAR])
    game = start(scen, "selma")
    st = game.state
    z1 = st.figures["z1"]
    z1.tp = 1
    play(game, Attack("selma", "z1", "Pistol"), [19, 6, 6])
    assert not z1.on_table and z1.uses["fell_round"] == 1
    raise_it = UseAbility("selma", "Wandelnde Plage", "z1")
    assert raise_it in game.legal_actions()
    events = play(game, raise_it)  # strain 1 of 4: no backlash roll
    risen = of(events, talent_room.FallenRisen)
    assert risen == [talent_room.FallenRisen("selma", "z1", 1, 2)]
    assert "Z1 rises for Selma's side" in narrate(risen[0], "en")
    assert (z1.side, z1.standing, z1.tp, st.figures["selma"].strain) == ("a", True, 1, 1)
    assert z1.activated  # it fights from the next round
    st.round = 2
    fell = talent_room.risen_fall(game)
    assert fell == [talent_room.RisenFallen("z1")] and not z1.on_table


def test_wandelnde_plage_needs_a_fresh_fallen() -> None:
    """A figure that fell in an earlier round is not "frisch gefallen" (P)."""
    selma = Fig("a", "selma", (10, 10), stats={"base": "Selma", "talents": ["Wandelnde Plage"]})
    game = start(scenario([selma, Fig("b", "z1", (10, 25), "Shambler"), FAR]), "selma")
    z1 = game.state.figures["z1"]
    z1.tp = 1
    play(game, Attack("selma", "z1", "Pistol"), [19, 6, 6])
    z1.uses["fell_round"] = 0
    assert not any(isinstance(a, UseAbility) and a.target == "z1" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="not fallen this round"):
        game.apply(UseAbility("selma", "Wandelnde Plage", "z1"))
