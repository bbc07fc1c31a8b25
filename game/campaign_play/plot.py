"""A campaign as a picture (`main.py campaign show FILE --plot OUT.png`): the six
resources, population, militia and morale over the cycles with the raids marked,
and each core figure's level until it died or retired. matplotlib's Agg canvas
(no window); the file format follows the suffix (PNG by default)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.campaign.model import Campaign
from game.campaign.tables import RESOURCES
from game.i18n import tr

SIZE_IN = (12.0, 9.0)
DPI = 100
RAID = "#c62828"


def _raids(ax: Any, log: list[dict[str, Any]]) -> None:
    for entry in log:
        if entry["raid"]:
            ax.axvline(entry["cycle"], color=RAID, alpha=0.25, linewidth=4)


def plot_campaign(c: Campaign, target: str | Path) -> Path:
    """Draw the campaign's log into `target`."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=SIZE_IN, dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    log = c.log
    cycles = [e["cycle"] for e in log]
    fig.suptitle(
        tr("campaign.plot_title", refuge=c.refuge_name, cycles=len(log), seed=c.seed),
        fontsize=13,
        fontweight="bold",
    )
    top, middle, bottom = fig.subplots(3, 1, sharex=True)
    for r in RESOURCES:
        top.plot(
            cycles,
            [e["resources"][r] for e in log],
            marker=".",
            label=tr(f"campaign.resource_name.{r}"),
        )
    top.set_title(tr("campaign.plot_resources"))
    top.legend(fontsize=8, ncols=3)
    for key, label in (
        ("population", "campaign.resource_name.population"),
        ("extras", "campaign.plot_militia"),
        ("morale", "campaign.plot_morale"),
    ):
        middle.plot(cycles, [e[key] for e in log], marker=".", label=tr(label))
    middle.set_title(tr("campaign.plot_refuge"))
    middle.legend(fontsize=8)
    names = [m["name"] for m in log[-1]["roster"]] if log else []
    for name in names:
        xs, ys, end = [], [], None
        for e in log:
            row = next((m for m in e["roster"] if m["name"] == name), None)
            if row is None:
                continue
            xs.append(e["cycle"])
            ys.append(row["level"])
            if row["status"] != "ready":
                end = row["status"]
                break
        line = bottom.plot(xs, ys, marker=".", label=name)[0]
        if end is not None and xs:
            bottom.plot(
                xs[-1],
                ys[-1],
                marker="x" if end == "dead" else "v",
                markersize=11,
                color=line.get_color(),
            )
    bottom.set_title(tr("campaign.plot_roster"))
    bottom.set_xlabel(tr("campaign.plot_cycle"))
    if names:
        bottom.legend(fontsize=8, ncols=4)
    for ax in (top, middle, bottom):
        _raids(ax, log)
        ax.grid(alpha=0.3)
    path = Path(target)
    fig.savefig(path, format=path.suffix.lstrip(".").lower() or "png")
    return path
