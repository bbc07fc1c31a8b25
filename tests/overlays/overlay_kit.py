"""Hand-made scenarios for the overlay tests."""

from __future__ import annotations

from pathlib import Path

from game.engine import Game
from game.loading import load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
MINI_RAID = DATA / "mini_raid.toml"
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
RAIDERS = ROOT / "scenarios" / "refuge_raiders.toml"

HORDE_SIDE = """
[[side]]
id = "horde"
name = "Horde"
controller = "ai:horde"

[side.raid]
threat = "infected"
budget = 2
waves = 1
roster = [{ profile = "Shambler", weight = 1 }]

[[side.raid.entry]]
id = "south"
polygon = [[20, 0], [60, 0], [60, 4], [20, 4]]
"""


def game_of(text: str, seed: int = 1) -> Game:
    """A game on scenario text (checked against the rules data)."""
    return Game(parse_scenario(text, "test.toml"), seed=seed)


def game_at(path: Path, seed: int = 1) -> Game:
    return Game(load_scenario(path), seed=seed)


def walled_square() -> Game:
    """A 200 cm table; a square refuge of 1 cm walls (outside x, y 70–90) with a 4 cm
    gap in the north wall (x 78–82); one rifleman inside at (80, 73) looking out
    through the gap."""
    return game_of(
        """
[scenario]
name = "Walled square"
max_rounds = 3

[board]
width_cm = 200.0
height_cm = 200.0

[[terrain]]
id = "wall-s"
kind = "wall"
polygon = [[70, 70], [90, 70], [90, 71], [70, 71]]

[[terrain]]
id = "wall-w"
kind = "wall"
polygon = [[70, 71], [71, 71], [71, 89], [70, 89]]

[[terrain]]
id = "wall-e"
kind = "wall"
polygon = [[89, 71], [90, 71], [90, 89], [89, 89]]

[[terrain]]
id = "wall-nw"
kind = "wall"
polygon = [[70, 89], [78, 89], [78, 90], [70, 90]]

[[terrain]]
id = "wall-ne"
kind = "wall"
polygon = [[82, 89], [90, 89], [90, 90], [82, 90]]

[[side]]
id = "refuge"
name = "Refuge"
controller = "human"
deploy_zone = [[71, 71], [89, 71], [89, 89], [71, 89]]

[[side.squad]]
id = "core"

[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [80, 73]
facing = 90
"""
        + HORDE_SIDE
    )


def open_board(profile: str = "Militia", at: tuple[float, float] = (100.0, 100.0)) -> Game:
    """One defender alone on an empty 200 cm table."""
    return game_of(
        f"""
[scenario]
name = "Open board"
max_rounds = 3

[board]
width_cm = 200.0
height_cm = 200.0

[[side]]
id = "refuge"
name = "Refuge"
controller = "human"

[[side.squad]]
id = "core"

[[side.squad.figure]]
id = "guard"
profile = "{profile}"
at = [{at[0]}, {at[1]}]
"""
        + HORDE_SIDE
    )
