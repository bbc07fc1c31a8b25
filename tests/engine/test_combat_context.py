"""The attack context measured on the table (RULES.md §5.1, §11, §13): behind,
gang-up, into melee, Schildwall, arsenal, Schleier, Wachsam, Aus dem Nichts."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Activate, Attack, ChooseFirst, IllegalAction
from game.cover import Cover
from game.dice import ScriptedDice
from game.engine import Game
from game.narration import narrate
from game.play import combat, context
from game.rules.attack import DamageRolled, ToHitRolled
from game.scenario import parse_scenario


def test_an_attack_from_behind_the_front_arc_has_advantage() -> None:
    # r1 faces +x (east); Mira shoots from the west: outside its 180° front arc.
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (40, 10), "Raider", facing=0)]
    )
    game = start(scen, "mira")
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [2, 3])
    hit = of(events, ToHitRolled)[0]
    assert hit.advantages == ("behind",) and hit.kept == 3
    r1 = game.state.figures["r1"]
    arc = game.rules.knobs.attack.front_arc
    assert arc == 180.0
    assert not context.behind((40, 30), r1, arc)  # 90° off the facing: still the front arc
    assert context.behind((39, 30), r1, arc)
    assert not context.behind((39, 30), r1, 270.0)  # a wider front arc (knob)
    assert context.behind((41, 30), r1, 90.0)  # a narrower one: 87° off is behind


def test_the_front_arc_is_a_knob() -> None:
    """attack.front_arc = 360: nothing is behind anybody, so no advantage from the west."""
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (40, 10), "Raider", facing=0)]
    )
    game = Game(scen, dice=ScriptedDice([20, 1]), knobs={"attack.front_arc": 360.0})
    game.apply(ChooseFirst("a", "a"))
    game.apply(Activate("mira"))
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [2])
    hit = of(events, ToHitRolled)[0]
    assert hit.advantages == () and hit.kept == 2


def _melee_crowd() -> Game:
    """r1 in contact with Bruno and Katz (left and right) and Jonas (below); Mira away."""
    scen = scenario(
        [
            Fig("a", "bruno", (27.4, 30), "Bruno"),
            Fig("a", "katz", (32.6, 30), "Katz"),
            Fig("a", "jonas", (30, 27.4), "Jonas"),
            Fig("a", "mira", (30, 5), "Mira"),
            Fig("b", "r1", (30, 30), "Raider", facing=270),
        ]
    )
    return start(scen, "jonas")


def test_gang_up_needs_two_other_attackers_in_contact() -> None:
    game = _melee_crowd()
    st = game.state
    jonas, r1 = st.figures["jonas"], st.figures["r1"]
    crowbar = game.rules.weapon("Crowbar")
    assert context.measure(game, jonas, r1, crowbar).ctx.gang_up
    st.figures["katz"].x = 40.0
    assert not context.measure(game, jonas, r1, crowbar).ctx.gang_up


def test_shooting_into_a_melee_has_disadvantage() -> None:
    game = _melee_crowd()
    st = game.state
    ctx = context.measure(game, st.figures["mira"], st.figures["r1"], game.rules.weapon("Knife"))
    assert not ctx.ctx.into_melee  # melee: no
    rifle = game.rules.weapon("Hunting rifle")
    assert context.measure(game, st.figures["mira"], st.figures["r1"], rifle).ctx.into_melee


def test_schildwall_from_an_adjacent_hueter_that_did_not_run() -> None:
    game = _melee_crowd()
    st = game.state
    bruno = st.figures["bruno"]
    st.figures["jonas"].x, st.figures["jonas"].y = 27.4, 27.4  # next to Bruno now
    assert context.shield_wall(game, bruno) == 1
    st.figures["jonas"].ran_round = st.round
    assert context.shield_wall(game, bruno) == 0


ARSENAL = """
[scenario]
name = "Arsenal"
rules = "deadearth"
max_rounds = 5
[board]
width_cm = 60.0
height_cm = 60.0
[[module]]
id = "arsenal"
kind = "arsenal"
polygon = [[20, 20], [30, 20], [30, 30], [20, 30]]
[[side]]
id = "refuge"
name = "Refuge"
controller = "human"
[[side.squad]]
id = "core"
[[side.squad.figure]]
id = "bruno"
profile = "Bruno"
at = [25, 25]
[[side]]
id = "raiders"
name = "Raiders"
controller = "human"
[[side.squad]]
id = "band"
[[side.squad.figure]]
id = "r1"
profile = "Raider"
at = [25, 50]
[side.raid]
threat = "raiders"
budget = 2
waves = 1
roster = [{ profile = "Raider", weight = 1 }]
[[side.raid.entry]]
id = "north"
polygon = [[20, 58], [40, 58], [40, 60], [20, 60]]
[objective]
kind = "drive_off"
"""


def test_the_arsenal_helps_defenders_in_rounds_1_and_2_while_it_stands() -> None:
    game = Game(parse_scenario(ARSENAL, "arsenal.toml"), seed=1)
    st = game.state
    bruno, r1 = st.figures["bruno"], st.figures["r1"]
    assert context.arsenal_active(game, bruno) and not context.arsenal_active(game, r1)
    st.round = 3
    assert not context.arsenal_active(game, bruno)
    st.round = 2
    st.destroyed_modules.append("arsenal")
    assert not context.arsenal_active(game, bruno)


def test_a_veiled_figure_cannot_be_targeted_from_beyond_20_cm() -> None:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 40), "Raider", facing=270)]
    )
    game = start(scen, "mira")
    r1 = game.state.figures["r1"]
    r1.effects[context.VEILED] = 0
    with pytest.raises(IllegalAction, match="veiled"):
        play(game, Attack("mira", "r1", "Hunting rifle"))
    assert not any(isinstance(a, Attack) for a in game.legal_actions())
    r1.y = 30.0  # 17.5 cm between the bases
    assert Attack("mira", "r1", "Hunting rifle") in game.legal_actions()


def test_wachsam_gives_the_first_overwatch_shot_advantage() -> None:
    watcher = Fig("a", "w", (10, 10), stats={"base": "Mira", "talents": ["Wachsam"]})
    scen = scenario([watcher, Fig("b", "r1", (10, 40), "Raider", facing=270)])
    game = start(scen, "r1")
    st = game.state
    w, r1 = st.figures["w"], st.figures["r1"]
    game.dice = ScriptedDice([2, 3, 2])
    first = combat.attack(game, w, r1, "Hunting rifle", mode="overwatch")
    second = combat.attack(game, w, r1, "Hunting rifle", mode="overwatch")
    assert of(first, ToHitRolled)[0].faces == (2, 3)
    assert of(second, ToHitRolled)[0].faces == (2,)
    assert w.uses[context.WACHSAM_USED] == 1


def test_aus_dem_nichts_adds_a_die_from_cover() -> None:
    # Mira (Späher) shoots from behind crates: light cover against r1 → +1W6.
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 40), "Raider", facing=270)],
        terrain=[("crates", "crates", rect(5, 12.5, 15, 13.5))],
    )
    game = start(scen, "mira")
    st = game.state
    rifle = game.rules.weapon("Hunting rifle")
    assert context.measure(
        game, st.figures["mira"], st.figures["r1"], rifle
    ).ctx.attacker_cover == (Cover.LIGHT)
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [15, 1, 1, 1, 1])
    assert dict(of(events, DamageRolled)[0].pool_parts) == {"weapon": 3, "aus_dem_nichts": 1}


def test_free_attacks_that_cannot_be_made_change_nothing() -> None:
    scen = scenario([Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (10, 30), "Raider")])
    game = start(scen, "bruno")
    st = game.state
    before = game.to_dict()
    events = combat.attack(game, st.figures["r1"], st.figures["bruno"], "Knife", mode="free")
    assert len(events) == 1 and "melee needs base contact" in narrate(events[0], "en")
    assert game.to_dict() == before
