"""Lengths for display: cm or inches, and round lengths for a scale bar (the
formatting is the catalogue's: `game.i18n.lengths`)."""

from __future__ import annotations

from game.i18n.lengths import CM_PER_INCH, UNITS, length_text, to_unit

__all__ = ["CM_PER_INCH", "UNITS", "format_length", "nice_length", "to_unit"]


def format_length(cm: float, units: str, digits: int | None = None) -> str:
    """'12.5 cm' / '4.9 in' style text for a length in cm."""
    return length_text(cm, "" if digits is None else f".{digits}f", units)


def nice_length(max_cm: float, units: str) -> float:
    """The largest round length (1, 2, 5 × 10^k in the display unit) ≤ max_cm, in cm."""
    limit = to_unit(max_cm, units)
    best = 1.0
    for k in range(-1, 4):
        for m in (1.0, 2.0, 5.0):
            v = m * 10.0**k
            if v <= limit:
                best = v
    return best * CM_PER_INCH if units == "in" else best
