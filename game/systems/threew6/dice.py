"""3W6 roll-under (seed document 003, "Grundregeln"): the sum of three W6 must be at
most the effective value. A natural 17–18, or failing by 10 or more, is a critical
failure (P: the seed speaks of "Krit" without defining it; GURPS's rule)."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import cache


class Result(StrEnum):
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical_failure"

    @property
    def success(self) -> bool:
        return self is Result.SUCCESS


@cache
def sum_distribution() -> dict[int, Fraction]:
    """P(3W6 = s) for s = 3 … 18."""
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                out[a + b + c] = out.get(a + b + c, Fraction(0)) + Fraction(1, 216)
    return dict(sorted(out.items()))


def result_of(total: int, value: int, crit_fail: int = 17, crit_margin: int = 10) -> Result:
    """The result of a rolled total against an effective value."""
    if total <= value:
        return Result.SUCCESS
    if total >= crit_fail or total - value >= crit_margin:
        return Result.CRITICAL_FAILURE
    return Result.FAILURE


def p_success(value: int) -> Fraction:
    """P(3W6 ≤ value)."""
    return sum((p for s, p in sum_distribution().items() if s <= value), Fraction(0))


def p_fail_by(value: int, margin: int) -> Fraction:
    """P(3W6 − value ≥ margin): failing by `margin` or more."""
    return sum((p for s, p in sum_distribution().items() if s - value >= margin), Fraction(0))


def p_result(value: int, result: Result, crit_fail: int = 17, crit_margin: int = 10) -> Fraction:
    return sum(
        (
            p
            for s, p in sum_distribution().items()
            if result_of(s, value, crit_fail, crit_margin) is result
        ),
        Fraction(0),
    )
