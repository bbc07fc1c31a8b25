"""The EWS data folder (`game/systems/ews/data/*.toml`), validated: knobs, the
profiles of the shipped figures, the weapons' damage values."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.rules.models import Model, Weapon
from game.systems.common import Stats, read_folder

DATA_DIR = Path(__file__).parent / "data"
Band = Literal["short", "medium", "long", "extreme"]
Speed = Literal["fast", "normal", "slow"]
BANDS: tuple[Band, ...] = ("short", "medium", "long", "extreme")


class TestKnobs(Model):
    auto_margin: int = Field(ge=1)
    step: int = Field(ge=1)


class RangeKnobs(Model):
    short_cm: float = Field(ge=0)
    long_factor: float = Field(ge=1)
    reach_factor: float = Field(ge=1)


class BandMw(Model):
    short: int
    medium: int
    long: int
    extreme: int

    def of(self, band: Band) -> int:
        return int(getattr(self, band))


class ScopeKnobs(Model):
    calm_steps: int = Field(ge=0)


class MwKnobs(Model):
    combat: BandMw
    calm: BandMw
    scope: ScopeKnobs


class Modifiers(Model):
    target_moving: int
    crossing_cm: float = Field(ge=0)
    shooter_walking: int
    shooter_running: int
    difficult_ground: int
    target_in_melee: int
    friend_in_line: int
    stray_faces: tuple[int, ...]
    shooter_cover: int
    shooter_cover_hidden: float = Field(gt=0, le=1)
    shooter_blind: int
    shooter_blind_hidden: float = Field(gt=0, le=1)


class CoverStep(Model):
    hidden: float = Field(gt=0, le=1)
    mw: int


class MeleeKnobs(Model):
    extra_opponent: int = Field(ge=0)


class DodgeKnobs(Model):
    fast: int
    normal: int
    slow: int
    difficult_ground: int
    min_chance: float = Field(ge=0, le=1)

    def mw(self, speed: Speed) -> int:
        return int(getattr(self, speed))


class DamageKnobs(Model):
    burst: int = Field(ge=0)


class WoundKnobs(Model):
    ws_divisor: int = Field(ge=1)
    wound_malus: int = Field(ge=0)
    critical_malus: int = Field(ge=0)
    stagger_malus: int = Field(ge=0)
    low_malus: int = Field(ge=0)
    threshold_mw: tuple[int, ...] = Field(min_length=1)
    dead_multiple: int = Field(ge=1)


class DeriveKnobs(Model):
    skill_base: int
    dodge_base: int
    con_per_tp: int = Field(ge=1)


class SchnapsKnobs(Model):
    malus: int = Field(ge=0)
    resist: int = Field(ge=0)


class Knobs(Model):
    test: TestKnobs
    ranges: RangeKnobs
    mw: MwKnobs
    modifiers: Modifiers
    cover: tuple[CoverStep, ...]
    melee: MeleeKnobs
    dodge: DodgeKnobs
    damage: DamageKnobs
    wounds: WoundKnobs
    derive: DeriveKnobs
    schnaps: SchnapsKnobs


class EwsProfile(Model):
    """One figure's EWS values (seed 004 "Kampfwerte")."""

    melee: int = Field(ge=0, le=30)
    ranged: int = Field(ge=0, le=30)
    dodge: int = Field(ge=0, le=30)
    con: int = Field(ge=3, le=30)
    armour: int = Field(default=0, ge=0, le=20)
    shield: int = Field(default=0, ge=0, le=10)


class EwsWeapon(Model):
    """A weapon's EWS damage value and how fast its projectile flies."""

    damage: int = Field(ge=0, le=40)
    speed: Speed = "normal"


@dataclass(frozen=True, slots=True)
class EwsData:
    """The EWS tables; `profile` and `weapon` fall back to values derived from
    DEAD.EARTH's (P) for what the data does not list."""

    knobs: Knobs
    profiles: dict[str, EwsProfile]
    armour: dict[str, int]
    weapons: dict[str, EwsWeapon]

    def profile(self, profile: Stats) -> EwsProfile:
        """The profile's EWS values: the data's, else derived (P) from DEAD.EARTH's
        attributes, Kampfstufe and rank bonus, TP and armour."""
        found = self.profiles.get(profile.name)
        if found is not None:
            return found
        d = self.knobs.derive
        bonus = profile.kampfstufe + profile.attack_bonus
        return EwsProfile(
            melee=_clamp(d.skill_base + profile.kor + bonus),
            ranged=_clamp(d.skill_base + profile.ref + bonus),
            dodge=_clamp(d.dodge_base + profile.ref),
            con=max(6, min(24, d.con_per_tp * profile.tp)),
            armour=self.armour.get(profile.armour or "None", 0),
        )

    def weapon(self, weapon: Weapon) -> EwsWeapon:
        found = self.weapons.get(weapon.name)
        if found is not None:
            return found
        speed: Speed = "slow" if weapon.type == "thrown" else "fast" if weapon.firearm else "normal"
        return EwsWeapon(damage=2 * weapon.pool + weapon.br, speed=speed)


def _clamp(value: int) -> int:
    return max(3, min(24, value))


def read_ews(folder: Path = DATA_DIR) -> EwsData:
    """Read and validate a EWS data folder."""
    return EwsData(*read_folder(folder, "ews", Knobs, EwsProfile, EwsWeapon))


@cache
def load_ews() -> EwsData:
    """The shipped EWS data (read once)."""
    return read_ews()
