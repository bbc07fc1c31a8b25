"""A Run vaults thin low walls (RULES.md §10, P: +5 cm for walls ≤ 1 cm thick).

Mira (move 15, Run 30, base radius R = 1.25) stands at (20, 30); a low wall 1 cm
thick runs from y = 5 to y = 55 at x 29.5..30.5. Walls are grown by the base
radius like all solid terrain, by G = R + corner_slack(R), so a straight Run
along y = 30 vaults from x = 29.5 − G to x = 30.5 + G (9.5 − G cm to 10.5 + G cm
along the path)."""

from __future__ import annotations

import math

import pytest
from movement_kit import FakeCombat, activate, install_fake, rect, scenario, start
from shapely.geometry import LineString, Polygon

from game.actions import Move, Run
from game.board.freespace import corner_slack
from game.engine import Game
from game.events import Event
from game.narration import narrate
from game.play import space
from game.play.movement import EnteredBurning, Moved
from game.ui import preview

R = 1.25
G = R + corner_slack(R)
WALL = rect(29.5, 5, 30.5, 55)


def game_with(
    piece: tuple[str, str, list[tuple[float, float]]] = ("w", "low_wall", WALL),
    *more: tuple[str, str, list[tuple[float, float]]],
    at: tuple[float, float] = (20.0, 30.0),
    knobs: dict[str, object] | None = None,
) -> Game:
    scen = scenario([("a", "mira", "Mira", *at), ("b", "r1", "Raider", 55, 57)], [piece, *more])
    game = start(scen, knobs=knobs)
    activate(game, "mira")
    return game


def legs(events: list[Event]) -> list[Moved]:
    return [e for e in events if isinstance(e, Moved)]


def clear_of(leg: Moved, polygon: list[tuple[float, float]]) -> bool:
    return LineString(leg.points).distance(Polygon(polygon)) >= R - 1e-6


def test_a_run_vaults_the_wall_for_five_cm_more() -> None:
    game = game_with()
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert leg.points == ((20.0, 30.0), (40.0, 30.0))
    assert (leg.length_cm, leg.cost_cm, leg.spent_cm) == pytest.approx((20.0, 25.0, 25.0))
    assert (leg.vaults, leg.vault_cm, leg.until) == (1, 5.0, "destination")
    assert game.state.figures["mira"].pos == (40.0, 30.0)
    assert space.overlap_problems(game) == []


def test_the_log_says_what_the_vault_cost() -> None:
    game = game_with()
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    english = narrate(leg, "en")
    assert "runs [Rennen] 20.0 cm" in english
    assert ", vaulted 1 low wall (+5 cm), 25.0 of 30 cm used" in english
    assert "difficult" not in english
    german = narrate(leg, "de")
    assert "rennt 20.0 cm" in german
    assert ", überklettert 1 niedrige Mauer (+5 cm), 25.0 von 30 cm verbraucht" in german


def test_two_walls_are_two_vaults_in_the_log() -> None:
    game = game_with(("w1", "low_wall", rect(24.5, 5, 25.5, 55)), ("w2", "low_wall", WALL))
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert (leg.vaults, leg.cost_cm) == (2, pytest.approx(30.0))
    assert ", vaulted 2 low walls (+10 cm)" in narrate(leg, "en")
    assert ", überklettert 2 niedrige Mauern (+10 cm)" in narrate(leg, "de")


def test_a_move_does_not_vault() -> None:
    game = game_with()
    [leg] = legs(game.apply(Move("mira", (40.0, 30.0))))
    # around the wall is far longer than Mira's 15 cm: she stops on this side
    assert leg.vaults == 0 and leg.until == "allowance" and clear_of(leg, WALL)
    assert leg.cost_cm == pytest.approx(15.0) and game.state.figures["mira"].x < 29.5 - R


@pytest.mark.parametrize(
    ("kind", "poly"),
    [("low_wall", rect(29, 5, 31, 55)), ("barricade", WALL)],
    ids=["2 cm low wall", "barricade"],
)
def test_a_run_does_not_vault_thick_walls_or_barricades(
    kind: str, poly: list[tuple[float, float]]
) -> None:
    game = game_with(("p", kind, poly))
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert leg.vaults == 0 and leg.until == "allowance" and clear_of(leg, poly)
    assert leg.cost_cm == pytest.approx(30.0)


def test_a_short_wall_is_run_around() -> None:
    short = rect(29.5, 28, 30.5, 32)
    game = game_with(("w", "low_wall", short))
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert leg.vaults == 0 and clear_of(leg, short) and leg.until == "destination"
    assert leg.cost_cm < 25.0


def test_a_run_beyond_the_allowance_pays_the_vault_on_the_way() -> None:
    game = game_with()
    [leg] = legs(game.apply(Run("mira", (55.0, 30.0))))
    # 30 cm: 5 for the vault, 25 of path
    assert leg.end == pytest.approx((45.0, 30.0))
    assert (leg.length_cm, leg.cost_cm, leg.vaults) == (pytest.approx(25.0), 30.0, 1)
    assert leg.until == "allowance"


def test_a_run_that_cannot_pay_the_vault_stops_before_the_wall() -> None:
    game = game_with(at=(5.0, 30.0))
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    # the vault begins 24.5 - G cm along; landing needs 24.5 - G + 1 + 2 G + 5 > 30
    assert leg.end == pytest.approx((29.5 - G, 30.0))
    assert leg.cost_cm == pytest.approx(24.5 - G) and leg.vaults == 0
    assert leg.until == "allowance"
    assert space.overlap_problems(game) == []
    assert Polygon(WALL).distance(LineString(leg.points)) >= R


def test_the_vault_cost_knob() -> None:
    game = game_with(knobs={"move.vault_cost": 2.0})
    [leg] = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert (leg.cost_cm, leg.vault_cm) == pytest.approx((22.0, 2.0))
    assert ", vaulted 1 low wall (+2 cm), 22.0 of 30 cm used" in narrate(leg, "en")
    thin = game_with(knobs={"move.vault_max_thickness": 0.5})
    [leg] = legs(thin.apply(Run("mira", (40.0, 30.0))))
    assert leg.vaults == 0 and clear_of(leg, WALL)


def test_a_zone_entered_over_the_wall_burns_where_the_runner_lands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake: FakeCombat = install_fake(monkeypatch)
    fire = rect(30.0, 20, 38, 40)  # begins in the middle of the wall
    game = game_with(("w", "low_wall", WALL), ("fire", "burning", fire))
    events = game.apply(Run("mira", (40.0, 30.0)))
    first, second = legs(events)
    landing = (30.5 + G, 30.0)
    assert first.end == pytest.approx(landing) and first.until == "burning"
    assert (first.vaults, first.cost_cm) == (1, pytest.approx(10.5 + G + 5.0))
    [burnt] = [e for e in events if isinstance(e, EnteredBurning)]
    assert burnt.at == pytest.approx(landing)
    assert fake.calls == [("burn", "mira", "fire")]
    assert second.vaults == 0 and second.spent_cm == pytest.approx(25.0)


def test_a_zone_beyond_the_wall_triggers_where_it_begins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    install_fake(monkeypatch)
    fire = rect(33.0, 20, 38, 40)
    game = game_with(("w", "low_wall", WALL), ("fire", "burning", fire))
    first, _ = legs(game.apply(Run("mira", (40.0, 30.0))))
    assert first.end == pytest.approx((33.0, 30.0)) and first.vaults == 1
    assert first.cost_cm == pytest.approx(13.0 + 5.0)


def test_the_run_preview_shows_the_way_over_and_its_cost() -> None:
    game = game_with()
    fig = game.state.figures["mira"]
    seen = preview.move_preview(game, fig, (40.0, 30.0), "run")
    assert seen.problem is None and seen.walk == ((20.0, 30.0), (40.0, 30.0))
    assert (seen.cost_cm, seen.vaults, seen.vault_cm, seen.left_cm) == (25.0, 1, 5.0, 5.0)
    walked = preview.move_preview(game, fig, (40.0, 30.0), "move")
    assert walked.vaults == 0 and math.isclose(walked.cost_cm, 15.0)
    assert seen.action() == Run("mira", (40.0, 30.0))
