"""The support room: Aim, Reload, Take cover, First aid (docs/RULES.md §4, §5.6, §9, §11)."""

from __future__ import annotations

import pytest
from test_support_scenes import activate, game_of, scene

from game.actions import (
    Action,
    Aim,
    Attack,
    EndActivation,
    FirstAid,
    IllegalAction,
    Interact,
    Reload,
    TakeCover,
)
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.narration import narrate
from game.play import bridge, sight, support
from game.play.support import Aimed, InfirmaryHelped, TookCover
from game.rules.ammo import JamTested, Reloaded
from game.rules.attack import ToHitRolled
from game.rules.combatant import Condition
from game.rules.injury import FirstAidRolled
from game.state import Presence

A_WINS = [20, 1]  # initiative: side a W20 20 + 1, side b W20 1 + 1

YARD = [
    ("a", "selma", "Selma", 20.0, 20.0),
    ("a", "bruno", "Bruno", 22.6, 20.0),  # 0.1 cm from Selma: adjacent
    ("a", "ferdl", "Ferdl", 30.0, 28.5),  # 0.25 cm from the gate
    ("b", "r1", "Raider", 30.0, 45.0),
]


# -- Aim --------------------------------------------------------------------------------


def test_aim_lasts_through_the_next_activation_and_no_further() -> None:
    game = game_of(scene(YARD), A_WINS * 3)
    activate(game, "selma")
    events = game.apply(Aim("selma"))
    selma = game.state.figures["selma"]
    assert events[0] == Aimed("selma") and selma.aimed == 2
    assert "advantage" in narrate(events[0]) and "Vorteil" in narrate(events[0], "de")
    with pytest.raises(IllegalAction, match="already took aim"):
        game.apply(Aim("selma"))
    game.apply(EndActivation("selma"))
    activate(game, "selma")  # round 2: the Aim still holds for this activation
    assert game.state.round == 2 and selma.aimed == 1
    game.apply(EndActivation("selma"))
    activate(game, "selma")  # round 3: spent
    assert game.state.round == 3 and selma.aimed == 0


def test_the_aim_gives_the_next_attack_advantage_in_the_next_activation() -> None:
    # Round 2: W20 with advantage [3, 14] keeps 14 + REF 1 = 15 ≥ VW 11; pool 2W6 [3, 2] vs 3+.
    game = game_of(scene(YARD), [*A_WINS, *A_WINS, 3, 14, 3, 2])
    r1 = game.state.figures["r1"]
    r1.x, r1.y, r1.facing = 40.0, 20.0, 180.0  # in sight of Selma, facing her
    activate(game, "selma")
    game.apply(Aim("selma"))
    game.apply(EndActivation("selma"))
    activate(game, "selma")
    events = game.apply(Attack("selma", "r1", "Pistol"))
    hit = next(e for e in events if isinstance(e, ToHitRolled))
    assert (hit.faces, hit.kept, hit.edge, hit.advantages) == ((3, 14), 14, 1, ("aimed",))
    assert r1.tp == 3 and game.state.figures["selma"].aimed == 0  # the Aim is used up


# -- Reload -----------------------------------------------------------------------------


def test_reload_refills_the_magazine_and_clears_a_jam_after_a_ver_test() -> None:
    """A jam is cleared by a test (contract §5.6, P: W20 + VER ≥ 12 as part of the
    Reload; rulebook §13.1 Feldwerkstatt "Ladehemmungen behebst du ohne Probe" —
    without the talent, a jam takes a test). Selma VER 3: W20 9 + 3 = 12 clears it."""
    game = game_of(scene(YARD), [*A_WINS, 9])
    activate(game, "selma")
    selma = game.state.figures["selma"]
    pistol = selma.weapon("Pistol")
    pistol.loaded, pistol.jammed, selma.ammo = 0, True, 5
    events = game.apply(Reload("selma", "Pistol"))
    assert isinstance(events[0], JamTested) and events[0].success
    assert events[1:] == [Reloaded("Selma", "Pistol", 4, 5)]
    assert (pistol.loaded, pistol.jammed, selma.ammo) == (4, False, 5)
    assert narrate(events[0]) == (
        "Selma clears the jam [Ladehemmung] of the Pistol: VER d20 9 + 3 = 12 ≥ 12 → success (§5.6)"
    )
    assert narrate(events[1]) == (
        "Selma reloads [Nachladen] the Pistol: magazine 4, supply 5 (§3.2)"
    )


def test_a_failed_jam_test_spends_the_reload() -> None:
    """W20 8 + VER 3 = 11 < 12: still jammed, nothing loaded, the action gone (P)."""
    game = game_of(scene(YARD), [*A_WINS, 8])
    activate(game, "selma")
    selma = game.state.figures["selma"]
    pistol = selma.weapon("Pistol")
    pistol.loaded, pistol.jammed, selma.ammo = 0, True, 5
    events = game.apply(Reload("selma", "Pistol"))
    assert len(events) == 1 and not events[0].success
    assert (pistol.loaded, pistol.jammed) == (0, True)
    assert game.state.spent["selma"] == ["reload"]


def test_feldwerkstatt_clears_a_jam_without_a_test() -> None:
    """Rulebook §13.1: "Feldwerkstatt — … Ladehemmungen behebst du ohne Probe" (Field
    workshop: it clears jams without a test). No die is rolled."""
    game = game_of(scene(YARD, talents={"ferdl": ["Feldwerkstatt"]}), A_WINS)
    activate(game, "ferdl")
    shotgun = game.state.figures["ferdl"].weapon("Shotgun")
    shotgun.loaded, shotgun.jammed = 0, True
    events = game.apply(Reload("ferdl", "Shotgun"))
    assert [type(e) for e in events] == [Reloaded] and not shotgun.jammed


def test_reload_never_loads_more_than_the_supply_holds() -> None:
    game = game_of(scene(YARD), A_WINS)
    activate(game, "selma")
    selma = game.state.figures["selma"]
    pistol = selma.weapon("Pistol")
    pistol.loaded, selma.ammo = 0, 2
    game.apply(Reload("selma", "Pistol"))
    assert (pistol.loaded, selma.ammo) == (2, 2)
    assert "aid" not in game.state.spent["selma"]  # the one action spent is the reload
    assert game.state.spent["selma"] == ["reload"]


@pytest.mark.parametrize(
    ("loaded", "jammed", "supply", "weapon", "reason"),
    [
        (4, False, 6, "Pistol", "magazine is full"),
        (2, False, 2, "Pistol", "magazine is full"),  # as full as the supply allows
        (0, False, 0, "Pistol", "no ammo left"),
        (0, True, 0, "Pistol", "no ammo left"),
        (4, False, 6, "Knife", "no magazine"),
        (4, False, 6, "Shotgun", "carries no Shotgun"),
    ],
)
def test_reload_is_illegal_when_there_is_nothing_to_reload(
    loaded: int, jammed: bool, supply: int, weapon: str, reason: str
) -> None:
    game = game_of(scene(YARD), A_WINS)
    activate(game, "selma")
    selma = game.state.figures["selma"]
    pistol = selma.weapon("Pistol")
    pistol.loaded, pistol.jammed, selma.ammo = loaded, jammed, supply
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(Reload("selma", weapon))
    assert game.to_dict() == before
    assert Reload("selma", weapon) not in game.legal_actions()


def test_a_jammed_weapon_with_a_full_magazine_can_be_reloaded() -> None:
    game = game_of(scene(YARD), A_WINS)
    activate(game, "selma")
    pistol = game.state.figures["selma"].weapon("Pistol")
    pistol.jammed = True
    assert Reload("selma", "Pistol") in game.legal_actions()
    game.dice = ScriptedDice([12])  # the jam test: 12 + VER 3 ≥ 12
    game.apply(Reload("selma", "Pistol"))
    assert (pistol.loaded, pistol.jammed) == (4, False)


# -- Take cover -------------------------------------------------------------------------


def test_take_cover_lasts_until_the_next_activation() -> None:
    figures = [*YARD, ("a", "mira", "Mira", 15.5, 14.0)]  # 0.25 cm from the crates
    game = game_of(scene(figures), A_WINS * 2)
    activate(game, "mira")
    mira = game.state.figures["mira"]
    assert sight.near_terrain(game, mira)
    assert not sight.near_terrain(game, game.state.figures["selma"])
    events = game.apply(TakeCover("mira"))
    assert events == [TookCover("mira", True)] and mira.took_cover
    assert "none becomes light" in narrate(events[0])
    game.apply(EndActivation("mira"))
    assert mira.took_cover  # through the other figures' activations …
    activate(game, "mira")
    assert game.state.round == 2 and not mira.took_cover  # … until its own next one


def test_take_cover_is_allowed_while_suppressed_and_away_from_terrain() -> None:
    game = game_of(scene(YARD), A_WINS)
    activate(game, "selma")
    selma = game.state.figures["selma"]
    selma.suppressed = True
    assert support.legal(game, selma) == [TakeCover("selma")]
    with pytest.raises(IllegalAction, match="suppressed"):
        game.apply(Aim("selma"))
    events = game.apply(TakeCover("selma"))
    assert events == [TookCover("selma", False)] and selma.took_cover
    assert "stays none" in narrate(events[0])


# -- First aid --------------------------------------------------------------------------


def test_first_aid_heals_a_wounded_figure_by_one_for_two_actions() -> None:
    """Rulebook §3.10 "Erste Hilfe (Aktion, VER-Probe): stabilisiert + 1 TP"; it costs
    2 actions (contract §4, P), 1 with the talent Feldarzt."""
    game = game_of(scene(YARD, modules=("gate",)), [*A_WINS, 9])  # VER 3: 9 + 3 = 12
    activate(game, "selma")
    bruno = game.state.figures["bruno"]
    bruno.tp = 5
    events = game.apply(FirstAid("selma", "bruno"))
    assert bruno.tp == 6 and game.state.spent["selma"] == ["aid"]
    assert "selma" not in game.state.active  # both actions spent: the activation ended
    assert isinstance(events[0], FirstAidRolled) and events[0].effect == "healed"
    assert narrate(events[0]) == (
        "Selma gives First aid [Erste Hilfe] to Bruno: VER d20 9 + 3 = 12 ≥ 12 → "
        "success: healed, TP 6 (§3.10)"
    )


def test_first_aid_that_fails_changes_nothing_but_costs_the_action() -> None:
    game = game_of(scene(YARD, modules=("gate",)), [*A_WINS, 8])  # 8 + 3 = 11 < 12
    activate(game, "selma")
    bruno = game.state.figures["bruno"]
    bruno.tp = 5
    events = game.apply(FirstAid("selma", "bruno"))
    assert bruno.tp == 5 and isinstance(events[0], FirstAidRolled)
    assert events[0].effect == "failed" and game.state.spent["selma"] == ["aid"]


def _grazed(game_modules: tuple[str, ...], faces: list[int]) -> tuple[Game, list[Event]]:
    game = game_of(scene(YARD, modules=game_modules), faces)
    bruno = game.state.figures["bruno"]
    bruno.tp, bruno.condition = 0, Condition.DOWN
    activate(game, "selma")
    return game, game.apply(FirstAid("selma", "bruno"))


def test_first_aid_stands_a_grazed_figure_up_at_one_tp() -> None:
    game, events = _grazed(("gate",), [*A_WINS, 15])
    bruno = game.state.figures["bruno"]
    assert (bruno.condition, bruno.tp, bruno.presence) == (Condition.STANDING, 1, Presence.TABLE)
    assert not any(isinstance(e, InfirmaryHelped) for e in events)
    assert isinstance(events[0], FirstAidRolled) and events[0].effect == "stood_up"


def test_an_infirmary_adds_one_tp() -> None:
    game, events = _grazed(("gate", "infirmary"), [*A_WINS, 15])
    bruno = game.state.figures["bruno"]
    assert (bruno.condition, bruno.tp) == (Condition.STANDING, 2)
    assert events[1] == InfirmaryHelped("bruno", "infirmary", 1)
    assert "stands up at 2 TP" in narrate(events[0])
    assert "adds 1 TP" in narrate(events[1])


def test_first_aid_stabilises_a_figure_that_is_out_unstable_and_gives_it_a_tp() -> None:
    game = game_of(scene(YARD, modules=("gate",)), [*A_WINS, 12])
    bruno = game.state.figures["bruno"]
    bruno.tp, bruno.condition = 0, Condition.OUT_UNSTABLE
    activate(game, "selma")
    assert FirstAid("selma", "bruno") in game.legal_actions()
    events = game.apply(FirstAid("selma", "bruno"))
    assert bruno.condition is Condition.OUT_STABLE and bruno.presence is Presence.TABLE
    assert bruno.tp == 1 and not bruno.standing  # +1 TP, but out of the battle
    assert events[0].effect == "stabilised"  # type: ignore[attr-defined]


def test_first_aid_with_feldarzt_costs_one_action_and_heals_one_more() -> None:
    """Rulebook §13.1: "Feldarzt — deine Erste Hilfe heilt +1 TP und geht als 1 Aktion"."""
    medic = ("a", "medic", "Militia", 22.6, 22.6)  # VER 0, beside Bruno
    text = scene([*YARD, medic], modules=("gate",), talents={"medic": ["Feldarzt"]})
    game = game_of(text, [*A_WINS, 12])
    bruno = game.state.figures["bruno"]
    bruno.tp = 3
    activate(game, "medic")
    assert FirstAid("medic", "bruno") in game.legal_actions()
    game.apply(Aim("medic"))  # one action left: enough for Feldarzt's First aid
    assert FirstAid("medic", "bruno") in game.legal_actions()
    events = game.apply(FirstAid("medic", "bruno"))
    assert bruno.tp == 5 and game.state.spent["medic"] == ["aim", "aid/1"]
    assert isinstance(events[0], FirstAidRolled) and events[0].tp_after == 5


@pytest.mark.parametrize(
    ("condition", "tp", "reason"),
    [
        (Condition.DEAD, 0, "cannot help Bruno"),
        (Condition.OUT, 0, "cannot help Bruno"),
        (Condition.OUT_STABLE, 0, "cannot help Bruno"),
        (Condition.STANDING, 7, "not wounded"),
    ],
)
def test_first_aid_cannot_help_the_dead_the_out_or_the_unhurt(
    condition: Condition, tp: int, reason: str
) -> None:
    game = game_of(scene(YARD, modules=("gate",)), A_WINS)
    bruno = game.state.figures["bruno"]
    bruno.tp = tp
    bridge.set_condition(bruno, condition)
    activate(game, "selma")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(FirstAid("selma", "bruno"))
    assert game.to_dict() == before
    assert not any(isinstance(a, FirstAid) for a in game.legal_actions())


def test_first_aid_needs_base_contact_and_an_ally() -> None:
    game = game_of(scene(YARD, modules=("gate",)), A_WINS)
    for fig in game.state.figures.values():
        fig.tp = fig.max_tp - 1
    activate(game, "selma")
    with pytest.raises(IllegalAction, match=r"not adjacent to Selma \(10\.6 cm apart"):
        game.apply(FirstAid("selma", "ferdl"))
    with pytest.raises(IllegalAction, match="not on Selma's side"):
        game.apply(FirstAid("selma", "r1"))
    with pytest.raises(IllegalAction, match="to itself"):
        game.apply(FirstAid("selma", "selma"))
    aids = [a for a in game.legal_actions() if isinstance(a, FirstAid)]
    assert aids == [FirstAid("selma", "bruno")]


# -- legal actions ---------------------------------------------------------------------------


def test_legal_lists_the_rooms_concrete_actions() -> None:
    game = game_of(scene(YARD), A_WINS)
    activate(game, "ferdl")
    ferdl = game.state.figures["ferdl"]
    ferdl.weapon("Shotgun").loaded = 1
    mine = support.legal(game, ferdl)
    assert mine == [
        Aim("ferdl"),
        TakeCover("ferdl"),
        Reload("ferdl", "Shotgun"),
        Interact("ferdl", "gate"),
    ]
    for action in mine:  # every listed action passes its check
        assert isinstance(action, Action)
        support.HANDLERS[type(action)].check(game, action)


def test_every_support_and_ability_event_is_in_both_catalogues() -> None:
    from game.i18n import catalogue
    from game.play import abilities

    kinds = {cls.kind for cls in support.SupportEvent.__subclasses__()}
    assert {"aim", "cover", "gate", "loot", "improvise", "action_lost_later"} <= kinds
    assert abilities.GiftFizzled.kind in kinds
    en = {k for k in catalogue("en") if k.startswith("support.")}
    de = {k for k in catalogue("de") if k.startswith("support.")}
    assert en == de
    assert {f"support.{k}" for k in kinds} <= en
