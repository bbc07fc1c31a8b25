"""Taking wounds (Kein Schmerz, Unbeugsam), the injury table, First aid (§3.5, §3.9, §3.10)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.dice import ScriptedDice
from game.narration import narrate
from game.rules.combatant import Combatant, Condition
from game.rules.injury import (
    FirstAidError,
    FirstAidRolled,
    InjuryRolled,
    TakenOut,
    fall,
    first_aid,
    injury_result,
    stand_up,
)
from game.rules.loader import RulesData
from game.rules.wounds import WoundsTaken, apply_wounds

Fig = Callable[..., Combatant]


def test_plain_wounds(rules: RulesData, fig: Fig) -> None:
    d = apply_wounds(fig("Raider"), 3, rules)
    assert (d.target.tp, d.taken, d.ignored, d.incapacitated) == (1, 3, 0, False)
    d = apply_wounds(fig("Raider"), 9, rules)
    assert (d.target.tp, d.taken, d.incapacitated) == (0, 4, True)
    assert d.event == WoundsTaken("Raider", 9, 0, 4, 0, False, True)


def test_kein_schmerz_ignores_the_first_wound_at_half_tp(rules: RulesData, fig: Fig) -> None:
    katz = fig("Katz")  # TP 7, half = 3.5
    d = apply_wounds(katz, 5, rules)
    # 7→6→5→4→3, then at half TP the fifth wound is ignored
    assert (d.target.tp, d.taken, d.ignored, d.target.pain_ignores_left) == (3, 4, 1, 0)
    assert narrate(d.event, "en") == (
        "Katz takes 5 wounds: TP 7 → 3; no pain [Kein Schmerz] ignores 1 (§3.5)"
    )
    assert narrate(d.event, "de").endswith("; Kein Schmerz ignoriert 1 (§3.5)")
    again = apply_wounds(d.target, 1, rules)  # used up this round
    assert again.target.tp == 2
    fresh = apply_wounds(d.target.changed(pain_ignores_left=1), 1, rules)
    assert fresh.target.tp == 3 and fresh.ignored == 1


def test_unbeugsam_once_per_battle(rules: RulesData, fig: Fig) -> None:
    bruno = fig("Bruno")
    d = apply_wounds(bruno, 10, rules)
    assert (d.target.tp, d.unbeugsam, d.incapacitated, d.target.unbeugsam_left) == (
        1,
        True,
        False,
        0,
    )
    assert narrate(d.event, "en") == (
        "Bruno takes 10 wounds: TP 7 → 1; unbowed [Unbeugsam] leaves it standing (§3.5)"
    )
    second = apply_wounds(d.target, 1, rules)
    assert second.incapacitated and not second.unbeugsam


@pytest.mark.parametrize(
    ("total", "name"),
    [
        (-5, "Tot"),
        (4, "Tot"),
        (5, "Schwer"),
        (9, "Schwer"),
        (10, "Übel"),
        (14, "Übel"),
        (15, "Streifschuss"),
        (18, "Streifschuss"),
        (19, "Zäh"),
        (40, "Zäh"),
    ],
)
def test_injury_thresholds(rules: RulesData, total: int, name: str) -> None:
    assert injury_result(total, rules.injury).name == name


def test_injury_thresholds_are_knobs(rules: RulesData) -> None:
    new = rules.with_overrides({"injury.Tot.max": 6})
    assert injury_result(6, new.injury).name == "Tot"


@pytest.mark.parametrize(
    ("face", "condition", "tp"),
    [
        (2, Condition.DEAD, 0),
        (7, Condition.OUT, 0),
        (12, Condition.OUT_UNSTABLE, 0),
        (16, Condition.DOWN, 0),
        (19, Condition.STANDING, 1),
    ],
)
def test_fall_core_figure(
    rules: RulesData, fig: Fig, face: int, condition: Condition, tp: int
) -> None:
    mira = fig("Mira", tp=0)  # KÖR +1
    down = fall(mira, rules, ScriptedDice([face]))
    assert down.figure.condition is condition and down.figure.tp == tp
    assert isinstance(down.event, InjuryRolled) and down.event.modifier == 1


def test_fall_extra(rules: RulesData, fig: Fig) -> None:
    down = fall(fig("Militia", tp=0), rules, ScriptedDice())
    assert down.event == TakenOut("Militia") and down.figure.condition is Condition.OUT
    assert narrate(down.event, "en") == "Militia is out of action [kampfunfähig] (§3.9)"


def test_first_aid(rules: RulesData, fig: Fig) -> None:
    """Rulebook §3.10: "Erste Hilfe (Aktion, VER-Probe): stabilisiert + 1 TP" — First
    aid, a VER test, stabilises and gives +1 TP; also to an Übel figure, which stays
    out of the battle (contract §4)."""
    selma = fig("Selma")  # VER +3
    wounded = fig("Mira", tp=2)
    aid = first_aid(selma, wounded, rules, ScriptedDice([9]))
    assert aid.success and aid.patient.tp == 3
    assert aid.event == FirstAidRolled("Selma", (9,), 9, 0, 3, 12, "success", "Mira", "healed", 3)
    assert narrate(aid.event, "en") == (
        "Selma gives First aid [Erste Hilfe] to Mira: VER d20 9 + 3 = 12 ≥ 12 → success: "
        "healed, TP 3 (§3.10)"
    )
    infirmary = first_aid(selma, wounded, rules, ScriptedDice([9]), infirmary=True)
    assert infirmary.patient.tp == 4
    failed = first_aid(selma, wounded, rules, ScriptedDice([8]))
    assert not failed.success and failed.patient == wounded
    down = fig("Mira", tp=0, condition=Condition.DOWN)
    up = first_aid(selma, down, rules, ScriptedDice([15]))
    assert up.patient.condition is Condition.STANDING and up.patient.tp == 1
    bad = fig("Mira", tp=0, condition=Condition.OUT_UNSTABLE)
    stable = first_aid(selma, bad, rules, ScriptedDice([15]))
    assert stable.patient.condition is Condition.OUT_STABLE and stable.patient.tp == 1
    assert narrate(stable.event, "en").endswith(
        "stabilised, TP 1 (stays out of the battle) (§3.10)"
    )


def test_feldarzt_heals_one_tp_more(rules: RulesData, fig: Fig) -> None:
    """Rulebook §13.1: "Feldarzt — deine Erste Hilfe heilt +1 TP und geht als 1
    Aktion" — its First aid heals +1 TP (and costs 1 action, tests/engine)."""
    medic = fig("Selma", talents=frozenset({"Feldarzt"}))
    aid = first_aid(medic, fig("Mira", tp=1), rules, ScriptedDice([9]))
    assert aid.patient.tp == 3
    down = first_aid(medic, fig("Mira", tp=0, condition=Condition.DOWN), rules, ScriptedDice([9]))
    assert down.patient.tp == 2 and down.patient.condition is Condition.STANDING


@pytest.mark.parametrize("condition", [Condition.DEAD, Condition.OUT, Condition.OUT_STABLE])
def test_first_aid_cannot_help(rules: RulesData, fig: Fig, condition: Condition) -> None:
    with pytest.raises(FirstAidError):
        first_aid(fig("Selma"), fig("Mira", tp=0, condition=condition), rules, ScriptedDice([20]))


def test_first_aid_needs_a_wound(rules: RulesData, fig: Fig) -> None:
    with pytest.raises(FirstAidError, match="not wounded"):
        first_aid(fig("Selma"), fig("Mira"), rules, ScriptedDice([20]))


def test_a_downed_figure_stands_up(fig: Fig) -> None:
    up, event = stand_up(fig("Mira", tp=0, condition=Condition.DOWN))
    assert up.condition is Condition.STANDING and up.tp == 1
    assert narrate(event, "en") == "Mira gets up at 1 TP (§3.9)"
    with pytest.raises(ValueError, match="not down"):
        stand_up(fig("Mira"))
