"""Scenes for the support and abilities rooms' tests (no tests here): a walled yard with a
gate, a barricade, a minefield, an infirmary and a storage, and helpers that drive
a game to the activation of a chosen figure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from game.actions import Activate, ChooseEntry, ChooseFirst, EndActivation
from game.dice import ScriptedDice
from game.engine import Game
from game.loading import parse_scenario

Placed = tuple[str, str, str, float, float]  # side, id, profile, x, y

MODULES = {
    "gate": """
[[module]]
id = "gate"
kind = "gate"
polygon = [[28, 30], [32, 30], [32, 31], [28, 31]]
open = false
""",
    "barricade": """
[[module]]
id = "barricade"
kind = "barricade"
polygon = [[40, 10], [48, 10], [48, 11], [40, 11]]
""",
    "minefield": """
[[module]]
id = "minefield"
kind = "minefield"
polygon = [[40, 40], [46, 40], [46, 46], [40, 46]]
""",
    "infirmary": """
[[module]]
id = "infirmary"
kind = "infirmary"
polygon = [[2, 2], [8, 2], [8, 8], [2, 8]]
""",
    "storage": """
[[module]]
id = "storage"
kind = "storage"
polygon = [[20, 50], [30, 50], [30, 56], [20, 56]]
""",
}

TERRAIN = """
[[terrain]]
id = "wall-w"
kind = "wall"
polygon = [[0, 30], [28, 30], [28, 31], [0, 31]]

[[terrain]]
id = "wall-e"
kind = "wall"
polygon = [[32, 30], [60, 30], [60, 31], [32, 31]]

[[terrain]]
id = "crates"
kind = "crates"
polygon = [[10, 12], [14, 12], [14, 16], [10, 16]]
"""

RAID = """
[side.raid]
threat = "raiders"
budget = 1
waves = 1
roster = [{ profile = "Raider", weight = 1 }]

[[side.raid.entry]]
id = "north"
polygon = [[18, 57], [40, 57], [40, 60], [18, 60]]
"""


def scene(
    figures: Sequence[Placed],
    modules: Iterable[str] = ("gate", "barricade", "minefield", "infirmary", "storage"),
    *,
    raid: bool = False,
    knobs: str = "",
    max_rounds: int = 5,
    talents: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """A scenario text: side 'a' (defenders) and side 'b' (raiders if `raid`);
    `talents` gives figures (by id) talents on top of their profile (inline stats)."""
    parts = [
        f"""
[scenario]
name = "Yard"
rules = "deadearth"
max_rounds = {max_rounds}

[board]
width_cm = 60.0
height_cm = 60.0
""",
        TERRAIN,
        *(MODULES[m] for m in modules),
    ]
    for side in ("a", "b"):
        controller = "human" if side == "a" else "ai:tactical"
        parts.append(
            f'\n[[side]]\nid = "{side}"\nname = "Side {side}"\ncontroller = "{controller}"\n'
        )
        if side == "b" and raid:
            parts.append(RAID)
        parts.append(f'\n[[side.squad]]\nid = "s{side}"\n')
        for fside, fid, profile, x, y in figures:
            if fside != side:
                continue
            parts.append(f'\n[[side.squad.figure]]\nid = "{fid}"\nat = [{x}, {y}]\n')
            if talents and fid in talents:
                names = ", ".join(f'"{t}"' for t in talents[fid])
                parts.append(
                    f'[side.squad.figure.stats]\nbase = "{profile}"\ntalents = [{names}]\n'
                )
            else:
                parts.append(f'profile = "{profile}"\n')
    parts.append('\n[objective]\nkind = "drive_off"\n')
    if knobs:
        parts.append(f"\n[knobs]\n{knobs}\n")
    return "".join(parts)


def game_of(text: str, faces: Iterable[int] = (), **dice: Iterable[float]) -> Game:
    """A game of the scene with scripted dice."""
    return Game(parse_scenario(text, "yard.toml"), dice=ScriptedDice(faces, **dice))  # type: ignore[arg-type]


def activate(game: Game, figure: str) -> None:
    """Advance (ending other activations, choosing the figure's side first) until
    `figure` is activated."""
    for _ in range(50):
        pending = game.pending()
        assert pending is not None, "the game ended"
        side = game.state.figures[figure].side
        if pending.kind == "choose_first":
            game.apply(ChooseFirst(pending.side, side))
        elif pending.kind == "choose_entry":
            game.apply(ChooseEntry(pending.side, pending.data["entries"][0]))
        elif pending.kind == "activate":
            pick = figure if figure in pending.figures else pending.figures[0]
            game.apply(Activate(pick))
        elif pending.kind == "act" and figure in pending.figures:
            return
        else:
            game.apply(EndActivation(pending.figures[0]))
    raise AssertionError(f"{figure} never got to act")
