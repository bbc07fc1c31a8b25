"""The equipment stage: seed 002's items on the figures (unknown names, items not
played yet, seed 002's limits, bayonets and scopes without a weapon to fit) and
each side's Truppwert against the budget it declares (seed 000 §10.4, docs/RULES.md
§18): over budget, the side's figures and items with their points are listed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.loading.parts import ScenarioParts
from game.loading.raw import raw_items
from game.play.profiles import figure_profile
from game.rules.equipment import (
    EquipmentData,
    EquipmentError,
    Kit,
    figure_points,
    load_equipment,
)
from game.rules.loader import RulesData, RulesDataError, UnknownNameError
from game.scenario import FigureSpec, Issue

_NO_PROFILE = (UnknownNameError, RulesDataError, KeyError, IndexError)
"""What building a profile raises for names the names stage reports already."""


def equipment_issues(raw: Any, parts: ScenarioParts, rules: RulesData) -> list[Issue]:
    """Every figure's items, then every side's Truppwert against its budget."""
    data = load_equipment()
    issues: list[Issue] = []
    points: dict[str, tuple[float, str]] = {}
    for path, figure in parts.figures:
        try:
            profile = figure_profile(figure, rules)
        except EquipmentError as exc:
            issues.append((f"{path}.equipment", str(exc)))
            continue
        except (*_NO_PROFILE, ValueError):
            continue  # an unknown name or bad stats: the names stage says which
        kit = Kit.from_texts(profile.equipment)
        points[path] = (
            figure_points(profile.cost, kit, data),
            _line(figure, profile.cost, kit, data),
        )
    if not issues:
        issues += budget_issues(raw, points)
    return issues


def _line(figure: FigureSpec, cost: float, kit: Kit, data: EquipmentData) -> str:
    """'bruno 10 (+ Handgranate 1, Bajonett 1)': a figure's points, item by item."""
    own = cost * data.truppwert.figure_points
    items = ", ".join(f"{data.items[n].german} {data.items[n].cost}" for n in kit.names())
    return f"{figure.id} {own:g}" + (f" (+ {items})" if items else "")


def budget_issues(raw: Any, points: dict[str, tuple[float, str]]) -> list[Issue]:
    """A side whose placed figures and their items cost more than its `truppwert`."""
    issues: list[Issue] = []
    for s, side in raw_items(raw, "side"):
        budget = side.get("truppwert")
        if not isinstance(budget, int | float) or isinstance(budget, bool):
            continue
        mine: Sequence[tuple[float, str]] = [
            v for path, v in points.items() if path.startswith(f"side[{s}].")
        ]
        total = sum(p for p, _ in mine)
        if total > budget + 1e-9:
            listing = "; ".join(line for _, line in mine)
            issues.append(
                (
                    f"side[{s}].truppwert",
                    f"Truppwert {total:g} over the budget {budget:g} by {total - budget:g}: "
                    f"{listing}",
                )
            )
    return issues
