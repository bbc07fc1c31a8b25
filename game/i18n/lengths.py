"""Lengths as the reader reads them: centimetres or inches.

The rules measure in cm. A reader may prefer inches (`--units in`, the settings'
units): every length a person reads follows that choice. The catalogue marks its
lengths in the template's format spec, so the words stay the translator's:

- `{distance:len:.1f}` — a length with its unit: '12.5 cm' or '4.9 in';
- `{x:at:.1f}` — a number in the reader's unit without one (coordinates, and the
  first of 'moved 3.2 of 10 cm').

The part after the second colon is an ordinary float format; in inches a `g`
shows at most one decimal ('2 in', '2.4 in', not '2.3622 in').
"""

from __future__ import annotations

import string
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

CM_PER_INCH = 2.54
UNITS = ("cm", "in")
MARKS = ("len", "at")
"""The format-spec marks of a length with its unit and of a bare number."""

_current = "cm"
_local = threading.local()
"""A thread's own units for a while (`units_of`), over the reader's."""


def set_units(units: str) -> None:
    """Make `units` ('cm' or 'in') the reader's units; ValueError for others."""
    global _current
    if units not in UNITS:
        raise ValueError(f"units must be one of {', '.join(UNITS)}, not {units!r}")
    _current = units


def current_units() -> str:
    units: str | None = getattr(_local, "units", None)
    return units or _current


@contextmanager
def units_of(units: str) -> Iterator[None]:
    """This thread's units set to `units` for a while (e.g. 'cm' for a text that is
    stored, not read: it must not depend on the reader's setting)."""
    if units not in UNITS:
        raise ValueError(f"units must be one of {', '.join(UNITS)}, not {units!r}")
    before = getattr(_local, "units", None)
    _local.units = units
    try:
        yield
    finally:
        _local.units = before


def to_unit(cm: float, units: str | None = None) -> float:
    """A length in cm in the given (default: the reader's) units."""
    return cm / CM_PER_INCH if (units or current_units()) == "in" else cm


def number_text(cm: float, spec: str = "", units: str | None = None) -> str:
    """The length's number in the units, formatted with `spec` (a float format);
    without a spec, or with `g` in inches: 0 decimals when whole, else 1."""
    value = to_unit(cm, units)
    if not spec or (spec == "g" and (units or current_units()) == "in"):
        spec = ".0f" if abs(value - round(value)) < 1e-6 else ".1f"
    return format(value, spec)


def length_text(cm: float, spec: str = "", units: str | None = None) -> str:
    """'12.5 cm' / '4.9 in': the length with its unit (`number_text`'s number)."""
    return f"{number_text(cm, spec, units)} {units or current_units()}"


Mark = tuple[str, str, str, str]
"""(the field as written, e.g. 'start[0]'; 'len' or 'at'; the float format; the
name of its text in the plain template)."""


@cache
def _compiled(template: str) -> tuple[str, tuple[Mark, ...]]:
    """The template with each marked length replaced by a plain field of its own
    ('{distance:len:.1f}' -> '{_len0}'), and the marks: parsed once per template,
    so a fill is one `str.format` and a conversion per length."""
    plain: list[str] = []
    marks: list[Mark] = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        plain.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is None:
            continue
        mark, colon, rest = (spec or "").partition(":")
        if colon and mark in MARKS:
            name = f"_len{len(marks)}"
            marks.append((field, mark, rest, name))
            plain.append("{" + name + "}")
            continue
        plain.append("{" + field + (f"!{conversion}" if conversion else ""))
        plain.append((f":{spec}" if spec else "") + "}")
    return "".join(plain), tuple(marks)


_FIELDS = string.Formatter()


def _length(value: Any, mark: str, spec: str, units: str) -> str:
    if not isinstance(value, int | float):
        return str(value)  # a length not known: as it is ('' shows nothing)
    if mark == "len":
        return length_text(float(value), spec, units)
    return number_text(float(value), spec, units)


def fill(template: str, values: dict[str, Any]) -> str:
    """The template filled with the values; lengths marked `len`/`at` in the reader's
    units (plain `str.format` where the template marks none)."""
    if ":len:" not in template and ":at:" not in template:
        return template.format(**values)
    plain, marks = _compiled(template)
    units = current_units()
    lengths = {
        name: _length(
            values[field] if field in values else _FIELDS.get_field(field, (), values)[0],
            mark,
            spec,
            units,
        )
        for field, mark, spec, name in marks
    }
    return plain.format(**values, **lengths)
