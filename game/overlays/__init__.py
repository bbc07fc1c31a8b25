"""Defence overlays for the refuge planner (issue #7): pure geometry, no pygame.

- `refuge`: who defends, who attacks, the refuge's footprint, the key point;
- `fields_of_fire`: what each defender sees within its weapon's range and long range;
- `dead_ground`: the ground near the refuge that no defender sees;
- `threat`: the horde's streamlines and the raiders' approach lanes;
- `heat`: where figures fell and walls were breached over many simulated raids;
- `planner`: the chosen overlays of a game, computed together.

Drawing them is `game.ui.overlay_draw`'s job; printing them `game.ui.mapexport`'s.
"""

from __future__ import annotations

OVERLAY_NAMES = ("fire", "dead", "heat", "threat")
"""The overlays, in the order they are drawn and listed."""
