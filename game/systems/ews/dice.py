"""The ±W6 roll of the EWS (seed document 004, "Einfache Proben", "Wettstreite").

One W6: an even face is added to the value, an odd face subtracted. A test
succeeds when value ± W6 reaches the Mindestwurf (MW); a value 6 or more above the
MW succeeds without a roll. In a contest the higher result wins, ties go to the one
who started. The rolling code (`game.systems.ews.rules`) and the exact odds use the
same `signed` and `automatic` — nothing here restates a rule twice.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def signed(face: int) -> int:
    """What a face adds: even faces +face, odd faces −face (±W6)."""
    if face not in FACES:
        raise ValueError(f"a W6 shows 1 to 6, not {face}")
    return face if face % 2 == 0 else -face


def automatic(value: int, mw: int, margin: int = 6) -> bool:
    """A value `margin` (6) or more above the MW succeeds without a roll."""
    return value >= mw + margin


@cache
def result_distribution(value: int) -> dict[int, Fraction]:
    """P(value ± W6 = r) for every result r (exact fractions)."""
    out: dict[int, Fraction] = {}
    for face in FACES:
        r = value + signed(face)
        out[r] = out.get(r, Fraction(0)) + Fraction(1, 6)
    return out


def p_success(value: int, mw: int, auto_margin: int = 6) -> Fraction:
    """P(a test of `value` against `mw` succeeds), automatic success included."""
    if automatic(value, mw, auto_margin):
        return Fraction(1)
    return sum((p for r, p in result_distribution(value).items() if r >= mw), Fraction(0))


def margin_distribution(value: int, mw: int, auto_margin: int = 6) -> dict[int, Fraction]:
    """P(result − MW = d) for every margin d; an automatic success has margin
    value − MW with certainty (no die rolled)."""
    if automatic(value, mw, auto_margin):
        return {value - mw: Fraction(1)}
    return {r - mw: p for r, p in result_distribution(value).items()}


def p_win(value: int, other: int) -> Fraction:
    """P(the initiator with `value` wins a contest against `other`): both roll ±W6,
    the higher result wins, ties go to the initiator."""
    mine, theirs = result_distribution(value), result_distribution(other)
    return sum((p * q for r, p in mine.items() for s, q in theirs.items() if r >= s), Fraction(0))


def difference_distribution(value: int, other: int) -> dict[int, Fraction]:
    """P((value ± W6) − (other ± W6) = d) for every difference d of a contest."""
    out: dict[int, Fraction] = {}
    for r, p in result_distribution(value).items():
        for s, q in result_distribution(other).items():
            out[r - s] = out.get(r - s, Fraction(0)) + p * q
    return out
