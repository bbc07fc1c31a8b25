"""Breaking barricades and gates (§11): melee pools against structure points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from game.dice import Dice
from game.events import CatalogueEvent, faces_text
from game.i18n import tr
from game.rules.attack import AttackInputError, count_wounds
from game.rules.combatant import Combatant
from game.rules.loader import RulesData
from game.rules.models import Weapon
from game.rules.wounds import needed_number, wound_word

StructureKind = Literal["barricade", "gate"]


@dataclass(frozen=True, slots=True)
class StructureDamaged(CatalogueEvent):
    """A melee attack on a barricade or closed gate: each wound −1 structure point,
    a Brute's count double (§11, §14)."""

    kind: ClassVar[str] = "structure"
    section: ClassVar[str] = "§5.3"
    who: str
    structure_kind: str
    faces: tuple[int, ...]
    need: int
    wounds: int
    factor: int
    damage: int
    before: int
    after: int

    def values(self, language: str) -> dict[str, Any]:
        return {
            "structure": tr(f"rules.structure_name.{self.structure_kind}", language=language),
            "dice": faces_text(self.faces),
            "count": wound_word(self.wounds, language),
            "broken": tr("rules.word.broken", language=language) if self.after <= 0 else "",
        }


def structure_points(kind: StructureKind, rules: RulesData) -> int:
    """Full structure points of a barricade (P: 6) or a closed gate (P: 8)."""
    return rules.knobs.structure.barricade if kind == "barricade" else rules.knobs.structure.gate


def attack_structure(
    attacker: Combatant,
    weapon: Weapon,
    kind: StructureKind,
    points: int,
    rules: RulesData,
    dice: Dice,
) -> StructureDamaged:
    """A melee attack on a structure hits automatically (P); the pool rolls against
    the knob structure.ws − BR; each wound costs `attacker.structure_wounds` points.
    At 0 the barricade becomes rubble / the gate is broken (the board's job)."""
    if not weapon.is_melee:
        raise AttackInputError("only melee attacks break barricades and gates")
    knobs = rules.knobs
    need = needed_number(
        knobs.structure.ws, br=weapon.br + attacker.br_bonus, floor=knobs.attack.needed_floor
    )
    faces = dice.pool(weapon.pool)
    wounds = count_wounds(faces, need)
    damage = wounds * attacker.structure_wounds
    after = max(0, points - damage)
    return StructureDamaged(
        attacker.name, kind, faces, need, wounds, attacker.structure_wounds, damage, points, after
    )
