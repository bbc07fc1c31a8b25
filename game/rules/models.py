"""Validated models of the rules data files (`game/rules/data/*.toml`).

One pydantic model per file section. The loader (`game.rules.loader`) validates
the raw TOML with them and turns errors into a `RulesDataError` naming file, entry
and field. All models are frozen.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.dice import DiceExpression, DiceExpressionError

Attribute = Literal["kor", "ref", "ver", "wil"]
"""The four attributes KÖR, REF, VER, WIL (ASCII field names)."""

Keyword = Literal[
    "Laut",
    "Leise",
    "Automatisch",
    "Explosiv",
    "Feuer",
    "Wuchtig",
    "Nachladen",
    "Zweihändig",
    "Infektion",
]
"""Weapon keywords (docs/RULES.md §5.3)."""

KEYWORDS: tuple[str, ...] = get_args(Keyword)
WeaponType = Literal["melee", "ranged", "thrown", "gift"]
TemplateSize = Literal["small", "large"]
Faction = Literal["defenders", "raiders", "infected"]
InjuryEffect = Literal["dead", "out", "out_stabilisable", "down", "stands"]
BacklashEffect = Literal["wound", "lose_action", "nothing"]


class DataError(ValueError):
    """A validator's error that knows where it is: `loc` (e.g. ("result", 3, "max"))
    is appended to the entry's location, so the loader can name the row and field."""

    def __init__(self, reason: str, *loc: str | int) -> None:
        super().__init__(reason)
        self.loc = loc


class Model(BaseModel):
    """Base: unknown fields are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Named(Model):
    """An entry looked up by name, German name or alias."""

    name: str = ""
    german: str | None = None
    english: str | None = None
    aliases: tuple[str, ...] = ()

    def all_names(self) -> tuple[str, ...]:
        extra = tuple(n for n in (self.german, self.english) if n)
        return (self.name, *extra, *self.aliases)


def _check_dice(text: str, what: str) -> str:
    try:
        DiceExpression.parse(text)
    except DiceExpressionError as exc:
        raise ValueError(f"{what}: {exc}") from None
    return text


# --- weapons.toml ------------------------------------------------------------------


class Weapon(Named):
    """One row of the weapon table (§5.4)."""

    type: WeaponType
    range: float | None = Field(default=None, gt=0, le=500)
    pool: int = Field(ge=1, le=20)  # every weapon rolls at least 1W6 (§3.5)
    br: int = Field(default=0, ge=0, le=10)
    mag: int | None = Field(default=None, ge=1, le=100)
    uses: int | None = Field(default=None, ge=1, le=20)
    firearm: bool = False
    template: TemplateSize | None = None
    keywords: tuple[Keyword, ...] = ()
    slots: int | None = Field(default=None, ge=0, le=10)

    @property
    def carry_slots(self) -> int:
        """Carrying slots it takes (§9): as written, else a gift 0, a two-handed
        weapon 2 (bulky, P), anything else 1."""
        if self.slots is not None:
            return self.slots
        if self.type == "gift":
            return 0
        return 2 if "Zweihändig" in self.keywords else 1

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        kw = set(self.keywords)
        if self.type == "melee" and self.range is not None:
            raise ValueError("a melee weapon has no range")
        if self.type != "melee" and self.range is None:
            raise ValueError(f"a {self.type} weapon needs a range")
        if len(kw & {"Laut", "Leise"}) != 1:
            raise ValueError("a weapon is either Laut or Leise (exactly one of them)")
        if self.type == "thrown" and self.template is None:
            raise DataError("a thrown weapon needs a template (small or large, §5.5)", "template")
        if self.template is not None and self.type != "thrown":
            raise DataError("only thrown weapons have a template (the Throw, §5.5)", "template")
        if self.template is not None and not kw & {"Explosiv", "Feuer"}:
            raise ValueError("only Explosiv or Feuer weapons have a template")
        if "Feuer" in kw and self.template is None:
            raise DataError(
                "a Feuer weapon needs a template: its fire is the template's burning zone "
                "(§5.5); a burning target has no rules of its own",
                "keywords",
            )
        if "Nachladen" in kw and self.mag not in (None, 1):
            raise ValueError("a Nachladen weapon has magazine 1")
        if "Automatisch" in kw and self.type != "ranged":
            raise ValueError("only ranged weapons can be Automatisch")
        if self.firearm and self.type != "ranged":
            raise ValueError("only ranged weapons can be firearms")
        return self

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_melee(self) -> bool:
        return self.type == "melee"

    @property
    def loud(self) -> bool:
        return "Laut" in self.keywords

    @property
    def magazine(self) -> int | None:
        """Shots before a Reload (Nachladen = 1)."""
        return 1 if "Nachladen" in self.keywords else self.mag


# --- armour.toml -------------------------------------------------------------------


class Armour(Named):
    ws: int = Field(ge=1, le=12)
    move: float = Field(default=0.0, ge=-20, le=20)


class Shield(Named):
    melee_ws: int = Field(ge=0, le=6)


class ArmourFile(Model):
    armour: dict[str, Armour]
    shield: dict[str, Shield] = {}


# --- injury.toml -------------------------------------------------------------------


class InjuryResult(Named):
    name: str = Field(min_length=1)  # the rulebook's result (Tot, Schwer …): required
    max: int | None = None
    effect: InjuryEffect


class InjuryTable(Model):
    die: int = Field(ge=2, le=100)
    attribute: Attribute
    result: tuple[InjuryResult, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ordered(self) -> InjuryTable:
        *rows, last = self.result
        names: set[str] = set()
        for i, row in enumerate(self.result):
            key = " ".join(row.name.casefold().split())
            if key in names:
                raise DataError(f"another result is also named {row.name!r}", "result", i, "name")
            names.add(key)
        if last.max is not None:
            raise DataError(
                "the last injury result takes everything above: give it no max",
                "result",
                len(rows),
                "max",
            )
        previous: InjuryResult | None = None
        for i, row in enumerate(rows):
            if row.max is None:
                raise DataError("every injury result but the last needs a max", "result", i, "max")
            if previous is not None and previous.max is not None and row.max <= previous.max:
                raise DataError(
                    f"injury maxima must strictly increase: max {row.max} is not above "
                    f"{previous.name!r}'s max {previous.max}",
                    "result",
                    i,
                    "max",
                )
            previous = row
        return self


# --- gifts.toml --------------------------------------------------------------------


class BacklashRow(Model):
    faces: tuple[int, ...] = Field(min_length=1)
    effect: BacklashEffect


class Strain(Model):
    cost: int = Field(ge=0, le=10)
    backlash_die: int = Field(ge=2, le=20)
    backlash: tuple[BacklashRow, ...]

    @model_validator(mode="after")
    def _covers_die(self) -> Strain:
        faces = sorted(f for row in self.backlash for f in row.faces)
        if faces != list(range(1, self.backlash_die + 1)):
            raise ValueError(f"backlash faces must cover 1..{self.backlash_die} exactly once")
        return self

    def backlash_for(self, face: int) -> BacklashEffect:
        for row in self.backlash:
            if face in row.faces:
                return row.effect
        raise ValueError(f"no backlash row for face {face}")


class Gift(Named):
    effect: Literal["attack", "save", "veil"]
    weapon: str | None = None
    attribute: Attribute | None = None
    target: int | None = Field(default=None, ge=1, le=40)
    on_fail: Literal["suppressed"] | None = None
    range: float | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _complete(self) -> Gift:
        need = {
            "attack": ("weapon",),
            "save": ("attribute", "target", "on_fail"),
            "veil": ("range",),
        }[self.effect]
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"a {self.effect!r} gift needs {', '.join(missing)}")
        return self


# --- archetypes.toml ---------------------------------------------------------------


class Archetype(Named):
    lead: Attribute
    track: str
    morale_immune: bool = False
    signatures: tuple[str, ...] = ()


class Unbeugsam(Model):
    uses_per_battle: int = Field(ge=0, le=10)
    leaves_tp: int = Field(ge=1, le=10)


class AusDemNichts(Model):
    bonus_dice: int = Field(ge=0, le=6)


class Schildwall(Model):
    ws_bonus: int = Field(ge=0, le=6)
    stacks: bool = False


class Abfangen(Model):
    per_round: int = Field(ge=0, le=10)


class Improvisieren(Model):
    uses_per_battle: int = Field(ge=0, le=10)


class Gezeichnet(Model):
    gifts: int = Field(ge=0, le=10)


class Seuchenhauch(Model):
    attribute: Attribute
    target: int = Field(ge=1, le=40)
    pool_penalty: int = Field(ge=0, le=6)


class Immunserum(Model):
    heal: str

    @model_validator(mode="after")
    def _dice(self) -> Immunserum:
        _check_dice(self.heal, "heal")
        return self


class Raserei(Model):
    strain: int = Field(ge=0, le=10)
    extra_actions: int = Field(ge=0, le=3)
    melee_dice: int = Field(ge=0, le=6)


class KeinSchmerz(Model):
    ignored_wounds: int = Field(ge=0, le=10)


class Signatures(Model):
    """The numbers of every archetype signature (§13), keyed by German name."""

    unbeugsam: Unbeugsam = Field(alias="Unbeugsam")
    aus_dem_nichts: AusDemNichts = Field(alias="Aus dem Nichts")
    schildwall: Schildwall = Field(alias="Schildwall")
    abfangen: Abfangen = Field(alias="Abfangen")
    improvisieren: Improvisieren = Field(alias="Improvisieren")
    gezeichnet: Gezeichnet = Field(alias="Gezeichnet")
    seuchenhauch: Seuchenhauch = Field(alias="Seuchenhauch")
    immunserum: Immunserum = Field(alias="Immunserum")
    raserei: Raserei = Field(alias="Raserei")
    kein_schmerz: KeinSchmerz = Field(alias="Kein Schmerz")


SIGNATURE_NAMES: tuple[str, ...] = tuple(str(f.alias) for f in Signatures.model_fields.values())


class Tracks(Model):
    """Kampfstufe tracks: 10 values each, for levels 1–10 (§1.3)."""

    tracks: dict[str, tuple[int, ...]]

    @model_validator(mode="after")
    def _ten(self) -> Tracks:
        for track, values in self.tracks.items():
            if len(values) != 10:
                raise ValueError(f"track {track!r} needs 10 values (levels 1–10)")
        return self


# --- talents.toml ------------------------------------------------------------------

TalentOption = Literal["class", "weapon", "gift"]
"""What a talent's choice names (after a colon): a weapon class of the talent, a
weapon the figure carries, or a gift."""


class Talent(Named):
    """A talent (rulebook §13.1): who may take it, how often, and its numbers.

    `who` lists the archetypes that may take it (none: the general list, anyone);
    `battle` is false for a talent that works in the campaign only. The number
    fields are read by the engine where the talent works (docs/RULES.md §13.1)."""

    who: tuple[str, ...] = ()
    max: int = Field(default=1, ge=1, le=10)
    battle: bool = True
    option: TalentOption | None = None
    classes: dict[str, tuple[str, ...]] = {}
    tp: int | None = Field(default=None, ge=0, le=10)
    attack: int | None = Field(default=None, ge=0, le=10)
    dice: int | None = Field(default=None, ge=0, le=6)
    br: int | None = Field(default=None, ge=0, le=5)
    ws_bonus: int | None = Field(default=None, ge=0, le=6)
    per_round: int | None = Field(default=None, ge=0, le=10)
    per_battle: int | None = Field(default=None, ge=0, le=10)
    actions: int | None = Field(default=None, ge=0, le=5)
    heal: int | None = Field(default=None, ge=0, le=10)
    serum: str | None = None
    ammo: int | None = Field(default=None, ge=0, le=10)
    fumble_max: int | None = Field(default=None, ge=1, le=19)
    melee_dice: int | None = Field(default=None, ge=0, le=6)
    ignored_wounds: int | None = Field(default=None, ge=0, le=10)
    strain: int | None = Field(default=None, ge=0, le=10)
    rounds: int | None = Field(default=None, ge=0, le=10)
    move: float | None = Field(default=None, ge=0, le=100)
    range: float | None = Field(default=None, ge=0, le=500)
    attribute: Attribute | None = None
    target: int | None = Field(default=None, ge=1, le=40)
    weapon: str | None = None
    xp: int | None = Field(default=None, ge=0, le=10)
    rolls: int | None = Field(default=None, ge=1, le=5)

    @model_validator(mode="after")
    def _consistent(self) -> Talent:
        if self.serum is not None:
            _check_dice(self.serum, "serum")
        if (self.option == "class") != bool(self.classes):
            raise DataError("a talent chooses a class exactly when it lists classes", "classes")
        return self


# --- profiles.toml -----------------------------------------------------------------

ATTRIBUTE_MIN, ATTRIBUTE_MAX = -1, 5
"""Attribute bounds of every profile as written: −1 .. +5 (§1.1: −1 .. +3 at start,
cap +5 with levels; the enemies of §14 lie within −1 .. +3). Rank templates add
on top (§14.1)."""
START_MAX = 3
"""A level-1 core figure's attributes are at most +3 (§1.1 "at start")."""
ATTRIBUTES: tuple[str, ...] = get_args(Attribute)
_ATTR = Field(ge=ATTRIBUTE_MIN, le=ATTRIBUTE_MAX)


class ProfileEntry(Named):
    """A profile as written in profiles.toml; derived values may be omitted.
    The four attributes are required (a mindless figure's WIL is written 0)."""

    faction: Faction
    core: bool = False
    archetype: str | None = None
    rank: str | None = None
    kor: int = _ATTR
    ref: int = _ATTR
    ver: int = _ATTR
    wil: int = _ATTR
    mindless: bool = False
    tp: int | None = Field(default=None, ge=1, le=100)
    vw: int | None = Field(default=None, ge=0, le=40)
    armour: str | None = None
    ws: int | None = Field(default=None, ge=1, le=12)
    move: float | None = Field(default=None, ge=0, le=100)
    weapons: tuple[str, ...] = ()
    loadouts: tuple[tuple[str, ...], ...] = ()
    shield: str | None = None
    gifts: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    level: int = Field(default=1, ge=1, le=10)
    kampfstufe: int | None = Field(default=None, ge=0, le=10)
    attack_bonus: int = Field(default=0, ge=-5, le=10)
    br_bonus: int = Field(default=0, ge=0, le=5)
    leader: bool = False
    base_radius: float = Field(default=1.25, gt=0, le=10)
    structure_wounds: int = Field(default=1, ge=0, le=10)
    cost: float | None = Field(default=None, ge=0, le=100)

    @model_validator(mode="after")
    def _consistent(self) -> ProfileEntry:
        if self.armour is not None and self.ws is not None:
            raise ValueError("give either armour or ws, not both")
        if self.weapons and self.loadouts:
            raise ValueError("give either weapons or loadouts, not both")
        if not self.weapons and not self.loadouts:
            raise ValueError("a profile needs weapons (or loadouts)")
        if any(not lo for lo in self.loadouts):
            raise ValueError("an empty loadout")
        if self.core and self.level == 1:
            for attr in ATTRIBUTES:
                if getattr(self, attr) > START_MAX:
                    raise DataError(
                        f"a level-1 core figure starts at most +{START_MAX} (§1.1)", attr
                    )
        return self


class RankTemplate(Named):
    """A rank (§14.1) as a transformation of a base profile."""

    base: str | None = None
    tp: int = Field(default=0, ge=0, le=20)
    attack: int = Field(default=0, ge=0, le=10)
    br: int = Field(default=0, ge=0, le=5)
    kor: int = Field(default=0, ge=0, le=5)
    ref: int = Field(default=0, ge=0, le=5)
    ver: int = Field(default=0, ge=0, le=5)
    wil: int = Field(default=0, ge=0, le=5)
    leader: bool = False
    cost: str | None = None


class ProfilesFile(Model):
    profile: dict[str, ProfileEntry]
    rank: dict[str, RankTemplate] = {}


# --- knobs.toml --------------------------------------------------------------------


class BaseRadius(Model):
    small: float = Field(gt=0, le=10)
    large: float = Field(gt=0, le=10)


class MoveKnobs(Model):
    base: float = Field(ge=0, le=100)
    run_bonus: float = Field(ge=0, le=100)
    difficult_cost: float = Field(ge=1, le=10)
    vault_cost: float = Field(ge=0, le=100)
    vault_max_thickness: float = Field(ge=0, le=20)


class NoiseRadius(Model):
    firearm: float = Field(ge=0, le=1000)
    explosion: float = Field(ge=0, le=1000)
    breaking: float = Field(ge=0, le=1000)
    run: float = Field(ge=0, le=1000)


class NoiseKnobs(Model):
    horde_pack: str

    @model_validator(mode="after")
    def _dice(self) -> NoiseKnobs:
        _check_dice(self.horde_pack, "horde_pack")
        return self


class TemplateKnobs(Model):
    small_radius: float = Field(gt=0, le=100)
    large_radius: float = Field(gt=0, le=100)
    throw_target: int = Field(ge=1, le=40)
    explosion_save: int = Field(ge=1, le=40)
    burn_rounds: int = Field(ge=0, le=20)
    burn_pool: int = Field(ge=0, le=20)
    burning_rounds: int = Field(ge=0, le=20)
    burning_pool: int = Field(ge=0, le=20)

    def radius(self, size: TemplateSize) -> float:
        return self.small_radius if size == "small" else self.large_radius


class AttackKnobs(Model):
    crit_bonus_dice: int = Field(ge=0, le=6)
    burst_bonus_dice: int = Field(ge=0, le=6)
    burst_ammo: int = Field(ge=1, le=20)
    needed_floor: int = Field(ge=1, le=6)
    long_range_factor: float = Field(ge=1, le=10)
    gang_up: bool
    gang_up_min: int = Field(ge=1, le=10)
    arsenal_bonus: int = Field(ge=0, le=10)
    arsenal_rounds: int = Field(ge=0, le=20)
    wuchtig_push: float = Field(ge=0, le=100)
    front_arc: float = Field(ge=0, le=360)


class MeleeKnobs(Model):
    unarmed_weapon: str  # a melee weapon's name (checked by the loader); "" or "none": none

    @field_validator("unarmed_weapon")
    @classmethod
    def _none(cls, value: str) -> str:
        """Blanks and "none" (any case: handy on a command line) mean no weapon."""
        value = value.strip()
        return "" if value.casefold() == "none" else value


class OverwatchKnobs(Model):
    max_angle: float = Field(gt=0, le=360)
    range_factor: float = Field(gt=0, le=10)
    shots_per_round: int = Field(ge=0, le=10)


class AmmoKnobs(Model):
    supply_die: int = Field(ge=1, le=100)
    jam_test: int = Field(ge=0, le=40)


class CheckKnobs(Model):
    save_target: int = Field(ge=1, le=40)
    morale_target: int = Field(ge=1, le=40)
    first_aid_target: int = Field(ge=1, le=40)
    first_aid_heal: int = Field(ge=0, le=10)
    infirmary_bonus: int = Field(ge=0, le=10)


class DerivedKnobs(Model):
    base_tp: int = Field(ge=1, le=50)
    base_vw: int = Field(ge=0, le=40)
    strain_base: int = Field(ge=0, le=20)
    half_tp_share: float = Field(gt=0, lt=1)


class MoraleKnobs(Model):
    half_strength_share: float = Field(gt=0, lt=1)


class StructureKnobs(Model):
    barricade: int = Field(ge=1, le=100)
    gate: int = Field(ge=1, le=100)
    ws: int = Field(ge=1, le=12)


class MinefieldKnobs(Model):
    pool: int = Field(ge=1, le=20)
    br: int = Field(ge=0, le=10)
    template: TemplateSize


class RankCost(Model):
    footsoldier: float = Field(ge=0, le=100)
    veteran: float = Field(ge=0, le=100)
    elite: float = Field(ge=0, le=100)
    leader: float = Field(ge=0, le=100)


class RaidKnobs(Model):
    budget_per_core_level: float = Field(ge=0, le=100)
    wave_count: str
    first_wave_round: int = Field(ge=1, le=50)
    wave_spacing: int = Field(ge=1, le=50)
    loot_to_defeat: int = Field(ge=1, le=50)
    breaches_to_defeat: int = Field(ge=1, le=50)
    opened_spoils: bool = False
    rank_cost: RankCost

    @model_validator(mode="after")
    def _dice(self) -> RaidKnobs:
        _check_dice(self.wave_count, "wave_count")
        return self


class SlotKnobs(Model):
    figure: int = Field(ge=0, le=20)
    loot: int = Field(ge=0, le=10)
    overload_move: float = Field(ge=0, le=100)


class CoverKnobs(Model):
    light: int = Field(ge=0, le=10)
    heavy: int = Field(ge=0, le=10)

    @model_validator(mode="after")
    def _ordered(self) -> CoverKnobs:
        if self.light >= self.heavy:  # §10: heavy cover is the better one (light → heavy)
            raise DataError(
                f"light cover (+{self.light}) must count less than heavy cover (+{self.heavy})",
                "light",
            )
        return self


class Knobs(Model):
    """Every tuning knob (§16); dotted names follow the table nesting."""

    sight_lines: int = Field(ge=1, le=256)
    cover_share: float = Field(gt=0, le=1)
    base_contact_gap: float = Field(ge=0, le=10)
    horde_pack_activation: bool
    raid_budget_factor: float = Field(ge=0, le=100)
    noise_threshold: int = Field(ge=0, le=6)
    actions_per_activation: int = Field(ge=1, le=5)
    base_radius: BaseRadius
    move: MoveKnobs
    noise_radius: NoiseRadius
    noise: NoiseKnobs
    template: TemplateKnobs
    attack: AttackKnobs
    melee: MeleeKnobs
    overwatch: OverwatchKnobs
    ammo: AmmoKnobs
    tests: CheckKnobs
    derived: DerivedKnobs
    morale: MoraleKnobs
    structure: StructureKnobs
    minefield: MinefieldKnobs
    raid: RaidKnobs
    cover: CoverKnobs
    slots: SlotKnobs
