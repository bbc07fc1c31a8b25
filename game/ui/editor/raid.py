"""The editor's "Test raid": the play window (`game.ui.app.run`) on the edited
scenario, in the same window, with the editor's heat map when one was simulated for
this layout (D cycles through it too); closing it comes back to the editor, which
opens its display again (`run` shuts pygame down when it returns)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import warmup
from game.ai_choice import controllers_for, human_sides
from game.engine import Game
from game.i18n import tr
from game.loading import load_scenario
from game.overlays.heat import HeatMap
from game.ui.app import UiOptions
from game.ui.app import run as run_window


def play(
    path: Path,
    size: tuple[int, int],
    settings: Any = None,
    frames: int | None = None,
    screenshot: str | None = None,
    heat: HeatMap | None = None,
) -> int:
    """Play the scenario file in the window (the scenario's human sides at the
    table, the others by their AI) until its window is closed."""
    scenario = load_scenario(path)
    controllers = controllers_for(scenario, table=human_sides(scenario))
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
        heat=heat,
    )
    return run_window(game, controllers, options, settings, warmup.start())
