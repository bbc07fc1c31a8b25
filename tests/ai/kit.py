"""Small scenes for the AI tests: a scenario from a few lines, and a game driven to
the decision of one chosen figure."""

from __future__ import annotations

from collections.abc import Sequence

from game import actions as act
from game.engine import Game
from game.loading import parse_scenario
from game.scenario import Scenario

FigureSpec = tuple[str, str, str, float, float]  # side, id, profile, x, y
PieceSpec = tuple[str, str, Sequence[tuple[float, float]]]  # id, kind, polygon


def _poly(points: Sequence[tuple[float, float]]) -> str:
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in points) + "]"


def scene(
    figures: Sequence[FigureSpec],
    terrain: Sequence[PieceSpec] = (),
    modules: Sequence[PieceSpec] = (),
    *,
    size: float = 80.0,
    raid: str | None = None,
    raid_side: str = "b",
    entry: Sequence[tuple[float, float]] = ((0, 76), (80, 76), (80, 80), (0, 80)),
    key_point: str | None = None,
    controllers: tuple[str, str] = ("human", "ai:tactical"),
    ai: str = "",
) -> Scenario:
    """Sides "a" (defenders) and "b"; with `raid` ("raiders" | "infected") side b is a
    raid with one wave of one Raider / Shambler entering at `entry`."""
    lines = [
        "[scenario]",
        'name = "AI scene"',
        'rules = "deadearth"',
        "max_rounds = 10",
        "[board]",
        f"width_cm = {size}",
        f"height_cm = {size}",
    ]
    for table, pieces in (("terrain", terrain), ("module", modules)):
        for pid, kind, poly in pieces:
            lines += [
                f"[[{table}]]",
                f'id = "{pid}"',
                f'kind = "{kind}"',
                f"polygon = {_poly(poly)}",
            ]
    for side, controller in zip(("a", "b"), controllers, strict=True):
        lines += ["[[side]]", f'id = "{side}"', f'name = "Side {side}"']
        lines.append(f'controller = "{controller}"')
        if ai and side == "b":
            lines.append(f"ai = {ai}")
        members = [f for f in figures if f[0] == side]
        if members:
            lines += ["[[side.squad]]", f'id = "s{side}"']
        for _, fid, profile, x, y in members:
            lines += ["[[side.squad.figure]]", f'id = "{fid}"', f'profile = "{profile}"']
            lines.append(f"at = [{x}, {y}]")
        if raid and side == raid_side:
            who = "Raider" if raid == "raiders" else "Shambler"
            lines += [
                "[side.raid]",
                f'threat = "{raid}"',
                "budget = 1",
                "waves = 1",
                f'roster = [{{ profile = "{who}", weight = 1 }}]',
                "[[side.raid.entry]]",
                'id = "edge"',
                f"polygon = {_poly(entry)}",
            ]
    if key_point:
        lines += ["[objective]", 'kind = "protect"', f'key_point = "{key_point}"', "rounds = 8"]
    else:
        lines += ["[objective]", 'kind = "drive_off"']
    return parse_scenario("\n".join(lines), "scene.toml")


def drive_to(game: Game, figure: str) -> Game:
    """Play the opening decisions (entries first zone, the figure's side first, the
    figure activated, the other side's figures ended at once) until the figure is
    to act."""
    fig = game.state.figures[figure]
    for _ in range(200):
        pending = game.pending()
        assert pending is not None, "the game ended before the figure could act"
        if pending.kind == "act" and figure in pending.figures:
            return game
        if pending.kind == "choose_first":
            sides = list(pending.data["sides"])
            first = fig.side if fig.side in sides else sides[0]
            game.apply(act.ChooseFirst(pending.side, first))
        elif pending.kind == "choose_entry":
            game.apply(act.ChooseEntry(pending.side, pending.data["entries"][0]))
        elif pending.kind == "activate":
            pick = figure if figure in pending.figures else pending.figures[0]
            game.apply(act.Activate(pick))
        elif pending.kind == "act":
            game.apply(act.EndActivation(pending.figures[0]))
        else:
            game.apply(act.Intercept(pending.figures[0], False))
    raise AssertionError(f"{figure} never got to act")
