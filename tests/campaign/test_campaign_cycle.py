"""Scripted cycles with exact numbers (docs/CAMPAIGN.md): the rulebook's order, the
resources booked, the hasty retreat, a raid's consequences and its destroyed module
missing from the next raid's layout (stand-in battles, scripted dice)."""

from __future__ import annotations

from game.campaign import refuge
from game.campaign.battle import BattleReport, raid_battle
from game.campaign.cycle import play_cycle
from game.campaign.downtime import Plan
from game.dice import ScriptedDice
from tests.campaign.campaign_kit import Scripted, fresh, module_ids

EVERYONE_TRAINS = Plan(
    actions={m: "train" for m in ("jonas", "katz", "mira", "ferdl", "oda")}  # type: ignore[misc]
)


def _train(_c: object, _ctx: object) -> Plan:
    return EVERYONE_TRAINS


def test_a_new_campaign_on_the_raiders_refuge() -> None:
    c, ctx = fresh()
    assert [m.id for m in c.roster] == ["jonas", "katz", "mira", "ferdl", "oda"]
    assert c.resources == {
        "scrap": 10,
        "parts": 4,
        "relics": 0,
        "influence": 3,
        "food": 14,
        "ammo": 10,
    }
    assert (c.population, c.morale, c.extras, c.level) == (6, 5, 3, 1)
    assert refuge.slots_used(c, ctx.tables) == 3  # radio, infirmary, minefield
    assert refuge.field_strength(c, ctx.tables) == 4
    assert refuge.consumption(c, ctx.tables) == 6


def test_a_won_mission_and_a_quiet_week_to_the_last_crumb() -> None:
    c, ctx = fresh()
    fight = Scripted([BattleReport("mission", "victory", 1)])
    # seed 1; salvage: scrap 2W6 3+4, parts 1W6 2, relics 1W2 1, influence 1W3 (4→2),
    # food 2W6 5+6, ammo 1W6 3; the event W20 12 (quiet)
    dice = ScriptedDice([1, 3, 4, 2, 1, 4, 5, 6, 3, 12])
    entry = play_cycle(c, ctx, _train, fight, dice)
    assert dice._faces == []
    assert entry["raid"] is False and entry["event"] == "quiet"
    assert entry["outcome"] == "victory"
    # food 14 + 11 − 6 eaten; ammo 10 − 4 (the crew of four) + 3
    assert c.resources == {
        "scrap": 17,
        "parts": 6,
        "relics": 1,
        "influence": 5,
        "food": 19,
        "ammo": 9,
    }
    # the crew: 1 relic × 3 + 2 for the mission, + 2 for training; Oda stayed home
    assert [(m.id, m.xp) for m in c.roster] == [
        ("jonas", 7),
        ("katz", 7),
        ("mira", 7),
        ("ferdl", 7),
        ("oda", 2),
    ]
    assert [b.kind for b in fight.battles] == ["mission"]
    crew = fight.battles[0].members
    assert crew == ("katz", "mira", "jonas", "ferdl")  # own posts first, then free ones
    assert c.morale == 6  # a won mission: +1
    assert c.log == [entry] and c.cycle == 1


def test_a_hasty_retreat_then_a_partial_raid() -> None:
    c, ctx = fresh()
    first = Scripted([BattleReport("mission", "victory", 1)])
    play_cycle(c, ctx, _train, first, ScriptedDice([1, 3, 4, 2, 1, 4, 5, 6, 3, 12]))
    fight = Scripted(
        [
            BattleReport("mission", "defeat", 1, fallen={"katz": "out"}),
            BattleReport("raid", "partial", 1, extras_down=1, destroyed=("barricade-s",)),
        ]
    )
    # seed 1; Katz's scar W20 3 (Hinkebein); event W20 5 (raid); raid seed 1;
    # the militia's 1W6 1 (fallen); Partial: 1 module (the battle broke one), food −1W6 4
    dice = ScriptedDice([1, 3, 5, 1, 1, 4])
    entry = play_cycle(c, ctx, _train, fight, dice)
    assert dice._faces == []
    assert entry["raid"] is True and entry["outcome"] == "partial"
    assert entry["mission"]["outcome"] == "defeat"
    # food 19 − 1 (retreat) − 6 eaten − 4 lost; ammo 9 − 4 − 1 (retreat), then the raid
    # needs 5 and finds 4 (a shortage)
    assert c.resources == {
        "scrap": 17,
        "parts": 6,
        "relics": 1,
        "influence": 5,
        "food": 8,
        "ammo": 0,
    }
    assert (c.population, c.extras, c.morale) == (5, 2, 4)  # 6, −1 ammo, −1 partial
    katz = c.member("katz")
    assert [s.name for s in katz.scars] == ["Hinkebein"] and katz.status == "ready"
    assert [m.xp for m in c.roster] == [9, 9, 9, 9, 4]  # no XP from a retreat; training
    assert next(m for m in c.modules if m.id == "barricade-s").status == "destroyed"
    assert "barricade-s" in module_ids(fight.battles[1])  # it stood when the raid began
    # the next raid is played without it …
    later = raid_battle(c, ctx.tables, ctx.rules, ctx.layout, 5)
    assert "barricade-s" not in module_ids(later)
    assert "factory-gate" in module_ids(later) and len(module_ids(later)) == 7
    assert later.militia == ("militia-1", "militia-2")  # two militia left
    # … until it is rebuilt (4 scrap, the population's labour)
    assert refuge.build(c, ctx.tables, "barricade-s") is not None
    assert c.resources["scrap"] == 13
    assert "barricade-s" in module_ids(raid_battle(c, ctx.tables, ctx.rules, ctx.layout, 5))


def test_defeat_destroys_modules_by_the_dice_and_plunders() -> None:
    from game.campaign.fortune import consequences

    c, ctx = fresh()
    report = BattleReport("raid", "defeat", 1, destroyed=("factory-gate",))
    # 1W3 modules: 3 (the gate, and two more chosen); population 1W3 (W6 2 → 1)
    dice = ScriptedDice([6, 2], choices=[0, 1])
    consequences(c, ctx.tables, dice, report)
    lost = [m.id for m in c.modules if m.status == "destroyed"]
    # destroyable after the gate: barricade-s, barricade-n, radio, infirmary, minefield-s
    assert lost == ["factory-gate", "barricade-s", "radio"]
    assert c.population == 5
    assert (c.resources["food"], c.resources["scrap"]) == (7, 5)  # half plundered
    assert c.morale == 2


def test_the_event_roll_counts_guards_modules_and_threat() -> None:
    from game.campaign.fortune import event_total

    c, ctx = fresh()
    t = ctx.tables
    assert event_total(c, t, 10, guards=3) == 12  # at most two guards count
    c.cycle = 12
    assert event_total(c, t, 10, guards=0) == 8  # threat 12 // 6
    refuge.add(c, "relics", 3)
    assert refuge.build(c, t, "warding") is not None
    assert event_total(c, t, 10, guards=0) == 10
