"""3W6 at the table, issue #14 item 3 continued: a charge's blow declares a hit zone
(its aim penalty, the zone it lands on, the AI's choice of it, the text form), and
the odds an attack shows are reckoned against the defender's best defence and say
so (seed 003, "Jeder Angriff nennt zusätzlich ein Körperteil", "Aktive
Verteidigungen")."""

from __future__ import annotations

import pytest

from ai.threew6 import aimed
from game.actions import Action, Activate, Charge, ChooseFirst, Defend, IllegalAction
from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario
from game.systems.threew6.rules import AttackRolled, InjuryTaken, ZoneStruck
from game.ui.describe import defence_line
from game.ui.preview import action_preview, attack_preview
from tests.systems.threew6_kit import SCENE, raider_next_to_jonas

APART = SCENE.replace("at = [32.5, 30]", "at = [45, 30]")
"""The Raider 12.5 cm from Jonas: a charge away."""


def test_a_charge_declares_a_zone_at_its_penalty_and_strikes_it() -> None:
    """Left arm: aim −2 (P), the Raider's melee 11 becomes 9; Defend none, no zone
    dice, the Knife's 1W6−1 = 5 − DR 4 = 1 at the left arm: HP 13 → 12."""
    game = raider_next_to_jonas(APART)
    game.dice = ScriptedDice([3, 3, 3])  # 9 ≤ 9
    events = game.apply(Charge("r1", "jonas", "Knife", zone="left_arm"))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert rolled.value == 9 and ("zone_left_arm", -2) in rolled.parts
    pending = game.pending()
    assert pending is not None and pending.kind == "defence"
    assert pending.data["zone"] == "left_arm"
    game.dice = ScriptedDice([6])
    events = game.apply(Defend("jonas", "none"))
    zone = next(e for e in events if isinstance(e, ZoneStruck))
    assert zone.zone == "left_arm" and zone.declared and zone.faces == ()
    injury = next(e for e in events if isinstance(e, InjuryTaken))
    assert injury.zone == "left_arm" and injury.injury == 1
    assert game.state.figures["jonas"].tp == 12


def test_a_charge_s_zone_must_be_one_of_the_table() -> None:
    game = raider_next_to_jonas(APART)
    with pytest.raises(IllegalAction, match="no hit zone 'tail'"):
        game.apply(Charge("r1", "jonas", "Knife", zone="tail"))
    assert game.state.figures["r1"].pos == (45.0, 30.0)  # nothing moved


def test_the_charge_s_zone_stays_out_of_the_text_form_until_declared() -> None:
    assert str(Charge("a", "b", "Knife")) == "charge figure=a target=b weapon=Knife"
    aimed_at = Charge("a", "b", "Knife", zone="left_arm")
    assert str(aimed_at) == "charge figure=a target=b weapon=Knife zone=left_arm"
    assert Action.parse(str(aimed_at)) == aimed_at


def test_the_ai_aims_a_charge_s_blow() -> None:
    """Katz's Fire axe against a Runner (no DR): a leg lames at ≥ 5 injury, so the
    charge declares the right leg as the Attack does next to it; the Raider's Knife
    against Jonas (DR 4) gains nothing by aiming."""
    text = APART.replace('profile = "Jonas"', 'profile = "Runner"').replace(
        'profile = "Raider"', 'profile = "Katz"'
    )
    game = Game(parse_scenario(text), dice=ScriptedDice([20, 1]))
    game.apply(ChooseFirst("a", "b"))
    game.apply(Activate("r1"))
    assert aimed(game, Charge("r1", "jonas", "Fire axe")) == Charge(
        "r1", "jonas", "Fire axe", zone="right_leg"
    )
    plain = raider_next_to_jonas(APART)
    assert aimed(plain, Charge("r1", "jonas", "Knife")) == Charge("r1", "jonas", "Knife")


def test_the_odds_are_against_the_best_defence_and_say_so() -> None:
    """The Raider's Knife (melee 11) on Jonas: P(3W6 ≤ 11) = 135/216, his best
    defence Parry 9 (Block 9 ties, Dodge 8) fails 135/216 of the time: P(hit) =
    (135/216)² = 0.390625. Aimed at the skull (−7): P(3W6 ≤ 4) = 4/216 × 135/216."""
    game = raider_next_to_jonas()
    raider, jonas = game.state.figures["r1"], game.state.figures["jonas"]
    preview = attack_preview(game, raider, jonas, "Knife")
    assert preview.defence == ("parry", 9)
    assert preview.odds is not None and preview.odds.p_hit == pytest.approx(0.390625)
    assert defence_line(preview.defence) == (
        "hit chance against its best defence: Parry 3d6 ≤ 9 (38%) — it chooses when hit"
    )
    skull = attack_preview(game, raider, jonas, "Knife", zone="skull")
    assert skull.odds is not None and skull.odds.p_hit == pytest.approx(4 / 216 * 135 / 216)
    charge = action_preview(raider_next_to_jonas(APART), Charge("r1", "jonas", "Knife", "skull"))
    assert charge is not None and charge.zone == "skull"  # the charge's odds at its zone
    assert charge.odds is not None and charge.odds.needed == 4
    assert charge.action() == Charge("r1", "jonas", "Knife", "skull")
    assert defence_line(("none", 0)).startswith("no active defence open to it")
    assert defence_line(None) == ""  # the systems without active defences
