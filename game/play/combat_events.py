"""Events of the combat room: what the engine measured and decided around an
attack (sight, distance, cover, Abfangen, templates, burning zones, structures).

The dice themselves are reported by the rules' events (`game.rules.attack` …).
Each explains itself through `game/i18n/<lang>/combat.toml` (key = `kind`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.events import CatalogueEvent
from game.i18n import tr


@dataclass(frozen=True, slots=True)
class CombatEvent(CatalogueEvent):
    """Base of the combat room's events."""

    room: ClassVar[str] = "combat"


def _cover_text(cover: int, language: str) -> str:
    return tr(f"combat.cover.{('none', 'light', 'heavy')[cover]}", language=language)


@dataclass(frozen=True, slots=True)
class AttackMade(CombatEvent):
    """An attack on a figure: weapon, distance between bases, sight and cover (§5.1, §10)."""

    kind: ClassVar[str] = "attack"
    section: ClassVar[str] = "§5.1"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "target")
    attacker: str
    target: str
    weapon: str
    mode: str
    distance: float
    visible_fraction: float
    cover: int
    took_cover: bool
    burst: bool
    long_range: bool

    def values(self, language: str) -> dict[str, Any]:
        notes = []
        if self.burst:
            notes.append(tr("combat.note.burst", language=language))
        if self.long_range:
            notes.append(tr("combat.note.long_range", language=language))
        if self.took_cover:
            notes.append(tr("combat.note.took_cover", language=language))
        return {
            "mode_text": tr(f"combat.mode.{self.mode}", language=language),
            "cover_text": _cover_text(self.cover, language),
            "percent": round(self.visible_fraction * 100),
            "notes": "".join(f"; {n}" for n in notes),
        }


@dataclass(frozen=True, slots=True)
class AttackWithheld(CombatEvent):
    """An interrupt attack (overwatch, charge, free) that cannot be made; `reason`
    is the engine's explanation (English)."""

    kind: ClassVar[str] = "attack_withheld"
    section: ClassVar[str] = "§5.1"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "target")
    attacker: str
    target: str
    weapon: str
    mode: str
    reason: str

    def values(self, language: str) -> dict[str, Any]:
        return {"mode_text": tr(f"combat.mode.{self.mode}", language=language)}


@dataclass(frozen=True, slots=True)
class InterceptOffered(CombatEvent):
    """A hit on a figure next to a Hüter: its side decides on Abfangen (§13)."""

    kind: ClassVar[str] = "intercept_offered"
    section: ClassVar[str] = "§13"
    refs: ClassVar[tuple[str, ...]] = ("attacker", "ally", "guardians")
    guardians: tuple[str, ...]
    ally: str
    attacker: str

    def values(self, language: str) -> dict[str, Any]:
        return {"who": self.name(*self.guardians, language=language)}


@dataclass(frozen=True, slots=True)
class InterceptDecided(CombatEvent):
    """Abfangen accepted or declined; `auto` when the engine decided it for an
    overwatch or free attack (the Hüter steps in if its needed number is higher)."""

    kind: ClassVar[str] = "intercept_decided"
    section: ClassVar[str] = "§13"
    refs: ClassVar[tuple[str, ...]] = ("guardian", "ally")
    guardian: str
    ally: str
    accept: bool
    auto: bool
    guardian_need: int
    ally_need: int

    def values(self, language: str) -> dict[str, Any]:
        key = "accept" if self.accept else "decline"
        how = tr("combat.note.auto_intercept", language=language) if self.auto else ""
        return {"decision": tr(f"combat.intercept.{key}", language=language), "how": how}


@dataclass(frozen=True, slots=True)
class StructureBroken(CombatEvent):
    """A barricade became rubble or a gate broke open (§11)."""

    kind: ClassVar[str] = "structure_broken"
    section: ClassVar[str] = "§11"
    refs: ClassVar[tuple[str, ...]] = ("figure", "piece")
    figure: str
    piece: str
    structure_kind: str

    def values(self, language: str) -> dict[str, Any]:
        piece = self.name(self.piece, language=language)
        what = tr(f"combat.broken.{self.structure_kind}", language=language, piece=piece)
        return {"what": what}


@dataclass(frozen=True, slots=True)
class ThrowAimed(CombatEvent):
    """A throw at a visible point within range (§5.5)."""

    kind: ClassVar[str] = "throw"
    section: ClassVar[str] = "§5.5"
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
    refs: ClassVar[tuple[str, ...]] = ("touched", "shielded")
    source: str  # throw | minefield
    weapon: str
    x: float
    y: float
    radius: float
    touched: tuple[str, ...]
    covers: tuple[int, ...]
    shielded: tuple[str, ...]

    def values(self, language: str) -> dict[str, Any]:
        hit = [
            f"{self.name(fid, language=language)} ({_cover_text(c, language)})"
            for fid, c in zip(self.touched, self.covers, strict=True)
        ]
        none = tr("combat.word.nobody", language=language)
        shielded = ""
        if self.shielded:
            shielded = tr(
                "combat.note.shielded",
                language=language,
                who=self.name(*self.shielded, language=language),
            )
        out = {"hit": ", ".join(hit) or none, "shielded_text": shielded}
        out["source_text"] = tr(f"combat.source.{self.source}", language=language)
        if self.source == "minefield":  # the mine, not a weapon of the rules data
            out["weapon"] = tr("names.kind.minefield", language=language)
        return out


@dataclass(frozen=True, slots=True)
class BurningZoneAdded(CombatEvent):
    """A Feuer template leaves a burning zone for some rounds (§5.5)."""

    kind: ClassVar[str] = "burning_zone"
    section: ClassVar[str] = "§5.5"
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
    refs: ClassVar[tuple[str, ...]] = ("figure", "zone")
    figure: str
    zone: str


@dataclass(frozen=True, slots=True)
class FinishedOff(CombatEvent):
    """A deliberate coup-de-grâce on an incapacitated enemy: no roll, it dies (§9, P)."""

    kind: ClassVar[str] = "finished_off"
    section: ClassVar[str] = "§9"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str
    weapon: str
    was: str  # the target's condition before (down | out_unstable | out_stable)

    def values(self, language: str) -> dict[str, Any]:
        return {"was_text": tr(f"combat.was.{self.was}", language=language)}
