"""The campaign's provisional tables (game/campaign/data/campaign.toml, docs/CAMPAIGN.md)
as validated models: `CampaignTables`, loaded by `load_tables(overrides)`.

Every number of the campaign lives in the data file, never in code; `--set
name=value` overrides (dotted names) are applied to the raw tables before they are
validated, so a bad override is refused like a bad file.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)

from game.dice import DiceExpression, DiceExpressionError

DATA_FILE = Path(__file__).parent / "data" / "campaign.toml"

RESOURCES = ("scrap", "parts", "relics", "influence", "food", "ammo")
"""The six resources (§10.1), in the order they are shown."""

Attribute = Literal["kor", "ref", "ver", "wil"]
ScarKind = Literal["dead", "lasting", "treated", "none"]
Pillar = Literal["trainer", "master", "medic", "leader"]


def _names(allowed: tuple[str, ...]) -> AfterValidator:
    def check(value: dict[str, Any]) -> dict[str, Any]:
        bad = sorted(k for k in value if k not in allowed)
        if bad:
            raise ValueError(f"unknown {', '.join(bad)} (known: {', '.join(allowed)})")
        return value

    return AfterValidator(check)


GAINABLE = (*RESOURCES, "population")
Count = Annotated[int, Field(ge=0)]
Costs = Annotated[dict[str, Count], _names(RESOURCES)]


class TablesError(ValueError):
    """The campaign tables (or an override) are broken: names the field and why."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _dice(value: str | int) -> str:
    try:
        DiceExpression.parse(value)
    except DiceExpressionError as exc:
        raise ValueError(str(exc)) from None
    return str(value)


Dice = Annotated[str, Field(min_length=1)]


class _Rolls(_Model):
    gain: Annotated[dict[str, Dice], _names(GAINABLE)] = Field(default_factory=dict)
    lose: Annotated[dict[str, Dice], _names(GAINABLE)] = Field(default_factory=dict)

    @field_validator("gain", "lose")
    @classmethod
    def _expressions(cls, value: dict[str, str]) -> dict[str, str]:
        return {k: _dice(v) for k, v in value.items()}


class Start(_Model):
    scrap: Count
    parts: Count
    relics: Count
    influence: Count
    food: Count
    ammo: Count
    population: Count
    morale: Count


class RefugeRules(_Model):
    morale_max: Annotated[int, Field(ge=1)]
    morale_flight: Count
    extras_fall: Annotated[int, Field(ge=0, le=6)]
    hunger_tp: Count
    shortage_morale: Count
    ammo_per_figure: Count


class Level(_Model):
    slots: Count
    field: Annotated[int, Field(ge=1)]
    population: Annotated[int, Field(ge=1)]
    cost: Costs = Field(default_factory=dict)


class Module(_Model):
    place: Literal["map", "none"] = "map"
    slot: bool = True
    buildable: bool = True
    cost: Costs = Field(default_factory=dict)
    consumption: int = 0
    population: int = 0
    field: int = 0
    discount: Count = 0
    morale: int = 0
    morale_cap: int = 0
    relic_xp: Count = 0
    event: int = 0
    heal: bool = False


class Mission(_Model):
    maps: Annotated[list[str], Field(min_length=1)]
    budget: Annotated[float, Field(gt=0)]
    morale_victory: Count
    xp_victory: Count
    xp_draw: Count
    relic_xp: Count
    salvage: dict[Literal["victory", "draw"], Annotated[dict[str, Dice], _names(RESOURCES)]]
    site: dict[Literal["victory", "draw"], Annotated[dict[str, Dice], _names(RESOURCES)]] = Field(
        default_factory=dict
    )
    retreat: Costs

    @field_validator("salvage", "site")
    @classmethod
    def _expressions(cls, value: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        return {k: {r: _dice(e) for r, e in v.items()} for k, v in value.items()}


class Levels(_Model):
    xp_per_level: Annotated[int, Field(ge=1)]
    max: Annotated[int, Field(ge=1, le=10)]
    attribute_levels: list[int]
    tp_levels: list[int]


class _Ranked(Protocol):
    @property
    def max(self) -> int | None: ...


R = TypeVar("R", bound=_Ranked)


def first_row(rows: Sequence[R], total: int) -> R:
    """The first row whose `max` the roll does not exceed (the last takes the rest)."""
    return next((r for r in rows if r.max is not None and total <= r.max), rows[-1])


class ScarRow(_Model):
    name: str
    max: int | None = None
    kind: ScarKind
    kor: int = 0
    ref: int = 0
    ver: int = 0
    wil: int = 0
    move: float = 0.0
    tp: int = 0


class Scars(_Model):
    die: Annotated[int, Field(ge=2)]
    retire_at: Annotated[int, Field(ge=1)]
    row: Annotated[list[ScarRow], Field(min_length=1)]

    def result(self, total: int) -> ScarRow:
        return first_row(self.row, total)

    def named(self, name: str) -> ScarRow:
        return next(r for r in self.row if r.name == name)


class Trade(_Model):
    give: Costs
    get: Costs


class Downtime(_Model):
    explore: Annotated[dict[str, Dice], _names(RESOURCES)]
    train_xp: Count
    guard_event: Count
    guard_max: Count
    guard_militia: Count
    heal_without: Annotated[int, Field(ge=1, le=7)]
    heal_cost: Costs
    labour: Count
    recruit_cost: Costs
    core_cost: Costs
    core_profiles: list[str]
    trade: list[Trade]
    ammo_reserve: Count = 0
    trade_keep: Count = 4
    scrap_spare: Count = 1000


class EventRow(_Rolls):
    name: Literal["raid", "sickness", "spoilage", "quiet", "traders", "refugees", "cache"]
    max: int | None = None
    spared_by: str | None = None


class Events(_Model):
    die: Annotated[int, Field(ge=2)]
    threat_every: Annotated[int, Field(ge=1)]
    row: Annotated[list[EventRow], Field(min_length=1)]

    def result(self, total: int) -> EventRow:
        return first_row(self.row, total)


class RaidOutcome(_Rolls):
    modules: Dice = "0"
    plunder: Annotated[float, Field(ge=0, le=1)] = 0.0
    morale: int = 0


class Raid(_Model):
    budget_scale: Annotated[float, Field(gt=0)]
    level_growth: Annotated[float, Field(ge=0)]
    repair_share: Annotated[float, Field(ge=0, le=1)] = 0.5
    repelled: RaidOutcome
    partial: RaidOutcome
    defeat: RaidOutcome


class CampaignTables(_Model):
    """Every table of the campaign (docs/CAMPAIGN.md)."""

    start: Start
    refuge: RefugeRules
    level: Annotated[list[Level], Field(min_length=1)]
    module: dict[str, Module]
    mission: Mission
    levels: Levels
    talents: dict[str, list[str]]
    scars: Scars
    pillars: dict[str, Pillar]
    downtime: Downtime
    events: Events
    raid: Raid

    def module_rules(self, kind: str) -> Module:
        """The module's row (a layout's piece of a kind the tables do not list: no
        slot, not buildable)."""
        return self.module.get(kind, Module(slot=False, buildable=False))


def _override(raw: dict[str, Any], name: str, value: Any) -> None:
    parts = name.split(".")
    table: Any = raw
    for i, part in enumerate(parts[:-1]):
        if isinstance(table, list) and part.isdigit() and int(part) < len(table):
            table = table[int(part)]
        elif isinstance(table, dict) and part in table:
            table = table[part]
        else:
            raise TablesError(f"--set {name}: no table {'.'.join(parts[: i + 1])!r}")
    last = parts[-1]
    if not isinstance(table, dict) or last not in table:
        raise TablesError(f"--set {name}: no such campaign number")
    table[last] = value


@cache
def _raw() -> dict[str, Any]:
    with DATA_FILE.open("rb") as fh:
        return tomllib.load(fh)


def load_tables(overrides: Mapping[str, Any] | None = None) -> CampaignTables:
    """The campaign tables, with `overrides` (dotted names) applied; TablesError
    names the first problem."""
    raw = copy.deepcopy(_raw())
    for name, value in (overrides or {}).items():
        _override(raw, name, value)
    try:
        return CampaignTables.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise TablesError(f"campaign tables: {where}: {err['msg']}") from None
