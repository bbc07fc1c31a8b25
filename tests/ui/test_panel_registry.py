"""The window's panels come from one registry (game.ui.layout.PANELS): each makes a
panel, and a broken one stops the window's start with an error naming it instead
of leaving a panel out."""

from __future__ import annotations

from typing import Any

import pytest
from table_kit import make_app

from game.ui import layout
from game.ui.panel import Panel


def test_every_registered_panel_is_made_in_order() -> None:
    app = make_app("table", panels=True)
    assert [type(p) for p in app.panels] == list(layout.PANELS)
    assert all(isinstance(p, Panel) for p in app.panels)


def test_a_broken_panel_stops_the_start_naming_it() -> None:
    app = make_app("table")

    def broken(app: Any) -> Panel:
        raise ImportError("no module named 'gone'")

    def not_a_panel(app: Any) -> Any:
        return object()

    with pytest.raises(layout.PanelError, match=r"panel .*broken could not be made: no module"):
        layout.default_panels(app, (*layout.PANELS, broken))
    with pytest.raises(layout.PanelError, match=r"not_a_panel made object, not a panel"):
        layout.default_panels(app, (not_a_panel,))
