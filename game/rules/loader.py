"""Load and validate the rules data (`game/rules/data/*.toml`) into `RulesData`.

`load_rules()` returns the cached default tables; `load_rules(overrides)` or
`RulesData.with_overrides(...)` returns a new validated copy with some knobs or
table cells changed (dotted names: "cover_share", "noise_radius.firearm",
"weapon.Pistol.range", "profile.Raider.tp", "injury.Tot.max" …). Every problem is a
`RulesDataError` naming file, entry and field.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from game.rules.models import (
    SIGNATURE_NAMES,
    Archetype,
    Armour,
    DataError,
    Gift,
    InjuryResult,
    InjuryTable,
    Knobs,
    Model,
    Named,
    ProfileEntry,
    RankCost,
    RankTemplate,
    Shield,
    Signatures,
    Strain,
    Talent,
    Tracks,
    Weapon,
)
from game.rules.profile import Profile, apply_rank
from game.rules.talent_effects import with_talents
from game.rules.talents import TalentError, missing_numbers, resolve_talents

DATA_DIR = Path(__file__).parent / "data"
FILES = ("knobs", "weapons", "armour", "profiles", "archetypes", "gifts", "injury", "talents")

M = TypeVar("M", bound=BaseModel)


class RulesDataError(ValueError):
    """A rules data file (or an override) is invalid; names file, entry and field."""

    def __init__(self, file: str, entry: str, field: str, reason: str) -> None:
        self.file, self.entry, self.field, self.reason = file, entry, field, reason
        where = file + (f" [{entry}]" if entry else "") + (f" {field}" if field else "")
        super().__init__(f"{where}: {reason}")


class UnknownNameError(LookupError):
    """A weapon, armour, profile … name that the rules data does not know."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f" — did you mean {close[0]!r}?" if close else ""
        self.kind, self.name = kind, name
        super().__init__(f"unknown {kind} {name!r}{hint} (known: {', '.join(known)})")

    def __str__(self) -> str:
        return str(self.args[0])


def fold(name: str) -> str:
    """The form names are compared in: case-folded, single spaces."""
    return " ".join(name.casefold().split())


def _validate(model: type[M], data: Any, file: str, entry: str = "") -> M:
    """Validate one entry; a ValidationError becomes a RulesDataError naming the
    entry (a row of a list by number and name: "result #4 (Streifschuss)") and the
    field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc: list[str | int] = list(err["loc"])
        cause = err.get("ctx", {}).get("error")
        if isinstance(cause, DataError):
            loc += cause.loc
        msg = err["msg"].removeprefix("Value error, ")
        if not entry and loc:
            entry, loc = _row_entry(data, loc)
        raise RulesDataError(file, entry, ".".join(str(p) for p in loc), msg) from None


def _row_entry(data: Any, loc: list[str | int]) -> tuple[str, list[str | int]]:
    """The entry named by the head of `loc`, and the rest: a table key, or a list row
    by number (from 1) and its name when it has one."""
    head, rest = str(loc[0]), loc[1:]
    if not rest or not isinstance(rest[0], int):
        return head, rest
    index, rest = rest[0], rest[1:]
    rows = data.get(head) if isinstance(data, Mapping) else None
    row = rows[index] if isinstance(rows, list) and index < len(rows) else None
    name = row.get("name") if isinstance(row, Mapping) else None
    label = f"{head} #{index + 1}" + (f" ({name})" if isinstance(name, str) and name else "")
    return label, rest


def _entries(raw: Mapping[str, Any], model: type[M], file: str, prefix: str = "") -> dict[str, M]:
    """Validate a table of named entries; the key becomes the entry's name."""
    out: dict[str, M] = {}
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise RulesDataError(file, prefix + key, "", "expected a table")
        data = {**value, "name": key} if issubclass(model, Named) else value
        out[key] = _validate(model, data, file, prefix + key)
    return out


@dataclass(frozen=True, eq=False)
class RulesData:
    """All rules tables and knobs, validated; lookups by name are case-insensitive."""

    raw: Mapping[str, dict[str, Any]]
    knobs: Knobs
    weapons: Mapping[str, Weapon]
    armours: Mapping[str, Armour]
    shields: Mapping[str, Shield]
    profiles: Mapping[str, Profile]
    ranks: Mapping[str, RankTemplate]
    archetypes: Mapping[str, Archetype]
    tracks: Mapping[str, tuple[int, ...]]
    signatures: Signatures
    gifts: Mapping[str, Gift]
    strain: Strain
    injury: InjuryTable
    talents: Mapping[str, Talent]
    _index: Mapping[str, Mapping[str, str]] = field(repr=False)
    _arms: dict[tuple[tuple[str, ...], str], tuple[Weapon, ...]] = field(
        default_factory=dict, repr=False
    )

    # -- lookups ---------------------------------------------------------------
    def canonical(self, kind: str, name: str) -> str:
        """The table key for a name, German name or alias of a `kind` entry."""
        index = self._index[kind]
        key = index.get(fold(name))
        if key is None:
            raise UnknownNameError(kind, name, sorted(set(index.values())))
        return key

    def weapon(self, name: str) -> Weapon:
        return self.weapons[self.canonical("weapon", name)]

    def unarmed(self) -> Weapon | None:
        """The melee weapon of a figure that carries none (knob melee.unarmed_weapon:
        §5.4's "Fists / improvised"); None when the knob is empty."""
        name = self.knobs.melee.unarmed_weapon
        return self.weapon(name) if name else None

    def arms(self, carried: Iterable[str], faction: str) -> tuple[Weapon, ...]:
        """Every weapon a figure of `faction` carrying `carried` can use: those, in
        carrying order, then the unarmed weapon when none of them is a melee weapon.
        The infected get none: they fight with their profile's natural weapons."""
        key = (tuple(carried), faction)
        found = self._arms.get(key)
        if found is None:
            found = tuple(self.weapon(name) for name in key[0])
            unarmed = self.unarmed()
            if unarmed and faction != "infected" and not any(w.is_melee for w in found):
                found += (unarmed,)
            self._arms[key] = found
        return found

    def armour(self, name: str) -> Armour:
        return self.armours[self.canonical("armour", name)]

    def shield(self, name: str) -> Shield:
        return self.shields[self.canonical("shield", name)]

    def archetype(self, name: str) -> Archetype:
        return self.archetypes[self.canonical("archetype", name)]

    def gift(self, name: str) -> Gift:
        return self.gifts[self.canonical("gift", name)]

    def talent(self, name: str) -> Talent:
        return self.talents[self.canonical("talent", name)]

    def lookup(self, kind: str, name: str) -> str | None:
        """The table key of a `kind` entry by any of its names (None: unknown)."""
        return self._index[kind].get(fold(name))

    def figure_talents(
        self, talents: Iterable[str], archetype: str | None, carried: Iterable[str]
    ) -> tuple[str, ...]:
        """A figure's talents in canonical form (`game.rules.talents`); TalentError
        for one its archetype may not take, one taken too often or a wrong choice."""
        return resolve_talents(talents, archetype, carried, self.talents, self.lookup)

    def injury_result(self, name: str) -> InjuryResult:
        """A row of the injury table by its name or English name (§3.9)."""
        key = fold(name)
        for row in self.injury.result:
            if key in (fold(n) for n in row.all_names()):
                return row
        raise UnknownNameError("injury result", name, [r.name for r in self.injury.result])

    def rank(self, name: str) -> RankTemplate:
        return self.ranks[self.canonical("rank", name)]

    def profile(self, name: str, rank: str | None = None) -> Profile:
        """A profile by name; `rank` applies a rank template (Veteran, Elite, Anführer)."""
        base = self.profiles[self.canonical("profile", name)]
        if rank is None:
            return base
        key = self.canonical("rank", rank)
        return apply_rank(base, key, self._rank_chain(key), self.knobs)

    def _rank_chain(self, key: str) -> list[RankTemplate]:
        chain: list[RankTemplate] = []
        while True:
            template = self.ranks[key]
            chain.insert(0, template)
            if template.base is None:
                return chain
            key = self.canonical("rank", template.base)

    def kampfstufe(self, archetype: str | None, level: int) -> int:
        """Kampfstufe for a level on the archetype's track (§1.3); 0 without one."""
        if archetype is None:
            return 0
        return self.tracks[self.archetype(archetype).track][level - 1]

    # -- knobs and overrides ------------------------------------------------------
    def knob(self, name: str) -> Any:
        """The current value of a knob or table cell by dotted name."""
        container, key = _locate(self, name)
        return container[key]

    def knob_names(self) -> list[str]:
        """All plain knob names of knobs.toml (table cells use the patterns)."""
        return sorted(_leaves(self.raw["knobs"]))

    def with_overrides(self, overrides: Mapping[str, Any]) -> RulesData:
        """A new validated RulesData with the given knobs / table cells changed."""
        raw = copy.deepcopy(dict(self.raw))
        for name, value in overrides.items():
            container, key = _locate_in(self, raw, name)
            current = container.get(key)
            container[key] = _coerce(value, current)
            if isinstance(container[key], bool) and _is_number(current):
                # pydantic would read true/false as 1/0: a typo, not a number
                raise RulesDataError(
                    "overrides", name, "", f"expects a number, not {str(value).lower()}"
                )
        try:
            return _build(raw)
        except RulesDataError as exc:
            changed = ", ".join(f"{k}={v!r}" for k, v in overrides.items())
            raise RulesDataError(
                exc.file, exc.entry, exc.field, f"{exc.reason} (after overrides {changed})"
            ) from None


# --- overrides ---------------------------------------------------------------------

_TABLES: dict[str, tuple[str, tuple[str, ...], type[Model]]] = {
    "weapon": ("weapons", (), Weapon),
    "armour": ("armour", ("armour",), Armour),
    "shield": ("armour", ("shield",), Shield),
    "profile": ("profiles", ("profile",), ProfileEntry),
    "rank": ("profiles", ("rank",), RankTemplate),
    "archetype": ("archetypes", ("archetype",), Archetype),
    "gift": ("gifts", ("gift",), Gift),
    "talent": ("talents", ("talent",), Talent),
}
PATTERNS = (
    *(f"{kind}.<name>.<field>" for kind in _TABLES),
    "signature.<name>.<field>",
    "injury.<result>.max",
    "injury.die",
    "strain.cost",
    "strain.backlash_die",
    "tracks.<track>",
)


def _leaves(table: Mapping[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for key, value in table.items():
        if isinstance(value, dict):
            out += _leaves(value, f"{prefix}{key}.")
        else:
            out.append(prefix + key)
    return out


def _unknown_knob(rules: RulesData, name: str, reason: str = "") -> RulesDataError:
    names = rules.knob_names()
    close = difflib.get_close_matches(name, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return RulesDataError(
        "overrides",
        name,
        "",
        f"unknown knob {reason}— {hint}valid knobs: {', '.join(names)}; "
        f"table cells: {', '.join(PATTERNS)}",
    )


def _locate(rules: RulesData, name: str) -> tuple[dict[str, Any], str]:
    return _locate_in(rules, dict(rules.raw), name)


def _locate_in(
    rules: RulesData, raw: Mapping[str, dict[str, Any]], name: str
) -> tuple[dict[str, Any], str]:
    """The (container dict, key) in `raw` that the dotted `name` refers to."""
    head, _, rest = name.partition(".")
    if head in _TABLES and rest:
        file, path, model = _TABLES[head]
        entry, _, fld = rest.rpartition(".")
        if not entry:
            raise _unknown_knob(rules, name, "(expected <kind>.<name>.<field>) ")
        try:
            key = rules.canonical(head, entry)
        except UnknownNameError as exc:
            raise RulesDataError("overrides", name, "", str(exc)) from None
        table: dict[str, Any] = raw[file]
        for part in path:
            table = table[part]
        if fld not in model.model_fields or fld == "name":
            fields = ", ".join(f for f in model.model_fields if f != "name")
            raise RulesDataError("overrides", name, fld, f"no such field (fields: {fields})")
        return table[key], fld
    if head == "signature" and rest:
        entry, _, fld = rest.rpartition(".")
        sigs = raw["archetypes"]["signature"]
        match = {fold(k): k for k in sigs}.get(fold(entry))
        if match is None or fld not in sigs[match]:
            raise _unknown_knob(rules, name, "(no such signature number) ")
        return sigs[match], fld
    if head == "injury":
        return _locate_injury(rules, raw["injury"], name, rest)
    if head in ("strain", "tracks") and rest:
        table = raw["gifts"]["strain"] if head == "strain" else raw["archetypes"]["tracks"]
        if rest not in table or rest == "backlash":
            raise _unknown_knob(rules, name)
        return table, rest
    container: dict[str, Any] = raw["knobs"]
    *parents, leaf = name.split(".")
    for part in parents:
        nxt = container.get(part)
        if not isinstance(nxt, dict):
            raise _unknown_knob(rules, name)
        container = nxt
    if leaf not in container or isinstance(container[leaf], dict):
        raise _unknown_knob(rules, name)
    return container, leaf


def _locate_injury(
    rules: RulesData, table: dict[str, Any], name: str, rest: str
) -> tuple[dict[str, Any], str]:
    if rest in ("die", "attribute"):
        return table, rest
    entry, _, fld = rest.rpartition(".")
    for row in table["result"]:
        if fold(row.get("name", "")) == fold(entry) or fold(row.get("english", "")) == fold(entry):
            if fld not in ("max", "effect"):
                raise RulesDataError("overrides", name, fld, "injury rows have max and effect")
            return row, fld
    raise _unknown_knob(rules, name, "(no such injury result) ")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _coerce(value: Any, current: Any) -> Any:
    """Text from a command line becomes a TOML value when the knob is not text."""
    if isinstance(value, str) and current is not None and not isinstance(current, str):
        try:
            return tomllib.loads(f"v = {value}")["v"]
        except tomllib.TOMLDecodeError:
            return value
    return value


# --- building --------------------------------------------------------------------


def _read(data_dir: Path) -> dict[str, dict[str, Any]]:
    raw: dict[str, dict[str, Any]] = {}
    for stem in FILES:
        path = data_dir / f"{stem}.toml"
        try:
            with path.open("rb") as fh:
                raw[stem] = tomllib.load(fh)
        except FileNotFoundError:
            raise RulesDataError(f"{stem}.toml", "", "", f"missing file {path}") from None
        except tomllib.TOMLDecodeError as exc:
            raise RulesDataError(f"{stem}.toml", "", "", f"not valid TOML: {exc}") from None
    return raw


def _table(raw: Mapping[str, Any], key: str, file: str) -> dict[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, dict):
        raise RulesDataError(file, key, "", "expected a table")
    return value


def _only(raw: Mapping[str, Any], keys: tuple[str, ...], file: str) -> None:
    for key in raw:
        if key not in keys:
            raise RulesDataError(file, key, "", f"unknown section (expected {', '.join(keys)})")


def _index(
    kind: str, file: str, entries: Mapping[str, Named], index: dict[str, dict[str, str]]
) -> None:
    names: dict[str, str] = {}
    for key, entry in entries.items():
        for alias in entry.all_names():
            other = names.setdefault(fold(alias), key)
            if other != key:
                raise RulesDataError(
                    file, key, "aliases", f"name {alias!r} is also used by {other!r}"
                )
    index[kind] = names


def _build(raw: Mapping[str, dict[str, Any]]) -> RulesData:
    """Validate every file, check cross references, resolve profiles."""
    knobs = _validate(Knobs, raw["knobs"], "knobs.toml")
    weapons = _entries(raw["weapons"], Weapon, "weapons.toml")
    _only(raw["armour"], ("armour", "shield"), "armour.toml")
    armours = _entries(
        _table(raw["armour"], "armour", "armour.toml"), Armour, "armour.toml", "armour."
    )
    shields = _entries(
        _table(raw["armour"], "shield", "armour.toml"), Shield, "armour.toml", "shield."
    )
    _only(raw["profiles"], ("profile", "rank"), "profiles.toml")
    entries = _entries(
        _table(raw["profiles"], "profile", "profiles.toml"),
        ProfileEntry,
        "profiles.toml",
        "profile.",
    )
    ranks = _entries(
        _table(raw["profiles"], "rank", "profiles.toml"), RankTemplate, "profiles.toml", "rank."
    )
    arch_raw = raw["archetypes"]
    _only(arch_raw, ("tracks", "archetype", "signature"), "archetypes.toml")
    tracks = _validate(Tracks, {"tracks": arch_raw.get("tracks")}, "archetypes.toml").tracks
    archetypes = _entries(
        _table(arch_raw, "archetype", "archetypes.toml"), Archetype, "archetypes.toml", "archetype."
    )
    signatures = _validate(Signatures, arch_raw.get("signature"), "archetypes.toml", "signature")
    _only(raw["gifts"], ("strain", "gift"), "gifts.toml")
    strain = _validate(Strain, raw["gifts"].get("strain"), "gifts.toml", "strain")
    gifts = _entries(_table(raw["gifts"], "gift", "gifts.toml"), Gift, "gifts.toml", "gift.")
    injury = _validate(InjuryTable, raw["injury"], "injury.toml")
    _only(raw["talents"], ("talent",), "talents.toml")
    talents = _entries(
        _table(raw["talents"], "talent", "talents.toml"), Talent, "talents.toml", "talent."
    )

    index: dict[str, dict[str, str]] = {}
    _index("weapon", "weapons.toml", weapons, index)
    _index("armour", "armour.toml", armours, index)
    _index("shield", "armour.toml", shields, index)
    _index("profile", "profiles.toml", entries, index)
    _index("rank", "profiles.toml", ranks, index)
    _index("archetype", "archetypes.toml", archetypes, index)
    _index("gift", "gifts.toml", gifts, index)
    _index("talent", "talents.toml", talents, index)

    def ref(kind: str, name: str, file: str, entry: str, fld: str) -> str:
        key = index[kind].get(fold(name))
        if key is None:
            known = ", ".join(sorted(set(index[kind].values())))
            raise RulesDataError(file, entry, fld, f"unknown {kind} {name!r} (known: {known})")
        return key

    for name, arch in archetypes.items():
        if arch.track not in tracks:
            known = ", ".join(tracks)
            raise RulesDataError(
                "archetypes.toml",
                f"archetype.{name}",
                "track",
                f"unknown track {arch.track!r} (known: {known})",
            )
        for sig in arch.signatures:
            if sig not in SIGNATURE_NAMES:
                raise RulesDataError(
                    "archetypes.toml",
                    f"archetype.{name}",
                    "signatures",
                    f"unknown signature {sig!r} (known: {', '.join(SIGNATURE_NAMES)})",
                )
    for name, gift in gifts.items():
        if gift.weapon is not None:
            ref("weapon", gift.weapon, "gifts.toml", f"gift.{name}", "weapon")
    for name, rank in ranks.items():
        if rank.cost is not None and rank.cost not in RankCost.model_fields:
            raise RulesDataError(
                "profiles.toml",
                f"rank.{name}",
                "cost",
                f"unknown rank cost {rank.cost!r} (knobs raid.rank_cost: "
                f"{', '.join(RankCost.model_fields)})",
            )
        seen = {name}
        base = rank.base
        while base is not None:
            key = ref("rank", base, "profiles.toml", f"rank.{name}", "base")
            if key in seen:
                raise RulesDataError("profiles.toml", f"rank.{name}", "base", "ranks form a cycle")
            seen.add(key)
            base = ranks[key].base

    _check_unarmed(knobs, weapons, ref)
    _check_talents(talents, ref)
    for name, e in entries.items():
        _check_gifts(name, e, archetypes, signatures, ref)
    rules = RulesData(
        raw=copy.deepcopy(dict(raw)),
        knobs=knobs,
        weapons=weapons,
        armours=armours,
        shields=shields,
        ranks=ranks,
        archetypes=archetypes,
        tracks=tracks,
        signatures=signatures,
        gifts=gifts,
        strain=strain,
        injury=injury,
        talents=talents,
        profiles={},
        _index=index,
    )
    profiles = {
        name: _resolve(name, e, ref, rules, armours, shields, archetypes, tracks)
        for name, e in entries.items()
    }
    return replace(rules, profiles=profiles)


def _check_unarmed(knobs: Knobs, weapons: Mapping[str, Weapon], ref: Any) -> None:
    """melee.unarmed_weapon is empty or names a melee weapon."""
    name = knobs.melee.unarmed_weapon
    if not name:
        return
    weapon = weapons[ref("weapon", name, "knobs.toml", "melee", "unarmed_weapon")]
    if not weapon.is_melee:
        raise RulesDataError(
            "knobs.toml",
            "melee",
            "unarmed_weapon",
            f"{name!r} is a {weapon.type} weapon; the unarmed weapon must be a melee weapon",
        )


def _check_talents(talents: Mapping[str, Talent], ref: Any) -> None:
    """Who may take each talent, its classes' and weapon's names, and every number
    the engine reads (`game.rules.talents.NEEDS`)."""
    file = "talents.toml"
    for name, talent in talents.items():
        entry = f"talent.{name}"
        for arch in talent.who:
            ref("archetype", arch, file, entry, "who")
        for cls, members in talent.classes.items():
            for weapon in members:
                ref("weapon", weapon, file, entry, f"classes.{cls}")
        if talent.weapon is not None:
            ref("weapon", talent.weapon, file, entry, "weapon")
    missing = missing_numbers(talents)
    if missing is not None:
        name, fld = missing
        raise RulesDataError(file, f"talent.{name}", fld, "the engine reads this number: give it")


def _check_gifts(
    name: str,
    e: ProfileEntry,
    archetypes: Mapping[str, Archetype],
    signatures: Signatures,
    ref: Any,
) -> None:
    """Gifts belong to a Gezeichnet figure (the Hexer), at most the signature's
    `gifts` of them (§13: "two gifts")."""
    if not e.gifts:
        return
    file, entry = "profiles.toml", f"profile.{name}"
    arch = None
    if e.archetype is not None:
        arch = archetypes[ref("archetype", e.archetype, file, entry, "archetype")]
    if arch is None or "Gezeichnet" not in arch.signatures:
        raise RulesDataError(
            file, entry, "gifts", "only a figure with Gezeichnet (the Hexer) has gifts (§13)"
        )
    most = signatures.gezeichnet.gifts
    if len(e.gifts) > most:
        raise RulesDataError(
            file,
            entry,
            "gifts",
            f"{len(e.gifts)} gifts, but Gezeichnet gives at most {most} "
            "(archetypes.toml signature.Gezeichnet.gifts)",
        )


def _resolve(
    name: str,
    e: ProfileEntry,
    ref: Any,
    rules: RulesData,
    armours: Mapping[str, Armour],
    shields: Mapping[str, Shield],
    archetypes: Mapping[str, Archetype],
    tracks: Mapping[str, tuple[int, ...]],
) -> Profile:
    """Fill in derived values and canonical names of one profile."""
    knobs = rules.knobs
    file, entry = "profiles.toml", f"profile.{name}"
    arch = None
    if e.archetype is not None:
        arch = archetypes[ref("archetype", e.archetype, file, entry, "archetype")]
    if e.armour is not None:
        armour: Armour | None = armours[ref("armour", e.armour, file, entry, "armour")]
    elif e.ws is None:
        armour = armours[ref("armour", "None", file, entry, "armour")]
    else:
        armour = None
    loadouts = e.loadouts or (e.weapons,)
    loadouts = tuple(tuple(ref("weapon", w, file, entry, "weapons") for w in lo) for lo in loadouts)
    shield = ref("shield", e.shield, file, entry, "shield") if e.shield else None
    kampfstufe = tracks[arch.track][e.level - 1] if arch is not None else 0
    try:
        talents = rules.figure_talents(e.talents, arch.name if arch else None, loadouts[0])
    except TalentError as exc:
        raise RulesDataError(file, entry, "talents", str(exc)) from None
    plain = Profile(
        name=name,
        german=e.german,
        faction=e.faction,
        core=e.core,
        archetype=arch.name if arch else None,
        rank=e.rank,
        kor=e.kor,
        ref=e.ref,
        ver=e.ver,
        wil=e.wil,
        mindless=e.mindless,
        morale_immune=e.mindless or (arch is not None and arch.morale_immune),
        tp=e.tp if e.tp is not None else knobs.derived.base_tp + e.kor,
        vw=e.vw if e.vw is not None else knobs.derived.base_vw + e.ref,
        ws=armour.ws if armour is not None else e.ws or 0,
        armour=armour.name if armour is not None else None,
        move=e.move if e.move is not None else knobs.move.base + (armour.move if armour else 0),
        loadouts=loadouts,
        shield=shield,
        shield_melee_ws=shields[shield].melee_ws if shield else 0,
        gifts=tuple(ref("gift", g, file, entry, "gifts") for g in e.gifts),
        talents=talents,
        level=e.level,
        kampfstufe=e.kampfstufe if e.kampfstufe is not None else kampfstufe,
        attack_bonus=e.attack_bonus,
        br_bonus=e.br_bonus,
        leader=e.leader,
        base_radius=e.base_radius,
        structure_wounds=e.structure_wounds,
        cost=e.cost if e.cost is not None else knobs.raid.rank_cost.footsoldier,
    )
    return with_talents(plain, rules)


@cache
def _default() -> RulesData:
    return _build(_read(DATA_DIR))


def load_rules(
    overrides: Mapping[str, Any] | None = None, data_dir: Path | None = None
) -> RulesData:
    """The rules data (cached default), optionally from another folder or overridden."""
    rules = _default() if data_dir is None else _build(_read(data_dir))
    return rules.with_overrides(overrides) if overrides else rules
