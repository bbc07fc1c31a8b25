"""The talents that work between battles (rulebook §13.1, docs/CAMPAIGN.md): Späherauge
and Reliktkundig on a salvage mission (game/campaign/talents.py), scripted dice."""

from __future__ import annotations

from game.campaign import talents
from game.campaign.battle import BattleReport
from game.campaign.cycle import play_cycle
from game.campaign.downtime import Plan
from game.dice import ScriptedDice
from tests.campaign.campaign_kit import Scripted, fresh

REST = Plan(actions={})


def _rest(_c: object, _ctx: object) -> Plan:
    return REST


def test_spaeherauge_and_reliktkundig_on_a_won_mission() -> None:
    """Rulebook §13.1: "Späherauge — du entdeckst Fallen, Hinterhalte und verborgene Beute
    bei einem Vorstoß-Zug automatisch (kein Wurf)" (Scout's eye: it finds traps,
    ambushes and hidden loot on an expedition turn automatically, no roll) — P: the
    salvage is the mission's search; each expression is rolled twice, the better kept.
    "Reliktkundig — … ein von dir geborgenes Relikt bringt +1 EP" (Relic-wise: a relic
    it salvages brings +1 XP) — P: every relic of its mission, when it comes home."""
    c, ctx = fresh()
    c.member("mira").talents.append("Späherauge")
    c.member("ferdl").talents.append("Reliktkundig")
    fight = Scripted([BattleReport("mission", "victory", 1)])
    # seed 1; salvage twice each: scrap 2W6 3+4 | 1+1 → 7, parts 1W6 2 | 5 → 5,
    # relics 1W2 1 | 2 → 2, influence 1W3 (4→2 | 2→1) → 2, food 2W6 5+6 | 1+1 → 11,
    # ammo 1W6 3 | 1 → 3; the event W20 12 (quiet)
    dice = ScriptedDice([1, 3, 4, 1, 1, 2, 5, 1, 2, 4, 2, 5, 6, 1, 1, 3, 1, 12])
    play_cycle(c, ctx, _rest, fight, dice)
    assert dice._faces == []
    assert (c.resources["parts"], c.resources["relics"]) == (4 + 5, 2)
    # the crew: 2 relics × (3 + 1 Reliktkundig) + 2 for the mission; Oda stayed home
    assert [(m.id, m.xp) for m in c.roster] == [
        ("jonas", 10),
        ("katz", 10),
        ("mira", 10),
        ("ferdl", 10),
        ("oda", 0),
    ]


def test_the_talents_need_their_figure_home_and_ready() -> None:
    """Without the talent, or with its figure not ready after the mission, nothing
    changes: one roll per expression, no XP more per relic."""
    c, ctx = fresh()
    crew = [c.member("mira"), c.member("ferdl")]
    assert talents.salvage_rolls(crew, ctx.rules) == 1
    assert talents.relic_xp(crew, ctx.rules) == 0
    crew[0].talents.append("Späherauge")
    crew[1].talents.append("Reliktkundig")
    assert talents.salvage_rolls(crew, ctx.rules) == 2
    assert talents.relic_xp(crew, ctx.rules) == 1
    crew[0].status = "dead"
    crew[1].status = "retired"
    assert talents.salvage_rolls(crew, ctx.rules) == 1
    assert talents.relic_xp(crew, ctx.rules) == 0
