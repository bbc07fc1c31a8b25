"""Overwatch — Bereitschaft (RULES.md §6): declaring a fire zone and interrupting
enemy moves at the first point of their path inside the zone and in sight.

Geometry used throughout: Mira watches from (30, 10) toward 90° (north) with a 60°
zone, so its left edge is the ray at 120°; a raider walking west→east along y = 40
enters it at x = 30 − 30·tan 30° = 12.679 cm."""

from __future__ import annotations

import math

import numpy as np
import pytest
from movement_kit import FakeCombat, activate, install_fake, rect, scenario, start

from game.actions import EndActivation, IllegalAction, Move, Overwatch
from game.board.sight import line_of_sight
from game.narration import narrate
from game.play import overwatch, space
from game.play.movement import Moved, MoveHalted
from game.play.overwatch import OverwatchDeclared, OverwatchTriggered
from game.state import OverwatchZone

EDGE_X = 30 - 30 * math.tan(math.radians(30))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeCombat:
    return install_fake(monkeypatch)


def watched(
    extra: list[tuple[str, str, str, float, float]] | None = None,
    terrain: list[tuple[str, str, list[tuple[float, float]]]] | None = None,
):  # type: ignore[no-untyped-def]
    """Mira declares her zone, ends her activation; the raider r1 is activated."""
    figures = [("a", "mira", "Mira", 30, 10), ("b", "r1", "Raider", 5, 40), *(extra or [])]
    game = start(scenario(figures, terrain or []))
    activate(game, "mira")
    events = game.apply(Overwatch("mira", 90.0, 60.0, 100.0))
    game.apply(EndActivation("mira"))
    activate(game, "r1")
    return game, events


def legs(events: list[object]) -> list[Moved]:
    return [e for e in events if isinstance(e, Moved)]


def test_declaring_overwatch_sets_the_zone_and_costs_an_action(fake: FakeCombat) -> None:
    game, events = watched()
    [declared] = [e for e in events if isinstance(e, OverwatchDeclared)]
    zone = game.state.figures["mira"].overwatch
    assert zone is not None
    assert (zone.x, zone.y, zone.direction, zone.angle, zone.radius, zone.weapon) == (
        30.0,
        10.0,
        90.0,
        60.0,
        100.0,
        "Hunting rifle",
    )
    assert game.state.spent["mira"] == ["overwatch", "end"]
    assert game.state.figures["mira"].facing == 90.0
    assert "60° wide" in narrate(declared) and "Hunting rifle" in narrate(declared)


def test_the_move_is_interrupted_at_the_first_point_in_the_zone_and_goes_on(
    fake: FakeCombat,
) -> None:
    game, _ = watched()
    events = game.apply(Move("r1", (19.0, 40.0)))
    [trigger] = [e for e in events if isinstance(e, OverwatchTriggered)]
    assert EDGE_X <= trigger.at[0] <= EDGE_X + overwatch.REFINE_TOL
    assert trigger.at[1] == pytest.approx(40.0)
    assert trigger.along == pytest.approx(trigger.at[0] - 5.0)
    assert fake.calls == [("attack", "mira", "r1", "Hunting rifle", "overwatch")]
    assert fake.where == [pytest.approx(trigger.at)]  # the shot resolves there
    first, second = legs(events)
    assert (first.until, second.until) == ("overwatch", "destination")
    assert first.end == second.start == pytest.approx(trigger.at)
    assert first.length_cm + second.length_cm == pytest.approx(14.0)
    assert second.spent_cm == pytest.approx(14.0) and second.spent_cm <= second.allowance
    assert game.state.figures["r1"].pos == pytest.approx((19.0, 40.0))
    mira = game.state.figures["mira"]
    assert mira.overwatch is None and mira.overwatch_fired_round == 1
    assert "interrupts" in narrate(trigger)


def test_a_mover_that_falls_stops_where_it_was_shot(fake: FakeCombat) -> None:
    game, _ = watched(extra=[("b", "r2", "Raider", 55, 55)])
    fake.outcome[("mira", "overwatch")] = "kill"
    events = game.apply(Move("r1", (19.0, 40.0)))
    r1 = game.state.figures["r1"]
    assert EDGE_X <= r1.x <= EDGE_X + overwatch.REFINE_TOL
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "fell"
    assert [leg.until for leg in legs(events)] == ["overwatch"]


def test_a_mover_suppressed_by_the_shot_stops(fake: FakeCombat) -> None:
    game, _ = watched()
    fake.outcome[("mira", "overwatch")] = "suppress"
    events = game.apply(Move("r1", (19.0, 40.0)))
    assert game.state.figures["r1"].x < 13.0
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "suppressed"


def test_a_mover_pushed_by_the_shot_stops_where_it_was_pushed(fake: FakeCombat) -> None:
    game, _ = watched()
    fake.outcome[("mira", "overwatch")] = (0.0, 3.0)
    events = game.apply(Move("r1", (19.0, 40.0)))
    assert game.state.figures["r1"].y == pytest.approx(43.0)
    [halt] = [e for e in events if isinstance(e, MoveHalted)]
    assert halt.reason == "pushed"


def test_a_watcher_that_cannot_see_the_path_does_not_fire(fake: FakeCombat) -> None:
    game, _ = watched(terrain=[("wall", "wall", rect(0, 20, 60, 22))])
    events = game.apply(Move("r1", (19.0, 40.0)))
    assert fake.calls == []
    assert [leg.until for leg in legs(events)] == ["destination"]
    assert game.state.figures["mira"].overwatch is not None  # still watching


def test_the_interrupt_is_the_first_visible_point_not_the_zone_edge(fake: FakeCombat) -> None:
    # A wall hides the first part of the path inside the zone.
    game, _ = watched(terrain=[("wall", "wall", rect(8, 33, 19, 35))])
    events = game.apply(Move("r1", (19.0, 40.0)))
    [trigger] = [e for e in events if isinstance(e, OverwatchTriggered)]
    x = trigger.at[0]
    assert x > EDGE_X + 1.0

    def seen(px: float) -> bool:
        return line_of_sight(game.state.board, (30, 10), (px, 40.0)).visible

    assert seen(x)
    assert not seen(x - overwatch.REFINE_TOL - 0.01)


def test_two_watchers_fire_in_path_order(fake: FakeCombat) -> None:
    # Bruno at (16, 10) watches a narrow 20° zone north: the path enters it at
    # x = 16 − 30·tan 10° = 10.71, before Mira's at 12.68.
    figures = [
        ("a", "mira", "Mira", 30, 10),
        ("a", "bruno", "Bruno", 16, 10),
        ("b", "r2", "Raider", 55, 55),
        ("b", "r1", "Raider", 5, 40),
    ]
    game = start(scenario(figures))
    activate(game, "mira")
    game.apply(Overwatch("mira", 90.0, 60.0, 100.0))
    game.apply(EndActivation("mira"))
    activate(game, "r2")
    game.apply(EndActivation("r2"))
    activate(game, "bruno")
    game.apply(Overwatch("bruno", 90.0, 20.0, 100.0))
    game.apply(EndActivation("bruno"))
    activate(game, "r1")
    events = game.apply(Move("r1", (19.0, 40.0)))
    triggers = [e for e in events if isinstance(e, OverwatchTriggered)]
    assert [t.watcher for t in triggers] == ["bruno", "mira"]
    bruno_edge = 16 - 30 * math.tan(math.radians(10))
    assert bruno_edge <= triggers[0].at[0] <= bruno_edge + overwatch.REFINE_TOL
    assert EDGE_X <= triggers[1].at[0] <= EDGE_X + overwatch.REFINE_TOL
    assert [c[1] for c in fake.calls] == ["bruno", "mira"]
    assert [leg.until for leg in legs(events)] == ["overwatch", "overwatch", "destination"]


def test_watchers_interrupting_at_the_same_point_fire_nearest_first(fake: FakeCombat) -> None:
    # r1 starts inside both zones: both interrupt as soon as it leaves its spot.
    figures = [
        ("a", "mira", "Mira", 30, 10),
        ("a", "bruno", "Bruno", 12, 10),
        ("b", "r2", "Raider", 55, 55),
        ("b", "r1", "Raider", 20, 40),
    ]
    game = start(scenario(figures))
    activate(game, "mira")
    game.apply(Overwatch("mira", 90.0, 60.0, 100.0))
    game.apply(EndActivation("mira"))
    activate(game, "r2")
    game.apply(EndActivation("r2"))
    activate(game, "bruno")
    game.apply(Overwatch("bruno", 90.0, 60.0, 100.0))
    game.apply(EndActivation("bruno"))
    activate(game, "r1")
    events = game.apply(Move("r1", (25.0, 40.0)))
    first, second = [e for e in events if isinstance(e, OverwatchTriggered)]
    assert (first.watcher, second.watcher) == ("bruno", "mira")  # 31.1 cm vs 31.6 cm
    assert first.along == second.along <= overwatch.REFINE_TOL
    assert first.distance < second.distance


def test_a_push_does_not_trigger_overwatch(fake: FakeCombat) -> None:
    game, _ = watched()
    r1 = game.state.figures["r1"]
    space.push(game, r1, (1.0, 0.0), 10.0)
    assert r1.x == pytest.approx(15.0)
    assert fake.calls == []


def test_one_overwatch_shot_per_round(fake: FakeCombat) -> None:
    game, _ = watched(extra=[("b", "r2", "Raider", 5, 45)])
    game.apply(Move("r1", (19.0, 40.0)))
    game.apply(EndActivation("r1"))
    mira = game.state.figures["mira"]
    # Even with a fire zone again (as a watchtower start would give), no second shot.
    mira.overwatch = OverwatchZone(30.0, 10.0, 90.0, 60.0, 100.0, "Hunting rifle", 1)
    assert not overwatch.is_watching(game, mira)
    activate(game, "r2")
    game.apply(Move("r2", (19.0, 45.0)))
    assert fake.calls == [("attack", "mira", "r1", "Hunting rifle", "overwatch")]


def test_illegal_declarations(fake: FakeCombat) -> None:
    scen = scenario(
        [("a", "mira", "Mira", 30, 10), ("a", "katz", "Katz", 40, 10), ("b", "r1", "Raider", 5, 40)]
    )
    game = start(scen)
    activate(game, "mira")
    with pytest.raises(IllegalAction, match="at most 90°"):
        game.apply(Overwatch("mira", 90.0, 91.0, 100.0))
    with pytest.raises(IllegalAction, match="at most 120 cm"):
        game.apply(Overwatch("mira", 90.0, 60.0, 121.0))
    game.state.figures["mira"].weapons[0].jammed = True
    with pytest.raises(IllegalAction, match="no ranged weapon ready"):
        game.apply(Overwatch("mira", 90.0, 60.0, 100.0))
    assert game.state.figures["mira"].overwatch is None


def test_a_jammed_watcher_does_not_interrupt(fake: FakeCombat) -> None:
    game, _ = watched()
    game.state.figures["mira"].weapons[0].jammed = True
    game.apply(Move("r1", (19.0, 40.0)))
    assert fake.calls == []


def test_zone_contains_matches_the_state_zone() -> None:
    zone = OverwatchZone(30.0, 10.0, 90.0, 60.0, 100.0, "Hunting rifle", 1)
    rng = np.random.default_rng(1)
    xy = rng.uniform(0, 60, size=(500, 2))
    expected = [zone.contains(float(x), float(y)) for x, y in xy]
    assert overwatch.zone_contains(zone, xy).tolist() == expected
