"""Cover levels (docs/RULES.md §10), shared by the board (which measures them) and the
rules (which turn them into a needed-number modifier)."""

from __future__ import annotations

from enum import IntEnum


class Cover(IntEnum):
    """Cover level; its value is the modifier to the needed number (§3.5)."""

    NONE = 0
    LIGHT = 1
    HEAVY = 2

    @classmethod
    def parse(cls, text: str) -> Cover:
        """'none' | 'light' | 'heavy' (case-insensitive) -> Cover."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown cover level {text!r} (none, light or heavy)") from None

    @property
    def label(self) -> str:
        return self.name.lower()

    def better(self) -> Cover:
        """One step better (Take cover); heavy stays heavy."""
        return Cover(min(self.value + 1, Cover.HEAVY.value))
