"""The core figures between battles (docs/CAMPAIGN.md): the scar table (§11.1), the
third lasting scar retiring a figure into a refuge pillar (§11.2), experience and
level-ups (§12–§13), downtime actions and recruits, and the stats a figure takes
into battle."""

from __future__ import annotations

from game.campaign import refuge
from game.campaign.battle import BattleReport
from game.campaign.downtime import Plan, actions, recruit, settle
from game.campaign.fortune import homecoming
from game.campaign.model import Scar
from game.campaign.roster import battle_stats, gain_xp
from game.dice import ScriptedDice
from tests.campaign.campaign_kit import HORDE, fresh


def test_a_third_lasting_scar_retires_a_figure_into_a_refuge_pillar() -> None:
    c, ctx = fresh()
    t = ctx.tables
    jonas = c.member("jonas")
    jonas.scars = [Scar("Halbblind", "lasting", 1), Scar("Tiefe Wunde", "treated", 2)]
    report = BattleReport("raid", "partial", 1, fallen={"jonas": "out"})
    notes = homecoming(c, t, ScriptedDice([9]), report)  # W20 9: Albträume (lasting)
    assert [s.name for s in jonas.scars] == ["Halbblind", "Tiefe Wunde", "Albträume"]
    assert jonas.status == "ready"  # two lasting scars: still in the field
    homecoming(c, t, ScriptedDice([3]), report)  # W20 3: Hinkebein, the third
    assert jonas.status == "retired" and jonas.pillar == "trainer"  # a Hüter: Ausbilder
    assert [n.key for n in notes] == ["scar_roll"]
    assert jonas not in c.ready()
    # the Ausbilder: a new recruit starts with +1 on its lead attribute
    refuge.add(c, "influence", 10)
    recruit(c, t, ctx.rules, Plan(recruit_core=True), ctx.core_posts)
    bruno = c.roster[-1]
    assert (bruno.id, bruno.bonus) == ("bruno", {"kor": 1})


def test_the_scar_table_rows() -> None:
    c, ctx = fresh()
    t = ctx.tables
    mira = c.member("mira")
    report = BattleReport("mission", "victory", 1, fallen={"mira": "out"})
    for face, name in ((20, None), (12, "Tiefe Wunde"), (17, "Vom Riss berührt")):
        homecoming(c, t, ScriptedDice([face]), report)
        assert (mira.scars[-1].name if mira.scars else None) == name
    homecoming(c, t, ScriptedDice([1]), report)  # W20 1: Tot
    assert mira.status == "dead"
    homecoming(c, t, ScriptedDice([]), BattleReport("raid", "defeat", 1, fallen={"oda": "dead"}))
    assert c.member("oda").status == "dead"  # dead on the table: no roll


def test_experience_levels_talents_and_the_battle_stats() -> None:
    c, ctx = fresh()
    t = ctx.tables
    katz = c.member("katz")  # Berserker, KÖR +3, TP 7
    notes = gain_xp(katz, t, ctx.rules, 31)
    assert (katz.level, katz.xp) == (3, 31)  # 15 XP a level
    assert katz.talents == ["Blutrausch+", "Unbändig"]
    assert katz.tp_bonus == 1 and katz.bonus == {"kor": 1}  # +1 TP at 2, +1 KÖR at 3
    assert [n.key for n in notes] == ["xp", "level_up", "level_up"]
    katz.scars.append(Scar("Hinkebein", "lasting", 1))
    katz.hungry = True
    stats = battle_stats(katz, t, ctx.rules)
    assert stats["level"] == 3 and stats["KOER"] == 4
    assert stats["TP"] == 7 + 1 + 1 - 1  # +KÖR, +1 TP, hungry −1
    assert stats["move"] == 12.0  # 15 − 3 (Hinkebein)
    assert stats["talents"] == ["Blutrausch+", "Unbändig"]


def test_downtime_actions_heal_explore_trade_guard() -> None:
    c, ctx = fresh()
    t = ctx.tables
    c.member("mira").scars.append(Scar("Tiefe Wunde", "treated", 1))
    c.extras = 2
    plan = Plan(
        actions={"jonas": "heal", "katz": "explore", "mira": "trade", "ferdl": "guard"},
        heal={"jonas": "mira"},
        trade={"mira": 0},
    )
    # explore: food 1W3 (W6 5 → 3), scrap 1W3 (W6 2 → 1); the infirmary heals: no roll
    dice = ScriptedDice([5, 2])
    actions(c, t, ctx.rules, dice, plan, ctx.militia_posts)
    assert c.member("mira").scars == []
    assert c.resources["parts"] == 3  # the Heal's medicine
    assert c.resources["food"] == 14 + 3 + 3  # explored, traded 3 scrap for 3 food
    assert c.resources["scrap"] == 10 + 1 - 3
    assert c.extras == 3  # the guard drilled a resident


def test_low_morale_drives_residents_away_and_the_hall_lifts_it() -> None:
    c, ctx = fresh()
    t = ctx.tables
    c.morale = 2
    settle(c, t)
    assert (c.population, c.morale) == (5, 2)
    assert refuge.build(c, t, "hall") is not None  # 5 scrap, 1 influence
    settle(c, t)
    assert (c.population, c.morale) == (4, 3)  # still low when the cycle began


def test_building_needs_a_free_place_and_a_level_makes_room() -> None:
    c, ctx = fresh(HORDE)
    t = ctx.tables
    assert (
        refuge.slots_used(c, t) == 4 and c.level == 1
    )  # watchtower, infirmary, arsenal, minefield
    refuge.add(c, "scrap", 40)
    refuge.add(c, "parts", 10)
    assert "garden" not in refuge.buildable(c, t)  # no free place
    assert refuge.build(c, t, "level") is not None
    assert c.level == 2 and c.resources["scrap"] == 30 and c.resources["parts"] == 8
    assert refuge.build(c, t, "garden") is not None
    assert refuge.consumption(c, t) == c.population - 2


def test_with_no_core_figure_left_a_militia_member_steps_up() -> None:
    c, ctx = fresh()
    for m in c.roster:
        m.status = "dead"
    notes = recruit(c, ctx.tables, ctx.rules, Plan(), ctx.core_posts)
    assert [n.key for n in notes] == ["promoted"]
    assert c.extras == 2 and c.population == 6  # a resident already
    bruno = c.roster[-1]
    assert (bruno.id, bruno.name, bruno.level, bruno.ready) == ("bruno", "Bruno", 1, True)
    assert recruit(c, ctx.tables, ctx.rules, Plan(), ctx.core_posts) == []  # one is enough
