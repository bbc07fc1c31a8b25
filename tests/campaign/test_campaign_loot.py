"""Salvage missions with finds (docs/CAMPAIGN.md "The mission"): the map rolled on the
campaign's dice, the salvage booked from what the crew carried off (and what it
scavenged around the site, P), the hasty retreat keeping what already left the
table (no site roll), and the auto player's trades (P)."""

from __future__ import annotations

from game.campaign.auto import plan
from game.campaign.battle import BattleReport
from game.campaign.cycle import choose_map, play_cycle
from game.campaign.downtime import Plan
from game.campaign_play.store import context_of, new_campaign
from game.dice import Dice, ScriptedDice
from tests.campaign.campaign_kit import RAIDERS, Scripted, fresh

LOOT_MAPS = {"mission.maps": ["salvage_depot.toml", "salvage_yard.toml", "salvage_clinic.toml"]}
EVERYONE_TRAINS = Plan(
    actions={m: "train" for m in ("jonas", "katz", "mira", "ferdl", "oda")}  # type: ignore[misc]
)


def _train(_c: object, _ctx: object) -> Plan:
    return EVERYONE_TRAINS


def test_the_shipped_tables_send_the_crew_to_the_salvage_maps() -> None:
    ctx = context_of(new_campaign(RAIDERS, 1))  # the shipped tables, no override
    assert sorted(ctx.maps) == ["salvage_clinic.toml", "salvage_depot.toml", "salvage_yard.toml"]
    assert all(board.loot and board.objective for board in ctx.maps.values())
    # the map is one roll of the campaign's dice (sorted names): 1 clinic, 2 depot, 3 yard
    assert choose_map(ctx, ScriptedDice([2])) == "salvage_depot.toml"  # type: ignore[arg-type]
    picks = [choose_map(ctx, Dice.seeded(s)) for s in range(12)]
    assert picks == [choose_map(ctx, Dice.seeded(s)) for s in range(12)]
    assert set(picks) == set(ctx.maps)


def test_the_salvage_is_what_the_crew_carried_off() -> None:
    c, ctx = fresh(**LOOT_MAPS)
    report = BattleReport(
        "mission",
        "victory",
        1,
        loot={"parts": 2, "ammo": 4, "relics": 1},
        finds=("a tool crate", "an ammunition case", "a sealed reliquary"),
    )
    fight = Scripted([report])
    # the map W3 2 (the depot), the battle's seed 1; around the site (P): food 2W6
    # 3+4, scrap 1W6 5, influence 1W3 (2→1); the event W20 12 (quiet)
    dice = ScriptedDice([2, 1, 3, 4, 5, 2, 12])
    entry = play_cycle(c, ctx, _train, fight, dice)
    assert dice._faces == []
    assert fight.battles[0].name == "salvage_depot.toml"
    assert entry["mission"]["map"] == "salvage_depot.toml"
    assert entry["mission"]["loot"] == {"parts": 2, "ammo": 4, "relics": 1}
    assert entry["mission"]["finds"] == ["a tool crate", "an ammunition case", "a sealed reliquary"]
    # ammo 10 − 4 (the crew) + 4 carried off; food 14 + 7 − 6 eaten; scrap 10 + 5
    assert c.resources == {
        "scrap": 15,
        "parts": 6,
        "relics": 1,
        "influence": 4,
        "food": 15,
        "ammo": 10,
    }
    # 1 relic × 3 + 2 for the won mission, + 2 for training
    assert [m.xp for m in c.roster] == [7, 7, 7, 7, 2]
    assert any(n["key"] == "carried" for n in entry["notes"])


def test_a_retreat_keeps_what_already_left_the_table() -> None:
    c, ctx = fresh(**LOOT_MAPS)
    report = BattleReport("mission", "defeat", 1, loot={"food": 5}, finds=("water drums",))
    dice = ScriptedDice([3, 1, 12])
    entry = play_cycle(c, ctx, _train, Scripted([report]), dice)
    assert entry["mission"]["map"] == "salvage_yard.toml"
    # food 14 − 1 (retreat) + 5 carried off − 6 eaten; ammo 10 − 4 − 1 (retreat)
    assert (c.resources["food"], c.resources["ammo"]) == (12, 5)
    keys = [n["key"] for n in entry["notes"]]
    assert keys.index("retreat") < keys.index("salvage")
    assert [m.xp for m in c.roster] == [2, 2, 2, 2, 2]  # no relics, no mission XP: training


def test_the_auto_player_trades_spare_scrap_for_ammunition_and_influence() -> None:
    c, ctx = fresh()
    t = ctx.tables
    c.resources.update(ammo=3, scrap=40, food=30)
    made = plan(c, t, ctx.core_posts, ctx.militia_posts)
    traders = [m for m, a in made.actions.items() if a == "trade"]
    offers = [made.trade[m] for m in traders]
    ammo_offer = next(i for i, o in enumerate(t.downtime.trade) if "ammo" in o.get)
    influence_offer = next(i for i, o in enumerate(t.downtime.trade) if "influence" in o.get)
    # ammo 3 → 5 → 7 → 9 → 11 (reserve 10), then scrap 32 > 30 buys influence
    assert offers == [ammo_offer] * 4 + [influence_offer]
