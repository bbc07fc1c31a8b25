"""The coup-de-grâce [Gnadenstoß] (RULES.md §9, P): an incapacitated enemy in base
contact dies to a deliberate melee blow — no roll; anything else is refused with
the reason and changes nothing."""

from __future__ import annotations

import pytest
from combat_kit import Fig, play, scenario, start

from game.actions import Action, Attack, FinishOff, IllegalAction
from game.narration import narrate
from game.play import combat
from game.play.combat_events import FinishedOff
from game.rules.combatant import Condition
from game.state import Presence


def _downed(condition: Condition = Condition.DOWN):  # type: ignore[no-untyped-def]
    scen = scenario(
        [
            Fig("a", "bruno", (10, 10), "Bruno"),  # assault rifle and machete
            Fig("b", "r1", (12.6, 10), "Raider"),  # in base contact
            Fig("b", "r2", (10, 30), "Raider"),  # 17.5 cm away
            Fig("a", "selma", (10, 50), "Selma"),
            Fig("b", "r3", (55, 55), "Raider"),  # standing: the battle goes on
        ]
    )
    game = start(scen, "bruno")
    for fid in ("r1", "r2"):
        fig = game.state.figures[fid]
        fig.tp, fig.condition = 0, condition
    return game


@pytest.mark.parametrize(
    "condition", [Condition.DOWN, Condition.OUT_UNSTABLE, Condition.OUT_STABLE]
)
def test_an_incapacitated_enemy_in_contact_dies_without_a_roll(condition: Condition) -> None:
    game = _downed(condition)
    events = play(game, FinishOff("bruno", "r1", "Machete"))  # no dice at all
    r1 = game.state.figures["r1"]
    assert (r1.condition, r1.presence) == (Condition.DEAD, Presence.GONE)
    assert events == [FinishedOff("bruno", "r1", "Machete", condition.value)]
    assert game.state.spent["bruno"] == ["finish"]
    text = narrate(events[0])
    assert text.startswith("Bruno finishes off ") and "coup-de-grâce [Gnadenstoß]" in text
    assert text.endswith("(§9)")


def _refused(game, action: Action, reason: str) -> None:  # type: ignore[no-untyped-def]
    before = game.state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)
    assert game.state.to_dict() == before


def test_what_a_coup_de_grace_is_not() -> None:
    game = _downed()
    _refused(
        game, FinishOff("bruno", "r2", "Machete"), r"needs base contact; R2 is 17\.5 cm away \(§9\)"
    )
    _refused(game, FinishOff("bruno", "r1", "Assault rifle"), "dealt in melee, not with")
    _refused(game, FinishOff("bruno", "r1", "Fire axe"), "carries no Fire axe")
    _refused(game, FinishOff("bruno", "selma", "Machete"), "on Bruno's side")
    _refused(game, FinishOff("bruno", "nobody", "Machete"), "there is no figure 'nobody'")
    game.state.figures["r1"].condition = Condition.STANDING
    game.state.figures["r1"].tp = 3
    _refused(
        game,
        FinishOff("bruno", "r1", "Machete"),
        "R1 is standing: a coup-de-grâce is for incapacitated",
    )


def test_an_incapacitated_figure_is_still_no_target_for_an_attack() -> None:
    game = _downed()
    _refused(game, Attack("bruno", "r1", "Machete"), "not standing and cannot be targeted")


def test_it_is_offered_exactly_when_it_is_allowed_and_once_per_activation() -> None:
    game = _downed()
    bruno = game.state.figures["bruno"]
    offered = [a for a in combat.legal(game, bruno) if isinstance(a, FinishOff)]
    assert offered == [FinishOff("bruno", "r1", "Machete")]
    assert FinishOff("bruno", "r1", "Machete") in game.legal_actions()
    play(game, offered[0])
    assert not [a for a in game.legal_actions() if isinstance(a, FinishOff)]
    bruno.suppressed = True
    assert [a for a in combat.legal(game, bruno) if isinstance(a, FinishOff)] == []


def test_the_text_form_round_trips() -> None:
    action = FinishOff("bruno", "r1", "Machete")
    assert str(action) == "finish figure=bruno target=r1 weapon=Machete"
    assert Action.parse(str(action)) == action
