"""One Attack per activation (RULES.md §4): a Throw (§5.5) and a coup-de-grâce (§9)
are attacks too, and a charge is a Move and an Attack — whichever came first, the
others are refused with the reason, and none of them is offered any more."""

from __future__ import annotations

import pytest
from combat_kit import Fig, play, scenario

from game.actions import (
    Action,
    Activate,
    Attack,
    Charge,
    ChooseFirst,
    FinishOff,
    IllegalAction,
    Throw,
)
from game.dice import ScriptedDice
from game.engine import ActionTemplate, Game
from game.play import budget, combat, movement
from game.rules.combatant import Condition

GRENADIER = {"base": "Ferdl", "weapons": ["Hand grenade", "Knife", "Pistol"]}


def _yard(actions: int = 2) -> Game:
    """Ferdl (grenade, knife, pistol) beside a downed raider r1, r2 in the open
    15 cm away (pistol range, charge reach), r3 far off; Ferdl is activated with
    `actions` actions (knob actions_per_activation)."""
    scen = scenario(
        [
            Fig("a", "ferdl", (10, 10), stats=GRENADIER),
            Fig("b", "r1", (12.6, 10), "Raider"),  # in base contact, down
            Fig("b", "r2", (10, 25), "Raider"),
            Fig("b", "r3", (55, 55), "Raider"),
        ]
    )
    game = Game(scen, dice=ScriptedDice([20, 1]), knobs={"actions_per_activation": actions})
    game.apply(ChooseFirst("a", "a"))
    game.apply(Activate("ferdl"))
    r1 = game.state.figures["r1"]
    r1.tp, r1.condition = 0, Condition.DOWN
    return game


THROW = Throw("ferdl", "Hand grenade", (30, 10))  # nobody within the template there
SHOT = Attack("ferdl", "r2", "Pistol")
COUP = FinishOff("ferdl", "r1", "Knife")
CHARGE = Charge("ferdl", "r2", "Knife")
FACES: dict[type, list[int]] = {Throw: [15], Attack: [2], FinishOff: [], Charge: []}


def _refused(game: Game, action: Action, reason: str) -> None:
    before = game.state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)
    assert game.state.to_dict() == before


def _attacks_offered(game: Game) -> list[object]:
    ferdl = game.state.figures["ferdl"]
    offered = combat.legal(game, ferdl) + movement.legal(game, ferdl) + game.legal_actions()
    return [
        a
        for a in offered
        if isinstance(a, (Attack, Throw, FinishOff, Charge))
        or (isinstance(a, ActionTemplate) and a.verb == "throw")
    ]


@pytest.mark.parametrize(
    ("first", "then", "earlier"),
    [
        (SHOT, THROW, "attack"),
        (THROW, SHOT, "throw"),
        (SHOT, COUP, "attack"),
        (COUP, SHOT, "finish"),
        (THROW, COUP, "throw"),
        (COUP, THROW, "finish"),
    ],
    ids=["attack-throw", "throw-attack", "attack-coup", "coup-attack", "throw-coup", "coup-throw"],
)
def test_one_attack_per_activation(first: Action, then: Action, earlier: str) -> None:
    game = _yard()
    assert _attacks_offered(game)  # before: attacks, the coup and the throw are open
    play(game, first, FACES[type(first)])
    assert game.state.spent["ferdl"] == [earlier]
    _refused(
        game,
        then,
        rf"Ferdl already attacked this activation \({earlier}\): one Attack per activation, "
        r"and a Throw or a coup-de-grâce is that Attack \(§4, §5\.5, §9\)",
    )
    assert _attacks_offered(game) == []
    ferdl = game.state.figures["ferdl"]
    assert combat.finish_problem(game, ferdl, game.state.figures["r1"], "Knife") is not None
    assert budget.attacked(game, ferdl) is not None


def test_a_charge_is_an_attack_too() -> None:
    """With 3 actions a charge (2) and a Throw (1) fit the budget: the one-Attack rule
    refuses them, in either order."""
    game = _yard(actions=3)
    play(game, THROW, FACES[Throw])
    assert CHARGE not in _attacks_offered(game)
    _refused(
        game, CHARGE, r"Ferdl already took throw this activation: a charge is a Move and an Attack"
    )
    game = _yard(actions=3)
    assert CHARGE in _attacks_offered(game)
    play(game, CHARGE, [2])  # into contact with r2, the knife misses (W20 2)
    assert game.state.spent["ferdl"] == ["move", "attack"]
    assert _attacks_offered(game) == []
    _refused(game, THROW, r"Ferdl already attacked this activation \(attack\)")


def test_a_repeated_verb_still_says_no_repeats() -> None:
    game = _yard()
    play(game, COUP)
    _refused(game, COUP, r"Ferdl already took finish this activation \(no repeats, §4\)")
