"""The AI and the talents that are actions (ai/talent_plans.py, rulebook §13.1): it
roars, bashes and pays a gift in blood when that helps, and not when it does not."""

from __future__ import annotations

from ai import talent_plans
from ai.candidates import plans
from ai.tactical import TacticalAI
from game import actions as act
from game.engine import Game
from tests.engine.combat_kit import Fig, play, scenario, start


def _katz(*enemies: Fig) -> Game:
    katz = Fig("a", "katz", (30, 30), stats={"base": "Katz", "talents": ["Furchtbrüller"]})
    game = start(scenario([katz, *enemies]), "katz")
    game.state.spent["katz"] = ["move"]  # one action left
    return game


def test_it_roars_at_the_raiders_near_it() -> None:
    """Three Raiders (WIL 0) 7.5 cm off each save WIL 12 with 11/20 failing: the roar
    costs them about 0.55 actions each — worth more than its last action elsewhere."""
    raiders = [Fig("b", f"r{i}", (30 + dx, 40), "Raider") for i, dx in enumerate((-8, 0, 8))]
    game = _katz(*raiders)
    sit = TacticalAI().situation(game, game.state.figures["katz"])
    assert talent_plans.roar_gain(sit) > 0.3
    assert TacticalAI().choose(game) == act.UseAbility("katz", "Furchtbrüller")


def test_it_does_not_roar_at_the_mindless() -> None:
    """Shamblers know no fear (P): the roar gains nothing, so it is not a plan."""
    game = _katz(*(Fig("b", f"z{i}", (30 + dx, 40), "Shambler") for i, dx in enumerate((-8, 8))))
    sit = TacticalAI().situation(game, game.state.figures["katz"])
    assert talent_plans.roar_gain(sit) == 0.0
    assert not any(isinstance(p.action, act.UseAbility) for p in plans(sit))


def _oda(strain: int, tp: int) -> Game:
    oda = Fig("a", "oda", (10, 10), stats={"base": "Oda", "talents": ["Blutmagie"]})
    game = start(scenario([oda, Fig("b", "r1", (10, 30), "Raider", facing=270)]), "oda")
    fig = game.state.figures["oda"]
    fig.strain, fig.tp = strain, tp
    return game


def _gift_options(game: Game) -> set[str]:
    sit = TacticalAI().situation(game, game.state.figures["oda"])
    return {
        p.action.ability.partition(":")[2]
        for p in plans(sit)
        if isinstance(p.action, act.UseAbility)
    }


def test_blutmagie_is_chosen_when_the_strain_would_backlash() -> None:
    """Oda (WIL 3): strain limit 6. At strain 6 a gift's strain risks backlash; with
    4 TP a TP is cheaper — the gift plans are paid in blood. At strain 0 the strain is
    free — they are paid in strain; with 2 TP left blood is too dear."""
    assert _gift_options(_oda(6, 4)) == {"blood"}
    assert _gift_options(_oda(0, 4)) == {""}
    over = _oda(6, 2)
    sit = TacticalAI().situation(over, over.state.figures["oda"])
    assert talent_plans.tp_cost(sit, 1) > talent_plans.strain_cost(sit)
    assert "blood" not in _gift_options(over)


def test_it_bashes_the_enemy_it_moved_up_to_before_anything_else() -> None:
    """Schildschlag is free: after its Move into contact the Hüter bashes first."""
    jonas = Fig("a", "jonas", (10, 10), stats={"base": "Jonas", "talents": ["Schildschlag"]})
    far = Fig("b", "r9", (55, 55), "Raider", squad="far")
    game = start(scenario([jonas, Fig("b", "r1", (10, 20), "Raider", facing=270), far]), "jonas")
    play(game, act.Move("jonas", (10.0, 17.5)))
    assert TacticalAI().choose(game) == act.ShieldBash("jonas", "r1")


def test_the_free_breakthrough_move_is_a_candidate() -> None:
    """Durchbruch: after a Charge that took the enemy down, both actions spent, the
    AI still weighs Moves (the free one) against ending the activation."""
    bruno = Fig("a", "bruno", (10, 10), stats={"base": "Bruno", "talents": ["Durchbruch"]})
    far = Fig("b", "r9", (55, 55), "Raider", squad="far")
    game = start(scenario([bruno, Fig("b", "r1", (10, 25), "Raider"), far]), "bruno")
    game.state.figures["r1"].tp = 1
    play(game, act.Charge("bruno", "r1", "Machete"), [19, 6, 6])
    sit = TacticalAI().situation(game, game.state.figures["bruno"])
    assert sit.left == 0 and sit.can("move")
    assert any(isinstance(p.action, act.Move) for p in plans(sit))
    choice = TacticalAI().choose(game)
    assert isinstance(choice, act.Move | act.EndActivation)
    game.apply(choice)  # legal either way


def test_it_raises_a_fresh_fallen_infected() -> None:
    """Wandelnde Plage: a Shambler that fell this round beside the Virologe rises for
    its side — worth its actions next round, more than the strain below the limit."""
    selma = Fig("a", "selma", (10, 10), stats={"base": "Selma", "talents": ["Wandelnde Plage"]})
    far = Fig("b", "r9", (55, 55), "Raider", squad="far")
    game = start(scenario([selma, Fig("b", "z1", (10, 25), "Shambler"), far]), "selma")
    game.state.figures["z1"].tp = 1
    play(game, act.Attack("selma", "z1", "Pistol"), [19, 6, 6])
    sit = TacticalAI().situation(game, game.state.figures["selma"])
    raised = [p for p in plans(sit) if p.what == "raise"]
    assert [p.action for p in raised] == [act.UseAbility("selma", "Wandelnde Plage", "z1")]
    assert TacticalAI().choose(game) == raised[0].action
