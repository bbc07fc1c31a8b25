"""Helpers for the raid, noise and morale tests: a small refuge scenario written from
SCENARIO.md (defenders "a", a raiding side "b") and a driver that plays the dull
parts of a round (every figure just ends its activation) with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.actions import Action, Activate, ChooseFirst, EndActivation
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.loading import parse_scenario
from game.scenario import Scenario

Placed = tuple[str, str, str, float, float]  # side, id, profile, x, y
Piece = tuple[str, str, Sequence[tuple[float, float]]]  # id, kind, polygon

NORTH = ("north", [(20.0, 56.0), (40.0, 56.0), (40.0, 60.0), (20.0, 60.0)])
SOUTH = ("south", [(40.0, 0.0), (60.0, 0.0), (60.0, 4.0), (40.0, 4.0)])
SHELTER: Piece = ("shelter", "shelter", [(20, 20), (40, 20), (40, 30), (20, 30)])
NO_WAVE = '"raid.first_wave_round" = 50'
"""A knob line that keeps the raid's waves away (only the placed figures fight)."""


@dataclass
class Raid:
    """The raid of side b: `[side.raid]` and its entry zones."""

    threat: str = "raiders"
    waves: str | int = 1
    budget: float | None = 1.0
    wave_every: int | None = None
    roster: Sequence[tuple[str, float]] = (("Raider", 1.0),)
    entries: Sequence[tuple[str, Sequence[tuple[float, float]]]] = (NORTH,)


def _pts(poly: Sequence[tuple[float, float]]) -> str:
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in poly) + "]"


def raid_text(
    figures: Sequence[Placed],
    raid: Raid,
    *,
    modules: Sequence[Piece] = (),
    terrain: Sequence[Piece] = (),
    objective: str = 'kind = "drive_off"',
    max_rounds: int = 8,
    knobs: Sequence[str] = (),
    leaders: dict[str, str] | None = None,
    stats: dict[str, dict[str, object]] | None = None,
    facings: dict[str, float] | None = None,
) -> str:
    """A 60 × 60 cm scenario: side a defends, side b raids (and may have placed figures)."""
    lines = [
        "[scenario]",
        'name = "Raid test"',
        'rules = "deadearth"',
        f"max_rounds = {max_rounds}",
        "[board]",
        "width_cm = 60.0",
        "height_cm = 60.0",
    ]
    for table, pieces in (("terrain", terrain), ("module", modules)):
        for pid, kind, poly in pieces:
            lines += [
                f"[[{table}]]",
                f'id = "{pid}"',
                f'kind = "{kind}"',
                f"polygon = {_pts(poly)}",
            ]
    for side in ("a", "b"):
        lines += ["[[side]]", f'id = "{side}"', f'name = "Side {side}"', 'controller = "human"']
        if side == "b":
            lines += ["[side.raid]", f'threat = "{raid.threat}"']
            waves = raid.waves if isinstance(raid.waves, int) else f'"{raid.waves}"'
            lines.append(f"waves = {waves}")
            if raid.budget is not None:
                lines.append(f"budget = {raid.budget}")
            if raid.wave_every is not None:
                lines.append(f"wave_every = {raid.wave_every}")
            roster = ", ".join(f'{{ profile = "{p}", weight = {w} }}' for p, w in raid.roster)
            lines.append(f"roster = [{roster}]")
            for eid, poly in raid.entries:
                lines += ["[[side.raid.entry]]", f'id = "{eid}"', f"polygon = {_pts(poly)}"]
        members = [f for f in figures if f[0] == side]
        if not members:
            continue
        lines += ["[[side.squad]]", f'id = "s{side}"']
        if leaders and side in leaders:
            lines.append(f'leader = "{leaders[side]}"')
        for _, fid, profile, x, y in members:
            lines += ["[[side.squad.figure]]", f'id = "{fid}"', f"at = [{x}, {y}]"]
            if facings and fid in facings:
                lines.append(f"facing = {facings[fid]}")
            extra = (stats or {}).get(fid)
            if extra is None:
                lines.append(f'profile = "{profile}"')
            else:
                lines.append("[side.squad.figure.stats]")
                lines.append(f'base = "{profile}"')
                lines += [f"{k} = {v}" for k, v in extra.items()]
    lines += ["[objective]", objective]
    if knobs:
        lines += ["[knobs]", *knobs]
    return "\n".join(lines)


def raid_scenario(figures: Sequence[Placed], raid: Raid, **kw: object) -> Scenario:
    return parse_scenario(raid_text(figures, raid, **kw), "raid_test.toml")  # type: ignore[arg-type]


def play(
    game: Game, action: Action, faces: Sequence[int] = (), uniforms: Sequence[float] = ()
) -> list[Event]:
    """Apply an action with exactly these dice (all of them must be used)."""
    dice = ScriptedDice(faces, uniforms=uniforms)
    game.dice = dice
    events = game.apply(action)
    assert dice.remaining == (), f"unused scripted faces {dice.remaining}"
    return events


def idle(game: Game, faces: Sequence[int] = ()) -> list[Event]:
    """Every figure that is asked just ends its activation; the first to choose lets
    its own side go first. Stops at a wave's entry choice, the next round's
    choice of who goes first, or the end. `faces` feed the dice on the way (the
    next round's initiative roll included; all must be used)."""
    dice = ScriptedDice(faces)
    game.dice = dice
    events: list[Event] = []
    start_round = game.state.round
    while not game.is_over():
        pending = game.pending()
        assert pending is not None
        if pending.kind == "choose_first":
            if game.state.round != start_round:
                break
            events += game.apply(ChooseFirst(pending.side, pending.side))
        elif pending.kind == "activate":
            events += game.apply(Activate(pending.figures[0]))
        elif pending.kind == "act":
            events += game.apply(EndActivation(pending.figures[0]))
        else:
            break
    assert dice.remaining == (), f"unused scripted faces {dice.remaining}"
    return events


def of(events: Sequence[Event], kind: type) -> list:  # type: ignore[type-arg]
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]
