"""docs/SCENARIO.md's "Limits" table names every declared limit (game/limits.py) with
its value, so the promise and the program cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

from game import limits

SCENARIO = Path(__file__).resolve().parents[2] / "docs" / "SCENARIO.md"
UNITS = {"KiB": 1 << 10, "MiB": 1 << 20}
ROW = re.compile(r"^\| (?P<what>[^|]+) \| (?P<value>[^|]+) \| `(?P<name>[A-Z_]+)` \|$", re.M)


def documented() -> dict[str, int | float]:
    text = SCENARIO.read_text(encoding="utf-8")
    table = text[text.index("## Limits") :].split("\n## ", 1)[0]
    out: dict[str, int | float] = {}
    for row in ROW.finditer(table):
        number, _, unit = row["value"].partition(" ")
        digits = number.replace(",", "")
        value = float(digits) if "." in digits else int(digits)
        out[row["name"]] = value * UNITS.get(unit.split(" ")[0], 1)
    return out


def test_every_limit_is_documented_with_its_value() -> None:
    declared = {name: getattr(limits, name) for name in dir(limits) if name.isupper()}
    assert documented() == declared
