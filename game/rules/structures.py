"""Breaking barricades and gates (§11): melee pools against structure points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from game.dice import Dice
from game.events import CatalogueEvent, Family
from game.reason import Reason
from game.rules.attack import AttackInputError, count_wounds
from game.rules.combatant import Combatant
from game.rules.loader import RulesData
from game.rules.models import Weapon
from game.rules.wounds import needed_number

StructureKind = Literal["barricade", "gate"]


@dataclass(frozen=True, slots=True)
class StructureDamaged(CatalogueEvent):
    """A melee attack on a barricade or closed gate: each wound −1 structure point,
    a Brute's count double (§11, §14)."""

    kind: ClassVar[str] = "structure"
    section: ClassVar[str] = "§5.3"
    family: ClassVar[Family] = "harm"
    who: str
    structure_kind: str
    faces: tuple[int, ...]
    need: int
    wounds: int
    factor: int
    damage: int
    before: int
    after: int


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
        raise AttackInputError(Reason.of("structure.melee_only"))
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
