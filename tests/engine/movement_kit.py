"""Helpers for the movement and overwatch tests: small scenarios and a stand-in for
the combat room where a test is about movement, not about an attack's dice."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pytest

from game.actions import Activate, ChooseFirst
from game.dice import ScriptedDice
from game.engine import Game
from game.events import Event
from game.loading import parse_scenario
from game.play import bridge, combat, fire
from game.rules.combatant import Condition
from game.scenario import Scenario
from game.state import Figure

FigureSpec = tuple[str, str, str, float, float]  # side, id, profile, x, y
PieceSpec = tuple[str, str, Sequence[tuple[float, float]]]  # id, kind, polygon


def scenario(
    figures: Sequence[FigureSpec],
    terrain: Sequence[PieceSpec] = (),
    modules: Sequence[PieceSpec] = (),
    *,
    width: float = 60.0,
    height: float = 60.0,
) -> Scenario:
    """A two-side scenario (sides "a" and "b") from figures and terrain."""
    lines = [
        "[scenario]",
        'name = "Movement test"',
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
    for side in ("a", "b"):
        lines += [
            "[[side]]",
            f'id = "{side}"',
            f'name = "Side {side}"',
            'controller = "human"',
            "[[side.squad]]",
            f'id = "s{side}"',
        ]
        for fside, fid, profile, x, y in figures:
            if fside == side:
                lines += [
                    "[[side.squad.figure]]",
                    f'id = "{fid}"',
                    f'profile = "{profile}"',
                    f"at = [{x}, {y}]",
                ]
    lines += ["[objective]", 'kind = "drive_off"']
    return parse_scenario("\n".join(lines), "movement_test.toml")


def start(
    scen: Scenario,
    first: str = "a",
    dice: Sequence[int] = (),
    knobs: Mapping[str, object] | None = None,
) -> Game:
    """A game in round 1 where side a won the initiative and `first` activates first
    (`knobs`: rule knob overrides)."""
    game = Game(scen, dice=ScriptedDice([20, 1, *dice]), knobs=knobs)
    game.apply(ChooseFirst("a", first))
    return game


def activate(game: Game, figure: str) -> None:
    game.apply(Activate(figure))


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


@dataclass
class FakeCombat:
    """Stands in for combat.attack / combat.explode / fire.burn and records calls.

    `outcome[(attacker or source, mode)]` says what happens to the target: "miss",
    "kill" (out of action), "suppress", or a push (dx, dy)."""

    outcome: dict[tuple[str, str], object] = field(default_factory=dict)
    calls: list[tuple[str, ...]] = field(default_factory=list)
    where: list[tuple[float, float]] = field(default_factory=list)

    def _hit(self, target: Figure, key: tuple[str, str]) -> None:
        self.where.append(target.pos)
        what = self.outcome.get(key, "miss")
        if what == "kill":
            bridge.set_condition(target, Condition.OUT)
        elif what == "suppress":
            target.suppressed = True
        elif isinstance(what, tuple):
            target.x += float(what[0])
            target.y += float(what[1])

    def attack(
        self,
        game: Game,
        attacker: Figure,
        target: Figure,
        weapon: str,
        *,
        burst: bool = False,
        mode: str = "action",
        zone: str | None = None,
    ) -> list[Event]:
        self.calls.append(("attack", attacker.id, target.id, weapon, mode))
        self._hit(target, (attacker.id, mode))
        return []

    def explode(
        self,
        game: Game,
        centre: tuple[float, float],
        weapon: object,
        attacker: Figure | None,
        *,
        source: str,
    ) -> list[Event]:
        self.calls.append(("explode", source, f"{centre[0]:.3f},{centre[1]:.3f}"))
        self.where.append(centre)
        for fig in game.state.standing():
            if math.dist(fig.pos, centre) < 1e-9:
                self._hit(fig, (source, "explode"))
        return []

    def burn(self, game: Game, figure: Figure, zone: str) -> list[Event]:
        self.calls.append(("burn", figure.id, zone))
        self._hit(figure, (zone, "burn"))
        return []


def install_fake(monkeypatch: pytest.MonkeyPatch) -> FakeCombat:
    """Replace the combat room's functions with a recording stand-in."""
    stand_in = FakeCombat()
    monkeypatch.setattr(combat, "attack", stand_in.attack, raising=False)
    monkeypatch.setattr(combat, "explode", stand_in.explode, raising=False)
    monkeypatch.setattr(fire, "burn", stand_in.burn, raising=False)
    return stand_in
