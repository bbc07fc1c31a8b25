"""The sizes stage: the counted limits of a scenario (game/limits.py) on the raw data,
before any other stage looks at it. A file beyond them gets one problem per limit
and nothing else is checked: the later stages' cost grows with these counts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game import limits
from game.loading.raw import raw_items
from game.scenario import Issue


def _list(raw: Any, key: str) -> list[Any]:
    value = raw.get(key) if isinstance(raw, dict) else None
    return value if isinstance(value, list) else []


def _polygons(raw: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every polygon of the file with its field path."""
    for section in ("terrain", "module"):
        for i, item in raw_items(raw, section):
            yield f"{section}[{i}].polygon", item.get("polygon")
    for s, side in raw_items(raw, "side"):
        yield f"side[{s}].deploy_zone", side.get("deploy_zone")
        for e, entry in raw_items(side.get("raid"), "entry"):
            yield f"side[{s}].raid.entry[{e}].polygon", entry.get("polygon")
        if "exit" in side:
            yield f"side[{s}].exit", side.get("exit")


def _over(count: int, limit: int | float, what: str) -> str:
    return f"{count} {what}: more than {limit:g} (the limit)"


def size_issues(raw: dict[str, Any]) -> list[Issue]:
    """Every counted limit the raw data goes beyond."""
    issues: list[Issue] = []
    pieces = len(_list(raw, "terrain")) + len(_list(raw, "module"))
    if pieces > limits.MAX_PIECES:
        issues.append(("terrain", _over(pieces, limits.MAX_PIECES, "terrain pieces and modules")))
    total = 0
    for path, polygon in _polygons(raw):
        points = len(polygon) if isinstance(polygon, list) else 0
        total += points
        if points > limits.MAX_POLYGON_POINTS:
            issues.append((path, _over(points, limits.MAX_POLYGON_POINTS, "points")))
    if total > limits.MAX_POINTS:
        issues.append(("(file)", _over(total, limits.MAX_POINTS, "polygon points in all")))
    sides = _list(raw, "side")
    if len(sides) > limits.MAX_SIDES:
        issues.append(("side", _over(len(sides), limits.MAX_SIDES, "sides")))
    squads = [squad for _, side in raw_items(raw, "side") for _, squad in raw_items(side, "squad")]
    if len(squads) > limits.MAX_SQUADS:
        issues.append(("side", _over(len(squads), limits.MAX_SQUADS, "squads in all")))
    figures = sum(len(_list(squad, "figure")) for squad in squads)
    if figures > limits.MAX_FIGURES:
        issues.append(("side", _over(figures, limits.MAX_FIGURES, "figures in all")))
    for s, side in raw_items(raw, "side"):
        raid = side.get("raid")
        for key, limit, what in (
            ("roster", limits.MAX_ROSTER, "roster lines"),
            ("entry", limits.MAX_ENTRIES, "entry zones"),
        ):
            count = len(_list(raid, key))
            if count > limit:
                issues.append((f"side[{s}].raid.{key}", _over(count, limit, what)))
    loot = _list(raw, "loot")
    if len(loot) > limits.MAX_LOOT:
        issues.append(("loot", _over(len(loot), limits.MAX_LOOT, "loot markers")))
    knobs = raw.get("knobs")
    if isinstance(knobs, dict) and len(knobs) > limits.MAX_KNOBS:
        issues.append(("knobs", _over(len(knobs), limits.MAX_KNOBS, "knobs")))
    return issues
