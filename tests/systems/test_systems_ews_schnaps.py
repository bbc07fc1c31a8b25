"""Seed 002's Schnaps under EWS (docs/SYSTEMS.md): "Fernkampf, Ausweichen, Nahkampf
und Verteidigung jeweils −1 W6; Widerstand +1 W6" (ranged, dodge, melee and defence
−1 W6 each; resistance +1 W6) — (P) one W6 is one Schwelle: −3 on shots, dodges and
melee, +3 on the Konstitution rolls at low TP."""

from __future__ import annotations

from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario
from game.play import bridge
from game.systems.ews.rules import Fighter, ThresholdRolled, take_damage
from game.systems.ews.tables import load_ews
from tests.systems.test_systems_ews_reach import SCENE as FAR

SCENE = FAR.format(rules="ews", x=40).replace(
    'profile = "Mira"\n', 'profile = "Mira"\nequipment = ["Schnaps"]\n'
)
KNOBS = load_ews().knobs


def test_a_drunk_figure_shoots_dodges_and_fights_three_worse() -> None:
    game = Game(parse_scenario(SCENE), seed=1)
    mira = game.state.figures["mira"]
    sober = game.system.fighter(game, mira)  # type: ignore[attr-defined]
    assert sober.malus(KNOBS) == ()
    mira.uses["used:Schnaps"] = 1  # she drank it
    assert bridge.combatant(game, mira).drunk
    drunk = game.system.fighter(game, mira)  # type: ignore[attr-defined]
    assert drunk.malus(KNOBS) == (("schnaps", -3),)
    assert (drunk.ranged, drunk.con, drunk.max_tp) == (sober.ranged, sober.con, sober.max_tp)


def test_a_drunk_figure_rolls_its_konstitution_three_better() -> None:
    """At 0 TP a Konstitution roll against 12: Konstitution 12, a 1 (odd: −1) gives
    11 — out; drunk 12 + 3 − 1 = 14 — it fights on."""
    figure = Fighter("Mira", melee=12, ranged=12, dodge=12, con=12, tp=3)
    _, sober = take_damage(figure, 3, KNOBS, ScriptedDice([1]))
    [roll] = [e for e in sober if isinstance(e, ThresholdRolled)]
    assert (roll.mw, roll.result, roll.passed) == (12, 11, False)
    drunk = Fighter("Mira", melee=12, ranged=12, dodge=12, con=12, tp=3, drunk=3, resist=3)
    _, events = take_damage(drunk, 3, KNOBS, ScriptedDice([1]))
    [roll] = [e for e in events if isinstance(e, ThresholdRolled)]
    assert (roll.mw, roll.result, roll.passed) == (12, 14, True)
