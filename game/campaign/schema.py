"""The campaign file's shape (docs/CAMPAIGN.md "The campaign file"): every field with
its type and range, checked before a file becomes a `Campaign`, so a damaged file
is refused with the field that is wrong instead of failing in the middle of a cycle.

`file_problem(data)` returns the first problem ("roster[0].level: …") or None.
What the fields mean against the tables and the rules (a known profile, a scar of
the scar table) is checked by the store (game/campaign_play/store.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from game.campaign.tables import RESOURCES, Attribute, Pillar, ScarKind

Count = Annotated[StrictInt, Field(ge=0)]
Positive = Annotated[StrictInt, Field(ge=1)]
Name = Annotated[StrictStr, Field(min_length=1)]


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _ScarShape(_Shape):
    name: Name
    kind: ScarKind
    cycle: Count


class _MemberShape(_Shape):
    id: Name
    name: Name
    profile: Name
    archetype: StrictStr
    post: StrictStr | None
    level: Positive
    xp: Count
    talents: list[Name]
    scars: list[_ScarShape]
    status: Literal["ready", "dead", "retired"]
    bonus: dict[Attribute, StrictInt]
    tp_bonus: StrictInt
    hungry: StrictBool
    pillar: Pillar | None


class _ModuleShape(_Shape):
    id: Name
    kind: Name
    status: Literal["standing", "destroyed", "planned"]
    built: Count
    on_map: StrictBool


def _six(value: dict[str, int]) -> dict[str, int]:
    if sorted(value) != sorted(RESOURCES):
        raise ValueError(f"the six resources, {', '.join(RESOURCES)}; not {', '.join(value)}")
    return value


_Resources = Annotated[dict[StrictStr, Count], AfterValidator(_six)]


class _Open(BaseModel):
    """A log entry's parts: the fields `show` and the plot read; more may follow."""

    model_config = ConfigDict(extra="allow", strict=True)


class _MissionShape(_Open):
    outcome: StrictStr | None
    map: StrictStr | None = None


class _RowShape(_Open):
    name: StrictStr
    level: Positive
    status: StrictStr


class _NoteShape(_Open):
    key: Name
    params: dict[StrictStr, Any]


class _EntryShape(_Open):
    cycle: Positive
    mission: _MissionShape
    event: StrictStr
    raid: StrictBool
    raid_outcome: StrictStr | None
    resources: _Resources
    population: Count
    morale: Count
    extras: Count
    roster: list[_RowShape]
    notes: list[_NoteShape]


class _FileShape(_Shape):
    format: StrictStr
    version: StrictInt
    seed: StrictInt
    refuge_name: StrictStr
    layout_file: StrictStr
    layout: Name
    maps: Annotated[dict[StrictStr, Name], Field(min_length=1)]
    resources: _Resources
    population: Count
    morale: Count
    extras: Count
    level: Positive
    cycle: Count
    modules: list[_ModuleShape]
    roster: list[_MemberShape]
    log: list[_EntryShape]
    dice: dict[StrictStr, Any]
    overrides: dict[StrictStr, Any]
    over: Literal["abandoned", "wiped_out"] | None


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the file"


def file_problem(data: dict[str, Any]) -> str | None:
    """The first field of a campaign file's data that is missing, unknown or out of
    range ("roster[0].level: …"), or None when the shape is right."""
    try:
        shape = _FileShape.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        return f"{_where(tuple(error['loc']))}: {error['msg']}"
    for what, ids in (
        ("roster", [m.id for m in shape.roster]),
        ("modules", [m.id for m in shape.modules]),
    ):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            return f"{what}: the id {twice[0]!r} is there twice"
    return None
