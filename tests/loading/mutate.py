"""Structural mutations of scenario, record and settings data for the fuzzer
(tests/loading/test_fuzz.py) and the hostile re-count (tests/loading/recount.py).

A mutation picks a place in the data (any table, list or value, by its path from
the top) and does one hostile thing there: puts another type or an extreme number
in, removes it, adds an unknown key, repeats or empties a list, or nests the value
deep. The text written from the data may then get a byte-order mark, Windows line
ends or be cut short. Everything is drawn by hypothesis, so a failure shrinks to
the smallest file that shows it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]

EXTREME_NUMBERS: tuple[Any, ...] = (
    0,
    -1,
    -0.0,
    0.5,
    2**31,
    2**63,
    2**64,
    -(2**63) - 1,
    10**400,
    -(10**400),
    1e308,
    -1e308,
    5e-324,
    float("inf"),
    float("-inf"),
    float("nan"),
)
"""Numbers at and beyond every border a reader may have."""
HOSTILE_TEXT: tuple[str, ...] = (
    "",
    "12",
    "-5",
    "true",
    "1e400",
    "\ufeff",
    "\u202e" + "elbat",  # right-to-left override
    "💀" * 40,
    "a" * 5000,
    "ä\u0301\u0000\u001f",
    "../../etc/passwd",
    "{x}",
)
"""Text that looks like a number, a flag, a path or a format string, or is huge."""

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from(EXTREME_NUMBERS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(HOSTILE_TEXT),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def places(data: Any, at: Path = ()) -> list[Path]:
    """Every path in `data` (tables, lists and values; the top itself not)."""
    out: list[Path] = []
    items: list[tuple[str | int, Any]] = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    for key, value in items:
        out.append((*at, key))
        out += places(value, (*at, key))
    return out


def _parent(data: Any, path: Path) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def nested(value: Any, depth: int, as_table: bool) -> Any:
    for _ in range(depth):
        value = {"x": value} if as_table else [value]
    return value


@st.composite
def one_mutation(draw: st.DrawFn, data: Any) -> tuple[str, Any]:
    """One hostile change of `data` (a copy): what was done, and the new data."""
    data = copy.deepcopy(data)
    spots = places(data)
    if not spots or not isinstance(data, dict):
        return "replaced the whole", draw(values)
    path = draw(st.sampled_from(spots))
    parent, key = _parent(data, path), path[-1]
    where = ".".join(map(str, path))
    kind = draw(
        st.sampled_from(
            ["value", "extreme", "text", "delete", "unknown", "repeat", "empty", "deep"]
        )
    )
    old = parent[key]
    if kind == "value":
        parent[key] = draw(values)
    elif kind == "extreme":
        parent[key] = draw(st.sampled_from(EXTREME_NUMBERS))
    elif kind == "text":
        parent[key] = (
            str(old) if not isinstance(old, dict | list) else draw(st.sampled_from(HOSTILE_TEXT))
        )
    elif kind == "delete":
        del parent[key]
    elif kind == "unknown":
        target = old if isinstance(old, dict) else parent if isinstance(parent, dict) else None
        if target is None:
            parent[key] = {"unknown_key": draw(values)}
        else:
            target[draw(st.text(min_size=1, max_size=12))] = draw(values)
    elif kind == "repeat":
        if isinstance(old, list):
            old.extend([copy.deepcopy(old[0]) if old else draw(values)] * draw(st.integers(1, 300)))
        else:
            parent[key] = [old] * draw(st.integers(2, 300))
    elif kind == "empty":
        parent[key] = type(old)() if isinstance(old, dict | list) else []
    else:
        parent[key] = nested(old, draw(st.integers(1, 200)), draw(st.booleans()))
    return f"{kind} at {where}", data


@st.composite
def mutated(draw: st.DrawFn, data: Any, most: int = 3) -> tuple[list[str], Any]:
    """One to `most` mutations in a row."""
    done: list[str] = []
    for _ in range(draw(st.integers(1, most))):
        what, data = draw(one_mutation(data))
        done.append(what)
    return done, data


TEXT_DAMAGE: dict[str, Callable[[str], str]] = {
    "none": lambda text: text,
    "bom": lambda text: "\ufeff" + text,
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "cut": lambda text: text[: len(text) * 2 // 3],
}
"""What may happen to the written text on its way to the file."""


@st.composite
def damaged(draw: st.DrawFn, text: str) -> tuple[str, str]:
    """The text after one of TEXT_DAMAGE (mostly none)."""
    how = draw(st.sampled_from(["none", "none", "none", "bom", "crlf", "cut"]))
    return how, TEXT_DAMAGE[how](text)
