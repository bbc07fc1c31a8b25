"""UseAbility: Seuchenhauch, Immunserum, Raserei, Improvisieren and the Hexer's gifts
with strain and backlash (docs/RULES.md §13, rulebook §1.3, §4)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from test_support_scenes import Placed, activate, game_of, scene

from game.actions import Aim, Attack, EndActivation, IllegalAction, Interact, TakeCover, UseAbility
from game.engine import Game
from game.events import Event
from game.narration import narrate
from game.play import abilities, budget
from game.play.abilities import ActionLostLater, GiftFizzled
from game.play.events import ActionsLost
from game.play.support import Improvised
from game.rules.abilities import (
    BacklashRolled,
    FrenzyTaken,
    GiftCast,
    SerumGiven,
    StrainTaken,
    Suppressed,
    Veiled,
    Weakened,
)
from game.rules.attack import ToHitRolled
from game.rules.checks import SaveRolled
from game.rules.combatant import Condition
from game.rules.injury import InjuryRolled
from game.rules.wounds import WoundsTaken

A_WINS = [20, 1]  # initiative: side a W20 20 + 1 beats side b W20 1 + 1

YARD: list[Placed] = [
    ("a", "selma", "Selma", 20.0, 20.0),
    ("a", "bruno", "Bruno", 22.6, 20.0),  # adjacent to Selma
    ("a", "oda", "Oda", 20.0, 24.0),
    ("a", "katz", "Katz", 30.0, 28.5),  # 0.25 cm south of the gate
    ("a", "ferdl", "Ferdl", 44.0, 8.5),  # 0.25 cm south of the barricade
    ("b", "r1", "Raider", 40.0, 20.0),  # in sight of Selma and Oda, 17.5 cm away
    ("b", "r2", "Raider", 20.0, 45.0),  # behind the wall
]


def _game(faces: Sequence[int], figure: str, extra: Sequence[Placed] = ()) -> Game:
    game = game_of(scene([*YARD, *extra]), [*A_WINS, *faces])
    activate(game, figure)
    return game


def _kinds(events: list[Event]) -> list[type[Event]]:
    return [type(e) for e in events]


# -- naming abilities ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figure", "ability", "target", "reason"),
    [
        ("bruno", "Unbeugsam", None, "works by itself"),
        ("bruno", "Levitate", None, "no ability 'Levitate'"),
        ("bruno", "Raserei:action", None, "Bruno has no Raserei"),
        ("katz", "Raserei", None, "needs a choice: Raserei:action or Raserei:melee"),
        ("katz", "Raserei:sprint", None, "no option 'sprint'"),
        ("oda", "Grauen", None, "needs a target"),
        ("oda", "Seuchenhauch", "r1", "Oda has no Seuchenhauch"),
        ("selma", "Seuchenhauch", "r2", "no line of sight to R2"),
        ("selma", "Seuchenhauch", "bruno", "targets a standing enemy"),
    ],
)
def test_abilities_that_cannot_be_used(
    figure: str, ability: str, target: str | None, reason: str
) -> None:
    game = _game([], figure)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(UseAbility(figure, ability, target))
    assert game.to_dict() == before


def test_english_names_are_accepted() -> None:
    game = _game([11], "oda")  # the save fails: 11 + 0 < 12
    events = game.apply(UseAbility("oda", "Dread", "r1"))
    assert GiftCast("Oda", "Grauen") in events and game.state.figures["r1"].suppressed


# -- Virologe --------------------------------------------------------------------------------


def test_seuchenhauch_weakens_on_a_failed_kor_save_to_the_end_of_its_next_activation() -> None:
    """Rulebook §1.3: "Ein Ziel in Sicht muss eine KÖR-Rettung (12) bestehen, sonst ist
    es von Fäule geschwächt: −1W6 auf seine Schadenspools und Nachteil auf Angriffe bis
    zu seiner nächsten Runde" — a target in sight makes a KÖR save 12 or is weakened,
    −1W6 on its damage pools and disadvantage on attacks, until its next turn: the
    weakening lasts through the target's next activation, so it bites once."""
    # save 11 + KÖR 0 < 12; R1's shot with disadvantage: 15 and 3, keeps 3 → a miss
    game = _game([11, 15, 3], "selma")
    events = game.apply(UseAbility("selma", "Seuchenhauch", "r1"))
    r1 = game.state.figures["r1"]
    assert _kinds(events) == [SaveRolled, Weakened]
    assert narrate(events[0]) == (
        "R1 saves [Rettungswurf] on KÖR against plague breath [Seuchenhauch]: d20 11 < 12"
        " → failure (§2)"
    )
    assert "−1d6 on damage pools and disadvantage" in narrate(events[1])
    assert "to the end of its next activation" in narrate(events[1])
    game.apply(EndActivation("selma"))
    activate(game, "r1")
    assert "weakened" in r1.effects  # its own activation is weakened
    shot = game.apply(Attack("r1", "selma", "Pistol"))
    to_hit = next(e for e in shot if isinstance(e, ToHitRolled))
    assert to_hit.disadvantages == ("weakened",) and to_hit.faces == (15, 3)
    game.apply(EndActivation("r1"))
    assert "weakened" not in r1.effects  # … and ends with it


def test_seuchenhauch_resisted_changes_nothing_but_the_action() -> None:
    game = _game([12], "selma")
    events = game.apply(UseAbility("selma", "Seuchenhauch", "r1"))
    assert _kinds(events) == [SaveRolled] and game.state.figures["r1"].effects == {}
    assert game.state.spent["selma"] == ["ability"]
    with pytest.raises(IllegalAction, match="already took ability"):
        game.apply(UseAbility("selma", "Immunserum", "bruno"))


def test_immunserum_heals_one_w3_tp() -> None:
    game = _game([5], "selma")  # 1W3 = ceil(5 / 2) = 3
    bruno = game.state.figures["bruno"]
    bruno.tp = 3
    events = game.apply(UseAbility("selma", "Immunserum", "bruno"))
    assert events == [SerumGiven("Selma", "Bruno", "heal", (3,), 3, 6)]
    assert bruno.tp == 6
    assert narrate(events[0]) == (
        "Selma gives Bruno the serum [Immunserum]: heals [3] 3 TP, TP 6 (§1.3)"
    )


def test_immunserum_stands_up_the_grazed_and_stabilises_the_unstable() -> None:
    game = _game([1], "selma")  # 1W3 = 1
    bruno = game.state.figures["bruno"]
    bruno.tp, bruno.condition = 0, Condition.DOWN
    game.apply(UseAbility("selma", "Immunserum", "bruno"))
    assert (bruno.condition, bruno.tp) == (Condition.STANDING, 1)
    game = _game([], "selma")
    bruno = game.state.figures["bruno"]
    bruno.tp, bruno.condition = 0, Condition.OUT_UNSTABLE
    events = game.apply(UseAbility("selma", "Immunserum", "bruno"))
    assert bruno.condition is Condition.OUT_STABLE
    assert isinstance(events[0], SerumGiven) and events[0].mode == "stabilise"


def test_immunserum_cures_infection_and_works_on_the_virologe_herself() -> None:
    game = _game([], "selma")
    selma = game.state.figures["selma"]
    selma.infected = True
    events = game.apply(UseAbility("selma", "Immunserum:cure", "selma"))
    assert not selma.infected and events == [SerumGiven("Selma", "Selma", "cure", (), 0, 4)]


def test_immunserum_needs_touch_and_something_to_do() -> None:
    game = _game([], "selma")
    with pytest.raises(
        IllegalAction, match=r"cannot help Bruno \(standing, 7/7 TP, not infected\)"
    ):
        game.apply(UseAbility("selma", "Immunserum", "bruno"))
    game.state.figures["oda"].tp = 2
    with pytest.raises(IllegalAction, match="works by touch; Oda is not in base contact"):
        game.apply(UseAbility("selma", "Immunserum", "oda"))
    with pytest.raises(IllegalAction, match="cannot cure Bruno"):
        game.apply(UseAbility("selma", "Immunserum:cure", "bruno"))


# -- Berserker ------------------------------------------------------------------------------


def test_raserei_gives_a_third_action_this_round() -> None:
    game = _game([], "katz")
    katz = game.state.figures["katz"]
    events = game.apply(UseAbility("katz", "Raserei:action"))
    assert events == [
        FrenzyTaken("Katz", "action", 1),
        StrainTaken("Katz", 1, 1, 4, "Raserei"),  # limit 3 + WIL 1
    ]
    assert katz.effects == {"raserei_action": 1} and katz.strain == 1
    assert budget.action_budget(game, katz) == 3 and game.state.spent["katz"] == []
    with pytest.raises(IllegalAction, match="taken Raserei this round already"):
        game.apply(UseAbility("katz", "Raserei:melee"))
    game.apply(Aim("katz"))
    game.apply(TakeCover("katz"))
    pending = game.pending()
    assert pending is not None and pending.figures == ("katz",)  # a third action is left
    game.apply(Interact("katz", "gate"))
    assert game.state.spent["katz"] == ["aim", "cover", "interact"]
    assert "katz" not in game.state.active  # now it is done


def test_raserei_melee_lasts_the_round() -> None:
    game = _game([1, 20], "katz")  # round 2's initiative: b 1, a 20
    katz = game.state.figures["katz"]
    game.apply(UseAbility("katz", "Raserei:melee"))
    assert katz.effects == {"raserei_melee": 1}
    assert budget.action_budget(game, katz) == 2
    game.apply(EndActivation("katz"))
    activate(game, "katz")
    assert game.state.round == 2 and katz.effects == {}
    assert abilities.legal(game, katz) == [
        UseAbility("katz", "Raserei:action"),
        UseAbility("katz", "Raserei:melee"),
    ]


# -- Hexer: gifts, strain, backlash -------------------------------------------------------------


def test_grauen_suppresses_on_a_failed_wil_save() -> None:
    game = _game([11], "oda")  # WIL 0: 11 < 12
    r1 = game.state.figures["r1"]
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert _kinds(events) == [GiftCast, StrainTaken, SaveRolled, Suppressed]
    assert events[1] == StrainTaken("Oda", 1, 1, 6, "Grauen")  # limit 3 + WIL 3
    assert r1.suppressed and game.state.figures["oda"].strain == 1
    with pytest.raises(IllegalAction, match="already took ability"):
        game.apply(UseAbility("oda", "Riss-Stoß", "r1"))


def test_grauen_resisted() -> None:
    game = _game([12], "oda")
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert _kinds(events) == [GiftCast, StrainTaken, SaveRolled]
    assert not game.state.figures["r1"].suppressed


def test_riss_stoss_is_a_quiet_ranged_attack() -> None:
    # To hit: W20 15 + REF 1 ≥ VW 11. Pool 2W6, BR 1 against WS 3: needs 2+ → [4, 1] = 1 wound.
    game = _game([15, 4, 1], "oda")
    game.state.figures["r1"].facing = 180.0  # facing Oda: no attack from behind
    events = game.apply(UseAbility("oda", "Riss-Stoß", "r1"))
    assert game.state.figures["r1"].tp == 3 and game.state.figures["oda"].strain == 1
    assert game.state.noise == [] and events[:2] == [
        GiftCast("Oda", "Riss-Stoß"),
        StrainTaken("Oda", 1, 1, 6, "Riss-Stoß"),
    ]
    assert any(isinstance(e, WoundsTaken) for e in events)


def test_riss_stoss_reaches_no_farther_than_twice_its_range() -> None:
    game = _game([], "oda", [("b", "r3", "Raider", 58.5, 28.0)])
    oda = game.state.figures["oda"]
    oda.x, oda.y = 1.5, 1.5  # 62.86 cm between the centres: 60.36 cm between the bases
    with pytest.raises(IllegalAction, match="beyond 2 × the Riss-Stoß's range"):
        game.apply(UseAbility("oda", "Riss-Stoß", "r3"))


@pytest.mark.parametrize(("face", "effect"), [(4, "nothing"), (6, "nothing")])
def test_strain_above_the_limit_rolls_backlash_nothing(face: int, effect: str) -> None:
    game = _game([face, 12], "oda")
    oda = game.state.figures["oda"]
    oda.strain = 6
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert events[1:3] == [
        StrainTaken("Oda", 1, 7, 6, "Grauen"),
        BacklashRolled("Oda", face, effect),
    ]
    assert (oda.strain, oda.tp) == (7, 4)


def test_backlash_one_is_a_wound() -> None:
    game = _game([1, 12], "oda")
    oda = game.state.figures["oda"]
    oda.strain = 6
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert _kinds(events) == [GiftCast, StrainTaken, BacklashRolled, WoundsTaken, SaveRolled]
    assert oda.tp == 3
    assert "1 wound" in narrate(events[2])


def test_a_backlash_wound_that_fells_the_hexer_makes_the_gift_fizzle() -> None:
    game = _game([1, 16], "oda")  # backlash 1 = a wound; injury W20 16 + KÖR 0: graze
    oda = game.state.figures["oda"]
    oda.strain, oda.tp = 6, 1
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert _kinds(events)[:5] == [GiftCast, StrainTaken, BacklashRolled, WoundsTaken, InjuryRolled]
    assert GiftFizzled("oda", "Grauen") in events
    assert oda.condition is Condition.DOWN and not game.state.figures["r1"].suppressed


@pytest.mark.parametrize("face", [2, 3])
def test_backlash_loses_the_next_action_at_once_when_one_is_left(face: int) -> None:
    game = _game([face, 12], "oda")
    oda = game.state.figures["oda"]
    oda.strain = 6
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert ActionsLost("oda", 1) in events
    assert game.state.spent["oda"] == ["ability", "lost"] and oda.lose_actions == 0
    assert "oda" not in game.state.active  # the activation is over


def test_backlash_without_an_action_left_costs_the_next_activation_one() -> None:
    game = _game([3, 12, 20, 1], "oda")  # backlash 3, save 12; round 2: a wins
    oda = game.state.figures["oda"]
    oda.strain = 6
    game.apply(Aim("oda"))
    events = game.apply(UseAbility("oda", "Grauen", "r1"))
    assert ActionLostLater("oda") in events and oda.lose_actions == 1
    assert "first action of its next activation" in narrate(ActionLostLater("oda"))
    activate(game, "oda")
    assert game.state.round == 2 and game.state.spent["oda"] == ["lost"]
    assert oda.lose_actions == 0 and budget.action_budget(game, oda) - budget.used(game, oda) == 1


def test_schleier_veils_until_the_next_activation() -> None:
    game = game_of(scene(YARD), [*A_WINS, 1, 20])
    oda = game.profiles["oda"]
    game.profiles["oda"] = dataclasses.replace(oda, gifts=("Schleier", "Grauen"))
    activate(game, "oda")
    events = game.apply(UseAbility("oda", "Veil"))
    assert events[2] == Veiled("Oda", 20.0)
    assert game.state.figures["oda"].effects == {"veiled": 0}
    assert "cannot be targeted from beyond 20 cm" in narrate(events[2])
    game.apply(EndActivation("oda"))
    activate(game, "oda")
    assert game.state.figures["oda"].effects == {}


def test_oda_may_use_her_two_gifts_on_targets_in_sight() -> None:
    game = _game([], "oda")
    assert abilities.legal(game, game.state.figures["oda"]) == [
        UseAbility("oda", "Riss-Stoß", "r1"),
        UseAbility("oda", "Grauen", "r1"),
    ]


# -- Tüftler -----------------------------------------------------------------------------------


def test_improvisieren_as_an_ability_restores_a_damaged_gate_that_stands() -> None:
    game = _game([], "ferdl")
    ferdl = game.state.figures["ferdl"]
    ferdl.x, ferdl.y = 27.5, 28.5  # at the gate
    game.state.board.damage("gate", 3)
    assert abilities.legal(game, ferdl) == [UseAbility("ferdl", "Improvisieren", "gate")]
    events = game.apply(UseAbility("ferdl", "Improvisieren", "gate"))
    gate = game.state.board.pieces["gate"]
    assert events == [Improvised("ferdl", "gate", "restored", 8)] and not gate.open
    assert gate.structure == 8 and game.state.spent["ferdl"] == ["interact"]
    with pytest.raises(IllegalAction, match="used Improvisieren already"):
        game.apply(UseAbility("ferdl", "Improvisieren", "gate"))
