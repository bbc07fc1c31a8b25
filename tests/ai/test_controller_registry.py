"""The AI controllers' registry (ai.CONTROLLERS) and the scenario format agree: a
side may name exactly the registered controllers, and `controllers_for` gives
every side of a scenario its controller."""

from __future__ import annotations

from typing import get_args

from ai import CONTROLLERS
from game.ai_choice import controllers_for, human_sides
from game.loading import parse_scenario
from game.scenario import Controller as ControllerName

SCENE = """
[scenario]
name = "registry"
max_rounds = 3
[board]
width_cm = 60
height_cm = 60
"""


def side(sid: str, controller: str, x: float) -> str:
    return (
        f'[[side]]\nid = "{sid}"\nname = "{sid}"\ncontroller = "{controller}"\n'
        f'[[side.squad]]\nid = "{sid}-squad"\n'
        f'[[side.squad.figure]]\nid = "{sid}-1"\nprofile = "Militia"\nat = [{x}, 30]\n'
    )


def test_the_format_accepts_exactly_the_registered_controllers() -> None:
    assert set(get_args(ControllerName)) == set(CONTROLLERS)


def test_every_side_gets_its_controller_or_a_seat_at_the_table() -> None:
    names = sorted(CONTROLLERS)
    text = SCENE + "".join(side(f"s{i}", c, 10 + 10 * i) for i, c in enumerate(names))
    scenario = parse_scenario(text, "registry.toml")
    headless = controllers_for(scenario)
    assert list(headless) == [s.id for s in scenario.side]
    assert all(c is not None and callable(c.choose) for c in headless.values())
    seated = controllers_for(scenario, table=human_sides(scenario))
    assert [sid for sid, c in seated.items() if c is None] == human_sides(scenario) != []
