"""A TOML writer for scenario files (no pygame here).

Tables and arrays of tables become `[headers]` / `[[headers]]`; everything else is
written inline, arrays wrapped when they get long, points kept as `[x, y]`. Keys
are quoted only when they must be. For any data `tomllib` can produce (strings,
whole numbers, floats, booleans, dates and times, arrays, tables)
`tomllib.loads(dumps(data)) == data`.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
HEADER_ARRAYS = frozenset({"terrain", "module", "side", "squad", "figure", "entry"})
"""Arrays of tables that are always written as [[headers]] (the scenario's sections)."""
WIDTH = 92
"""Longest line an inline array is kept on before it is wrapped."""
INDENT = "    "
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


def dumps(data: Mapping[str, Any], order: Sequence[str] = ()) -> str:
    """The TOML text of a table; top-level keys named in `order` come first, in that
    order, the others after them as they are."""
    keys = [k for k in order if k in data] + [k for k in data if k not in order]
    lines: list[str] = []
    _table(lines, (), {k: data[k] for k in keys})
    return "\n".join(lines).strip("\n") + "\n"


def key(name: str) -> str:
    """A key, bare when it can be, else quoted."""
    return name if BARE_KEY.fullmatch(name) else string(name)


def string(value: str) -> str:
    """A basic (double-quoted) string with the escapes TOML needs."""
    out = []
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def scalar(value: Any) -> str:
    """A value that is not an array or a table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    raise TypeError(f"cannot write {type(value).__name__} {value!r} as TOML")


def inline(value: Any, indent: str = "") -> str:
    """Any value inline; long arrays wrapped over several lines (at `indent`)."""
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return _array(list(value), indent)
    return scalar(value)


def _array(items: list[Any], indent: str) -> str:
    parts = [inline(v, indent + INDENT) for v in items]
    one_line = "[" + ", ".join(parts) + "]"
    tables = any(isinstance(v, Mapping) for v in items)
    if not tables and len(one_line) + len(indent) <= WIDTH and "\n" not in one_line:
        return one_line
    inner = indent + INDENT
    if tables or any("\n" in p for p in parts):
        body = "".join(f"{inner}{p},\n" for p in parts)
        return "[\n" + body + indent + "]"
    rows: list[str] = []
    row = ""
    for part in parts:
        trial = f"{row} {part}," if row else f"{part},"
        if row and len(inner) + len(trial) > WIDTH:
            rows.append(row)
            row = f"{part},"
        else:
            row = trial
    rows.append(row)
    return "[\n" + "".join(f"{inner}{r}\n" for r in rows) + indent + "]"


def _is_header_array(name: str, value: Any) -> bool:
    if not isinstance(value, list) or not value:
        return False
    if not all(isinstance(v, Mapping) for v in value):
        return False
    if name in HEADER_ARRAYS:
        return True
    return any(_has_tables(v) for v in value)


def _has_tables(table: Mapping[str, Any]) -> bool:
    """Does an inline table hold tables of its own (too deep to write inline)?"""
    return any(isinstance(v, Mapping) or _is_table_list(v) for v in table.values())


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _header(path: Iterable[str]) -> str:
    return ".".join(key(p) for p in path)


def _table(lines: list[str], path: tuple[str, ...], table: Mapping[str, Any]) -> None:
    """A table's plain values, then its sub-tables and arrays of tables in their order
    (every header names its full path, so the order is free)."""
    nested = []
    for name, value in table.items():
        if isinstance(value, Mapping) or _is_header_array(name, value):
            nested.append((name, value))
        else:
            lines.append(f"{key(name)} = {inline(value)}")
    for name, value in nested:
        if isinstance(value, Mapping):
            lines += ["", f"[{_header((*path, name))}]"]
            _table(lines, (*path, name), value)
            continue
        for item in value:
            lines += ["", f"[[{_header((*path, name))}]]"]
            _table(lines, (*path, name), item)
