"""The side panels and what they share.

Panel classes (each built as `Panel(app)`, following game/ui/panel.py), for
`game.ui.layout.PANELS` ("module:factory"):

- `game.ui.tracker:TrackerPanel` — round, initiative, whose activation, who has yet
  to act per side, the AI's intent / the last action (sidebar, small).
- `game.ui.odds_panel:OddsPanel` — the odds of `app.preview` (sidebar, small);
  `game.ui.odds_panel:OddsWidget` draws one `AttackOdds` anywhere.
- `game.ui.log:LogPanel` — the scrollable event log (sidebar, most of the height).
- `game.ui.dice_view:DicePanel` — dice faces as they are rolled (slot "table";
  busy while they tumble).
- `game.ui.endscreen:EndScreen` — outcome, consequences, numbers, "play again" /
  "save replay" (slot "screen"; visible once the game is over).
- `game.ui.demo:DemoPanel` — attract mode (`--autoplay`): next scenario when a
  battle ends, errors logged and skipped (slot "screen", draws a banner). The app
  should pass an exception of an AI step to `on_error(exc)` (True: handled).
- `game.ui.panels.settings_panel:SettingsPanel` — the settings dialog (F2;
  slot "screen"); changes apply at once and are saved.

`from game.ui.panels import LogPanel` works too (imported on first use, so the
panel modules may import the helpers in this package without a cycle).
Helpers: `base.PanelBase`, `theme` (palettes), `widgets` (frame, Button), `icons`.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "TrackerPanel": "game.ui.tracker",
    "OddsPanel": "game.ui.odds_panel",
    "OddsWidget": "game.ui.odds_panel",
    "LogPanel": "game.ui.log",
    "DicePanel": "game.ui.dice_view",
    "EndScreen": "game.ui.endscreen",
    "DemoPanel": "game.ui.demo",
    "SettingsPanel": "game.ui.panels.settings_panel",
}
FACTORIES = [f"{module}:{name}" for name, module in _WHERE.items() if name != "OddsWidget"]
"""The panels as "module:factory" strings, in drawing order."""

__all__ = ["FACTORIES", *_WHERE]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
