"""The report as a picture (`main.py sim --plot FILE.png`): outcome shares with their
95% Wilson intervals, the distribution of rounds, casualties per side, and the
key numbers in words. Drawn with matplotlib's Agg canvas (no window, no pyplot
state); the file format follows the suffix (PNG by default).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from game.i18n import tr
from game.report import Report, detail_lines, header_lines, outcome_label

COLOURS = {
    "repelled": "#2e7d32",
    "victory": "#2e7d32",
    "partial": "#f9a825",
    "draw": "#f9a825",
    "defeat": "#c62828",
}
OTHER = "#757575"
SIDE_COLOURS = ("#1565c0", "#ad1457", "#6a1b9a", "#00838f", "#ef6c00")
SIZE_IN = (12.0, 8.0)
DPI = 110


def plot_report(report: Report, target: str | Path) -> Path:
    """Draw the report into `target` (PNG unless its suffix names another format)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE_IN, dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    info, res = report.info, report.result
    fig.suptitle(
        tr("sim.plot.title", name=info.scenario_name, games=report.games, seed=res.seed),
        fontsize=14,
        fontweight="bold",
    )
    axes = fig.subplots(2, 2)
    _outcomes(axes[0][0], report)
    _rounds(axes[0][1], report)
    _casualties(axes[1][0], report)
    _summary(axes[1][1], report)
    path = Path(target)
    fig.savefig(path, format=path.suffix.lstrip(".").lower() or "png")
    return path


def _integer_ticks() -> Any:
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def _outcomes(ax: Any, report: Report) -> None:
    shares = report.shares
    labels = [outcome_label(s.outcome) for s in shares]
    values = [100 * s.share for s in shares]
    below = [100 * max(0.0, s.share - s.low) for s in shares]
    above = [100 * max(0.0, s.high - s.share) for s in shares]
    colours = [COLOURS.get(s.outcome, OTHER) for s in shares]
    xs = range(len(shares))
    ax.bar(xs, values, color=colours, yerr=[below, above], capsize=8, edgecolor="black")
    for x, s in zip(xs, shares, strict=True):
        ax.annotate(
            f"{100 * s.share:.1f}%\n({s.count})\n{100 * s.low:.0f}–{100 * s.high:.0f}%",
            (x, 100 * s.high),
            xytext=(0, 4),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=9,
        )
    ax.set_xticks(list(xs), labels, fontsize=9)
    ax.set_ylim(0, 118)
    ax.set_ylabel(tr("sim.plot.share") + " (%)")
    ax.set_title(tr("sim.plot.outcomes"))
    ax.grid(axis="y", alpha=0.3)


def _rounds(ax: Any, report: Report) -> None:
    counts = report.round_counts
    last = max([report.info.max_rounds, *counts])
    xs = list(range(1, last + 1))
    ax.bar(xs, [counts.get(x, 0) for x in xs], color="#546e7a", edgecolor="black", width=0.8)
    if counts:
        spread = report.rounds
        ax.axvline(
            spread.mean,
            color="#c62828",
            linestyle="--",
            linewidth=1.5,
            label=tr("sim.plot.mean", mean=spread.mean, sd=spread.sd),
        )
        ax.legend(fontsize=9, loc="upper left")
    ax.set_xticks(xs)
    ax.set_xlim(0.4, last + 0.6)
    ax.yaxis.set_major_locator(_integer_ticks())
    ax.set_xlabel(tr("sim.plot.round"))
    ax.set_ylabel(tr("sim.plot.games"))
    ax.set_title(tr("sim.plot.rounds"))
    ax.grid(axis="y", alpha=0.3)


def _casualties(ax: Any, report: Report) -> None:
    sides = [s.id for s in report.info.sides]
    played = [r for r in report.result.records if not r["error"]]
    per_side = {side: Counter(int(r["casualties"].get(side, 0)) for r in played) for side in sides}
    top = max((k for c in per_side.values() for k in c), default=0)
    width = 0.8 / max(1, len(sides))
    for i, side in enumerate(sides):
        xs = [k + (i - (len(sides) - 1) / 2) * width for k in range(top + 1)]
        spread = report.casualties[side]
        ax.bar(
            xs,
            [per_side[side].get(k, 0) for k in range(top + 1)],
            width=width,
            color=SIDE_COLOURS[i % len(SIDE_COLOURS)],
            edgecolor="black",
            label=f"{side}: {spread.mean:.2f} ± {spread.sd:.2f}",
        )
    ax.set_xticks(range(top + 1))
    ax.yaxis.set_major_locator(_integer_ticks())
    ax.set_xlabel(tr("sim.plot.figures"))
    ax.set_ylabel(tr("sim.plot.games"))
    ax.set_title(tr("sim.plot.casualties"))
    ax.legend(fontsize=9)
    ax.grid(axis="y", alpha=0.3)


def _summary(ax: Any, report: Report) -> None:
    """The key numbers in words (the text report without its title and table)."""
    ax.axis("off")
    lines = [*header_lines(report)[1:], "", *detail_lines(report)]
    ax.text(0.0, 1.0, "\n".join(_wrap(line) for line in lines), va="top", fontsize=9.5)


def _wrap(line: str, width: int = 72) -> str:
    """A long line broken at spaces (continuations indented)."""
    out: list[str] = []
    cur = ""
    for word in line.split(" "):
        if cur and len(cur) + 1 + len(word) > width:
            out.append(cur)
            cur = "    " + word
        else:
            cur = f"{cur} {word}" if cur else word
    out.append(cur)
    return "\n".join(out)
