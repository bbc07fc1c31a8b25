"""Events of the combat room: what the engine measured and decided around an
attack (sight, distance, cover, Abfangen, templates, burning zones, structures).

The dice themselves are reported by the rules' events (`game.rules.attack` …).
Plain data: the narrator tells each through `game/i18n/<lang>/combat.toml` (key =
`kind`; `game.narration.combat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.events import CatalogueEvent, Family
from game.play.contract import AttackMode


@dataclass(frozen=True, slots=True)
class CombatEvent(CatalogueEvent):
    """Base of the combat room's events."""

    room: ClassVar[str] = "combat"


@dataclass(frozen=True, slots=True)
class AttackMade(CombatEvent):
    """An attack on a figure: weapon, distance between bases, sight and cover (§5.1, §10)."""

    kind: ClassVar[str] = "attack"
    section: ClassVar[str] = "§5.1"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "target")
    attacker: str
    target: str
    weapon: str
    mode: AttackMode
    distance: float
    visible_fraction: float
    cover: int
    took_cover: bool
    burst: bool
    long_range: bool


@dataclass(frozen=True, slots=True)
class AttackWithheld(CombatEvent):
    """An interrupt attack (overwatch, charge, free) that cannot be made; `reason`
    is the engine's explanation in English (`str` of its `game.reason.Reason`: the
    text is part of the events hash, so it is stored, not a key)."""

    kind: ClassVar[str] = "attack_withheld"
    section: ClassVar[str] = "§5.1"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "target")
    attacker: str
    target: str
    weapon: str
    mode: AttackMode
    reason: str


@dataclass(frozen=True, slots=True)
class InterceptOffered(CombatEvent):
    """A hit on a figure next to a Hüter: its side decides on Abfangen (§13)."""

    kind: ClassVar[str] = "intercept_offered"
    section: ClassVar[str] = "§13"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "ally", "guardians")
    guardians: tuple[str, ...]
    ally: str
    attacker: str


@dataclass(frozen=True, slots=True)
class InterceptDecided(CombatEvent):
    """Abfangen accepted or declined; `auto` when the engine decided it for an
    overwatch or free attack (the Hüter steps in if its needed number is higher)."""

    kind: ClassVar[str] = "intercept_decided"
    section: ClassVar[str] = "§13"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("guardian", "ally")
    guardian: str
    ally: str
    accept: bool
    auto: bool
    guardian_need: int
    ally_need: int


@dataclass(frozen=True, slots=True)
class StructureBroken(CombatEvent):
    """A barricade became rubble or a gate broke open (§11)."""

    kind: ClassVar[str] = "structure_broken"
    section: ClassVar[str] = "§11"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "piece")
    figure: str
    piece: str
    structure_kind: str


@dataclass(frozen=True, slots=True)
class ThrowAimed(CombatEvent):
    """A throw at a visible point within range (§5.5)."""

    kind: ClassVar[str] = "throw"
    section: ClassVar[str] = "§5.5"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    weapon: str
    x: float
    y: float
    distance: float
    uses_left: int


@dataclass(frozen=True, slots=True)
class TemplateLanded(CombatEvent):
    """A template at a point: the bases it touches, and those terrain shields (§5.5)."""

    kind: ClassVar[str] = "template_landed"
    section: ClassVar[str] = "§5.5"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("touched", "shielded")
    source: str  # throw | minefield
    weapon: str
    x: float
    y: float
    radius: float
    touched: tuple[str, ...]
    covers: tuple[int, ...]
    shielded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CaughtFire(CombatEvent):
    """A figure a Feuer template wounded burns [brennend] (§5.3, rulebook §8.1)."""

    kind: ClassVar[str] = "caught_fire"
    section: ClassVar[str] = "§5.3"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    until_round: int


@dataclass(frozen=True, slots=True)
class StillBurning(CombatEvent):
    """At the round's end a burning figure takes the fire's pool (§5.3)."""

    kind: ClassVar[str] = "still_burning"
    section: ClassVar[str] = "§5.3"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str


@dataclass(frozen=True, slots=True)
class BurningZoneAdded(CombatEvent):
    """A Feuer template leaves a burning zone for some rounds (§5.5)."""

    kind: ClassVar[str] = "burning_zone"
    section: ClassVar[str] = "§5.5"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("zone",)
    zone: str
    x: float
    y: float
    radius: float
    until_round: int


@dataclass(frozen=True, slots=True)
class Burning(CombatEvent):
    """A figure enters a burning zone or ends its activation in it (§5.5)."""

    kind: ClassVar[str] = "burning"
    section: ClassVar[str] = "§5.5"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "zone")
    figure: str
    zone: str


@dataclass(frozen=True, slots=True)
class FinishedOff(CombatEvent):
    """A deliberate coup-de-grâce on an incapacitated enemy: no roll, it dies (§9, P)."""

    kind: ClassVar[str] = "finished_off"
    section: ClassVar[str] = "§9"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str
    weapon: str
    was: str  # the target's condition before (down | out_unstable | out_stable)
