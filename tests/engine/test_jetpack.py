"""Seed 002's jetpack (docs/RULES.md §18): "Erlaubt eine Flugbewegung von 15 cm. Die
Nutzung kostet zusätzlich 2 AP … Schwieriges Gelände und überflogene Hindernisse
werden während dieser Bewegung ignoriert. Die Bewegung muss auf einer Fläche enden,
auf der die Miniatur sicher aufgestellt werden kann." On the table: the action Fly,
straight up to 15 cm, 2 actions (P), to a spot where the base may stand."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, scenario, start
from movement_kit import FakeCombat, install_fake

from game.actions import Fly, IllegalAction, Move
from game.engine import ActionTemplate, Game
from game.narration import narrate
from game.play import budget
from game.play.flight import TookOff
from game.play.movement import Moved
from game.play.overwatch import OverwatchTriggered
from game.state import OverwatchZone

WALL = ("wall", "wall", [(20.0, 0.0), (22.0, 0.0), (22.0, 30.0), (20.0, 30.0)])
"""A wall from x 20 to 22, y 0 to 30: Bruno at (10, 10) cannot walk through it."""
HOUSE = ("house", "building", [(23.0, 15.0), (40.0, 15.0), (40.0, 25.0), (23.0, 25.0)])
MUD = ("mud", "rubble", [(12.0, 0.0), (19.0, 0.0), (19.0, 30.0), (12.0, 30.0)])


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeCombat:
    return install_fake(monkeypatch)


def _game(*kit: str, others: tuple[Fig, ...] = ()) -> Game:
    """Bruno (base 1.25 cm) at (10, 10) behind a wall, carrying `kit`."""
    figs = [Fig("a", "bruno", (10, 10), "Bruno", equipment=kit), *others]
    if not any(f.side == "b" for f in figs):
        figs.append(Fig("b", "r1", (55, 55), "Raider"))
    return start(scenario(figs, [WALL, HOUSE, MUD]), "bruno")


def test_flies_over_the_wall_and_the_difficult_ground_for_two_actions() -> None:
    game = _game("Jetpack")
    assert ActionTemplate("fly", "bruno", {"allowance": 15.0}) in game.legal_actions()
    events = play(game, Fly("bruno", (24.5, 10.0)))
    [off] = of(events, TookOff)
    assert off.length_cm == pytest.approx(14.5)
    [leg] = of(events, Moved)
    assert (leg.mode, leg.length_cm, leg.cost_cm) == ("fly", pytest.approx(14.5), 14.5)
    bruno = game.state.figures["bruno"]
    assert bruno.pos == (24.5, 10.0)
    assert budget.used(game, bruno) == 2  # the whole activation (P)
    assert not budget.can_act(game, bruno)
    text = "\n".join(narrate(e) for e in events)
    assert "lifts off with its jetpack [Jetpack]: 14.5 cm straight" in text
    assert "flies with its jetpack [Jetpack] 14.5 cm" in text


def test_exactly_15_cm_is_allowed_and_15_1_is_refused() -> None:
    game = _game("Jetpack")
    with pytest.raises(IllegalAction, match=r"cannot fly 15\.1 cm: a jetpack flies at most 15"):
        game.apply(Fly("bruno", (25.1, 10.0)))
    play(game, Fly("bruno", (25.0, 10.0)))
    assert game.state.figures["bruno"].pos == (25.0, 10.0)


@pytest.mark.parametrize(
    ("to", "why"),
    [
        ((21.0, 10.0), "its base would stand on solid terrain"),  # on the wall
        ((23.5, 14.5), "its base would stand on solid terrain"),  # base edge in the house
        ((10.0, 0.5), "its base would leave the table"),
        ((14.0, 10.0), "its base would overlap another base"),  # on Jonas
    ],
)
def test_landing_spots_that_are_refused(to: tuple[float, float], why: str) -> None:
    game = _game("Jetpack", others=(Fig("a", "jonas", (15.0, 10.0), "Jonas"),))
    with pytest.raises(IllegalAction, match=why):
        game.apply(Fly("bruno", to))
    assert game.state.figures["bruno"].pos == (10.0, 10.0)


def test_base_contact_landing_is_allowed() -> None:
    """Bases 1.25 cm: centres 2.5 apart touch, they do not overlap."""
    game = _game("Jetpack", others=(Fig("a", "jonas", (15.0, 10.0), "Jonas"),))
    play(game, Fly("bruno", (17.5, 10.0)))
    assert game.state.figures["bruno"].pos == (17.5, 10.0)


def test_no_jetpack_no_flight_and_a_move_cannot_cross_the_wall() -> None:
    game = _game()
    assert not any(getattr(a, "verb", "") == "fly" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="carries no jetpack"):
        game.apply(Fly("bruno", (24.5, 10.0)))


def test_after_a_move_there_is_no_budget_for_a_flight() -> None:
    game = _game("Jetpack")
    play(game, Move("bruno", (11.0, 10.0)))
    assert not any(getattr(a, "verb", "") == "fly" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="left"):
        game.apply(Fly("bruno", (24.0, 10.0)))


def test_a_watcher_fires_at_the_flight_entering_its_zone(fake: FakeCombat) -> None:
    """Raider r1 at (40, 10) watches west (180°, 90° wide, 16 cm): the flight from
    (10, 10) to (24.5, 10) enters the zone at x 24 (its edge), past the wall."""
    game = _game("Jetpack", others=(Fig("b", "r1", (40.0, 10.0), "Mira"),))
    raider = game.state.figures["r1"]
    raider.overwatch = OverwatchZone(40.0, 10.0, 180.0, 90.0, 16.0, "Hunting rifle", 1)
    events = game.apply(Fly("bruno", (24.5, 10.0)))
    [trigger] = of(events, OverwatchTriggered)
    assert trigger.at[0] == pytest.approx(24.0, abs=0.01)
    assert fake.calls == [("attack", "r1", "bruno", "Hunting rifle", "overwatch")]
    assert [leg.until for leg in of(events, Moved)] == ["overwatch", "destination"]
