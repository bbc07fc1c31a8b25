"""The window UI (pygame-ce): the only package that imports pygame.

It renders the game state and its events and sends actions through
`Game.apply`; it never changes the state itself. Entry point: `game.ui.app.run`.
"""

from __future__ import annotations
