"""The 3W6 data folder (`game/systems/threew6/data/*.toml`), validated: knobs with the
hit zone table, the profiles of the shipped figures, the weapons' damage."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from game.dice import DiceExpression
from game.rules.models import Model, Weapon
from game.systems.common import Stats, read_folder

DATA_DIR = Path(__file__).parent / "data"
DamageType = Literal["cr", "cut", "imp", "pi", "burn"]
ZoneKind = Literal["head", "limb", "extremity", "torso", "neck"]


class TestKnobs(Model):
    crit_fail: int = Field(ge=3, le=19)
    crit_fail_margin: int = Field(ge=1)


class RangeKnobs(Model):
    near_cm: float = Field(ge=0)
    near: int
    medium: int
    far: int


class Modifiers(Model):
    aimed: int
    burst: int
    moved: int
    cover_light: int
    cover_heavy: int
    into_melee: int


class DefenceKnobs(Model):
    dodge_base: int
    dodge_divisor: int = Field(ge=1)
    parry_base: int
    parry_divisor: int = Field(ge=1)
    block_base: int
    block_divisor: int = Field(ge=1)
    weak_share: float = Field(gt=0, lt=1)
    no_defence_unaware: bool


class InjuryKnobs(Model):
    major_share: float = Field(gt=0, le=1)
    shock_max: int = Field(ge=0)
    shock_per_hp_from: int = Field(ge=1)
    unconscious_margin: int = Field(ge=1)
    bleed_share: float = Field(gt=0, le=1)
    bleed_per: int = Field(ge=1)
    bleed_loss: int = Field(ge=0)
    bleed_crit_loss: int = Field(ge=0)
    weak_share: float = Field(gt=0, lt=1)
    weak_move: float = Field(gt=0, le=1)
    lame_arm_attack: int
    death_multiple: int = Field(ge=1)


class Zone(Model):
    """One hit zone: the 3W6 totals that land there, its kind, the penalty to aim at it."""

    name: str
    rolls: tuple[int, ...] = ()
    kind: ZoneKind
    aim: int = Field(le=0)

    @field_validator("rolls")
    @classmethod
    def _on_the_dice(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 3 <= r <= 18 for r in v):
            raise ValueError("3W6 totals are 3 to 18")
        return v


class DeriveKnobs(Model):
    attribute_base: int
    skill_base: int
    hp_per_tp: float = Field(gt=0)


class Knobs(Model):
    test: TestKnobs
    ranges: RangeKnobs
    modifiers: Modifiers
    defence: DefenceKnobs
    injury: InjuryKnobs
    zone: tuple[Zone, ...] = Field(min_length=1)
    derive: DeriveKnobs

    @field_validator("zone")
    @classmethod
    def _table_complete(cls, v: tuple[Zone, ...]) -> tuple[Zone, ...]:
        rolled = sorted(r for z in v for r in z.rolls)
        if rolled != list(range(3, 19)):
            raise ValueError("the zones' rolls must cover 3 to 18, each once")
        return v

    def zone_named(self, name: str) -> Zone:
        for z in self.zone:
            if z.name == name:
                return z
        raise KeyError(f"no hit zone {name!r} ({', '.join(z.name for z in self.zone)})")

    def zone_rolled(self, total: int) -> Zone:
        for z in self.zone:
            if total in z.rolls:
                return z
        raise KeyError(total)  # pragma: no cover - the validator covers 3..18


class ThreeProfile(Model):
    """One figure's 3W6 values."""

    st: int = Field(ge=1, le=30)
    ge: int = Field(ge=1, le=30)
    in_: int = Field(alias="in", ge=1, le=30)
    ko: int = Field(ge=1, le=30)
    hp: int | None = Field(default=None, ge=1, le=60)
    melee: int = Field(ge=0, le=30)
    ranged: int = Field(ge=0, le=30)
    dr: int = Field(default=0, ge=0, le=20)
    shield: int = Field(default=0, ge=0, le=30)
    condition: int = Field(default=0, ge=0, le=16)

    @property
    def max_hp(self) -> int:
        return self.hp if self.hp is not None else self.ko


class ThreeWeapon(Model):
    """A weapon's damage dice and type, and whether it can parry."""

    damage: str
    type: DamageType = "cr"
    parry: bool = True

    @field_validator("damage")
    @classmethod
    def _dice(cls, v: str) -> str:
        DiceExpression.parse(v)
        return v

    @property
    def dice(self) -> DiceExpression:
        return DiceExpression.parse(self.damage)


@dataclass(frozen=True, slots=True)
class ThreeData:
    """The 3W6 tables; `profile` and `weapon` fall back to values derived from
    DEAD.EARTH's (P) for what the data does not list."""

    knobs: Knobs
    profiles: dict[str, ThreeProfile]
    armour: dict[str, int]
    weapons: dict[str, ThreeWeapon]

    def profile(self, profile: Stats) -> ThreeProfile:
        """The profile's 3W6 values: the data's, else derived (P) from DEAD.EARTH's."""
        found = self.profiles.get(profile.name)
        if found is not None:
            return found
        d = self.knobs.derive
        bonus = profile.kampfstufe + profile.attack_bonus // 2
        ko = _clamp(d.attribute_base + profile.kor)
        return ThreeProfile.model_validate(
            {
                "st": _clamp(d.attribute_base + profile.kor),
                "ge": _clamp(d.attribute_base + profile.ref),
                "in": _clamp(d.attribute_base + profile.ver),
                "ko": ko,
                "hp": min(60, max(ko, math.ceil(d.hp_per_tp * profile.tp))),
                "melee": _clamp(d.skill_base + profile.kor + bonus, 0),
                "ranged": _clamp(d.skill_base + profile.ref + bonus, 0),
                "dr": self.armour.get(profile.armour or "None", 0),
                "shield": 0,
            }
        )

    def weapon(self, weapon: Weapon) -> ThreeWeapon:
        found = self.weapons.get(weapon.name)
        if found is not None:
            return found
        return ThreeWeapon(damage=f"{max(1, weapon.pool)}W6", type="cr", parry=weapon.is_melee)


def _clamp(value: int, low: int = 1) -> int:
    return max(low, min(30, value))


def read_three(folder: Path = DATA_DIR) -> ThreeData:
    """Read and validate a 3W6 data folder."""
    return ThreeData(*read_folder(folder, "threew6", Knobs, ThreeProfile, ThreeWeapon))


@cache
def load_three() -> ThreeData:
    """The shipped 3W6 data (read once)."""
    return read_three()
