"""Charges, withdrawal, suppressed movement and zones on the way (RULES.md §4, §5.5,
§7, §11). The combat room's functions are stood in for: these tests are about where
the figures go and who strikes when."""

from __future__ import annotations

import pytest
from movement_kit import FakeCombat, activate, install_fake, rect, scenario, start
from shapely.geometry import Polygon

from game.actions import Charge, IllegalAction, Move, Run
from game.engine import ActionTemplate
from game.narration import narrate
from game.play import space
from game.play.movement import (
    ChargeBroken,
    Charged,
    EnteredBurning,
    FreeAttack,
    MinefieldTriggered,
    Moved,
    MoveHalted,
    legal,
)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeCombat:
    return install_fake(monkeypatch)


def kinds(events: list[object]) -> list[str]:
    return [type(e).__name__ for e in events]


# -- withdrawal (§4) ----------------------------------------------------------------------


def duel_in_contact() -> list[tuple[str, str, str, float, float]]:
    """Mira and a raider 0.2 cm apart: in base contact (≤ 0.5 cm)."""
    return [
        ("a", "mira", "Mira", 10, 30),
        ("b", "r1", "Raider", 10 + 2.5 + 0.2, 30),
        ("b", "r2", "Raider", 55, 55),
    ]


def test_leaving_base_contact_gives_a_free_attack_first(fake: FakeCombat) -> None:
    figures = duel_in_contact()
    game = start(scenario(figures))
    activate(game, "mira")
    events = game.apply(Move("mira", (5.0, 30.0)))
    assert fake.calls == [("attack", "r1", "mira", "Knife", "free")]
    assert fake.where == [(10.0, 30.0)]  # struck before it moved
    assert kinds(events)[:2] == ["FreeAttack", "Moved"]
    [free] = [e for e in events if isinstance(e, FreeAttack)]
    assert "withdraws" in narrate(free)
    assert game.state.figures["mira"].pos == pytest.approx((5.0, 30.0))


def test_a_mover_that_falls_to_the_free_attack_does_not_move(fake: FakeCombat) -> None:
    figures = duel_in_contact()
    game = start(scenario(figures))
    fake.outcome[("r1", "free")] = "kill"
    activate(game, "mira")
    events = game.apply(Move("mira", (5.0, 30.0)))
    assert game.state.figures["mira"].pos == (10.0, 30.0)
    assert not [e for e in events if isinstance(e, Moved)]
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "fell"


def test_a_mover_pushed_by_the_free_attack_stays_where_it_was_pushed(fake: FakeCombat) -> None:
    figures = duel_in_contact()
    game = start(scenario(figures))
    fake.outcome[("r1", "free")] = (-3.0, 0.0)  # a Wuchtig blow
    activate(game, "mira")
    events = game.apply(Move("mira", (10.0, 20.0)))
    assert game.state.figures["mira"].pos == (7.0, 30.0)
    assert not [e for e in events if isinstance(e, Moved)]
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "pushed"


def test_moving_along_an_enemy_in_contact_gives_no_free_attack(fake: FakeCombat) -> None:
    figures = duel_in_contact()
    game = start(scenario(figures))
    activate(game, "mira")
    # A small step that keeps the bases within 0.5 cm: no withdrawal.
    game.apply(Move("mira", (10.0, 30.3)))
    assert fake.calls == []
    assert space.in_contact(game, game.state.figures["mira"], game.state.figures["r1"])


# -- charge (§4) ------------------------------------------------------------------------------


def test_a_charge_reaches_base_contact_and_attacks(fake: FakeCombat) -> None:
    game = start(scenario([("a", "mira", "Mira", 10, 10), ("b", "r1", "Raider", 10, 22)]))
    activate(game, "mira")
    events = game.apply(Charge("mira", "r1", "knife"))
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    assert space.in_contact(game, mira, r1)
    assert 0.0 <= space.gap(mira, r1) <= 0.5
    assert mira.pos == pytest.approx((10.0, 22 - 2.5 - 0.25))  # straight in, half the gap
    assert fake.calls == [("attack", "mira", "r1", "Knife", "charge")]
    assert kinds(events)[:2] == ["Charged", "Moved"]
    [leg] = [e for e in events if isinstance(e, Moved)]
    assert leg.until == "contact" and leg.length_cm == pytest.approx(12 - 2.75)
    assert mira.facing == pytest.approx(90.0)
    assert game.state.spent["mira"] == ["move", "attack"]
    assert "charges" in narrate(events[0])


def test_a_charge_goes_around_a_wall_to_the_nearest_free_contact_point(
    fake: FakeCombat,
) -> None:
    scen = scenario(
        [("a", "katz", "Katz", 10, 10), ("b", "r1", "Raider", 10, 20)],
        [("wall", "wall", rect(6, 14, 14, 16))],
    )
    game = start(scen)
    activate(game, "katz")
    events = game.apply(Charge("katz", "r1", "Fire axe"))
    katz, r1 = game.state.figures["katz"], game.state.figures["r1"]
    assert space.in_contact(game, katz, r1)
    [leg] = [e for e in events if isinstance(e, Moved)]
    assert leg.cost_cm <= 15.0 + 1e-6
    assert fake.calls[-1] == ("attack", "katz", "r1", "Fire axe", "charge")
    assert space.overlap_problems(game) == []


def test_charges_that_cannot_be_made_are_illegal(fake: FakeCombat) -> None:
    scen = scenario(
        [
            ("a", "mira", "Mira", 10, 10),
            ("a", "bruno", "Bruno", 15, 10),
            ("b", "r1", "Raider", 10, 40),
        ]
    )
    game = start(scen)
    activate(game, "mira")
    with pytest.raises(IllegalAction, match="cannot reach base contact with R1 within 15 cm"):
        game.apply(Charge("mira", "r1", "Knife"))
    with pytest.raises(IllegalAction, match="no melee weapon 'Hunting rifle'"):
        game.apply(Charge("mira", "r1", "Hunting rifle"))
    with pytest.raises(IllegalAction, match="not an enemy"):
        game.apply(Charge("mira", "bruno", "Knife"))
    game.apply(Move("mira", (10.0, 20.0)))
    with pytest.raises(IllegalAction):
        game.apply(Charge("mira", "r1", "Knife"))
    assert fake.calls == []


def test_legal_lists_reachable_charges_only(fake: FakeCombat) -> None:
    scen = scenario(
        [
            ("a", "bruno", "Bruno", 10, 10),
            ("b", "near", "Raider", 10, 25),
            ("b", "far", "Raider", 50, 50),
        ]
    )
    game = start(scen)
    activate(game, "bruno")
    offered = legal(game, game.state.figures["bruno"])
    assert Charge("bruno", "near", "Machete") in offered
    assert not any(isinstance(a, Charge) and a.target == "far" for a in offered)


def test_a_figure_without_a_melee_weapon_cannot_charge(fake: FakeCombat) -> None:
    # Without an unarmed weapon (knob melee.unarmed_weapon off) a pistol has no melee.
    figures = [("a", "m", "Militia", 10, 10), ("b", "r1", "Raider", 10, 20)]
    game = start(scenario(figures), knobs={"melee.unarmed_weapon": ""})
    activate(game, "m")  # a militia with a pistol only
    assert not any(isinstance(a, Charge) for a in legal(game, game.state.figures["m"]))
    with pytest.raises(IllegalAction, match="no melee weapon 'Fists'"):
        game.apply(Charge("m", "r1", "Fists"))
    assert fake.calls == []


def test_a_charge_stopped_on_the_way_does_not_attack(fake: FakeCombat) -> None:
    # The minefield between them blows up under the charging raider and takes it out.
    scen = scenario(
        [("a", "mira", "Mira", 10, 40), ("b", "r1", "Raider", 10, 26)],
        modules=[("mines", "minefield", rect(0, 30, 60, 32))],
    )
    game = start(scen, first="b")
    game.state.sides["b"].threat = "raiders"
    fake.outcome[("minefield", "explode")] = "kill"
    activate(game, "r1")
    events = game.apply(Charge("r1", "mira", "Knife"))
    assert ("explode", "minefield", "10.000,30.000") in fake.calls
    assert not any(c[0] == "attack" for c in fake.calls)
    [broken] = [e for e in events if isinstance(e, ChargeBroken)]
    assert broken.reason == "halted"
    assert any(isinstance(e, Charged) for e in events)


# -- suppressed (§7) -------------------------------------------------------------------------


def test_a_suppressed_figure_must_move_away_from_the_nearest_visible_enemy() -> None:
    scen = scenario(
        [("a", "mira", "Mira", 30, 40), ("b", "r1", "Raider", 30, 20), ("b", "r2", "Raider", 5, 5)]
    )
    game = start(scen, first="b", dice=[1])  # the morale re-test: W20 1 fails
    r1 = game.state.figures["r1"]
    r1.suppressed = True
    activate(game, "r1")
    assert r1.suppressed
    with pytest.raises(IllegalAction, match="suppressed: must move away from the nearest enemy"):
        game.apply(Move("r1", (30.0, 30.0)))
    with pytest.raises(IllegalAction, match="suppressed"):
        game.apply(Charge("r1", "mira", "Knife"))
    offered = {a.verb: a.limits for a in legal(game, r1) if isinstance(a, ActionTemplate)}
    assert offered["move"]["away_from"] == [30.0, 40.0]
    assert set(offered) == {"move", "run"}
    assert not any(isinstance(a, Charge) for a in legal(game, r1))
    game.apply(Run("r1", (30.0, 5.0)))
    assert r1.pos == pytest.approx((30.0, 5.0))


# -- zones on the way (§5.5, §11) ------------------------------------------------------------


def test_an_attacker_entering_the_minefield_sets_it_off_once(fake: FakeCombat) -> None:
    scen = scenario(
        [
            ("a", "mira", "Mira", 50, 50),
            ("b", "r1", "Raider", 10, 20),
            ("b", "r2", "Raider", 20, 20),
        ],
        modules=[("mines", "minefield", rect(0, 25, 60, 28))],
    )
    game = start(scen, first="b")
    game.state.sides["b"].threat = "raiders"
    activate(game, "r1")
    events = game.apply(Move("r1", (10.0, 32.0)))
    assert fake.calls == [("explode", "minefield", "10.000,25.000")]
    assert game.state.minefield_spent == ["mines"]
    legs = [e for e in events if isinstance(e, Moved)]
    assert [leg.until for leg in legs] == ["minefield", "destination"]
    assert any(isinstance(e, MinefieldTriggered) for e in events)
    assert game.state.figures["r1"].pos == pytest.approx((10.0, 32.0))
    # Spent: the next raider walks through unharmed.
    game.apply(game.legal_actions()[-1])  # type: ignore[arg-type]  # end r1's activation
    activate(game, "mira")
    game.apply(game.legal_actions()[-1])  # type: ignore[arg-type]
    activate(game, "r2")
    game.apply(Move("r2", (20.0, 32.0)))
    assert len(fake.calls) == 1


def test_a_defender_entering_the_minefield_does_not_set_it_off(fake: FakeCombat) -> None:
    scen = scenario(
        [("a", "mira", "Mira", 10, 20), ("b", "r1", "Raider", 50, 50)],
        modules=[("mines", "minefield", rect(0, 25, 60, 28))],
    )
    game = start(scen)
    game.state.sides["b"].threat = "raiders"
    activate(game, "mira")
    game.apply(Move("mira", (10.0, 32.0)))
    assert fake.calls == [] and game.state.minefield_spent == []


def test_a_mine_that_takes_out_the_mover_stops_it_there(fake: FakeCombat) -> None:
    scen = scenario(
        [("a", "mira", "Mira", 50, 50), ("b", "r1", "Raider", 10, 20)],
        modules=[("mines", "minefield", rect(0, 25, 60, 28))],
    )
    game = start(scen, first="b")
    game.state.sides["b"].threat = "raiders"
    fake.outcome[("minefield", "explode")] = "kill"
    activate(game, "r1")
    events = game.apply(Move("r1", (10.0, 32.0)))
    assert game.state.figures["r1"].pos == pytest.approx((10.0, 25.0))
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "fell"


def test_entering_a_burning_zone_burns_the_mover(fake: FakeCombat) -> None:
    scen = scenario([("a", "mira", "Mira", 10, 20), ("b", "r1", "Raider", 50, 50)])
    game = start(scen)
    zone = game.state.board.add_zone("burning", Polygon(rect(5, 24, 15, 28)), expires_round=3)
    activate(game, "mira")
    events = game.apply(Move("mira", (10.0, 32.0)))
    assert fake.calls == [("burn", "mira", zone)]
    assert fake.where == [pytest.approx((10.0, 24.0))]
    assert any(isinstance(e, EnteredBurning) for e in events)
    assert game.state.figures["mira"].pos == pytest.approx((10.0, 32.0))


def test_walking_out_of_a_burning_zone_is_not_entering_it(fake: FakeCombat) -> None:
    scen = scenario([("a", "mira", "Mira", 10, 26), ("b", "r1", "Raider", 50, 50)])
    game = start(scen)
    game.state.board.add_zone("burning", Polygon(rect(5, 24, 15, 28)), expires_round=3)
    activate(game, "mira")
    game.apply(Move("mira", (10.0, 36.0)))
    assert fake.calls == []


def test_a_fire_that_takes_out_the_mover_stops_it_at_the_edge(fake: FakeCombat) -> None:
    scen = scenario([("a", "mira", "Mira", 10, 20), ("b", "r1", "Raider", 50, 50)])
    game = start(scen)
    zone = game.state.board.add_zone("burning", Polygon(rect(0, 24, 60, 28)), expires_round=3)
    fake.outcome[(zone, "burn")] = "kill"
    activate(game, "mira")
    events = game.apply(Move("mira", (10.0, 32.0)))
    assert game.state.figures["mira"].pos == pytest.approx((10.0, 24.0))
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "fell"
