"""The rules lab as a picture (`main.py compare --plot FILE.png`): outcome shares with
their 95 % intervals, rounds, casualties per round and attacks per take-down, and the
take-downs per attack by cover and by range — one colour per rule system. Drawn with
matplotlib's Agg canvas (no window)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import tr
from game.lab import COVERS, RANGES, Comparison
from game.report import outcome_label

COLOURS = {"deadearth": "#37474f", "ews": "#1565c0", "3w6": "#ad1457"}
SIZE_IN = (13.0, 8.5)
DPI = 110


def plot_comparison(comparison: Comparison, target: str | Path) -> Path:
    """Draw the comparison into `target` (PNG unless its suffix names another format)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE_IN, dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    fig.suptitle(
        tr(
            "systems.lab.title",
            scenario=comparison.scenario,
            games=comparison.games,
            seed=comparison.seed,
        ),
        fontsize=14,
        fontweight="bold",
    )
    axes = fig.subplots(2, 2)
    _outcomes(axes[0][0], comparison)
    _pace(axes[0][1], comparison)
    _grouped(axes[1][0], comparison, "cover", COVERS, tr("systems.lab.by_cover"))
    _grouped(axes[1][1], comparison, "range", RANGES, tr("systems.lab.by_range"))
    path = Path(target)
    fig.savefig(path, format=path.suffix.lstrip(".").lower() or "png")
    return path


def _width(n: int) -> float:
    return 0.8 / max(1, n)


def _outcomes(ax: Any, comparison: Comparison) -> None:
    outcomes: list[str] = []
    for s in comparison.systems:
        outcomes += [o for o in s.outcomes if o not in outcomes]
    w = _width(len(comparison.systems))
    for i, s in enumerate(comparison.systems):
        xs = [j + (i - (len(comparison.systems) - 1) / 2) * w for j in range(len(outcomes))]
        shares = [s.outcomes.get(o, (0, 0.0, 0.0, 0.0)) for o in outcomes]
        ys = [100 * v[1] for v in shares]
        err = [[100 * (v[1] - v[2]) for v in shares], [100 * (v[3] - v[1]) for v in shares]]
        ax.bar(xs, ys, w, yerr=err, capsize=3, color=COLOURS.get(s.system), label=_name(s.system))
    ax.set_xticks(range(len(outcomes)), [outcome_label(o) for o in outcomes])
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.set_title(tr("systems.lab.outcomes"))
    ax.legend()


def _pace(ax: Any, comparison: Comparison) -> None:
    labels = [
        tr("systems.lab.rounds"),
        tr("systems.lab.per_round"),
        tr("systems.lab.attacks_per_down"),
    ]
    w = _width(len(comparison.systems))
    for i, s in enumerate(comparison.systems):
        xs = [j + (i - (len(comparison.systems) - 1) / 2) * w for j in range(len(labels))]
        ys = [s.rounds.mean, s.casualties_per_round, s.attacks_per_takedown or 0.0]
        ax.bar(xs, ys, w, color=COLOURS.get(s.system), label=_name(s.system))
    ax.set_xticks(range(len(labels)), labels)
    ax.set_title(tr("systems.lab.pace"))


def _grouped(ax: Any, comparison: Comparison, what: str, keys: tuple[str, ...], title: str) -> None:
    w = _width(len(comparison.systems))
    prefix = "cover" if what == "cover" else "range"
    for i, s in enumerate(comparison.systems):
        rates = s.cover if what == "cover" else s.range
        xs = [j + (i - (len(comparison.systems) - 1) / 2) * w for j in range(len(keys))]
        ax.bar(xs, [100 * r.share for r in rates], w, color=COLOURS.get(s.system))
    ax.set_xticks(range(len(keys)), [tr(f"systems.lab.short_{prefix}_{k}") for k in keys])
    ax.set_ylabel("%")
    ax.set_title(title)


def _name(system: str) -> str:
    return tr(f"systems.name.{system}")
