"""The rules lab (`main.py compare`): one layout played under several rule systems,
side by side — outcome shares with 95 % Wilson intervals, rounds, casualties per
round, attacks per take-down, and how much cover and range decide (the share of
attacks that take their target down, by the table's cover level and by range).

Each game is a batch game (`game.batch.run_batch`) whose record `play_lab` extends
with the attacks it saw: an attack (`AttackMade`) took its target down when the
target no longer stands after the action that made it (or, when it paused for a
reaction, after the answer). Everything but the timing
depends only on (scenario, systems, knobs, presets, seed, games).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action
from game.ai_choice import controllers_for
from game.batch import BatchResult, BatchSpec, Record, spec_scenario
from game.engine import Game
from game.events import Event
from game.i18n import tr
from game.play.combat_events import AttackMade
from game.report import Spread, outcome_label, outcome_order, wilson
from game.sim import GameStalled, run_game
from game.systems import SystemName

COVERS = ("none", "light", "heavy")
RANGES = ("melee", "in_range", "long_range")


@dataclass
class AttackTally:
    """Attacks and take-downs, by the table's cover level and by range."""

    cover: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in COVERS])
    range: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in RANGES])
    waiting: list[AttackMade] = field(default_factory=list)
    """Attacks paused for a reaction (Abfangen, a 3W6 defence): counted once the
    answer has resolved them."""

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        made = [*self.waiting, *(e for e in events if isinstance(e, AttackMade))]
        if game.state.phase in ("intercept", "defence"):
            self.waiting = made
            return
        self.waiting = []
        for event in made:
            target = game.state.figures.get(event.target)
            down = int(target is not None and not target.standing)
            melee = game.rules.weapon(event.weapon).is_melee
            where = 0 if melee else 2 if event.long_range else 1
            self.range[where][0] += 1
            self.range[where][1] += down
            if not melee:
                self.cover[min(2, max(0, event.cover))][0] += 1
                self.cover[min(2, max(0, event.cover))][1] += down


def play_lab(spec: BatchSpec, index: int, seed: int) -> Record:
    """One game of a comparison: the batch record and the attacks it saw."""
    scenario = spec_scenario(spec)
    tally = AttackTally()
    try:
        result = run_game(
            scenario,
            seed,
            knobs=dict(spec.knobs),
            controllers=controllers_for(scenario, spec.ai),
            observer=tally,
        )
    except GameStalled as exc:
        return {
            "index": index,
            "seed": seed,
            "outcome": None,
            "rounds": 0,
            "casualties": {},
            "cover": tally.cover,
            "range": tally.range,
            "error": str(exc),
        }
    return {
        "index": index,
        "seed": seed,
        "outcome": result.outcome,
        "rounds": result.rounds,
        "casualties": dict(result.casualties),
        "cover": tally.cover,
        "range": tally.range,
        "events_hash": result.events_hash,
        "error": None,
    }


@dataclass(frozen=True)
class Rate:
    """A share of attacks that took the target down, with its 95 % interval."""

    attacks: int
    downs: int

    @property
    def share(self) -> float:
        return self.downs / self.attacks if self.attacks else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.downs, self.attacks)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "attacks": self.attacks,
            "downs": self.downs,
            "share": round(self.share, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


@dataclass(frozen=True)
class SystemSummary:
    """One system's games summed up."""

    system: SystemName
    games: int
    outcomes: dict[str, tuple[int, float, float, float]]  # outcome: (count, share, low, high)
    rounds: Spread
    casualties_per_game: float
    casualties_per_round: float
    attacks_per_takedown: float | None
    cover: tuple[Rate, ...]
    range: tuple[Rate, ...]
    errors: int

    @property
    def cover_effect(self) -> float | None:
        """How much heavy cover cuts the take-downs per shot (1 − heavy / open)."""
        open_, heavy = self.cover[0], self.cover[2]
        if not open_.attacks or not heavy.attacks or open_.share == 0:
            return None
        return 1.0 - heavy.share / open_.share

    @property
    def range_effect(self) -> float | None:
        """How much long range cuts the take-downs per shot (1 − long / in range)."""
        near, far = self.range[1], self.range[2]
        if not near.attacks or not far.attacks or near.share == 0:
            return None
        return 1.0 - far.share / near.share

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "outcomes": {
                o: {"count": c, "share": round(s, 4), "ci95": [round(lo, 4), round(hi, 4)]}
                for o, (c, s, lo, hi) in self.outcomes.items()
            },
            "rounds": self.rounds.to_json(),
            "casualties_per_game": round(self.casualties_per_game, 4),
            "casualties_per_round": round(self.casualties_per_round, 4),
            "attacks_per_takedown": _round(self.attacks_per_takedown),
            "takedowns_by_cover": {c: r.to_json() for c, r in zip(COVERS, self.cover, strict=True)},
            "takedowns_by_range": {k: r.to_json() for k, r in zip(RANGES, self.range, strict=True)},
            "cover_effect": _round(self.cover_effect),
            "range_effect": _round(self.range_effect),
            "errors": self.errors,
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def summarise(system: SystemName, mode: str, result: BatchResult) -> SystemSummary:
    records = result.records
    played = [r for r in records if not r["error"]]
    n = len(records)
    counts = Counter(str(r["outcome"]) for r in records)
    outcomes = {}
    for outcome in outcome_order(mode, list(counts)):
        k = counts.get(outcome, 0)
        low, high = wilson(k, n)
        outcomes[outcome] = (k, k / n if n else 0.0, low, high)
    casualties = [sum(r["casualties"].values()) for r in played]
    rounds = [int(r["rounds"]) for r in played]
    cover = tuple(
        Rate(sum(r["cover"][i][0] for r in played), sum(r["cover"][i][1] for r in played))
        for i in range(len(COVERS))
    )
    ranges = tuple(
        Rate(sum(r["range"][i][0] for r in played), sum(r["range"][i][1] for r in played))
        for i in range(len(RANGES))
    )
    attacks = sum(r.attacks for r in ranges)
    downs = sum(r.downs for r in ranges)
    return SystemSummary(
        system=system,
        games=n,
        outcomes=outcomes,
        rounds=Spread.of([float(x) for x in rounds]),
        casualties_per_game=statistics.fmean(casualties) if casualties else 0.0,
        casualties_per_round=sum(casualties) / sum(rounds) if sum(rounds) else 0.0,
        attacks_per_takedown=attacks / downs if downs else None,
        cover=cover,
        range=ranges,
        errors=n - len(played),
    )


@dataclass(frozen=True)
class Comparison:
    """Every system's summary of the same layout, seed and number of games."""

    scenario: str
    mode: str
    games: int
    seed: int
    systems: tuple[SystemSummary, ...]
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "mode": self.mode,
            "games": self.games,
            "seed": self.seed,
            "systems": {s.system: s.to_json() for s in self.systems},
        }

    def text_lines(self) -> list[str]:
        """The side-by-side table (the reader's language)."""
        names = [tr(f"systems.name.{s.system}") for s in self.systems]
        width = max(16, *(len(n) + 2 for n in names))
        label_w = 34

        def row(label: str, cells: Sequence[str]) -> str:
            return f"{label:<{label_w}}" + "".join(f"{c:>{width}}" for c in cells)

        lines = [
            tr("systems.lab.title", scenario=self.scenario, games=self.games, seed=self.seed),
            "",
            row("", names),
        ]
        outcomes: list[str] = []
        for s in self.systems:
            outcomes += [o for o in s.outcomes if o not in outcomes]
        for outcome in outcomes:
            cells = []
            for s in self.systems:
                _, share, low, high = s.outcomes.get(outcome, (0, 0.0, 0.0, 0.0))
                cells.append(f"{100 * share:.0f}% [{100 * low:.0f}–{100 * high:.0f}]")
            lines.append(row(outcome_label(outcome), cells))
        lines += [
            row(
                tr("systems.lab.rounds"),
                [f"{s.rounds.mean:.1f} ± {s.rounds.sd:.1f}" for s in self.systems],
            ),
            row(
                tr("systems.lab.casualties"), [f"{s.casualties_per_game:.2f}" for s in self.systems]
            ),
            row(
                tr("systems.lab.per_round"), [f"{s.casualties_per_round:.2f}" for s in self.systems]
            ),
            row(
                tr("systems.lab.attacks_per_down"),
                [_num(s.attacks_per_takedown, 1) for s in self.systems],
            ),
            "",
            tr("systems.lab.downs_heading"),
        ]
        for i, cover in enumerate(COVERS):
            lines.append(
                row(
                    tr(f"systems.lab.cover_{cover}"),
                    [_rate(s.cover[i]) for s in self.systems],
                )
            )
        for i, where in enumerate(RANGES):
            lines.append(
                row(tr(f"systems.lab.range_{where}"), [_rate(s.range[i]) for s in self.systems])
            )
        lines += [
            row(
                tr("systems.lab.cover_effect"),
                [_pct(s.cover_effect) for s in self.systems],
            ),
            row(
                tr("systems.lab.range_effect"),
                [_pct(s.range_effect) for s in self.systems],
            ),
        ]
        errors = sum(s.errors for s in self.systems)
        if errors:
            lines += ["", tr("systems.lab.errors", n=errors)]
        return lines


def _num(x: float | None, digits: int) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def _rate(rate: Rate) -> str:
    if not rate.attacks:
        return "—"
    return f"{100 * rate.share:.0f}% ({rate.attacks})"
