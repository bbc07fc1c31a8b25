"""The end of an attack on a figure, after the attack roll: ammo and jams, the
damage pool, harm landing, noise (docs/RULES.md §5.2, §5.6, §8)."""

from __future__ import annotations

from game.events import Event
from game.play import harm, noise, talent_room
from game.play.contract import GameView
from game.rules.ammo import AmmoState, uses_ammo
from game.rules.attack import AttackPlan, HitRoll, ToHitRolled, finish_attack, noise_source
from game.rules.models import Weapon
from game.state import Figure


def ammo_state(attacker: Figure, weapon: Weapon) -> AmmoState | None:
    """The weapon's ammo as the rules see it (None: it uses none).

    Firearms and bows share the figure's supply die (`Figure.ammo`); the magazine
    and the jam are the carried weapon's. Thrown weapons count their uses.
    """
    if not uses_ammo(weapon):
        return None
    carried = attacker.weapon(weapon.name)
    if weapon.type == "thrown":
        return AmmoState(supply=carried.uses or 0)
    return AmmoState(supply=attacker.ammo, magazine=carried.loaded, jammed=carried.jammed)


def store_ammo(attacker: Figure, weapon: Weapon, ammo: AmmoState | None) -> None:
    """Write the rules' ammo state back onto the figure and its weapon."""
    if ammo is None:
        return
    carried = attacker.weapon(weapon.name)
    if weapon.type == "thrown":
        carried.uses = ammo.supply
        return
    attacker.ammo = ammo.supply
    carried.loaded = ammo.magazine
    carried.jammed = ammo.jammed


def finish(
    game: GameView,
    attacker: Figure,
    target: Figure,
    plan: AttackPlan,
    hit: HitRoll,
) -> list[Event]:
    """Everything after the attack roll (whose event the caller already reported)."""
    weapon = plan.weapon
    result = finish_attack(plan, hit, game.rules, game.dice, ammo=ammo_state(attacker, weapon))
    events = [e for e in result.events if not isinstance(e, ToHitRolled)]
    store_ammo(attacker, weapon, result.ammo)
    was_standing = target.standing
    events += harm.land(game, target, result)
    events += talent_room.after_strike(game, attacker, target, weapon, was_standing)
    source = noise_source(weapon)
    if source is not None:  # a Laut weapon fired, even a shot that jammed it (§8)
        events += noise.make_noise(game, source, attacker.pos, attacker.id)
    return events
