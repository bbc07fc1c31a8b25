"""The report of a batch: outcome shares with 95% Wilson intervals, rounds,
casualties, loot, modules destroyed, the knobs overridden, and the timing.

`build_report(info, result)` turns a batch's records into a `Report`; it prints as
text (`text_lines`, then `timing_lines`) or as one JSON object (`to_json`). Every
field but `timing` depends only on (scenario, knobs, AI presets, seed, games), so
the same command prints the same report whatever the workers.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.batch import STALLED, BatchResult, BatchSpec, Record
from game.i18n import tr
from game.narration import outcome_text
from game.scenario import Scenario, SideSpec

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""
RAID_OUTCOMES = ("repelled", "partial", "defeat")
SKIRMISH_OUTCOMES = ("victory", "draw", "defeat")
WIN = {"raid": "repelled", "skirmish": "victory"}
"""The outcome that counts as the defenders' win (a skirmish's first side)."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share `successes / n` ((0, 1) when n is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class SideInfo:
    id: str
    name: str
    controller: str
    preset: str | None
    role: str
    """"defender" or "attacker" (raids), "side" (skirmishes)."""


@dataclass(frozen=True)
class BatchInfo:
    """What was played: the scenario, its sides, and the knobs overridden."""

    scenario_name: str
    scenario_file: str
    mode: str
    """"raid" (Repelled/Partial/Defeat) or "skirmish" (victory/draw/defeat)."""
    sides: tuple[SideInfo, ...]
    max_rounds: int
    scenario_knobs: Mapping[str, Any]
    set_knobs: Mapping[str, Any]


def _table_preset(side: SideSpec) -> str | None:
    """The preset a side's scenario `ai` table names (None: the default)."""
    preset = getattr(getattr(side, "ai", None), "preset", None)
    return preset if isinstance(preset, str) else None


def describe(scenario: Scenario, spec: BatchSpec) -> BatchInfo:
    """The batch's description from its (parsed) scenario and spec."""
    raid = any(side.raid is not None for side in scenario.side)
    sides = tuple(
        SideInfo(
            id=side.id,
            name=side.name,
            controller=side.controller,
            preset=spec.ai.get(side.id) or _table_preset(side),
            role=("attacker" if side.raid is not None else "defender") if raid else "side",
        )
        for side in scenario.side
    )
    return BatchInfo(
        scenario_name=scenario.scenario.name,
        scenario_file=spec.scenario_file,
        mode="raid" if raid else "skirmish",
        sides=sides,
        max_rounds=scenario.scenario.max_rounds,
        scenario_knobs=dict(scenario.knobs),
        set_knobs=dict(spec.knobs),
    )


@dataclass(frozen=True)
class Spread:
    """Mean, sample standard deviation, min, median, max of a list of numbers."""

    mean: float
    sd: float
    low: float
    median: float
    high: float
    total: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(
            statistics.fmean(values),
            sd,
            min(values),
            statistics.median(values),
            max(values),
            math.fsum(values),
        )

    def to_json(self) -> dict[str, float]:
        return {
            "mean": _r(self.mean),
            "sd": _r(self.sd),
            "min": _r(self.low),
            "median": _r(self.median),
            "max": _r(self.high),
            "total": _r(self.total),
        }


def _r(x: float) -> float:
    """Rounded for printing (4 decimals); integers stay integers in JSON."""
    return int(x) if float(x).is_integer() else round(x, 4)


@dataclass(frozen=True)
class Share:
    outcome: str
    count: int
    share: float
    low: float
    high: float


@dataclass
class Report:
    """A batch summed up."""

    info: BatchInfo
    result: BatchResult
    shares: list[Share]
    rounds: Spread
    round_counts: dict[int, int]
    casualties: dict[str, Spread]
    loot: Spread
    breaches: Spread
    modules: Spread
    module_counts: dict[str, int]
    """Games in which each module was destroyed."""

    @property
    def games(self) -> int:
        return len(self.result.records)

    @property
    def win(self) -> Share:
        """The defenders' (a skirmish's first side's) win share."""
        outcome = WIN[self.info.mode]
        return next(s for s in self.shares if s.outcome == outcome)

    @property
    def errors(self) -> list[Record]:
        return [r for r in self.result.records if r["error"]]

    def to_json(self) -> dict[str, Any]:
        """The JSON object of `main.py sim --json` (all but `timing` deterministic)."""
        win = self.win
        return {
            "scenario": self.info.scenario_name,
            "file": self.info.scenario_file,
            "games": self.games,
            "seed": self.result.seed,
            "mode": self.info.mode,
            "sides": {
                s.id: {
                    "name": s.name,
                    "controller": s.controller,
                    "preset": s.preset,
                    "role": s.role,
                }
                for s in self.info.sides
            },
            "knobs": {"scenario": dict(self.info.scenario_knobs), "set": dict(self.info.set_knobs)},
            "outcomes": {s.outcome: s.count for s in self.shares},
            "outcome_shares": {
                s.outcome: {"share": _r(s.share), "ci95": [_r(s.low), _r(s.high)]}
                for s in self.shares
            },
            "defender_win_rate": _r(win.share),
            "defender_win_ci95": [_r(win.low), _r(win.high)],
            "defender_win_outcome": win.outcome,
            "mean_rounds": _r(self.rounds.mean),
            "rounds": {**self.rounds.to_json(), "histogram": _keyed(self.round_counts)},
            "casualties": {side: spread.to_json() for side, spread in self.casualties.items()},
            "loot": self.loot.to_json(),
            "breaches": self.breaches.to_json(),
            "modules_destroyed": {**self.modules.to_json(), "by_module": self.module_counts},
            "errors": [{"seed": r["seed"], "error": r["error"]} for r in self.errors],
            "per_game": [_per_game(r) for r in self.result.records],
            "timing": {
                "seconds": round(self.result.seconds, 3),
                "games_per_second": round(self.result.games_per_second, 3),
                "workers": self.result.workers,
                "scheduler": self.result.scheduler,
            },
        }

    def text_lines(self) -> list[str]:
        """The deterministic part of the text report."""
        return [*header_lines(self), "", *table_lines(self), "", *detail_lines(self)]

    def timing_lines(self) -> list[str]:
        """How fast it ran (differs from run to run)."""
        res = self.result
        where = (
            tr("sim.timing_scheduler", address=res.scheduler)
            if res.scheduler
            else tr("sim.timing_workers", workers=res.workers)
        )
        return [
            tr(
                "sim.timing",
                games=self.games,
                seconds=res.seconds,
                rate=res.games_per_second,
                where=where,
            )
        ]


def _keyed(counts: Mapping[int, int]) -> dict[str, int]:
    return {str(k): counts[k] for k in sorted(counts)}


def _per_game(record: Record) -> dict[str, Any]:
    return {
        "seed": record["seed"],
        "outcome": record["outcome"],
        "rounds": record["rounds"],
        "casualties": record["casualties"],
        "loot": record["loot"],
        "breaches": record["breaches"],
        "modules_destroyed": record["modules_destroyed"],
        "events_hash": record["events_hash"],
    }


def outcome_order(mode: str, seen: Sequence[str | None]) -> list[str]:
    """The mode's outcomes in their order, then any other outcome seen (e.g. stalled)."""
    base = list(RAID_OUTCOMES if mode == "raid" else SKIRMISH_OUTCOMES)
    extra = sorted({str(o) for o in seen} - set(base) - {STALLED})
    return base + extra + ([STALLED] if STALLED in seen else [])


def build_report(info: BatchInfo, result: BatchResult) -> Report:
    """Sum a batch's records up."""
    records = result.records
    n = len(records)
    counts = Counter(str(r["outcome"]) for r in records)
    shares = []
    for outcome in outcome_order(info.mode, list(counts)):
        k = counts.get(outcome, 0)
        low, high = wilson(k, n)
        shares.append(Share(outcome, k, k / n if n else 0.0, low, high))
    played = [r for r in records if not r["error"]]
    modules = Counter(m for r in played for m in set(r["modules_destroyed"]))
    return Report(
        info=info,
        result=result,
        shares=shares,
        rounds=Spread.of([r["rounds"] for r in played]),
        round_counts=dict(Counter(int(r["rounds"]) for r in played)),
        casualties={
            s.id: Spread.of([r["casualties"].get(s.id, 0) for r in played]) for s in info.sides
        },
        loot=Spread.of([r["loot"] for r in played]),
        breaches=Spread.of([r["breaches"] for r in played]),
        modules=Spread.of([len(r["modules_destroyed"]) for r in played]),
        module_counts={m: modules[m] for m in sorted(modules)},
    )


# --- text --------------------------------------------------------------------------


def outcome_label(outcome: str) -> str:
    """The catalogue's name of an outcome (the key itself if it has none)."""
    try:
        return outcome_text(outcome)
    except KeyError:
        return tr("sim.stalled") if outcome == STALLED else outcome


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _knobs_text(knobs: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(knobs.items()))


def _side_text(side: SideInfo) -> str:
    preset = side.preset or tr("sim.default_preset")
    return tr("sim.side", side=side.id, controller=side.controller, preset=preset)


def header_lines(rep: Report) -> list[str]:
    """Scenario, games and seed, sides with their presets, knobs overridden."""
    info = rep.info
    return [
        tr("sim.title", name=info.scenario_name, file=info.scenario_file),
        tr("sim.games", games=rep.games, seed=rep.result.seed),
        tr("sim.sides", list=", ".join(_side_text(s) for s in info.sides)),
        _knob_line(info),
    ]


def table_lines(rep: Report) -> list[str]:
    """The outcome table: games, share and 95% Wilson interval of each outcome."""
    head = tr("sim.col_outcome")
    width = max(len(head), *(len(outcome_label(s.outcome)) for s in rep.shares))
    lines = [
        tr(
            "sim.table_head",
            width=width,
            outcome=head,
            games=tr("sim.col_games"),
            share=tr("sim.col_share"),
            ci=tr("sim.col_ci"),
        )
    ]
    for s in rep.shares:
        lines.append(
            tr(
                "sim.table_row",
                width=width,
                outcome=outcome_label(s.outcome),
                games=s.count,
                share=_pct(s.share),
                ci=f"{_pct(s.low)}–{_pct(s.high)}",
            )
        )
    return lines


def detail_lines(rep: Report) -> list[str]:
    """Win rate, rounds, casualties, loot, breaches, modules, games that broke off."""
    win, mode = rep.win, rep.info.mode
    lines = [
        tr(
            f"sim.win_{mode}",
            outcome=outcome_label(win.outcome),
            share=_pct(win.share),
            low=_pct(win.low),
            high=_pct(win.high),
        ),
        tr(
            "sim.rounds",
            mean=rep.rounds.mean,
            sd=rep.rounds.sd,
            low=rep.rounds.low,
            median=rep.rounds.median,
            high=rep.rounds.high,
        ),
        tr(
            "sim.casualties",
            list=", ".join(
                tr("sim.casualty", side=side, mean=sp.mean, sd=sp.sd, total=sp.total)
                for side, sp in rep.casualties.items()
            ),
        ),
    ]
    if mode == "raid":
        lines += _raid_lines(rep)
    for record in rep.errors:
        lines.append(tr("sim.error", seed=record["seed"], error=record["error"]))
    return lines


def _knob_line(info: BatchInfo) -> str:
    parts = []
    if info.scenario_knobs:
        parts.append(tr("sim.knobs_scenario", list=_knobs_text(info.scenario_knobs)))
    if info.set_knobs:
        parts.append(tr("sim.knobs_set", list=_knobs_text(info.set_knobs)))
    return tr("sim.knobs", list="; ".join(parts) if parts else tr("sim.knobs_none"))


def _raid_lines(rep: Report) -> list[str]:
    played = rep.games - len(rep.errors)
    with_loot = sum(1 for r in rep.result.records if r["loot"] > 0)
    modules = ", ".join(
        tr("sim.module_games", module=m, games=k) for m, k in rep.module_counts.items()
    )
    return [
        tr("sim.loot", mean=rep.loot.mean, total=rep.loot.total, games=with_loot, of=played),
        tr("sim.breaches", mean=rep.breaches.mean, total=rep.breaches.total),
        tr("sim.modules", mean=rep.modules.mean, total=rep.modules.total, which=modules)
        if modules
        else tr("sim.modules_none"),
    ]
