"""Seed 002's equipment on DEAD.EARTH (docs/RULES.md §18): every item with its cost,
seed 002's limits, the items' effects on the table and the Truppwert budget check
(seed 000 §10.4)."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, scenario, start

from game.actions import FirstAid, IllegalAction, Throw
from game.engine import Game
from game.loading import parse_scenario
from game.narration import narrate
from game.play import bridge, context, equipment
from game.rules.area import TemplatePlaced
from game.rules.attack import DamageRolled, damage_plan
from game.rules.equipment import EquipmentError, Kit, load_equipment, read_equipment
from game.rules.loader import load_rules
from game.rules.treatment import TreatmentRolled
from game.scenario import ScenarioError
from game.sim import run_game

RULES = load_rules()
DATA = load_equipment()

SEED_002 = {  # "Ausrüstung im Überblick": item → Kosten
    "Bajonett": 1,
    "Brandbombe (Molotow)": 1,
    "Dynamit": 1,
    "Handgranate": 1,
    "Jetpack": 1,
    "Kampfrüstung": 2,
    "Kletterausrüstung": 1,
    "Medi-Pack": 2,
    "Medi-Pack, groß": 3,
    "Powerrüstung": 3,
    "Rüstung (leicht)": 2,
    "Rüstung (schwer)": 3,
    "Schild": 1,
    "Schnaps": 1,
    "Sprengladung (klein)": 2,
    "Verbandskasten": 1,
    "Zielfernrohr": 1,
}


def test_every_item_of_seed_002_with_its_cost() -> None:
    assert {i.german: i.cost for i in DATA.items.values()} == SEED_002
    for item in DATA.items.values():  # what an item plays refers to the rules data
        for weapon in (item.weapon, *item.fits):
            if weapon:
                RULES.weapon(weapon)
        if item.armour:
            RULES.armour(item.armour)
        if item.shield:
            RULES.shield(item.shield)
        assert (item.effect == "none") == (item.missing is not None)


def read(*texts: str, weapons: tuple[str, ...] = ("Hunting rifle", "Knife")) -> Kit:
    return read_equipment(texts, weapons, RULES, DATA)


def test_names_german_english_and_a_fitted_weapon() -> None:
    kit = read("zielfernrohr", "Handgranate", "hand grenade", "Bayonet: Hunting rifle")
    assert kit.items == (
        ("Scope", "Hunting rifle"),
        ("Hand grenade", ""),
        ("Hand grenade", ""),
        ("Bayonet", "Hunting rifle"),
    )
    assert Kit.from_texts(kit.texts()) == kit


@pytest.mark.parametrize(
    ("texts", "weapons", "says"),
    [
        (("Bajonet",), ("Hunting rifle",), "did you mean 'Bayonet'"),
        (("Kletterausrüstung",), ("Knife",), "not played on the table yet"),
        (("Jetpack", "Jetpack"), ("Knife",), "at most one Jetpack"),
        (("Schild", "Schild"), ("Knife",), "at most one Schild"),
        (("Rüstung (leicht)", "Powerrüstung"), ("Knife",), "one armour only"),
        (("Bajonett",), ("Pistol", "Knife"), "needs one of Hunting rifle"),
        (("Zielfernrohr: Knife",), ("Pistol", "Knife"), "does not fit Knife"),
        (("Zielfernrohr: Sniper rifle",), ("Pistol",), "does not carry Sniper rifle"),
        (("Scope", "Scope"), ("Pistol",), "one Zielfernrohr per weapon"),
        (("Handgranate: Pistol",), ("Pistol",), "not fitted to a weapon"),
    ],
)
def test_seed_002_s_limits(texts: tuple[str, ...], weapons: tuple[str, ...], says: str) -> None:
    with pytest.raises(EquipmentError, match=says):
        read(*texts, weapons=weapons)


def test_armour_shield_and_one_use_weapons_on_the_figure() -> None:
    """Rüstung (schwer): DEAD.EARTH's heavy armour, WS 4+, move −3 cm (seed: Bewegung
    −3 cm); Schild: +1 WS against melee; two grenades: one grenade with 2 uses."""
    scen = scenario(
        [
            Fig("a", "bruno", (10, 10), "Bruno", equipment=("Rüstung (schwer)", "Schild")),
            Fig("b", "r1", (40, 10), "Raider", equipment=("Handgranate", "Handgranate", "Dynamit")),
        ]
    )
    game = start(scen, "bruno")
    bruno, r1 = game.state.figures["bruno"], game.state.figures["r1"]
    profile = game.profile(bruno)
    assert (profile.armour, profile.ws, profile.move) == ("Heavy", 4, 12.0)
    assert (profile.shield, profile.shield_melee_ws) == ("Riot shield", 1)
    assert [(w.name, w.uses) for w in r1.weapons] == [
        ("Pistol", None),
        ("Knife", None),
        ("Hand grenade", 2),
        ("Dynamite", 1),
    ]
    assert RULES.weapon("Dynamite").pool == RULES.weapon("Hand grenade").pool + 1


def test_the_bayonet_adds_a_die_after_a_5_cm_straight_charge() -> None:
    """Seed 002: "mindestens 5 cm auf direktem Laufweg … +1 W6 für diesen Nahkampfangriff"."""
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira", equipment=("Bajonett",)),
            Fig("b", "r1", (12.6, 10), "Raider"),
        ]
    )
    game = start(scen, "mira")
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    knife = game.rules.weapon("Knife")
    mira.start_x, mira.start_y = 5.0, 10.0  # ran 5 cm straight at the raider
    charge = context.measure(game, mira, r1, knife, mode="charge").ctx
    assert charge.bayonet == 1
    plan = damage_plan(
        bridge.combatant(game, mira), bridge.combatant(game, r1), knife, charge, game.rules
    )
    assert dict(plan.pool_parts)["bayonet"] == 1 and plan.pool == knife.pool + 1
    assert context.measure(game, mira, r1, knife).ctx.bayonet == 0  # no charge
    mira.start_x = 5.5  # 4.5 cm: too short
    assert context.measure(game, mira, r1, knife, mode="charge").ctx.bayonet == 0
    mira.start_x = mira.x = 2.5  # before a charge (its odds): 7.6 cm still to run
    assert context.measure(game, mira, r1, knife, mode="charge").ctx.bayonet == 1


def test_the_scope_reaches_15_cm_further_with_a_single_shot() -> None:
    """Seed 002: "erhöht sich die Reichweite … um 15 cm … genau ein einzelner Schuss"."""
    scen = scenario(
        [
            Fig("a", "bruno", (5, 10), "Bruno", equipment=("Zielfernrohr",)),
            Fig("b", "r1", (5, 50), "Raider"),
        ],
        height=120.0,
    )
    game = start(scen, "bruno")
    bruno, r1 = game.state.figures["bruno"], game.state.figures["r1"]
    rifle = game.rules.weapon("Assault rifle")
    assert rifle.range == 50.0
    r1.y = bruno.y + 2.5 + 60.0  # 10 cm beyond the rifle's range
    assert not context.measure(game, bruno, r1, rifle).ctx.long_range
    assert context.measure(game, bruno, r1, rifle, burst=True).ctx.long_range
    r1.y += 10.0  # 20 cm beyond: beyond the scope too
    assert context.measure(game, bruno, r1, rifle).ctx.long_range


def test_a_missed_dynamite_does_nothing_and_is_spent() -> None:
    """Seed 002: "Bei keinem Erfolg verfehlt das Dynamit sein Ziel und hat keine Wirkung
    … wird nach dem Wurf … abgestrichen" — two bought, one left."""
    scen = scenario(
        [
            Fig("a", "bruno", (10, 10), "Bruno", equipment=("Dynamit", "Dynamit")),
            Fig("b", "r1", (20, 10), "Raider"),
        ]
    )
    game = start(scen, "bruno")
    events = play(game, Throw("bruno", "Dynamite", (20, 10)), [1])
    [placed] = [e for e in events if isinstance(e, TemplatePlaced)]
    assert placed.dud and placed.weapon == "Dynamite"
    assert not [e for e in events if isinstance(e, DamageRolled)]
    assert game.state.figures["bruno"].weapon("Dynamite").uses == 1


TWO = """
[scenario]
name = "Truppwert"
max_rounds = 3
[board]
width_cm = 60
height_cm = 60
[[side]]
id = "survivors"
name = "Survivors"
controller = "human"
truppwert = {budget}
[[side.squad]]
id = "pair"
[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [10, 10]
equipment = ["Zielfernrohr", "Handgranate", "Handgranate", "Rüstung (leicht)"]
[[side.squad.figure]]
id = "jonas"
profile = "Jonas"
at = [20, 10]
[[side]]
id = "raiders"
name = "Raiders"
controller = "ai:tactical"
[[side.squad]]
id = "band"
[[side.squad.figure]]
id = "raider-1"
profile = "Raider"
at = [50, 50]
"""


def test_a_side_over_its_truppwert_is_listed() -> None:
    """Mira 10 + scope 1 + 2 grenades + light armour 2, Jonas 10: 25 points (P: a
    figure's §14.3 cost × 10)."""
    parse_scenario(TWO.format(budget=25))
    with pytest.raises(ScenarioError) as err:
        parse_scenario(TWO.format(budget=24))
    (line,) = err.value.errors
    assert line == (
        "<scenario>: side[0].truppwert: Truppwert 25 over the budget 24 by 1: "
        "mira 10 (+ Zielfernrohr 1, Handgranate 1, Handgranate 1, Rüstung (leicht) 2); jonas 10"
    )


def test_an_item_not_played_yet_is_a_clear_error() -> None:
    text = TWO.format(budget=30).replace('"Zielfernrohr"', '"Kletterausrüstung"')
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text)
    assert err.value.errors == [
        "<scenario>: side[0].squad[0].figure[0].equipment: Kletterausrüstung (Climbing "
        "gear) is not played on the table yet: the board has no heights to climb (up to "
        "20 cm) yet"
    ]


def test_a_jetpack_is_accepted() -> None:
    text = TWO.format(budget=30).replace('"Zielfernrohr"', '"Jetpack"')
    parse_scenario(text)


def _medics(*kit: str) -> Game:
    """Mira carries `kit`; Jonas (KÖR 3, TP 7) stands wounded at 2 TP beside her."""
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira", equipment=kit),
            Fig("a", "jonas", (12.6, 10), "Jonas"),
            Fig("b", "r1", (50, 50), "Raider"),
        ]
    )
    game = start(scen, "mira")
    game.state.figures["jonas"].tp = 2
    return game


def test_a_medi_pack_heals_two_on_the_patients_kor_test_and_is_used_up() -> None:
    """Seed 002 "Medi-Pack: Heilt bei erfolgreicher Widerstandsprobe 2 LP" — the
    patient tests (P: KÖR 3 + W20 ≥ 12): 9 + 3 = 12 succeeds; the pack is struck off."""
    game = _medics("Medi-Pack")
    [event] = of(play(game, FirstAid("mira", "jonas"), [9]), TreatmentRolled)
    assert (event.who, event.healer, event.item, event.heal) == ("Jonas", "Mira", "Medi-pack", 2)
    assert event.success and event.effect == "healed" and event.tp_after == 4
    assert game.state.figures["jonas"].tp == 4
    assert game.state.figures["mira"].uses["used:Medi-pack"] == 1
    line = narrate(event, "en")
    assert "Mira treats Jonas with a Medi-pack: Jonas tests KÖR" in line
    assert "used up" in line
    assert "Medi-Pack" in narrate(event, "de")


def test_a_failed_treatment_heals_nothing_but_uses_the_item_up() -> None:
    """8 + 3 = 11 < 12: no effect; the kit is gone, the next First aid is plain (VER)."""
    game = _medics("Verbandskasten")
    [event] = of(play(game, FirstAid("mira", "jonas"), [8]), TreatmentRolled)
    assert not event.success
    assert event.effect == "failed" and game.state.figures["jonas"].tp == 2
    assert game.state.figures["mira"].uses["used:First-aid kit"] == 1
    figure = game.state.figures["mira"]
    assert equipment.treatment_kit(game, figure) is None


def test_the_item_that_heals_most_goes_first_and_a_figure_treats_itself() -> None:
    """Seed 002: "Eine Figur darf sich selbst behandeln" — with an item only."""
    game = _medics("Verbandskasten", "Medi-Pack, groß")
    mira = game.state.figures["mira"]
    assert equipment.treatment_kit(game, mira) == ("Large medi-pack", 3)
    mira.tp = 1
    assert FirstAid("mira", "mira") in game.legal_actions()
    [event] = of(play(game, FirstAid("mira", "mira"), [15]), TreatmentRolled)
    assert event.item == "Large medi-pack"
    assert mira.tp == 4  # 1 + 3, Mira's TP 5
    assert equipment.treatment_kit(game, mira) == ("First-aid kit", 1)


def test_without_an_item_no_figure_treats_itself() -> None:
    game = _medics()
    game.state.figures["mira"].tp = 1
    with pytest.raises(IllegalAction) as err:
        game.apply(FirstAid("mira", "mira"))
    assert "cannot give First aid to itself" in str(err.value)
    assert FirstAid("mira", "mira") not in game.legal_actions()


KITTED = """
[scenario]
name = "Kit test"
max_rounds = 6
[board]
width_cm = 60
height_cm = 60
[[terrain]]
id = "crates"
kind = "crates"
polygon = [[28, 28], [32, 28], [32, 32], [28, 32]]
[[side]]
id = "survivors"
name = "Survivors"
controller = "ai:tactical"
truppwert = 40
[[side.squad]]
id = "pair"
[[side.squad.figure]]
id = "bruno"
profile = "Bruno"
at = [10, 10]
equipment = ["Bajonett", "Dynamit", "Rüstung (schwer)"]
[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [14, 10]
equipment = ["Zielfernrohr", "Brandbombe", "Verbandskasten", "Schnaps"]
[[side]]
id = "raiders"
name = "Raiders"
controller = "ai:tactical"
[[side.squad]]
id = "band"
[[side.squad.figure]]
id = "raider-1"
profile = "Raider"
at = [50, 50]
equipment = ["Handgranate", "Handgranate", "Schild"]
[[side.squad.figure]]
id = "raider-2"
profile = "Raider"
at = [46, 50]
equipment = ["Medi-Pack", "Schnaps"]
"""


@pytest.mark.parametrize("system", ["deadearth", "ews", "3w6"])
def test_ai_plays_a_kitted_out_skirmish_under_each_system(system: str) -> None:
    """AI against AI with every played kind of item, under each rule system."""
    scenario = parse_scenario(KITTED).under(system)  # type: ignore[arg-type]
    result = run_game(scenario, 2, scenario_name=scenario.scenario.name)
    assert result.outcome is not None
    for event in result.events:
        narrate(event, "en")
        narrate(event, "de")
