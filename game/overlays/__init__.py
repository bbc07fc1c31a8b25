"""Defence overlays for the refuge planner (issue #7): pure geometry, no pygame.

- `refuge`: who defends, who attacks, the refuge's footprint, the key point;
- `fields_of_fire`: what each defender sees within its weapon's range and long range;
- `dead_ground`: the ground near the refuge that no defender sees;
- `threat`: the horde's streamlines and the raiders' approach lanes;
- `heat`: where figures fell and walls were breached (the map); `heat_raids`: the
  simulated raids that make it.

Which overlays there are, and how each is drawn and explained, is the registry's
(game/ui/defence.py).
"""
