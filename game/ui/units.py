"""Lengths for display: cm or inches, and round lengths for a scale bar."""

from __future__ import annotations

CM_PER_INCH = 2.54
UNITS = ("cm", "in")


def to_unit(cm: float, units: str) -> float:
    return cm / CM_PER_INCH if units == "in" else cm


def format_length(cm: float, units: str, digits: int | None = None) -> str:
    """'12.5 cm' / '4.9″' style text for a length in cm."""
    value = to_unit(cm, units)
    if digits is None:
        digits = 0 if abs(value - round(value)) < 1e-6 else 1
    text = f"{value:.{digits}f}"
    return f"{text} in" if units == "in" else f"{text} cm"


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
