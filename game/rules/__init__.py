"""The rules core: data tables and pure resolution functions (no geometry, no I/O).

Start here:
- `load_rules()` → `RulesData` (weapons, armour, profiles, knobs …; `with_overrides`)
- `Combatant.from_profile(...)`, `AttackContext(...)` — the inputs
- `resolve_attack(...)` → `AttackResult` (events + numbers); `game.odds.attack_odds`
  gives the exact odds of the same attack
- area attacks, ammo, injury/first aid, morale, saves, signatures: see the modules.
"""

from __future__ import annotations

from game.rules.abilities import (
    AbilityError,
    add_strain,
    cast_gift,
    dread,
    frenzy,
    immune_serum,
    intercept,
    plague_breath,
    shield_wall_bonus,
    strain_limit,
    veil,
)
from game.rules.ammo import AmmoState, fire_problem, fresh_ammo, reload, spend_ammo
from game.rules.area import burn_damage, minefield_weapon, template_damage, throw_template
from game.rules.attack import (
    AttackInputError,
    AttackPlan,
    AttackResult,
    finish_attack,
    plan_attack,
    range_band,
    resolve_attack,
    roll_to_hit,
)
from game.rules.checks import Outcome, check_outcome, roll_check, saving_throw
from game.rules.combatant import AttackContext, Combatant, Condition
from game.rules.injury import fall, first_aid, injury_result, stand_up
from game.rules.loader import RulesData, RulesDataError, UnknownNameError, load_rules
from game.rules.morale import morale_retest, morale_test, morale_test_due
from game.rules.structures import attack_structure, structure_points
from game.rules.wounds import apply_wounds, die_wounds, needed_number

__all__ = [
    "AbilityError",
    "AmmoState",
    "AttackContext",
    "AttackInputError",
    "AttackPlan",
    "AttackResult",
    "Combatant",
    "Condition",
    "Outcome",
    "RulesData",
    "RulesDataError",
    "UnknownNameError",
    "add_strain",
    "apply_wounds",
    "attack_structure",
    "burn_damage",
    "cast_gift",
    "check_outcome",
    "die_wounds",
    "dread",
    "fall",
    "finish_attack",
    "fire_problem",
    "first_aid",
    "frenzy",
    "fresh_ammo",
    "immune_serum",
    "injury_result",
    "intercept",
    "load_rules",
    "minefield_weapon",
    "morale_retest",
    "morale_test",
    "morale_test_due",
    "needed_number",
    "plague_breath",
    "plan_attack",
    "range_band",
    "reload",
    "resolve_attack",
    "roll_check",
    "roll_to_hit",
    "saving_throw",
    "shield_wall_bonus",
    "spend_ammo",
    "stand_up",
    "strain_limit",
    "structure_points",
    "template_damage",
    "throw_template",
    "veil",
]
