"""The rules core: data tables and pure resolution functions (no geometry, no I/O).

Start here:
- `loader.load_rules()` → `RulesData` (weapons, armour, profiles, knobs …;
  `with_overrides`)
- `combatant.Combatant.from_profile(...)`, `combatant.AttackContext(...)` — the inputs
- `attack.resolve_attack(...)` → `AttackResult` (events + numbers);
  `game.odds.attack_odds` gives the exact odds of the same attack
- area attacks, ammo, injury/first aid, morale, saves, signatures: see the modules.

Import from the modules themselves (`from game.rules.attack import resolve_attack`):
this package imports none of them, so loading the rules data (`main.py check`)
does not load every resolution module.
"""
