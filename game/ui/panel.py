"""The panel protocol: what the app expects of every side panel and overlay.

The app owns the layout: it sets `rect` before `update`/`draw` and again after
every window resize. A panel may also define:

- `slot`: "sidebar" (stacked in the right-hand column, the default), "table"
  (drawn over the table area, e.g. dice rolling) or "screen" (drawn last over the
  whole window, e.g. the end screen; such panels get events first).
- `weight` (float, default 1.0) and `min_height` (px, default 0): how a sidebar
  panel shares the column's height.
- `visible` (bool, default True): hidden panels get no events and are not drawn.
- `busy` (bool, default False): while any panel is busy (e.g. dice still
  rolling), the app waits before applying the next AI action.

Panels may read the app (`game.ui.app.App`) they were built with:
`app.game`, `app.options` (units, speed, autoplay, language), `app.preview`
(the attack being considered, with its odds — `game.ui.preview.AttackPreview`
or None), `app.intent` ((side, line) of the AI activation under way, or None),
`app.human_sides`, `app.new_game(game)` (start another battle: demo loop, play
again), `app.skip_animation()` and `app.quit()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import pygame

    from game.events import Event

SLOTS = ("sidebar", "table", "screen")


@runtime_checkable
class Panel(Protocol):
    """A rectangle of the window that draws itself and may consume input."""

    rect: pygame.Rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one pygame event; True if it was consumed."""
        ...

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw into `surface` inside `self.rect`."""
        ...

    def on_events(self, events: list[Event]) -> None:
        """Receive the game events of the latest applied action (or the opening)."""
        ...


def slot_of(panel: Panel) -> str:
    """The panel's slot ("sidebar" unless it says otherwise)."""
    slot = getattr(panel, "slot", "sidebar")
    return slot if slot in SLOTS else "sidebar"


def is_visible(panel: Panel) -> bool:
    return bool(getattr(panel, "visible", True))


def is_busy(panel: Panel) -> bool:
    return bool(getattr(panel, "busy", False))
