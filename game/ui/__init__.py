"""The window UI (pygame-ce): the only package that imports pygame.

It renders the game state and its events and sends actions through
`Game.apply`; it never changes the state itself. Entry point: `game.ui.app.run`
(`python main.py play`, the default command).

Map:
- app.py — the loop (fixed 60 Hz updates, drawing, event dispatch), the AI's pace
  (one action per short step, an attack's odds shown before it is rolled),
  `--frames/--screenshot`, the window size remembered; panels that raise are
  switched off, a failing tool is put away — neither is fatal. coach.py: the
  hint box for a first-time player's first decisions.
- errors.py — an engine failure: the game rebuilt to before the failed action, a
  report and a replay written, a dialog (autoplay: the demo moves on).
- cache.py — byte-bounded caches of pygame surfaces, emptied together when pygame
  shuts down (fonts.py notices fonts that outlived a `pygame.quit()`).
- camera.py (cm ↔ px, pan, zoom at the cursor, fit), units.py (cm / inches).
- input.py — mouse and keys in, actions out: activation, the action bar
  (actionbar.py), menus (dialogs.py), the info card (info.py), the tools in
  tools/ (move, attack/charge, overwatch, throw, ruler). preview.py works out what
  an action would do with the rules' own code (paths, triggers, odds, templates).
- render/ — style.py (Okabe-Ito palette or high contrast, a fill and hatching per
  terrain kind),
  terrain.py (the static layer, cached per board version and zoom), figures.py
  (bases as cached sprites), markers.py (noise, fire zones, scale bar),
  overlays.py (reach, paths, sight lines, templates, ruler), table.py (the still
  picture of the table, redrawn only when something on it changed), hud.py.
- panel.py (the side-panel protocol), layout.py (the window's areas and the panel
  list), anim.py (moves played along their paths), fonts.py, widgets.py,
  screenshot.py.
- The side panels (`game.ui.layout.PANELS` lists them): tracker.py draws from
  a picture redrawn only when what it shows changed, log.py from its entries
  rendered once each; dice_view.py docks its tray over the log, never over the
  table.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
