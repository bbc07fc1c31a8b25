"""DEAD.EARTH Skirmish: the rules core, the board and the engine (no pygame here)."""
