"""The refuge editor (`python main.py edit [SCENARIO]`, issue #7): lay out a refuge,
see how it holds, print it, play a raid on it.

Map:
- document.py — the scenario as its TOML data (paths into it are the paths `check`
  names), the items on the table; commands.py — edits as do/undo commands and the
  history; edits.py — the editor's operations as commands; geometry.py — snapping,
  moving, turning, stretching, hit tests; presets.py — the palette (presets, kinds,
  defenders, rosters). tomlwrite.py and files.py write scenario files (readable
  TOML, atomically). validation.py runs `check`'s own checks live. None of these
  import pygame.
- app.py — the window (layout, keys and mouse, saving, background work, the test
  raid); tools.py — select / draw / preset / defender / entry / deploy; view.py —
  the table drawn with game/ui/render and the overlays (game/ui/overlay_draw.py);
  sidebar.py, widgets.py, toolbar.py, prompt.py — the panels and dialogs.
- jobs.py runs overlays in a thread and worker.py (heat-map raids, map export) in
  its own process; raid.py opens the play window (`game.ui.app.run`).
"""

from __future__ import annotations
