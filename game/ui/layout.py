"""Where everything goes in the window, and which side panels there are.

`PANELS` is the registry of the window's panels, in drawing order: each factory is
called with the app and returns a panel (`game.ui.panel.Panel`). A panel is added
by writing its class and naming it here. A factory that fails, or makes something
that is no panel, stops the window at its start with `PanelError` naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.demo import DemoPanel
from game.ui.dice_view import DicePanel
from game.ui.endscreen import EndScreen
from game.ui.log import LogPanel
from game.ui.odds_panel import OddsPanel
from game.ui.panel import Panel, is_visible, slot_of
from game.ui.panels.settings_panel import SettingsPanel
from game.ui.tracker import TrackerPanel

PanelFactory = Callable[[Any], Panel]
"""Makes a panel for the app it is given (what a panel may read of the app:
game/ui/panel.py)."""

PANELS: tuple[PanelFactory, ...] = (
    TrackerPanel,  # round, initiative, who acts, the AI's intent (sidebar, small)
    OddsPanel,  # the odds of the attack being considered (sidebar, small)
    LogPanel,  # the event log (sidebar, most of the height)
    DicePanel,  # dice faces as they roll (over the table; busy while they tumble)
    EndScreen,  # outcome and consequences, play again, save the replay (screen)
    DemoPanel,  # attract mode, --autoplay: the next scenario when one ends (screen)
    SettingsPanel,  # the settings dialog, F2 (screen)
)
"""The window's panels, in drawing order."""


class PanelError(RuntimeError):
    """A registered panel factory failed or made no panel (a bug)."""


STATUS_H = 30
ACTIONBAR_H = 58
SIDEBAR_MIN, SIDEBAR_MAX, SIDEBAR_SHARE = 300, 460, 0.27
MIN_TABLE = 200


@dataclass(frozen=True, slots=True)
class Layout:
    """The window's areas for one window size."""

    size: tuple[int, int]
    status: pygame.Rect
    table: pygame.Rect
    actionbar: pygame.Rect
    sidebar: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int], *, sidebar: bool = True) -> Layout:
        """Status line on top, the sidebar on the right, the action bar under the table."""
        w, h = max(size[0], 320), max(size[1], 240)
        side_w = int(min(SIDEBAR_MAX, max(SIDEBAR_MIN, w * SIDEBAR_SHARE))) if sidebar else 0
        side_w = min(side_w, max(0, w - MIN_TABLE))
        left_w = w - side_w
        status = pygame.Rect(0, 0, left_w, STATUS_H)
        actionbar = pygame.Rect(0, h - ACTIONBAR_H, left_w, ACTIONBAR_H)
        table = pygame.Rect(0, STATUS_H, left_w, h - STATUS_H - ACTIONBAR_H)
        side = pygame.Rect(left_w, 0, side_w, h)
        return cls((w, h), status, table, actionbar, side)


def stack(area: pygame.Rect, panels: Sequence[Panel]) -> None:
    """Give sidebar panels slices of `area` by `weight` (at least `min_height`; when
    the column is shorter than all of those, each gets the same share of its own)."""
    if not panels:
        return
    weights = [max(0.0, float(getattr(p, "weight", 1.0))) for p in panels]
    mins = [max(0, int(getattr(p, "min_height", 0))) for p in panels]
    if sum(mins) > area.height:
        mins = [m * area.height // sum(mins) for m in mins]
    spare = max(0, area.height - sum(mins))
    total = sum(weights) or 1.0
    y = area.top
    for i, panel in enumerate(panels):
        h = mins[i] + int(spare * weights[i] / total)
        if i == len(panels) - 1:
            h = area.bottom - y
        panel.rect = pygame.Rect(area.left, y, area.width, max(0, h))
        y += h


def place(layout: Layout, panels: Sequence[Panel]) -> None:
    """Set every panel's rect for this layout."""
    side = [p for p in panels if slot_of(p) == "sidebar" and is_visible(p)]
    stack(layout.sidebar, side)
    for panel in panels:
        slot = slot_of(panel)
        if slot == "table":
            panel.rect = layout.table.copy()
        elif slot == "screen":
            panel.rect = pygame.Rect((0, 0), layout.size)


def default_panels(app: Any, factories: Sequence[PanelFactory] = PANELS) -> list[Panel]:
    """One panel of each factory, in order; PanelError naming the factory that
    fails or makes no panel."""
    out: list[Panel] = []
    for factory in factories:
        name = getattr(factory, "__qualname__", repr(factory))
        try:
            panel = factory(app)
        except Exception as exc:
            raise PanelError(f"panel {name} could not be made: {exc}") from exc
        if not isinstance(panel, Panel):
            raise PanelError(f"panel {name} made {type(panel).__name__}, not a panel")
        out.append(panel)
    return out
