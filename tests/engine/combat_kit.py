"""Helpers for the combat tests: small two-side scenarios and a game in round 1
with one figure activated, driven by scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.actions import Action, Activate, ChooseFirst
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.loading import parse_scenario
from game.scenario import Scenario


@dataclass
class Fig:
    """A figure of a test scenario: side "a" or "b", a profile or inline stats."""

    side: str
    id: str
    at: tuple[float, float]
    profile: str | None = None
    facing: float | None = None
    stats: dict[str, object] = field(default_factory=dict)
    squad: str | None = None
    equipment: tuple[str, ...] = ()  # seed 002's items (docs/RULES.md §18)


Piece = tuple[str, str, Sequence[tuple[float, float]]]  # id, kind, polygon


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _value(v: object) -> str:
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v).lower() if isinstance(v, bool) else str(v)


def scenario(
    figures: Sequence[Fig],
    terrain: Sequence[Piece] = (),
    modules: Sequence[Piece] = (),
    *,
    width: float = 60.0,
    height: float = 60.0,
    module_structure: dict[str, int] | None = None,
) -> Scenario:
    """Sides "a" and "b"; figures grouped into squads (default: one per side)."""
    lines = [
        "[scenario]",
        'name = "Combat test"',
        'rules = "deadearth"',
        "max_rounds = 10",
        "[board]",
        f"width_cm = {width}",
        f"height_cm = {height}",
    ]
    for table, pieces in (("terrain", terrain), ("module", modules)):
        for pid, kind, poly in pieces:
            pts = ", ".join(f"[{x}, {y}]" for x, y in poly)
            lines += [f"[[{table}]]", f'id = "{pid}"', f'kind = "{kind}"', f"polygon = [{pts}]"]
            if module_structure and pid in module_structure:
                lines.append(f"structure = {module_structure[pid]}")
    for side in ("a", "b"):
        lines += ["[[side]]", f'id = "{side}"', f'name = "Side {side}"', 'controller = "human"']
        squads: dict[str, list[Fig]] = {}
        for f in figures:
            if f.side == side:
                squads.setdefault(f.squad or f"s{side}", []).append(f)
        for squad, members in squads.items():
            lines += ["[[side.squad]]", f'id = "{squad}"']
            for f in members:
                lines += ["[[side.squad.figure]]", f'id = "{f.id}"', f"at = [{f.at[0]}, {f.at[1]}]"]
                if f.profile:
                    lines.append(f'profile = "{f.profile}"')
                if f.facing is not None:
                    lines.append(f"facing = {f.facing}")
                if f.equipment:
                    lines.append(f"equipment = {_value(f.equipment)}")
                if f.stats:
                    lines.append("[side.squad.figure.stats]")
                    lines += [f"{k} = {_value(v)}" for k, v in f.stats.items()]
    lines += ["[objective]", 'kind = "drive_off"']
    return parse_scenario("\n".join(lines), "combat_test.toml")


def start(scen: Scenario, activate: str, *, first: str | None = None) -> Game:
    """Round 1: side a wins the initiative (W20 20 against 1), the side of the
    figure to activate goes first, and that figure is activated."""
    game = Game(scen, dice=ScriptedDice([20, 1]))
    side = game.state.figures[activate].side
    game.apply(ChooseFirst("a", first or side))
    game.apply(Activate(activate))
    return game


def play(
    game: Game, action: Action, faces: Sequence[int] = (), **kw: Sequence[float]
) -> list[Event]:
    """Apply an action with exactly these dice faces (all of them must be used)."""
    dice = ScriptedDice(faces, uniforms=kw.get("uniforms", ()))
    game.dice = dice
    events = game.apply(action)
    assert dice.remaining == (), f"unused scripted faces {dice.remaining}"
    return events


def of(events: Sequence[Event], kind: type) -> list:  # type: ignore[type-arg]
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]
