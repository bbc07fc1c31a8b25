"""Talents on the table (rulebook §13.1, docs/RULES.md §13.1): the ones the engine asks
about outside one attack's numbers — targeting, counters kept on the figure, a side's
bursts — and the rules next to them: the two-handed keyword against a shield (§5.3),
burning targets, carrying slots (§5.7)."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Attack, IllegalAction, Move, UseAbility
from game.dice import ScriptedDice
from game.engine import Game
from game.narration import narrate
from game.play import abilities, blast, bridge, context, movement, round_end
from game.play.combat_events import CaughtFire, StillBurning
from game.rules.abilities import BloodPaid
from game.rules.ammo import AmmoSpent
from game.rules.attack import HitWarded, ToHitRolled
from game.rules.checks import SaveRolled
from game.rules.combatant import Condition

CRATES = [("crates", "crates", rect(5, 12.5, 15, 13.5))]


def test_geist_in_cover_cannot_be_chosen_for_a_ranged_attack() -> None:
    """Rulebook: "Geist — in Deckung/verdeckt kannst du nicht als Ziel eines Fernangriffs
    gewählt werden (außer durch Flächenwaffen)" (Ghost: in cover or hidden it cannot be
    chosen as the target of a ranged attack, except by area weapons)."""
    ghost = Fig("a", "mira", (10, 10), stats={"base": "Mira", "talents": ["Geist"]})
    scen = scenario([ghost, Fig("b", "r1", (10, 40), "Raider", facing=270)], terrain=CRATES)
    game = start(scen, "r1")
    with pytest.raises(IllegalAction, match="Geist"):
        play(game, Attack("r1", "mira", "Pistol"))
    assert not any(isinstance(a, Attack) for a in game.legal_actions())
    game.state.figures["mira"].x = 40.0  # out of the crates' cover: a target again
    assert Attack("r1", "mira", "Pistol") in game.legal_actions()


def test_fels_in_der_brandung_is_spent_for_the_battle() -> None:
    """Rulebook: "Fels in der Brandung — 1×/Kampf einen Treffer, der dich verwunden würde,
    ganz abwehren" (once per battle a hit that would wound it is warded off entirely)."""
    rock = Fig("a", "bruno", (10, 10), stats={"base": "Bruno", "talents": ["Fels in der Brandung"]})
    scen = scenario([rock, Fig("b", "r1", (10, 40), "Raider", facing=270)])
    game = start(scen, "r1")
    events = play(game, Attack("r1", "bruno", "Pistol"), [19, 6, 6])
    assert of(events, HitWarded) and game.state.figures["bruno"].tp == 7
    assert of(events, ToHitRolled)[0].kept == 19
    assert game.state.figures["bruno"].uses["fels_used"] == 1


def test_feldwerkstatt_lowers_the_bursts_of_its_side_while_it_stands() -> None:
    """Rulebook: "Feldwerkstatt — die Gruppe verbraucht 1 Munition weniger je
    Automatik-Stoß" (the group uses 1 ammo less per burst; P: while the Tüftler stands).
    Bruno's burst: supply 6 → 4."""
    smith = Fig("a", "ferdl", (40, 10), stats={"base": "Ferdl", "talents": ["Feldwerkstatt"]})
    scen = scenario(
        [Fig("a", "bruno", (10, 10), "Bruno"), smith, Fig("b", "r1", (10, 40), "Raider")]
    )
    game = start(scen, "bruno")
    st = game.state
    assert context.burst_discount(game, st.figures["r1"]) == 0
    events = play(game, Attack("bruno", "r1", "Assault rifle", burst=True), [2])
    assert of(events, AmmoSpent)[0].used == 2 and st.figures["bruno"].ammo == 4
    st.figures["ferdl"].condition = Condition.DOWN
    assert context.burst_discount(game, st.figures["bruno"]) == 0


def test_a_two_handed_blow_leaves_no_hand_for_the_shield() -> None:
    """Contract §5.3: "Zweihändig — two-handed; no shield" (rulebook §3A). P: a figure
    that strikes with a two-handed weapon has no shield bonus until its next activation."""
    axe = Fig("a", "jonas", (10, 10), stats={"base": "Jonas", "weapons": ["Fire axe", "Club"]})
    scen = scenario([axe, Fig("b", "r1", (10, 12.5), "Raider", facing=270)])
    game = start(scen, "jonas")
    jonas = game.state.figures["jonas"]
    assert bridge.combatant(game, jonas).shield_melee_ws == 1
    play(game, Attack("jonas", "r1", "Fire axe"), [2])  # a miss: the shield is slung anyway
    assert bridge.combatant(game, jonas).shield_melee_ws == 0
    club = Fig("a", "jonas", (10, 10), stats={"base": "Jonas"})
    other = start(scenario([club, Fig("b", "r1", (10, 12.5), "Raider")]), "jonas")
    play(other, Attack("jonas", "r1", "Club"), [2])
    assert bridge.combatant(other, other.state.figures["jonas"]).shield_melee_ws == 1


def test_a_feuer_template_sets_the_wounded_burning() -> None:
    """Contract §5.3: "Feuer — leaves a burning zone / sets the target burning" (rulebook
    §8.1 step 3: "Uhren/Effekte fortschreiben (brennende Ziele …)" — at the round's end
    the effects tick, burning targets among them). P: a figure a Feuer template wounds
    burns at the end of this round: 1W6 against its armour (`template.burning_*`)."""
    scen = scenario([Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (40, 40), "Raider")])
    game = start(scen, "bruno")
    r1 = game.state.figures["r1"]
    game.dice = ScriptedDice([6, 1])  # Molotov 2W6 vs 3+: one wound
    events = blast.explode(game, (40.0, 40.0), "Molotov", None, source="throw")
    assert r1.tp == 3 and of(events, CaughtFire) == [CaughtFire("r1", 1)]
    assert "r1 catches fire [brennend]" in narrate(of(events, CaughtFire)[0], "en")
    game.dice = ScriptedDice([4, 6])  # the round's end: 1W6 vs 3+; the noise check 6: quiet
    burnt = round_end.end_round(game)
    assert of(burnt, StillBurning) == [StillBurning("r1")] and r1.tp == 2
    assert blast.BURNING not in r1.effects  # it burnt through round 1
    game.dice = ScriptedDice([1, 1])
    events = blast.explode(game, (40.0, 40.0), "Molotov", None, source="throw")
    assert not of(events, CaughtFire)  # no wound, no fire


def test_seuchenherr_breathes_on_a_second_enemy_close_by() -> None:
    """Rulebook §13.1: "Seuchenherr — Seuchenhauch trifft 2 Ziele, die nah
    beieinanderstehen" (Plague lord: Seuchenhauch hits 2 targets standing close
    together; P: the nearest other enemy within 5 cm of the first)."""
    lord = Fig("a", "selma", (10, 10), stats={"base": "Selma", "talents": ["Seuchenherr"]})
    raiders = [
        Fig("b", "r1", (10, 40), "Raider"),
        Fig("b", "r2", (14, 40), "Raider"),  # 1.5 cm from r1
        Fig("b", "r3", (10, 46), "Raider"),  # 3.5 cm from r1, farther than r2
    ]
    game = start(scenario([lord, *raiders]), "selma")
    events = play(game, UseAbility("selma", "Seuchenhauch", "r1"), [11, 11])
    saves = of(events, SaveRolled)
    assert [s.who for s in saves] == ["R1", "R2"]
    st = game.state
    assert bridge.WEAKENED in st.figures["r2"].effects
    assert bridge.WEAKENED not in st.figures["r3"].effects


def _hexer(*talents: str) -> Game:
    oda = Fig("a", "oda", (10, 10), stats={"base": "Oda", "talents": list(talents)})
    return start(scenario([oda, Fig("b", "r1", (10, 30), "Raider", facing=270)]), "oda")


def test_blutmagie_pays_a_tp_instead_of_the_strain() -> None:
    """Rulebook §13.1: "Blutmagie — du darfst statt Belastung 1 TP opfern, um eine Gabe zu
    wirken" (Blood magic: it may sacrifice 1 TP instead of strain to cast a gift)."""
    game = _hexer("Blutmagie")
    oda = game.state.figures["oda"]
    assert UseAbility("oda", "Grauen:blood", "r1") in game.legal_actions()
    game.dice = ScriptedDice([15])  # R1's WIL save against Grauen holds
    events = game.apply(UseAbility("oda", "Grauen:blood", "r1"))
    assert of(events, BloodPaid) == [BloodPaid("Oda", 1, 3)]
    assert (oda.tp, oda.strain) == (3, 0)
    last = _hexer("Blutmagie")
    last.state.figures["oda"].tp = 1
    with pytest.raises(IllegalAction, match="cannot pay its last TP"):
        last.apply(UseAbility("oda", "Grauen:blood", "r1"))
    plain = _hexer()
    with pytest.raises(IllegalAction, match="has no Blutmagie"):
        plain.apply(UseAbility("oda", "Grauen:blood", "r1"))


def test_zwei_zungen_casts_two_gifts_in_one_activation() -> None:
    """Rulebook §13.1: "Zwei Zungen — zwei Gaben in einer Aktivierung wirken (beide kosten
    Belastung)" (Two tongues: two gifts in one activation, both cost strain)."""
    game = _hexer("Zwei Zungen")
    game.dice = ScriptedDice([15, 2])  # R1 holds against Grauen; Riss-Stoß misses
    game.apply(UseAbility("oda", "Grauen", "r1"))
    game.apply(UseAbility("oda", "Riss-Stoß", "r1"))
    assert game.state.figures["oda"].strain == 2
    plain = _hexer()
    plain.dice = ScriptedDice([15])
    plain.apply(UseAbility("oda", "Grauen", "r1"))
    with pytest.raises(IllegalAction, match="already"):
        plain.apply(UseAbility("oda", "Riss-Stoß", "r1"))


def test_furchtbrueller_cows_the_enemies_near_it_once_per_battle() -> None:
    """Rulebook §13.1: "Furchtbrüller — 1×/Kampf ein Gebrüll: alle nahen Gegner müssen eine
    WIL-Rettung (12) bestehen oder verlieren 1 Aktion" (Terror roar: once per battle all
    enemies near it save WIL 12 or lose 1 action; P: within 15 cm, the mindless immune)."""
    katz = Fig("a", "katz", (10, 10), stats={"base": "Katz", "talents": ["Furchtbrüller"]})
    others = [
        Fig("b", "r1", (10, 20), "Raider"),  # 7.5 cm: saves 11 + WIL 0 < 12 → cowed
        Fig("b", "r2", (20, 10), "Raider"),  # 7.5 cm: saves 14 → holds
        Fig("b", "z1", (10, 24), "Shambler"),  # mindless: no save
        Fig("b", "r3", (10, 40), "Raider"),  # 27.5 cm: too far
    ]
    game = start(scenario([katz, *others]), "katz")
    assert UseAbility("katz", "Furchtbrüller") in game.legal_actions()
    events = play(game, UseAbility("katz", "Terror roar"), [11, 14])
    assert [s.who for s in of(events, SaveRolled)] == ["R1", "R2"]
    assert of(events, abilities.Cowed) == [abilities.Cowed("r1", 1)]
    st = game.state
    assert (st.figures["r1"].lose_actions, st.figures["r2"].lose_actions) == (1, 0)
    assert "Furchtbrüller" not in abilities.abilities_of(game, st.figures["katz"])


def test_schattenschritt_moves_5_cm_more_and_ignores_difficult_ground() -> None:
    """Rulebook §13.1: "Schattenschritt — +5 cm Bewegung; ignorierst schwieriges Gelände"
    (Shadow step: +5 cm move; ignores difficult ground). Rubble from x 14 to 40: Mira
    walks 18 cm toward x 30 — 14 of them on rubble at double cost without the talent."""
    rubble = [("rubble", "rubble", rect(14, 0, 40, 60))]
    shadow = Fig("a", "mira", (10, 30), stats={"base": "Mira", "talents": ["Schattenschritt"]})
    game = start(scenario([shadow, Fig("b", "r1", (55, 55), "Raider")], terrain=rubble), "mira")
    play(game, Move("mira", (28.0, 30.0)))
    assert game.state.figures["mira"].x == pytest.approx(28.0)  # 18 cm ≤ 20
    plain = Fig("a", "mira", (10, 30), "Mira")
    other = start(scenario([plain, Fig("b", "r1", (55, 55), "Raider")], terrain=rubble), "mira")
    play(other, Move("mira", (28.0, 30.0)))
    # 15 cm: about 4 cm to the rubble's edge (base edge), then 11 cm of cost = 5.5 cm on it
    assert other.state.figures["mira"].x < 22.0


def test_an_overloaded_figure_moves_5_cm_less() -> None:
    """Rulebook §9: "Überladen (mehr als die Slots) → −5 cm Bewegung" (overloaded, more
    than its slots: −5 cm move); "Bergung belegt Slots" (salvage takes slots). A Raider
    (pistol, knife: 2 of 4 slots) with 2 loot is full, with 3 overloaded."""
    scen = scenario([Fig("a", "bruno", (10, 10), "Bruno"), Fig("b", "r1", (40, 40), "Raider")])
    game = start(scen, "bruno")
    r1 = game.state.figures["r1"]
    r1.loot = 2
    assert movement.slots_taken(game, r1) == 4
    assert movement.allowance(game, r1, "move") == 15.0
    r1.loot = 3
    assert movement.allowance(game, r1, "move") == 10.0
    assert movement.allowance(game, r1, "run") == 25.0
    axe = start(
        scenario([Fig("a", "katz", (10, 10), "Katz"), Fig("b", "r1", (40, 40), "Raider")]), "katz"
    )
    assert movement.slots_taken(axe, axe.state.figures["katz"]) == 2  # a two-handed axe
