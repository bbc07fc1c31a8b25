"""The AI and Run vaulting (docs/RULES.md §10, P): the engine may take an AI's Run over
a thin low wall when that is cheaper; the AI's Runs stay legal either way."""

from __future__ import annotations

from shapely.geometry import LineString, Polygon

from ai.horde import HordeAI
from game import actions as act
from game.engine import Game
from game.play import space
from game.play.movement import Moved
from tests.ai.kit import drive_to, scene

SHELTER = ("shelter", "shelter", [(30, 10), (50, 10), (50, 25), (30, 25)])
WALL = ("lw", "low_wall", [(10, 40), (70, 40), (70, 41), (10, 41)])


def test_a_horde_run_near_a_thin_wall_is_legal_and_never_ends_on_it() -> None:
    sc = scene(
        [("a", "bruno", "Bruno", 4, 5), ("b", "z1", "Runner", 40, 50)],
        terrain=[WALL],
        modules=[SHELTER],
        raid="infected",
        key_point="shelter",
        controllers=("human", "ai:horde"),
    )
    game = drive_to(Game(sc, seed=1), "z1")
    choice = HordeAI().choose(game)
    assert isinstance(choice, act.Run)
    events = game.apply(choice)  # raises IllegalAction if the engine refused it
    legs = [e for e in events if isinstance(e, Moved)]
    assert legs and legs[-1].end == choice.to
    assert space.overlap_problems(game) == []
    wall, radius = Polygon(WALL[2]), game.state.figures["z1"].radius
    for leg in legs:
        if leg.vaults == 0:
            assert LineString(leg.points).distance(wall) >= radius - 1e-6
