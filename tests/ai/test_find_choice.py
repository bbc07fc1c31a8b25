"""The AI weighs a find's worth per trip and danger (ai/objectives.py `best_find`):
a relic a little further off beats a crate at hand; an enemy beside a find halves
its pull (hand-computed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ai import objectives as obj

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_loot import FINDS, _game, _text

IDOL = """
[[loot]]
id = "idol"
name = "an idol"
at = [10, 10]
resource = "relics"
value = 1
"""


def test_scores_are_worth_over_the_trip_and_danger() -> None:
    game = _game(_text(FINDS + IDOL))
    bruno = game.state.figures["bruno"]  # at (30, 10); the exit is y 0–4
    way_out = obj.exit_of(game, "a")
    assert way_out is not None
    marks = game.state.markers
    # crate (30, 11.5), 3 parts: 1.5 there, 7.5 out, 20 slack
    assert obj.find_score(game, bruno, marks["crate"], way_out) == pytest.approx(3 / 29)
    # cans (30, 48), 2 food, the raider 2 cm away: 38 + 44 + 20, × (1 + 0.5)
    assert obj.find_score(game, bruno, marks["cans"], way_out) == pytest.approx(2 / (102 * 1.5))
    # idol (10, 10), 1 relic worth 16: 20 + 6 + 20
    assert obj.find_score(game, bruno, marks["idol"], way_out) == pytest.approx(16 / 46)
    best = obj.best_find(game, bruno)
    assert best is not None and best.id == "idol"


def test_without_the_relic_the_find_at_hand_is_chosen() -> None:
    game = _game()
    best = obj.best_find(game, game.state.figures["bruno"])
    assert best is not None and best.id == "crate"


def test_a_find_a_nearer_friend_claims_is_left_to_it() -> None:
    game = _game(_text(FINDS + IDOL))
    mira = game.state.figures["mira"]
    mira.x, mira.y = 10.0, 14.0  # 4 cm from the idol, Bruno is 20 cm from it
    for who, wants in (("bruno", "crate"), ("mira", "idol")):
        best = obj.best_find(game, game.state.figures[who])
        assert best is not None and best.id == wants
