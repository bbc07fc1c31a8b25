"""The editor's "Test raid": the play window on the edited scenario, in the same
window; closing it comes back to the editor.

The play window's `App` is built and its loop run directly (`App.run`) rather than
through `game.ui.app.run`, which shuts pygame down when it returns — the editor
goes on drawing afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import Game
from game.i18n import tr
from game.play.validate import load_checked
from game.ui.app import App, UiOptions


def play(
    path: Path,
    size: tuple[int, int],
    settings: Any = None,
    frames: int | None = None,
    screenshot: str | None = None,
) -> App:
    """Play the scenario file in the window (the scenario's human sides at the
    table, the others by their AI); returns the app when its window is closed."""
    from game.cli.play import controllers_for

    scenario = load_checked(path)
    controllers = controllers_for(scenario, None, False)
    game = Game(scenario, seed=scenario.scenario.seed, scenario_name=scenario.scenario.name)
    options = UiOptions(
        speed=float(getattr(settings, "speed", 1.0)),
        units=str(getattr(settings, "units", "cm")),
        size=size,
        frames=frames,
        screenshot=screenshot,
        caption=tr("editor.raid_caption", name=scenario.scenario.name),
        palette=str(getattr(settings, "palette", "okabe-ito")),
        large_text=bool(getattr(settings, "large_text", False)),
        language=getattr(settings, "language", None),
    )
    app = App(game, controllers, options, settings)
    app.say(tr("editor.msg.raid_back"))
    app.run()
    return app
