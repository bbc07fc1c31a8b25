"""Seed 002's Schnaps (docs/RULES.md §18): "Bewegung −2 cm; Fernkampf, Ausweichen,
Nahkampf und Verteidigung jeweils −1 W6; Widerstand +1 W6. Eine handlungsfähige
Figur kann Schnaps für 1 AP verwenden." (Move −2 cm; ranged, dodge, melee and
defence −1 W6 each; resistance +1 W6. A figure able to act may use Schnaps for 1 AP.)
On the table (P): the action Drink (1 action); attacks at disadvantage; WS −1; +2
on KÖR tests of resistance; to the end of the battle."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, scenario, start

from game.actions import Drink, FirstAid, IllegalAction
from game.engine import Game
from game.narration import narrate
from game.play import bridge, budget, movement
from game.play.items import SchnapsDrunk
from game.rules.attack import damage_plan, hit_plan
from game.rules.combatant import AttackContext
from game.rules.loader import load_rules
from game.rules.treatment import TreatmentRolled

RULES = load_rules()


def _game(*kit: str) -> Game:
    """Bruno (KÖR 3, light armour WS 3+, move 15 cm) carries `kit`; Jonas (KÖR 3)
    stands beside him; a raider far off."""
    scen = scenario(
        [
            Fig("a", "bruno", (10, 10), "Bruno", equipment=kit),
            Fig("a", "jonas", (12.6, 10), "Jonas"),
            Fig("b", "r1", (50, 50), "Raider"),
        ]
    )
    return start(scen, "bruno")


def test_drinking_takes_one_action_and_the_move_is_2_cm_shorter() -> None:
    """ "Bewegung −2 cm", "für 1 AP", "keine beendende Aktion"."""
    game = _game("Schnaps")
    bruno = game.state.figures["bruno"]
    assert Drink("bruno") in game.legal_actions()
    assert movement.allowance(game, bruno, "move") == 15.0
    [drunk] = of(play(game, Drink("bruno")), SchnapsDrunk)
    assert (drunk.figure, drunk.move_cm, drunk.ws, drunk.resist) == ("bruno", 2.0, -1, 2)
    assert budget.used(game, bruno) == 1 and budget.can_act(game, bruno)
    assert movement.allowance(game, bruno, "move") == 13.0
    assert movement.allowance(game, bruno, "run") == 13.0 + RULES.knobs.move.run_bonus
    assert bruno.uses["used:Schnaps"] == 1  # struck off the sheet
    assert Drink("bruno") not in game.legal_actions()
    line = narrate(drunk, "en")
    assert line.startswith("Bruno drinks its Schnaps: to the end of the battle its move is 2")
    assert "WS -1" in line and "+2 on KÖR tests" in line and line.endswith("(§18)")
    assert narrate(drunk, "de").startswith("Bruno trinkt seinen Schnaps")


def test_without_schnaps_there_is_nothing_to_drink() -> None:
    game = _game()
    assert Drink("bruno") not in game.legal_actions()
    with pytest.raises(IllegalAction) as err:
        game.apply(Drink("bruno"))
    assert str(err.value) == "Bruno carries no Schnaps to drink"


def test_drunk_attacks_have_disadvantage_and_hits_need_one_less() -> None:
    """ "Fernkampf … Nahkampf … −1 W6" → disadvantage (P); "Ausweichen und
    Verteidigung −1 W6" → WS one lower (P): a raider's fists (BR 0) need 3+ against
    Bruno's light armour, after the Schnaps 2+."""
    game = _game("Schnaps")
    bruno, raider = game.state.figures["bruno"], game.state.figures["r1"]
    rifle, fists = RULES.weapon("Assault rifle"), RULES.weapon("Fists")

    def plans() -> tuple[int, tuple[str, ...], int]:
        me, foe = bridge.combatant(game, bruno), bridge.combatant(game, raider)
        hit = hit_plan(me, rifle, AttackContext(), RULES, 10)
        return (
            hit.edge,
            hit.disadvantages,
            damage_plan(foe, me, fists, AttackContext(), RULES).needed.value,
        )

    assert plans() == (0, (), 3)
    play(game, Drink("bruno"))
    assert plans() == (-1, ("schnaps",), 2)
    drunk = bridge.combatant(game, bruno)
    assert (drunk.kor, drunk.melee_bonus - drunk.kampfstufe - drunk.attack_bonus) == (3, 3)
    assert drunk.attribute("kor") == 5  # "Widerstand +1 W6" → +2 on KÖR tests (P)


def test_a_drunk_patient_resists_better() -> None:
    """Seed 002's treatment is a Widerstandsprobe: Jonas, drunk, tests KÖR 3 + 2:
    a 7 gives 7 + 5 = 12, a success against 12 (sober, 7 + 3 = 10 fails)."""
    game = _game("Medi-Pack")
    jonas = game.state.figures["jonas"]
    jonas.tp = 2
    jonas.uses["used:Schnaps"] = 1  # he drank his earlier
    [event] = of(play(game, FirstAid("bruno", "jonas"), [7]), TreatmentRolled)
    assert (event.kept, event.modifier, event.target) == (7, 5, 12)
    assert event.success and jonas.tp == 4
