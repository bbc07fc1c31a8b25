"""Scenario files (spec/SCENARIO.md): TOML -> validated pydantic models.

`load_scenario(path)` / `parse_scenario(text, filename)` return a `Scenario` or raise
`ScenarioError` whose `.errors` lists EVERY problem of the file, each as
`file: field.path: reason` (list indices count from 0 in file order, e.g.
`refuge.toml: terrain[3].polygon: self-intersecting`). Structural problems come from
the models, geometric and cross-reference problems from `check_geometry`; more
checks (profile and weapon names against the rules data) plug in as parts validators,
through `register_parts_validator` or the `parts_validators` argument. Never
evaluates code.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import numpy as np
import shapely
from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.board.terrain import make_piece
from game.dice import DiceExpression, DiceExpressionError
from game.rules.models import ATTRIBUTE_MAX, ATTRIBUTE_MIN

# -- shared field types ---------------------------------------------------------

Number = Annotated[float, Field(allow_inf_nan=False)]
Point = tuple[Number, Number]
PolygonSpec = Annotated[list[Point], Field(min_length=3)]
Ident = Annotated[str, Field(min_length=1, pattern=r"^[A-Za-z0-9_.:\-]+$")]

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
    """[scenario]: name, description, ruleset, round limit, default seed."""

    name: Annotated[str, Field(min_length=1)]
    description: str = ""
    rules: Literal["deadearth"] = "deadearth"
    max_rounds: Annotated[int, Field(ge=1, le=1000)]
    seed: int | None = None


class BoardSpec(_Model):
    """[board]: table size in cm."""

    width_cm: Annotated[Number, Field(gt=0, le=10_000)]
    height_cm: Annotated[Number, Field(gt=0, le=10_000)]


class _PieceSpec(_Model):
    id: Ident
    polygon: PolygonSpec
    structure: Annotated[int, Field(ge=1, le=1000)] | None = None


class TerrainSpec(_PieceSpec):
    """[[terrain]]: one terrain piece (RULES.md §10). `structure` only for barricades;
    `expires_round` only for smoke and burning zones."""

    kind: TerrainKindName
    expires_round: Annotated[int, Field(ge=0)] | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> TerrainSpec:
        if self.structure is not None and self.kind not in STRUCTURED_KINDS:
            raise ValueError(f"@structure: only barricades have structure, not {self.kind}")
        if self.expires_round is not None and self.kind not in ("smoke", "burning"):
            raise ValueError(f"@expires_round: only smoke and burning expire, not {self.kind}")
        return self


class ModuleSpec(_PieceSpec):
    """[[module]]: one refuge module (RULES.md §11). `open` only for gates,
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


Attribute = Annotated[int, Field(ge=ATTRIBUTE_MIN, le=ATTRIBUTE_MAX)]
"""An inline attribute: within the bounds the rules data holds profiles to."""


class InlineStats(_Model):
    """[side.squad.figure.stats]: a one-off profile, optionally based on a named one."""

    base: Annotated[str, Field(min_length=1)] | None = None
    name: str | None = None
    archetype: str | None = None
    level: Annotated[int, Field(ge=1, le=10)] | None = None
    KOER: Attribute | None = Field(None, validation_alias=AliasChoices("KÖR", "KOER", "KOR"))
    REF: Attribute | None = None
    VER: Attribute | None = None
    WIL: Attribute | None = None
    TP: Annotated[int, Field(ge=1, le=100)] | None = None
    VW: Annotated[int, Field(ge=1, le=40)] | None = None
    WS: Annotated[int, Field(ge=2, le=7)] | None = None
    move: Annotated[Number, Field(gt=0, le=200)] | None = None
    armour: str | None = None
    weapons: list[Annotated[str, Field(min_length=1)]] | None = None
    talents: list[str] | None = None
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
    profile: Annotated[str, Field(min_length=1)] | None = None
    stats: InlineStats | None = None
    at: Point
    facing: Number | None = None
    overwatch: StrictBool = False

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
    """[[side.squad]]: a squad (the morale unit, RULES.md §7)."""

    id: Ident
    leader: Ident | None = None
    figure: list[FigureSpec] = Field(default_factory=list)


class RosterEntry(_Model):
    """One line of a raid roster: what the budget buys, by weight."""

    profile: Annotated[str, Field(min_length=1)]
    weight: Annotated[Number, Field(gt=0)]


class EntrySpec(_Model):
    """[[side.raid.entry]]: an entry zone along a board edge; `name` (optional) is
    what players read ("Thaliastraße north"), else the id made readable."""

    id: Ident
    name: Annotated[str, Field(min_length=1)] | None = None
    polygon: PolygonSpec


class RaidSpec(_Model):
    """[side.raid]: attackers arriving in waves (RULES.md §12)."""

    threat: Literal["infected", "raiders"]
    budget: Annotated[Number, Field(gt=0)] | None = None
    waves: int | str | None = None
    wave_every: Annotated[int, Field(ge=1, le=100)] | None = None
    roster: Annotated[list[RosterEntry], Field(min_length=1)]
    entry: Annotated[list[EntrySpec], Field(min_length=1)]

    @field_validator("waves", mode="before")
    @classmethod
    def _waves_dice(cls, value: Any) -> int | str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError("give a dice expression such as '1W3+1' or a whole number")
        try:
            expr = DiceExpression.parse(value)
        except DiceExpressionError as exc:
            raise ValueError(str(exc)) from None
        if expr.minimum < 1:
            raise ValueError(f"{value!r} can give fewer than 1 wave")
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

    preset: Annotated[str, Field(min_length=1)] | None = None
    aggression: Slider | None = None
    self_preservation: Slider | None = None
    herding: Slider | None = None
    bravery: Slider | None = None


class SideSpec(_Model):
    """[[side]]: a side with its controller, squads and/or a raid."""

    id: Ident
    name: Annotated[str, Field(min_length=1)]
    controller: Controller
    deploy_zone: PolygonSpec | None = None
    squad: list[SquadSpec] = Field(default_factory=list)
    raid: RaidSpec | None = None
    ai: AiSpec | None = None

    @model_validator(mode="after")
    def _has_forces(self) -> SideSpec:
        if not self.squad and self.raid is None:
            raise ValueError("a side needs at least one squad or a raid")
        return self


class ObjectiveSpec(_Model):
    """[objective]: drive_off | hold (rounds) | protect (key_point, rounds)."""

    kind: Literal["drive_off", "hold", "protect"]
    key_point: Ident | None = None
    rounds: Annotated[int, Field(ge=1, le=1000)] | None = None

    @model_validator(mode="after")
    def _kind_fields(self) -> ObjectiveSpec:
        if self.kind == "protect" and self.key_point is None:
            raise ValueError("@key_point: a protect objective needs one")
        if self.kind == "hold" and self.rounds is None:
            raise ValueError("@rounds: a hold objective needs them")
        if self.kind != "protect" and self.key_point is not None:
            raise ValueError(f"@key_point: only for protect, not {self.kind}")
        return self


KnobValue = int | float | bool | str
_KNOB_VALUE: TypeAdapter[KnobValue] = TypeAdapter(KnobValue)


class Scenario(_Model):
    """A whole scenario file."""

    scenario: ScenarioInfo
    board: BoardSpec
    terrain: list[TerrainSpec] = Field(default_factory=list)
    module: list[ModuleSpec] = Field(default_factory=list)
    side: list[SideSpec] = Field(default_factory=list)
    objective: ObjectiveSpec | None = None
    knobs: dict[str, KnobValue] = Field(default_factory=dict)

    def figures(self) -> Iterable[tuple[SideSpec, SquadSpec, FigureSpec]]:
        """Every figure placed up front, with its side and squad."""
        for side in self.side:
            for squad in side.squad:
                for figure in squad.figure:
                    yield side, squad, figure


# -- errors and hooks --------------------------------------------------------------


class ScenarioError(Exception):
    """A scenario file could not be loaded; `.errors` holds every problem found."""

    def __init__(self, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


Issue = tuple[str, str]
"""A problem: (field path such as 'terrain[3].polygon', reason)."""

RadiusLookup = Callable[[FigureSpec], float]
"""Base radius in cm of a figure (the engine supplies one from the rules data)."""


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
                    figure = _parse(FigureSpec, item)
                    if figure is not None:
                        figures.append((f"side[{s}].squad[{q}].figure[{f}]", figure))
            for r, item in raw_items(side.get("raid"), "roster"):
                entry = _parse(RosterEntry, item)
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


PartsValidator = Callable[[ScenarioParts], Iterable[Issue]]
"""A check that looks only at a scenario's parts (figures, rosters, knobs), so it
can run on the parts of a file that did not validate as a whole."""

_PARTS_VALIDATORS: list[PartsValidator] = []


def register_parts_validator(validator: PartsValidator) -> PartsValidator:
    """Add a check of a scenario's parts, run on every load: on the whole scenario when
    it validates, else on the parts that do (`ScenarioParts.salvage`)."""
    if validator not in _PARTS_VALIDATORS:
        _PARTS_VALIDATORS.append(validator)
    return validator


# -- geometric and cross-reference checks --------------------------------------------

DEFAULT_BASE_RADIUS = 1.25
"""25 mm base (RULES.md §1.4)."""
LARGE_BASE_RADIUS = 2.0
"""40 mm base (RULES.md §1.4)."""
LARGE_BASE_PROFILES = frozenset({"brute", "brecher"})
"""Profiles RULES.md §14 puts on 40 mm bases (until the engine supplies a lookup)."""
_EPS = 1e-6


def default_radius(figure: FigureSpec) -> float:
    """Base radius in cm: inline `base_mm`, else 40 mm for large profiles, else 25 mm."""
    if figure.stats is not None and figure.stats.base_mm is not None:
        return figure.stats.base_mm / 20.0
    name = figure.profile_name
    if name is not None and name.strip().lower() in LARGE_BASE_PROFILES:
        return LARGE_BASE_RADIUS
    return DEFAULT_BASE_RADIUS


M = TypeVar("M", bound=BaseModel)


def _parse(model: type[M], data: Any) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _raw_polygon(value: Any) -> Polygon | None:
    """A shapely polygon from raw `[[x, y], ...]`, or None if it is malformed."""
    if not isinstance(value, list) or len(value) < 3:
        return None
    points: list[tuple[float, float]] = []
    for point in value:
        if not (isinstance(point, list) and len(point) == 2):
            return None
        if not all(isinstance(c, int | float) and not isinstance(c, bool) for c in point):
            return None
        if not all(math.isfinite(c) for c in point):
            return None
        points.append((float(point[0]), float(point[1])))
    return Polygon(points)


class _Checker:
    """Collects geometric and cross-reference issues from raw TOML data."""

    def __init__(self, raw: dict[str, Any], radius: RadiusLookup) -> None:
        self.raw = raw
        self.radius = radius
        self.issues: list[Issue] = []
        board = _parse(BoardSpec, raw.get("board"))
        self.box = None if board is None else shapely.box(0, 0, board.width_cm, board.height_cm)
        self.solids: list[tuple[str, Polygon]] = []
        self.kinds: dict[str, str] = {}
        self.towers: list[str] = []  # watchtower module ids (§11)

    def add(self, path: str, reason: str) -> None:
        self.issues.append((path, reason))

    def unique(self, value: Any, path: str, seen: dict[str, str], what: str) -> None:
        if isinstance(value, str):
            if value in seen:
                self.add(path, f"duplicate {what} id {value!r} (also {seen[value]})")
            else:
                seen[value] = path

    def polygon(self, value: Any, path: str) -> Polygon | None:
        """Check a raw polygon; the valid polygon, or None."""
        poly = _raw_polygon(value)
        if poly is None:
            return None
        if poly.convex_hull.area <= _EPS:
            self.add(path, "has no area (its points lie on one line)")
            return None
        if not poly.is_valid:
            reason = shapely.is_valid_reason(poly)
            self.add(path, "self-intersecting" if "Self-intersection" in reason else reason)
            return None
        if self.box is not None and not poly.covered_by(self.box):
            _, _, w, h = self.box.bounds
            self.add(path, f"outside the board (0..{w:g} x 0..{h:g} cm)")
        return poly

    def pieces(self) -> None:
        ids: dict[str, str] = {}
        for section, model in (("terrain", TerrainSpec), ("module", ModuleSpec)):
            spec_model: type[TerrainSpec] | type[ModuleSpec] = model
            for i, item in raw_items(self.raw, section):
                path = f"{section}[{i}]"
                self.unique(item.get("id"), f"{path}.id", ids, "terrain")
                poly = self.polygon(item.get("polygon"), f"{path}.polygon")
                spec = _parse(spec_model, item)
                if spec is None:
                    continue
                self.kinds[spec.id] = section
                if section == "module" and spec.kind == "watchtower":
                    self.towers.append(spec.id)
                is_open = isinstance(spec, ModuleSpec) and bool(spec.open)
                if (
                    poly is not None
                    and make_piece(spec.id, spec.kind, poly, open=is_open).blocks_movement
                ):
                    self.solids.append((spec.id, poly))

    def sides(self) -> None:
        side_ids: dict[str, str] = {}
        squad_ids: dict[str, str] = {}
        figure_ids: dict[str, str] = {}
        placed: list[tuple[str, str, float, float, float]] = []
        watchers: list[tuple[str, str, bool]] = []  # overwatch starters: path, id, raider
        for s, side in raw_items(self.raw, "side"):
            spath = f"side[{s}]"
            self.unique(side.get("id"), f"{spath}.id", side_ids, "side")
            zone = None
            if "deploy_zone" in side:
                zone = self.polygon(side["deploy_zone"], f"{spath}.deploy_zone")
            raider = isinstance(side.get("raid"), dict)
            for q, squad in raw_items(side, "squad"):
                qpath = f"{spath}.squad[{q}]"
                self.unique(squad.get("id"), f"{qpath}.id", squad_ids, "squad")
                members: set[str] = set()
                for f, fig in raw_items(squad, "figure"):
                    fpath = f"{qpath}.figure[{f}]"
                    self.unique(fig.get("id"), f"{fpath}.id", figure_ids, "figure")
                    if isinstance(fig.get("id"), str):
                        members.add(fig["id"])
                    spec = _parse(FigureSpec, fig)
                    if spec is None:
                        continue
                    radius = self.radius(spec)
                    placed.append((f"{fpath}.at", spec.id, *spec.at, radius))
                    if zone is not None:
                        self.deployed(zone, spec, radius, f"{fpath}.at", side.get("id"))
                    if spec.overwatch:
                        watchers.append((f"{fpath}.overwatch", spec.id, raider))
                leader = squad.get("leader")
                if isinstance(leader, str) and leader not in members:
                    self.add(f"{qpath}.leader", f"{leader!r} is not a figure of this squad")
            raid = side.get("raid")
            if isinstance(raid, dict):
                self.entries(raid, f"{spath}.raid")
        self.placements(placed)
        self.overwatch_starts(watchers)

    def deployed(
        self, zone: Polygon, figure: FigureSpec, radius: float, path: str, side: Any
    ) -> None:
        """A figure placed up front stands wholly inside its side's deploy zone."""
        base = ShapelyPoint(*figure.at).buffer(max(radius - _EPS, _EPS), quad_segs=16)
        if not base.covered_by(zone):
            self.add(path, f"base is not inside the deploy_zone of side {side!r}")

    def overwatch_starts(self, watchers: list[tuple[str, str, bool]]) -> None:
        """Starting in overwatch is the watchtower's rule (RULES.md §6, §11): each
        watchtower lets one defender start in overwatch (a raider never does)."""
        allowed = len(self.towers)
        granted: list[str] = []
        for path, fid, raider in watchers:
            if raider:
                self.add(path, f"{fid} raids: only a defender may start in overwatch (§11)")
            elif not allowed:
                self.add(
                    path,
                    f"{fid} cannot start in overwatch: only a watchtower lets a defender "
                    "start in overwatch (§6, §11), and there is none",
                )
            elif len(granted) >= allowed:
                towers = f"{allowed} watchtower" + ("s" if allowed > 1 else "")
                self.add(
                    path,
                    f"{fid} cannot start in overwatch: each watchtower lets one defender "
                    f"start in overwatch (§11); {towers}, already {', '.join(granted)}",
                )
            else:
                granted.append(fid)

    def entries(self, raid: dict[str, Any], path: str) -> None:
        ids: dict[str, str] = {}
        for e, entry in raw_items(raid, "entry"):
            epath = f"{path}.entry[{e}]"
            self.unique(entry.get("id"), f"{epath}.id", ids, "entry")
            poly = self.polygon(entry.get("polygon"), f"{epath}.polygon")
            if poly is not None and self.box is not None and not poly.intersects(self.box.exterior):
                self.add(f"{epath}.polygon", "an entry zone must touch a board edge")

    def placements(self, placed: list[tuple[str, str, float, float, float]]) -> None:
        solid_tree = shapely.STRtree([poly for _, poly in self.solids])
        for path, _fid, x, y, r in placed:
            if self.box is not None:
                _, _, w, h = self.box.bounds
                if x - r < -_EPS or y - r < -_EPS or x + r > w + _EPS or y + r > h + _EPS:
                    self.add(path, f"base (radius {r:g} cm) is not inside the board")
            centre = ShapelyPoint(x, y)
            for hit in sorted(int(i) for i in solid_tree.query(centre, "dwithin", r - _EPS)):
                pid, poly = self.solids[hit]
                if poly.distance(centre) < r - _EPS:
                    self.add(path, f"base overlaps solid terrain {pid!r}")
        if len(placed) < 2:
            return
        xy = np.array([(p[2], p[3]) for p in placed])
        radii = np.array([p[4] for p in placed])
        dist = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
        overlap = np.triu(dist < radii[:, None] + radii[None, :] - _EPS, k=1)
        for i, j in zip(*np.nonzero(overlap), strict=True):
            self.add(placed[j][0], f"base overlaps figure {placed[i][1]!r}")

    def objective(self) -> None:
        objective = self.raw.get("objective")
        if not isinstance(objective, dict):
            return
        key = objective.get("key_point")
        if not isinstance(key, str):
            return
        where = self.kinds.get(key)
        if where == "terrain":
            self.add("objective.key_point", f"{key!r} is a terrain piece, not a module")
        elif where is None:
            self.add("objective.key_point", f"no module {key!r}")


def check_geometry(raw: dict[str, Any], radius: RadiusLookup = default_radius) -> list[Issue]:
    """Geometric and cross-reference issues of raw scenario data: invalid or
    out-of-board polygons, duplicate ids, bases off the board, in solid terrain or on
    each other, unknown leaders and key points. Malformed parts are skipped (the
    models report them)."""
    checker = _Checker(raw, radius)
    checker.pieces()
    checker.sides()
    checker.objective()
    return checker.issues


# -- loading -----------------------------------------------------------------------


def format_path(loc: Sequence[str | int]) -> str:
    """('terrain', 3, 'polygon') -> 'terrain[3].polygon'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(file)"


def _pydantic_issues(exc: ValidationError) -> list[Issue]:
    issues: list[Issue] = []
    for err in exc.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        # Drop union / tagged-type markers pydantic adds to the location.
        loc = [p for p in loc if p not in ("int", "str", "float", "bool", "tuple[float, float]")]
        kind = err["type"]
        if kind == "missing":
            reason = "required field is missing"
        elif kind == "extra_forbidden":
            reason = "unknown field"
        else:
            reason = str(err["msg"]).removeprefix("Value error, ")
            if reason.startswith("@"):  # a model check naming its field: "@open: ..."
                field, _, reason = reason[1:].partition(": ")
                loc.append(field)
            reason = reason[:1].lower() + reason[1:]
        issues.append((format_path(loc), reason))
    return _dedupe(issues)


def _dedupe(issues: Iterable[Issue]) -> list[Issue]:
    seen: set[Issue] = set()
    out: list[Issue] = []
    for issue in issues:
        if issue not in seen:
            seen.add(issue)
            out.append(issue)
    return out


def parse_scenario(
    text: str,
    filename: str = "<scenario>",
    *,
    parts_validators: Sequence[PartsValidator] | None = None,
    base_radius: RadiusLookup | None = None,
) -> Scenario:
    """Parse and validate scenario TOML text; raise ScenarioError with all problems.

    `parts_validators` run in addition to the registered ones; `base_radius` replaces
    the default base-size lookup (25 mm, or 40 mm for the profiles RULES.md names).
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: toml: {exc}"]) from None
    return scenario_from_data(
        raw, filename, parts_validators=parts_validators, base_radius=base_radius
    )


def scenario_from_data(
    raw: dict[str, Any],
    filename: str = "<scenario>",
    *,
    base_radius: RadiusLookup | None = None,
    parts_validators: Sequence[PartsValidator] | None = None,
) -> Scenario:
    """Validate already parsed scenario data (e.g. from an editor) like a file.

    Every problem in one run: the models' structural ones, the geometric ones, and
    the parts validators' (`parts_validators` and the registered ones), which run on
    the whole scenario, or else on the parts that validate on their own."""
    if not isinstance(raw, dict):
        raise ScenarioError([f"{filename}: (file): not a table of sections"])
    issues: list[Issue] = []
    model: Scenario | None = None
    try:
        model = Scenario.model_validate(raw)
    except ValidationError as exc:
        issues.extend(_pydantic_issues(exc))
    issues.extend(check_geometry(raw, base_radius or default_radius))
    parts = ScenarioParts.of(model) if model is not None else ScenarioParts.salvage(raw)
    for check_parts in [*_PARTS_VALIDATORS, *(parts_validators or ())]:
        issues.extend(check_parts(parts))
    issues = _dedupe(issues)
    if issues:
        raise ScenarioError([f"{filename}: {path}: {reason}" for path, reason in issues])
    assert model is not None
    return model


def load_scenario(
    path: str | Path,
    *,
    parts_validators: Sequence[PartsValidator] | None = None,
    base_radius: RadiusLookup | None = None,
) -> Scenario:
    """Read and validate a scenario file; raise ScenarioError with all problems."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([f"{path}: file not found"]) from None
    except UnicodeDecodeError:
        raise ScenarioError([f"{path.name}: not UTF-8 text"]) from None
    except OSError as exc:
        raise ScenarioError([f"{path}: cannot read: {exc.strerror or exc}"]) from None
    return parse_scenario(
        text, path.name, parts_validators=parts_validators, base_radius=base_radius
    )


def raw_items(raw: Any, key: str) -> list[tuple[int, dict[str, Any]]]:
    """The tables of an array of tables in raw TOML data, with their indices."""
    items = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(items, list):
        return []
    return [(i, item) for i, item in enumerate(items) if isinstance(item, dict)]
