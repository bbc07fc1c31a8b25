"""The scenario format (docs/SCENARIO.md) as strict pydantic models: `Scenario` and
its sections, `ScenarioError` (its `.errors` list every problem of a file, each as
`file: field.path: reason`, list indices counting from 0 in file order, e.g.
`refuge.toml: terrain[3].polygon: self-intersecting`) and `Issue`.

The models check structure only; reading files and the whole validation pipeline
(geometry, knobs, names in the rules data) are game/loading's: load a scenario with
`game.loading.load_scenario`. Never evaluates code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    field_validator,
    model_validator,
)

from game import limits
from game.dice import DiceExpression, DiceExpressionError
from game.rules.models import ATTRIBUTE_MAX, ATTRIBUTE_MIN
from game.systems import SystemName

# -- shared field types ---------------------------------------------------------


def _number(value: Any) -> Any:
    """Numbers are numbers: text and true/false are not read as numbers, and a whole
    number too large for a float is refused with that reason."""
    if isinstance(value, bool):
        raise ValueError(f"a number, not {str(value).lower()}")
    if isinstance(value, str):
        raise ValueError(f"a number, not text ({_short(value)})")
    if isinstance(value, int) and abs(value) > 1e300:
        raise ValueError("a number too large to use")
    return value


def _whole(value: Any) -> Any:
    """Whole numbers are whole numbers (not text, true/false or 3.0)."""
    if isinstance(value, bool):
        raise ValueError(f"a whole number, not {str(value).lower()}")
    if isinstance(value, str):
        raise ValueError(f"a whole number, not text ({_short(value)})")
    if isinstance(value, float):
        raise ValueError(f"a whole number, not {value!r}")
    return value


def _short(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "…")


Number = Annotated[float, BeforeValidator(_number), Field(strict=True, allow_inf_nan=False)]
"""A finite number (a whole number is one too)."""
Whole = Annotated[int, BeforeValidator(_whole), Field(strict=True)]
"""A whole number."""
Point = tuple[Number, Number]
PolygonSpec = Annotated[list[Point], Field(min_length=3, max_length=limits.MAX_POLYGON_POINTS)]
Ident = Annotated[
    str, Field(min_length=1, max_length=limits.MAX_ID, pattern=r"^[A-Za-z0-9_.:\-]+$")
]
Name = Annotated[str, Field(min_length=1, max_length=limits.MAX_NAME)]
"""A name people read (not empty)."""
Rounds = Annotated[Whole, Field(ge=1, le=limits.MAX_ROUNDS)]
Structure = Annotated[Whole, Field(ge=1, le=limits.MAX_STRUCTURE)]

TERRAIN_KINDS = (
    "wall",
    "building",
    "barricade",
    "low_wall",
    "wreck",
    "rubble",
    "hedge",
    "fence",
    "crates",
    "smoke",
    "burning",
)
MODULE_KINDS = (
    "barricade",
    "gate",
    "watchtower",
    "arsenal",
    "minefield",
    "infirmary",
    "radio",
    "storage",
    "shelter",
)
TerrainKindName = Literal[
    "wall",
    "building",
    "barricade",
    "low_wall",
    "wreck",
    "rubble",
    "hedge",
    "fence",
    "crates",
    "smoke",
    "burning",
]
ModuleKindName = Literal[
    "barricade",
    "gate",
    "watchtower",
    "arsenal",
    "minefield",
    "infirmary",
    "radio",
    "storage",
    "shelter",
]
STRUCTURED_KINDS = frozenset({"barricade", "gate"})


class _Model(BaseModel):
    """Strict base: unknown fields are errors (typos must be caught)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# -- sections --------------------------------------------------------------------


class ScenarioInfo(_Model):
    """[scenario]: name, description, rule system (`game.systems`), round limit,
    default seed."""

    name: Name
    description: Annotated[str, Field(max_length=limits.MAX_DESCRIPTION)] = ""
    rules: SystemName = "deadearth"
    max_rounds: Rounds
    seed: Annotated[Whole, Field(ge=0, le=limits.MAX_SEED)] | None = None


class BoardSpec(_Model):
    """[board]: table size in cm."""

    width_cm: Annotated[Number, Field(gt=0, le=limits.MAX_BOARD_CM)]
    height_cm: Annotated[Number, Field(gt=0, le=limits.MAX_BOARD_CM)]


class _PieceSpec(_Model):
    id: Ident
    polygon: PolygonSpec
    structure: Structure | None = None


class TerrainSpec(_PieceSpec):
    """[[terrain]]: one terrain piece (docs/RULES.md §10). `structure` only for barricades;
    `expires_round` only for smoke and burning zones."""

    kind: TerrainKindName
    expires_round: Annotated[Whole, Field(ge=0, le=limits.MAX_ROUNDS)] | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> TerrainSpec:
        if self.structure is not None and self.kind not in STRUCTURED_KINDS:
            raise ValueError(f"@structure: only barricades have structure, not {self.kind}")
        if self.expires_round is not None and self.kind not in ("smoke", "burning"):
            raise ValueError(f"@expires_round: only smoke and burning expire, not {self.kind}")
        return self


class ModuleSpec(_PieceSpec):
    """[[module]]: one refuge module (docs/RULES.md §11). `open` only for gates,
    `structure` only for gates and barricades."""

    kind: ModuleKindName
    open: StrictBool | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> ModuleSpec:
        if self.open is not None and self.kind != "gate":
            raise ValueError(f"@open: only gates open, not {self.kind}")
        if self.structure is not None and self.kind not in STRUCTURED_KINDS:
            raise ValueError(
                f"@structure: only gates and barricades have structure, not {self.kind}"
            )
        return self


Attribute = Annotated[Whole, Field(ge=ATTRIBUTE_MIN, le=ATTRIBUTE_MAX)]
"""An inline attribute: within the bounds the rules data holds profiles to."""


class InlineStats(_Model):
    """[side.squad.figure.stats]: a one-off profile, optionally based on a named one."""

    base: Name | None = None
    name: Annotated[str, Field(max_length=limits.MAX_NAME)] | None = None
    archetype: Annotated[str, Field(max_length=limits.MAX_NAME)] | None = None
    level: Annotated[Whole, Field(ge=1, le=10)] | None = None
    KOER: Attribute | None = Field(None, validation_alias=AliasChoices("KÖR", "KOER", "KOR"))
    REF: Attribute | None = None
    VER: Attribute | None = None
    WIL: Attribute | None = None
    TP: Annotated[Whole, Field(ge=1, le=100)] | None = None
    VW: Annotated[Whole, Field(ge=1, le=40)] | None = None
    WS: Annotated[Whole, Field(ge=2, le=7)] | None = None
    move: Annotated[Number, Field(gt=0, le=200)] | None = None
    armour: Annotated[str, Field(max_length=limits.MAX_NAME)] | None = None
    weapons: Annotated[list[Name], Field(max_length=limits.MAX_LIST)] | None = None
    talents: (
        Annotated[
            list[Annotated[str, Field(max_length=limits.MAX_NAME)]],
            Field(max_length=limits.MAX_LIST),
        ]
        | None
    ) = None
    base_mm: Literal[25, 40] | None = None

    @model_validator(mode="after")
    def _complete_without_base(self) -> InlineStats:
        if self.base is None:
            missing = [
                name
                for name, value in (
                    ("KÖR", self.KOER),
                    ("REF", self.REF),
                    ("VER", self.VER),
                    ("WIL", self.WIL),
                    ("weapons", self.weapons),
                )
                if value is None
            ]
            if missing:
                raise ValueError("without a base profile the stats need " + ", ".join(missing))
        return self


class FigureSpec(_Model):
    """[[side.squad.figure]]: a named profile or inline stats, a position, options."""

    id: Ident
    profile: Name | None = None
    stats: InlineStats | None = None
    at: Point
    facing: Annotated[Number, Field(ge=-360, le=360)] | None = None
    overwatch: StrictBool = False
    equipment: Annotated[list[Name], Field(max_length=limits.MAX_EQUIPMENT)] = Field(
        default_factory=list
    )

    @model_validator(mode="after")
    def _profile_or_stats(self) -> FigureSpec:
        if (self.profile is None) == (self.stats is None):
            raise ValueError("give exactly one of profile or stats")
        return self

    @property
    def profile_name(self) -> str | None:
        """The named profile this figure starts from (profile or stats.base)."""
        if self.profile is not None:
            return self.profile
        return None if self.stats is None else self.stats.base


class SquadSpec(_Model):
    """[[side.squad]]: a squad (the morale unit, docs/RULES.md §7)."""

    id: Ident
    leader: Ident | None = None
    figure: Annotated[list[FigureSpec], Field(max_length=limits.MAX_FIGURES)] = Field(
        default_factory=list
    )


class RosterEntry(_Model):
    """One line of a raid roster: what the budget buys, by weight."""

    profile: Name
    weight: Annotated[Number, Field(gt=0, le=limits.MAX_WEIGHT)]


class EntrySpec(_Model):
    """[[side.raid.entry]]: an entry zone along a board edge; `name` (optional) is
    what players read ("Thaliastraße north"), else the id made readable."""

    id: Ident
    name: Name | None = None
    polygon: PolygonSpec


ThreatKind = Literal["infected", "raiders"]
"""Who raids: the undead horde or a raider band (§12)."""


class RaidSpec(_Model):
    """[side.raid]: attackers arriving in waves (docs/RULES.md §12)."""

    threat: ThreatKind
    budget: Annotated[Number, Field(gt=0, le=limits.MAX_BUDGET)] | None = None
    waves: int | str | None = None
    wave_every: Annotated[Whole, Field(ge=1, le=100)] | None = None
    roster: Annotated[list[RosterEntry], Field(min_length=1, max_length=limits.MAX_ROSTER)]
    entry: Annotated[list[EntrySpec], Field(min_length=1, max_length=limits.MAX_ENTRIES)]

    @field_validator("waves", mode="before")
    @classmethod
    def _waves_dice(cls, value: Any) -> int | str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError("give a dice expression such as '1W3+1' or a whole number")
        if len(value) > 20 if isinstance(value, str) else abs(value) > 10**6:
            raise ValueError(f"{_short(str(value))} gives more than {limits.MAX_WAVES} waves")
        try:
            expr = DiceExpression.parse(value)
        except DiceExpressionError as exc:
            raise ValueError(str(exc)) from None
        if expr.minimum < 1:
            raise ValueError(f"{value!r} can give fewer than 1 wave")
        if expr.maximum > limits.MAX_WAVES:
            raise ValueError(f"{value!r} can give more than {limits.MAX_WAVES} waves (the limit)")
        return value

    @property
    def waves_expression(self) -> DiceExpression | None:
        return None if self.waves is None else DiceExpression.parse(self.waves)


Controller = Literal["human", "ai:tactical", "ai:horde"]
Slider = Annotated[Number, Field(ge=0, le=1)]


class AiSpec(_Model):
    """[side] ai = { preset = "cautious", aggression = 0.7 }: the AI's preset and
    slider overrides (the presets are ai/presets.toml's; a bad name fails when the
    controller is made)."""

    preset: Annotated[str, Field(min_length=1, max_length=limits.MAX_ID)] | None = None
    aggression: Slider | None = None
    self_preservation: Slider | None = None
    herding: Slider | None = None
    bravery: Slider | None = None


class SideSpec(_Model):
    """[[side]]: a side with its controller, squads and/or a raid; `exit` (a loot
    objective): where its figures carry loot off the table."""

    id: Ident
    name: Name
    controller: Controller
    deploy_zone: PolygonSpec | None = None
    exit: PolygonSpec | None = None
    squad: Annotated[list[SquadSpec], Field(max_length=limits.MAX_SQUADS)] = Field(
        default_factory=list
    )
    raid: RaidSpec | None = None
    ai: AiSpec | None = None
    truppwert: Annotated[Number, Field(gt=0, le=limits.MAX_TRUPPWERT)] | None = None

    @model_validator(mode="after")
    def _has_forces(self) -> SideSpec:
        if not self.squad and self.raid is None:
            raise ValueError("a side needs at least one squad or a raid")
        return self


LOOT_RESOURCES = ("scrap", "parts", "relics", "influence", "food", "ammo")
"""What a find is (the six resources of the rulebook's §10.1)."""
LootResource = Literal["scrap", "parts", "relics", "influence", "food", "ammo"]


class LootSpec(_Model):
    """[[loot]]: a find on the map (a loot objective): a figure in contact picks it up
    (Interact), carries it in `slots` of its carrying slots (§9) and carries it off
    by its side's exit; `value` pieces of `resource`."""

    id: Ident
    name: Name | None = None
    at: Point
    resource: LootResource
    value: Annotated[Whole, Field(ge=1, le=limits.MAX_LOOT_VALUE)] = 1
    slots: Annotated[Whole, Field(ge=0, le=limits.MAX_LOOT_SLOTS)] = 1


class ObjectiveSpec(_Model):
    """[objective]: drive_off | hold (rounds) | protect (key_point, rounds) | loot
    (the `[[loot]]` markers, carried off by the sides' exits)."""

    kind: Literal["drive_off", "hold", "protect", "loot"]
    key_point: Ident | None = None
    rounds: Rounds | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> ObjectiveSpec:
        if self.kind == "protect" and self.key_point is None:
            raise ValueError("@key_point: a protect objective needs one")
        if self.kind == "hold" and self.rounds is None:
            raise ValueError("@rounds: a hold objective needs them")
        if self.kind != "protect" and self.key_point is not None:
            raise ValueError(f"@key_point: only for protect, not {self.kind}")
        if self.kind == "loot" and self.rounds is not None:
            raise ValueError("@rounds: not for a loot objective (it ends with max_rounds)")
        return self


KnobValue = int | float | bool | str


class Scenario(_Model):
    """A whole scenario file."""

    scenario: ScenarioInfo
    board: BoardSpec
    terrain: Annotated[list[TerrainSpec], Field(max_length=limits.MAX_PIECES)] = Field(
        default_factory=list
    )
    module: Annotated[list[ModuleSpec], Field(max_length=limits.MAX_PIECES)] = Field(
        default_factory=list
    )
    side: Annotated[list[SideSpec], Field(max_length=limits.MAX_SIDES)] = Field(
        default_factory=list
    )
    objective: ObjectiveSpec | None = None
    loot: Annotated[list[LootSpec], Field(max_length=limits.MAX_LOOT)] = Field(default_factory=list)
    knobs: Annotated[dict[str, KnobValue], Field(max_length=limits.MAX_KNOBS)] = Field(
        default_factory=dict
    )

    def figures(self) -> Iterable[tuple[SideSpec, SquadSpec, FigureSpec]]:
        """Every figure placed up front, with its side and squad."""
        for side in self.side:
            for squad in side.squad:
                for figure in squad.figure:
                    yield side, squad, figure

    def under(self, rules: SystemName | None) -> Scenario:
        """The same scenario played under another rule system (`--rules`; None: its own)."""
        if rules is None or rules == self.scenario.rules:
            return self
        info = self.scenario.model_copy(update={"rules": rules})
        return self.model_copy(update={"scenario": info})


# -- errors and hooks --------------------------------------------------------------


class ScenarioError(Exception):
    """A scenario file could not be loaded; `.errors` holds every problem found."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = [one_line(error) for error in errors]
        super().__init__("\n".join(self.errors))


def one_line(problem: str) -> str:
    """A problem as one line: characters that are not printable (a newline in a key
    or a name of the file) written as escapes, so every problem stays one line."""
    if problem.isprintable():
        return problem
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in problem)


Issue = tuple[str, str]
"""A problem: (field path such as 'terrain[3].polygon', reason)."""

RadiusLookup = Callable[[FigureSpec], float]
"""Base radius in cm of a figure (the engine supplies one from the rules data)."""


def format_path(loc: Sequence[str | int]) -> str:
    """('terrain', 3, 'polygon') -> 'terrain[3].polygon'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(file)"
