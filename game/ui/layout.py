"""Where everything goes in the window, and which side panels there are.

The side panels come from `game.ui.panels.FACTORIES`, then `PANELS` here
("module:factory"; the factory is called with the app and returns a panel or a
list of panels, `game.ui.panel.Panel`). A module that cannot be imported is
skipped, so the app runs with whatever exists.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.panel import Panel, is_visible, slot_of

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

PANELS: list[str] = []
"""More panel factories, "module:callable", drawn after the side panels."""

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


def _load(spec: str, app: App) -> list[Panel]:
    module_name, _, attr = spec.partition(":")
    try:
        factory: Any = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        log.info("panel %s not available: %s", spec, exc)
        return []
    made = factory(app)
    return list(made) if isinstance(made, (list, tuple)) else [made]


def panel_specs() -> list[str]:
    """Every panel factory, in drawing order."""
    try:
        from game.ui.panels import FACTORIES
    except ImportError:
        return list(PANELS)
    return [*FACTORIES, *(p for p in PANELS if p not in FACTORIES)]


def default_panels(app: App) -> list[Panel]:
    """The panels that can be built (missing modules are skipped)."""
    out: list[Panel] = []
    for spec in panel_specs():
        out += _load(spec, app)
    return out
