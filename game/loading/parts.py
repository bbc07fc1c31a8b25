"""The parts of a scenario that the rules-data stages (knobs, names) look at, so
that they run on a file that does not validate as a whole too."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from game.loading.raw import parse_or_none, raw_items
from game.scenario import FigureSpec, KnobValue, RosterEntry, Scenario

_KNOB_VALUE: TypeAdapter[KnobValue] = TypeAdapter(KnobValue)


@dataclass(frozen=True)
class ScenarioParts:
    """The parts of a scenario that rules-data checks look at, each with its field
    path: the figures, the raid rosters and the [knobs]. Built from a valid
    `Scenario` (`of`) or, when the file as a whole does not validate, from the raw
    data, keeping each part that validates on its own (`salvage`): so one run names
    a broken polygon and an unknown profile together."""

    figures: tuple[tuple[str, FigureSpec], ...] = ()
    rosters: tuple[tuple[str, RosterEntry], ...] = ()
    knobs: dict[str, KnobValue] = dataclass_field(default_factory=dict)

    @classmethod
    def of(cls, scenario: Scenario) -> ScenarioParts:
        figures = [
            (f"side[{s}].squad[{q}].figure[{f}]", figure)
            for s, side in enumerate(scenario.side)
            for q, squad in enumerate(side.squad)
            for f, figure in enumerate(squad.figure)
        ]
        rosters = [
            (f"side[{s}].raid.roster[{r}]", entry)
            for s, side in enumerate(scenario.side)
            if side.raid is not None
            for r, entry in enumerate(side.raid.roster)
        ]
        return cls(tuple(figures), tuple(rosters), dict(scenario.knobs))

    @classmethod
    def salvage(cls, raw: Any) -> ScenarioParts:
        figures, rosters = [], []
        for s, side in raw_items(raw, "side"):
            for q, squad in raw_items(side, "squad"):
                for f, item in raw_items(squad, "figure"):
                    figure = parse_or_none(FigureSpec, item)
                    if figure is not None:
                        figures.append((f"side[{s}].squad[{q}].figure[{f}]", figure))
            for r, item in raw_items(side.get("raid"), "roster"):
                entry = parse_or_none(RosterEntry, item)
                if entry is not None:
                    rosters.append((f"side[{s}].raid.roster[{r}]", entry))
        knobs: dict[str, KnobValue] = {}
        table = raw.get("knobs") if isinstance(raw, dict) else None
        for name, value in table.items() if isinstance(table, dict) else ():
            try:
                knobs[str(name)] = _KNOB_VALUE.validate_python(value)
            except ValidationError:
                continue
        return cls(tuple(figures), tuple(rosters), knobs)
