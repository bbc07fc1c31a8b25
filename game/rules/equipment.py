"""Seed 002's equipment on DEAD.EARTH (docs/RULES.md §18): the items as data
(`data/equipment.toml`), how a figure's list of items is read and checked, and the
Truppwert of a side (seed 000 §10.4).

A scenario figure carries items by name (`equipment = ["Bajonett", "Handgranate",
"Handgranate"]`); an item fitted to one weapon (bayonet, scope) may name it after a
colon ("Zielfernrohr: Hunting rifle"), else it goes on the first weapon it fits.
`read_equipment` turns such a list into `Kit` (canonical names, the weapon each
fitted item sits on) or raises `EquipmentError` with the reason a player reads.
Everything here is pure: no game state, no dice.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.rules.loader import RulesData, RulesDataError, UnknownNameError, fold

DATA_FILE = Path(__file__).parent / "data" / "equipment.toml"

Effect = Literal[
    "armour",
    "shield",
    "weapon",
    "bayonet",
    "scope",
    "treatment",
    "charge",
    "schnaps",
    "jetpack",
    "none",
]
Setting = Literal["H", "M", "SF"]
BAYONET = "Bayonet"
SCOPE = "Scope"
CHARGE = "Demolition charge"
SCHNAPS = "Schnaps"
JETPACK = "Jetpack"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Item(_Model):
    """One item of seed 002 and how the table plays it."""

    name: str = ""
    german: str
    aliases: tuple[str, ...] = ()
    cost: Annotated[int, Field(ge=0, le=100)]
    setting: tuple[Setting, ...]
    effect: Effect
    armour: str | None = None
    shield: str | None = None
    weapon: str | None = None
    dice: Annotated[int, Field(ge=0, le=10)] = 0
    run_cm: Annotated[float, Field(ge=0, le=100)] = 0.0
    range_cm: Annotated[float, Field(ge=0, le=200)] = 0.0
    heal: Annotated[int, Field(ge=0, le=20)] = 0
    move_cm: Annotated[float, Field(ge=0, le=20)] = 0.0
    flight_cm: Annotated[float, Field(ge=0, le=100)] = 0.0
    ws: Annotated[int, Field(ge=-3, le=3)] = 0
    resist: Annotated[int, Field(ge=0, le=10)] = 0
    fits: tuple[str, ...] = ()
    single: bool = False
    group: str | None = None
    missing: str | None = None

    @property
    def fitted(self) -> bool:
        """Is the item fitted to one weapon (bayonet, scope)?"""
        return self.effect in ("bayonet", "scope")


class Truppwert(_Model):
    figure_points: Annotated[float, Field(gt=0, le=1000)]


@dataclass(frozen=True)
class EquipmentData:
    """Every item by its English name, and the Truppwert's figure points."""

    items: Mapping[str, Item]
    truppwert: Truppwert
    _index: Mapping[str, str]

    def item(self, name: str) -> Item:
        """The item a name, German name or alias means (UnknownNameError if none)."""
        key = self._index.get(fold(name))
        if key is None:
            raise UnknownNameError("equipment", name, list(self.items))
        return self.items[key]


class EquipmentError(ValueError):
    """A figure's items break a rule of seed 002 (or name something unknown)."""


@dataclass(frozen=True, slots=True)
class Kit:
    """A figure's equipment, read: each item's canonical name with the weapon it is
    fitted to ("" for an item that fits no weapon), in the order written."""

    items: tuple[tuple[str, str], ...] = ()

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.items)

    def fitted(self, item: str) -> tuple[str, ...]:
        """The weapons that carry this item (a bayonet, a scope)."""
        return tuple(weapon for name, weapon in self.items if name == item and weapon)

    def texts(self) -> tuple[str, ...]:
        """The canonical texts ("Scope:Hunting rifle") a profile keeps."""
        return tuple(f"{n}:{w}" if w else n for n, w in self.items)

    @staticmethod
    def from_texts(texts: Iterable[str]) -> Kit:
        return Kit(tuple((t.partition(":")[0], t.partition(":")[2]) for t in texts))


def _parse(raw: dict[str, object]) -> EquipmentData:
    truppwert = Truppwert.model_validate(raw.pop("truppwert", {}))
    items: dict[str, Item] = {}
    index: dict[str, str] = {}
    for name, entry in raw.items():
        if not isinstance(entry, dict):
            raise RulesDataError("equipment.toml", name, "", "expected a table")
        item = Item.model_validate({**entry, "name": name})
        items[name] = item
        for alias in (name, item.german, *item.aliases):
            index[fold(alias)] = name
    return EquipmentData(items, truppwert, index)


@cache
def load_equipment() -> EquipmentData:
    """Seed 002's items (read once)."""
    try:
        with DATA_FILE.open("rb") as fh:
            raw = tomllib.load(fh)
        return _parse(raw)
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise RulesDataError("equipment.toml", "", "", str(exc)) from None


def read_equipment(
    texts: Sequence[str], weapons: Sequence[str], rules: RulesData, data: EquipmentData
) -> Kit:
    """A figure's items (`texts` as the scenario writes them) for a figure carrying
    `weapons`: checked against seed 002's rules, fitted items on their weapon."""
    read: list[tuple[str, str]] = []
    for text in texts:
        name, colon, choice = text.partition(":")
        try:
            item = data.item(name.strip())
        except UnknownNameError as exc:
            raise EquipmentError(str(exc)) from None
        if item.effect == "none":
            raise EquipmentError(
                f"{item.german} ({item.name}) is not played on the table yet: {item.missing}"
            )
        if colon and not item.fitted:
            raise EquipmentError(f"{item.german} is not fitted to a weapon: write no ':'")
        read.append((item.name, _fit(item, choice.strip(), weapons, rules) if item.fitted else ""))
    _check_counts(read, data)
    return Kit(tuple(read))


def _fit(item: Item, choice: str, weapons: Sequence[str], rules: RulesData) -> str:
    """The weapon a bayonet or scope goes on: the one named, else the first that fits."""
    fits = [rules.canonical("weapon", w) for w in item.fits]
    carried = [rules.canonical("weapon", w) for w in weapons]
    if choice:
        try:
            weapon = rules.canonical("weapon", choice)
        except UnknownNameError as exc:
            raise EquipmentError(str(exc)) from None
        if weapon not in carried:
            raise EquipmentError(f"{item.german}: the figure does not carry {weapon}")
        if weapon not in fits:
            raise EquipmentError(f"{item.german} does not fit {weapon} (it fits {', '.join(fits)})")
        return weapon
    for weapon in carried:
        if weapon in fits:
            return weapon
    raise EquipmentError(
        f"{item.german} needs one of {', '.join(fits)}, and the figure carries none"
    )


def _check_counts(read: Sequence[tuple[str, str]], data: EquipmentData) -> None:
    """At most one of a `single` item, one item per group, one fitting per weapon."""
    counts = Counter(name for name, _ in read)
    for name, n in counts.items():
        item = data.items[name]
        if item.single and n > 1:
            raise EquipmentError(f"a figure may have at most one {item.german}")
    groups: dict[str, list[str]] = {}
    for name in counts:
        group = data.items[name].group
        if group is not None:
            groups.setdefault(group, []).append(data.items[name].german)
    for group, names in groups.items():
        if len(names) > 1 or any(counts[data.item(n).name] > 1 for n in names):
            raise EquipmentError(
                f"a figure may wear one {group} only ({', '.join(names)}): seed 002 combines no two"
            )
    fitted = Counter((name, weapon) for name, weapon in read if weapon)
    for (name, weapon), n in fitted.items():
        if n > 1:
            raise EquipmentError(f"one {data.items[name].german} per weapon: {weapon} has {n}")


def kit_points(kit: Kit, data: EquipmentData) -> int:
    """What a figure's items cost (seed 002's points)."""
    return sum(data.items[name].cost for name in kit.names())


def figure_points(cost: float, kit: Kit, data: EquipmentData) -> float:
    """A figure's Truppwert: its §14.3 cost × the figure points, plus its items (P)."""
    return cost * data.truppwert.figure_points + kit_points(kit, data)
