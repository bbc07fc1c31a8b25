"""The heat map's raids (issue #7): K quick AI-vs-AI raids through the batch
simulator, and where attackers fell, where defenders fell and where walls were
breached, binned on a grid and lightly blurred into a `HeatMap` (game/overlays/heat.py).

Each game's worker (`heat_record`, run by `game.batch.run_batch`) watches the game
and sends back only small lists of points: a figure that stops standing (out,
down, dead — §9; fleeing off the table is not falling) is recorded where it stands
at that moment, on its side's layer;
a barricade or gate broken (§11, `StructureBroken`) where the breaking figure
touches it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.ndimage import gaussian_filter
from shapely.geometry import Point
from shapely.ops import nearest_points

from game.actions import Action
from game.ai_choice import controllers_for, preset_names
from game.batch import BatchSpec, Record, run_batch, spec_scenario
from game.engine import Game
from game.events import Event
from game.loading import parse_scenario
from game.overlays.heat import LAYERS, FloatGrid, HeatMap
from game.play.combat_events import StructureBroken
from game.rules.combatant import Condition
from game.sim import GameStalled, run_game
from game.state import Presence

DEFAULT_GAMES = 50
CELL_CM = 1.0
"""Grid cell of the heat map."""
BLUR_CM = 2.0
"""Standard deviation of the gaussian blur."""

Point2 = tuple[float, float]
HeatProgress = Callable[[int, int], None]
"""Called with (games finished, games in all) as games finish."""


class _Watch:
    """An observer of one game: where figures fell and structures broke."""

    def __init__(self) -> None:
        self.points: dict[str, list[Point2]] = {name: [] for name in LAYERS}
        self._standing: dict[str, bool] = {}

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        st = game.state
        for event in events:
            if isinstance(event, StructureBroken):
                self._breach(game, event)
        raiders = {sid for sid, side in st.sides.items() if side.threat is not None}
        for fig in st.figures.values():
            standing = fig.condition is Condition.STANDING
            was = self._standing.get(fig.id, True)
            self._standing[fig.id] = standing
            if was and not standing and fig.presence is not Presence.RESERVE:
                layer = "attackers" if fig.side in raiders else "defenders"
                self.points[layer].append((round(fig.x, 2), round(fig.y, 2)))

    def _breach(self, game: Game, event: StructureBroken) -> None:
        piece = game.state.board.pieces.get(event.piece)
        fig = game.state.figures.get(event.figure)
        if piece is None:
            return
        at = Point(fig.pos) if fig is not None else piece.polygon.centroid
        spot = nearest_points(piece.polygon, at)[0]
        self.points["breaches"].append((round(spot.x, 2), round(spot.y, 2)))


def heat_record(spec: BatchSpec, index: int, seed: int) -> Record:
    """Play one game of a batch and return where things happened (a `PlayOne`)."""
    scenario = spec_scenario(spec)
    watch = _Watch()
    record: Record = {"index": index, "seed": seed, "error": None, "outcome": None}
    try:
        result = run_game(
            scenario,
            seed,
            knobs=dict(spec.knobs),
            controllers=controllers_for(scenario, spec.ai),
            observer=watch,
        )
        record["outcome"] = result.outcome
    except GameStalled as exc:
        record["error"] = str(exc)
    for name in LAYERS:
        record[name] = [list(p) for p in watch.points[name]]
    return record


@dataclass
class HeatPoints:
    """The points of a batch of games, by layer."""

    games: int
    points: dict[str, list[Point2]] = field(default_factory=lambda: {n: [] for n in LAYERS})
    errors: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_records(cls, records: Sequence[Record]) -> HeatPoints:
        out = cls(len(records))
        for rec in records:
            if rec.get("error"):
                out.errors += 1
            outcome = str(rec.get("outcome"))
            out.outcomes[outcome] = out.outcomes.get(outcome, 0) + 1
            for name in LAYERS:
                out.points[name] += [(float(x), float(y)) for x, y in rec.get(name, ())]
        return out


def simulate_heat(
    spec: BatchSpec,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: HeatProgress | None = None,
) -> HeatPoints:
    """Play `games` raids of the spec (in a process pool) and gather their points."""
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, games)

    result = run_batch(spec, seed, games, workers=workers, progress=tick, play=heat_record)
    return HeatPoints.from_records(result.records)


def heat_map(
    heat: HeatPoints,
    width: float,
    height: float,
    *,
    cell: float = CELL_CM,
    blur: float = BLUR_CM,
) -> HeatMap:
    """Bin the points on a grid (numpy histogram2d), per game, with a gaussian blur."""
    nx, ny = max(1, round(width / cell)), max(1, round(height / cell))
    xe, ye = np.linspace(0.0, width, nx + 1), np.linspace(0.0, height, ny + 1)
    grids: dict[str, FloatGrid] = {}
    for name in LAYERS:
        pts = np.asarray(heat.points[name], np.float64).reshape(-1, 2)
        counts, _, _ = np.histogram2d(pts[:, 1], pts[:, 0], bins=(ye, xe))
        per_game = counts / max(1, heat.games)
        grids[name] = gaussian_filter(per_game, sigma=blur / cell, mode="constant")
    counts_by = {name: len(heat.points[name]) for name in LAYERS}
    return HeatMap(width, height, cell, heat.games, grids, counts_by)


def spec_for(text: str, file: str, ai: Mapping[str, str] | None = None) -> BatchSpec:
    """A batch spec for AI-vs-AI raids on a scenario's text: a side the scenario gives
    to a human plays the tactical AI's default preset (headless, "human" alone would be
    the random bot); `ai` overrides presets by side."""
    scenario = parse_scenario(text, file)
    chosen = {
        side.id: preset_names(side.controller)[0]
        for side in scenario.side
        if side.controller == "human" and preset_names(side.controller)
    }
    return BatchSpec(text, file, {}, {**chosen, **(ai or {})})


def summary(heat: HeatPoints) -> dict[str, Any]:
    """Counts for a report line."""
    return {"games": heat.games, "errors": heat.errors, **{n: len(heat.points[n]) for n in LAYERS}}
