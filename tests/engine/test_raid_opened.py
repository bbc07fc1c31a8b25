"""A barricade or gate broken open is damaged, not destroyed (docs/RULES.md §12, P:
`raid.opened_spoils`): it does not by itself turn Repelled into Partial, and the
campaign repairs it for a share of its cost (docs/CAMPAIGN.md)."""

from __future__ import annotations

from raid_kit import NO_WAVE, NORTH, SHELTER, SOUTH, Raid, idle, of, play, raid_scenario

from game.actions import ChooseFirst
from game.campaign.battle import BattleReport
from game.campaign.fortune import consequences
from game.dice import ScriptedDice
from game.engine import Game
from game.play.events import GameOver
from game.play.outcome import damaged_modules, lost_modules, spoilers
from tests.campaign.campaign_kit import fresh

HORDE = Raid(threat="infected", budget=0.5, roster=(("Shambler", 1.0),), entries=(NORTH, SOUTH))
PROTECT = 'kind = "protect"\nkey_point = "shelter"\nrounds = {rounds}'
BARRICADE = ("barricade", "barricade", [(10, 20), (18, 20), (18, 21), (10, 21)])
INFIRMARY = ("infirmary", "infirmary", [(50, 50), (54, 50), (54, 54), (50, 54)])


def _held(*knobs: str) -> Game:
    figures = [("a", "mira", "Mira", 5, 55), ("b", "z1", "Shambler", 30, 10)]
    scen = raid_scenario(
        figures,
        HORDE,
        modules=[SHELTER, BARRICADE, INFIRMARY],
        objective=PROTECT.format(rounds=1),
        knobs=[NO_WAVE, *knobs],
    )
    game = Game(scen, dice=ScriptedDice([]))
    play(game, ChooseFirst("b", "b"))  # no watchtower, no radio: a surprise attack
    game.state.board.damage("barricade", 99)  # smashed: rubble now
    game.state.destroyed_modules.append("barricade")
    return game


def test_a_barricade_broken_open_does_not_spoil_repelled() -> None:
    game = _held()
    assert (lost_modules(game), damaged_modules(game)) == ((), ("barricade",))
    assert not spoilers(game)
    [over] = of(idle(game), GameOver)
    assert (over.outcome, over.reason) == ("repelled", "held")


def test_with_the_knob_a_barricade_broken_open_is_a_module_lost() -> None:
    game = _held('"raid.opened_spoils" = true')
    assert (lost_modules(game), damaged_modules(game)) == (("barricade",), ())
    [over] = of(idle(game), GameOver)
    assert over.outcome == "partial"


def test_a_module_destroyed_outright_still_spoils_repelled() -> None:
    game = _held()
    game.state.destroyed_modules.append("infirmary")  # no rule does this today: staged
    assert lost_modules(game) == ("infirmary",) and spoilers(game).modules == ("infirmary",)
    [over] = of(idle(game), GameOver)
    assert over.outcome == "partial"


def test_the_campaign_repairs_an_opened_barricade_for_half_its_cost() -> None:
    c, ctx = fresh()
    scrap = c.resources["scrap"]
    report = BattleReport("raid", "repelled", 1, damaged=("barricade-s",))
    notes = consequences(c, ctx.tables, ScriptedDice([1, 1]), report)  # +1 scrap, +1 ammo
    assert next(m for m in c.modules if m.id == "barricade-s").standing
    assert notes[0].key == "repaired" and notes[0].params["cost"] == {"scrap": 2}  # 4 × 0.5
    assert c.resources["scrap"] == scrap - 2 + 1
    c.resources["scrap"] = 1  # too poor to mend the gate (6 × 0.5 = 3): it stays broken
    gate = BattleReport("raid", "repelled", 1, damaged=("factory-gate",))
    notes = consequences(c, ctx.tables, ScriptedDice([1, 1]), gate)
    assert notes[0].key == "destroyed"
    assert next(m for m in c.modules if m.id == "factory-gate").status == "destroyed"
