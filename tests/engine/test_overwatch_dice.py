"""Overwatch, withdrawal and charges with the real combat room and scripted dice
(docs/RULES.md §4, §5, §6): exact rolls, exact results.

Mira (REF +3, ranged +3) watches from (30, 10) with her hunting rifle (3W6 BR 1)
toward 90°, a 60° zone; a raider (VW 11, WS 3+, TP 4) walks along y = 40 and enters
it at x = 12.68, about 34.6 cm away — within the rifle's 60 cm range."""

from __future__ import annotations

import math

import pytest
from movement_kit import activate, scenario, start

from game.actions import Charge, EndActivation, Move, Overwatch
from game.engine import Game
from game.events import Event
from game.play import space
from game.play.combat_events import AttackMade
from game.play.movement import Moved, MoveHalted
from game.play.overwatch import OverwatchTriggered
from game.rules.attack import ToHitRolled
from game.rules.combatant import Condition

EDGE_X = 30 - 30 * math.tan(math.radians(30))


def watched(dice: list[int]) -> Game:
    figures = [
        ("a", "mira", "Mira", 30, 10),
        ("b", "r1", "Raider", 5, 40),
        ("b", "r2", "Raider", 55, 55),
    ]
    game = start(scenario(figures), dice=dice)
    activate(game, "mira")
    game.apply(Overwatch("mira", 90.0, 60.0, 100.0))
    game.apply(EndActivation("mira"))
    activate(game, "r1")
    return game


def all_dice_used(game: Game) -> bool:
    return tuple(getattr(game.dice, "remaining", ())) == ()


def of(events: list[Event], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def test_an_overwatch_hit_that_leaves_the_raider_standing_lets_it_go_on() -> None:
    # W20 15 + 3 = 18 ≥ VW 11: hit. Pool [6, 1, 1] vs 2+ (WS 3 − BR 1): 1 wound, TP 4 → 3.
    game = watched([15, 6, 1, 1])
    events = game.apply(Move("r1", (19.0, 40.0)))
    [trigger] = of(events, OverwatchTriggered)
    assert EDGE_X <= trigger.at[0] <= EDGE_X + 0.1
    [shot] = of(events, AttackMade)
    assert (shot.attacker, shot.target, shot.mode) == ("mira", "r1", "overwatch")
    assert shot.distance == pytest.approx(math.dist((30, 10), trigger.at) - 2.5, abs=1e-3)
    [hit] = of(events, ToHitRolled)
    assert (hit.faces, hit.modifier, hit.target) == ((15,), 3, 11)
    r1 = game.state.figures["r1"]
    assert r1.tp == 3 and r1.pos == pytest.approx((19.0, 40.0))
    assert [m.until for m in of(events, Moved)] == ["overwatch", "destination"]
    assert game.state.figures["mira"].overwatch is None
    # Events come in table order: the first leg, the shot, the rest of the move.
    order = [type(e).__name__ for e in events]
    assert all_dice_used(game)
    assert (
        order.index("Moved") < order.index("AttackMade") < len(order) - order[::-1].index("Moved")
    )


def test_an_overwatch_shot_that_takes_the_raider_out_stops_it_there() -> None:
    # Natural 20: hit and +1W6 → pool 4 dice [6, 6, 5, 4] vs 2+: 4 wounds, TP 4 → 0, an
    # extra is out. Its squad is down to half: r2 tests morale, W20 15 + 0 ≥ 12.
    game = watched([20, 6, 6, 5, 4, 15])
    events = game.apply(Move("r1", (19.0, 40.0)))
    r1 = game.state.figures["r1"]
    assert r1.condition is Condition.OUT and not r1.on_table
    assert EDGE_X <= r1.x <= EDGE_X + 0.1
    [halt] = of(events, MoveHalted)
    assert halt.reason == "fell"
    assert [m.until for m in of(events, Moved)] == ["overwatch"]
    assert all_dice_used(game)


def test_withdrawing_from_base_contact_draws_a_free_knife_attack_first() -> None:
    # The raider's knife (2W6) at Mira (VW 13): W20 14 + 0 = 14 hit; [3, 1] vs 3+ → 1 wound.
    figures = [("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 12.7, 30)]
    game = start(scenario(figures), dice=[14, 3, 1])
    activate(game, "mira")
    events = game.apply(Move("mira", (5.0, 30.0)))
    [shot] = of(events, AttackMade)
    assert (shot.attacker, shot.weapon, shot.mode) == ("r1", "Knife", "free")
    mira = game.state.figures["mira"]
    assert mira.tp == 4 and mira.pos == pytest.approx((5.0, 30.0))
    assert not space.in_contact(game, mira, game.state.figures["r1"])
    assert all_dice_used(game)


def test_a_charge_moves_into_contact_and_strikes_with_the_fire_axe() -> None:
    # Katz (KÖR +3) charges a raider facing it: W20 10 + 3 = 13 ≥ 11, hit. Fire axe
    # 3W6 BR 1 vs 2+: [4, 4, 1] → 2 wounds, TP 4 → 2; Wuchtig pushes it 3 cm away.
    figures = [("a", "katz", "Katz", 10, 10), ("b", "r1", "Raider", 22, 10)]
    game = start(scenario(figures), dice=[10, 4, 4, 1])
    game.state.figures["r1"].facing = 180.0
    activate(game, "katz")
    events = game.apply(Charge("katz", "r1", "Fire axe"))
    katz, r1 = game.state.figures["katz"], game.state.figures["r1"]
    assert katz.pos == pytest.approx((22 - 2.75, 10.0))
    [shot] = of(events, AttackMade)
    assert (shot.attacker, shot.weapon, shot.mode) == ("katz", "Fire axe", "charge")
    assert r1.tp == 2
    assert r1.pos == pytest.approx((25.0, 10.0))  # pushed 3 cm straight away
    assert space.overlap_problems(game) == []
    assert game.state.spent["katz"] == ["move", "attack"]
    assert all_dice_used(game)


def test_the_minefield_blows_up_under_the_first_raider_with_its_own_pool() -> None:
    # The minefield: 3W6 BR 1, small template (4 cm) centred on the raider where it
    # enters (x = 10, y = 25). Its REF save fails (W20 4 + 1 < 12); [6, 2, 1] vs 2+
    # (WS 3 − BR 1): 2 wounds, TP 4 → 2; loud.
    figures = [("a", "mira", "Mira", 50, 50), ("b", "r1", "Raider", 10, 20)]
    modules = [("mines", "minefield", [(0, 25), (60, 25), (60, 28), (0, 28)])]
    game = start(scenario(figures, modules=modules), first="b", dice=[4, 6, 2, 1])
    game.state.sides["b"].threat = "raiders"
    activate(game, "r1")
    events = game.apply(Move("r1", (10.0, 32.0)))
    r1 = game.state.figures["r1"]
    assert r1.tp == 2 and r1.pos == pytest.approx((10.0, 32.0))
    assert game.state.minefield_spent == ["mines"]
    [marker] = game.state.noise
    assert (marker.source, marker.x, marker.y) == ("explosion", pytest.approx(10.0), 25.0)
    assert [m.until for m in of(events, Moved)] == ["minefield", "destination"]
    assert all_dice_used(game)
