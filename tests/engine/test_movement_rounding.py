"""A move never spends more than its allowance, even where its path runs along the
edge of difficult ground (docs/RULES.md §4, §10).

Found by a random-playout soak (`refuge_horde`, random controllers, seed 1014,
action 207): a Run of 25 cm reported 25.45 cm spent. Its path followed the edge of
a rubble piece (the edge costs nothing extra); the point where the allowance ran
out lay a rounding error inside the rubble, so the last piece was costed double.
The same geometry, on a small table: the straight line from the start to (105, 36)
runs along the rubble's edge (102, 48)–(104, 40), and the Shambler's 25 cm Run
stops on that edge.
"""

from __future__ import annotations

import pytest
from movement_kit import activate, scenario, start

from game.actions import Run
from game.play.movement import Moved

RUBBLE = [(104.0, 40.0), (112.0, 42.0), (110.0, 50.0), (102.0, 48.0)]
"""`rubble-e` of refuge_horde."""


@pytest.mark.parametrize("start_x", [96.22, 96.25, 96.31])
def test_a_run_along_the_edge_of_rubble_spends_no_more_than_its_allowance(
    start_x: float,
) -> None:
    start_y = round(48 + (102 - start_x) * 4, 3)  # on the line of the rubble's edge
    scen = scenario(
        [("a", "walker", "Shambler", start_x, start_y), ("b", "far", "Raider", 10, 10)],
        [("rubble-e", "rubble", RUBBLE)],
        width=120,
        height=120,
    )
    game = start(scen)
    activate(game, "walker")
    legs = [e for e in game.apply(Run("walker", (105.0, 36.0))) if isinstance(e, Moved)]
    last = legs[-1]
    assert last.until == "allowance"
    assert last.allowance == pytest.approx(25.0)
    assert last.spent_cm <= last.allowance + 1e-9
    # The whole way ran along the edge (or in the open): it cost its length.
    assert last.spent_cm == pytest.approx(sum(leg.length_cm for leg in legs))
