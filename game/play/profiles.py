"""Profiles of the figures in a scenario: named ones from the rules data, or inline
stats based on a named profile (docs/SCENARIO.md "Profiles may also be given inline");
and a new figure at full strength from its profile (the scenario's, a wave's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.naming import readable_id
from game.rules.equipment import load_equipment, read_equipment
from game.rules.loader import RulesData
from game.rules.profile import Profile
from game.rules.talent_effects import with_talents, without_talents
from game.rules.talents import TalentError
from game.scenario import FigureSpec, InlineStats
from game.state import Figure, WeaponState


class InlineStatsError(ValueError):
    """Inline stats that make no valid profile; `field` names the stats field at fault."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def figure_profile(spec: FigureSpec, rules: RulesData) -> Profile:
    """The resolved profile of a scenario figure with its equipment (raises on
    unknown names; EquipmentError on items that break seed 002's rules)."""
    if spec.stats is None:
        assert spec.profile is not None
        profile = rules.profile(spec.profile)
    else:
        profile = inline_profile(spec.stats, rules)
    return equipped(profile, spec.equipment, rules) if spec.equipment else profile


def equipped(profile: Profile, texts: Sequence[str], rules: RulesData) -> Profile:
    """The profile with seed 002's items (docs/RULES.md §18): an armour item sets the
    armour (its WS and move change), a shield the shield, each grenade, Molotov or
    dynamite one more use of that weapon; the items are kept for the bayonet and the
    scope."""
    data = load_equipment()
    kit = read_equipment(texts, profile.weapons, rules, data)
    changes: dict[str, Any] = {"equipment": kit.texts()}
    weapons = list(profile.weapons)
    for name in kit.names():
        item = data.items[name]
        if item.armour is not None:
            arm = rules.armour(item.armour)
            changes.update(armour=arm.name, ws=arm.ws, move=rules.knobs.move.base + arm.move)
        if item.shield is not None:
            shield = rules.shield(item.shield)
            changes.update(shield=shield.name, shield_melee_ws=shield.melee_ws)
        if item.weapon is not None:
            weapons.append(rules.weapon(item.weapon).name)
    if len(weapons) > len(profile.weapons):
        changes["loadouts"] = (tuple(weapons), *profile.loadouts[1:])
    return replace(profile, **changes)


def inline_profile(stats: InlineStats, rules: RulesData) -> Profile:
    """A one-off profile: the base profile (or a plain extra) with overrides.

    Raises InlineStatsError when the overrides break a rule of the profiles data:
    an archetype without Gezeichnet on a base with gifts (§13), a talent the
    archetype may not take, or one taken too often or with a wrong choice (§13.1)."""
    base = rules.profile(stats.base) if stats.base else rules.profile("Militia")
    base = without_talents(base, rules)  # its values before its talents; ours follow
    knobs = rules.knobs
    kor = base.kor if stats.KOER is None else stats.KOER
    ref = base.ref if stats.REF is None else stats.REF
    ver = base.ver if stats.VER is None else stats.VER
    wil = base.wil if stats.WIL is None else stats.WIL
    tp = stats.TP if stats.TP is not None else base.tp + (kor - base.kor)
    vw = stats.VW if stats.VW is not None else base.vw + (ref - base.ref)
    armour = base.armour
    ws = base.ws
    move = base.move
    if stats.armour is not None:
        arm = rules.armour(stats.armour)
        armour, ws = arm.name, arm.ws
        move = knobs.move.base + arm.move
    if stats.WS is not None:
        ws = stats.WS
    if stats.move is not None:
        move = float(stats.move)
    archetype = base.archetype
    morale_immune = base.morale_immune
    if stats.archetype is not None:
        arch = rules.archetype(stats.archetype)
        if base.gifts and "Gezeichnet" not in arch.signatures:
            raise InlineStatsError(
                "archetype",
                f"{arch.name} has no Gezeichnet, but the base {base.name} has gifts "
                f"({', '.join(base.gifts)}): only a figure with Gezeichnet (the Hexer) "
                "has gifts (§13)",
            )
        archetype = arch.name
        morale_immune = base.mindless or arch.morale_immune
    level = stats.level or base.level
    loadouts = base.loadouts
    if stats.weapons is not None:
        loadouts = (tuple(rules.weapon(w).name for w in stats.weapons),)
    talents = tuple(stats.talents) if stats.talents is not None else base.talents
    try:
        talents = rules.figure_talents(talents, archetype, loadouts[0])
    except TalentError as exc:
        raise InlineStatsError("talents", str(exc)) from None
    radius = base.base_radius
    if stats.base_mm is not None:
        radius = knobs.base_radius.large if stats.base_mm == 40 else knobs.base_radius.small
    made = replace(
        base,
        name=stats.name or base.name,
        kor=kor,
        ref=ref,
        ver=ver,
        wil=wil,
        tp=tp,
        vw=vw,
        armour=armour,
        ws=ws,
        move=move,
        archetype=archetype,
        morale_immune=morale_immune,
        level=level,
        kampfstufe=rules.kampfstufe(archetype, level) if archetype else base.kampfstufe,
        loadouts=loadouts,
        talents=talents,
        base_radius=radius,
    )
    return with_talents(made, rules)


def new_figure(
    figure_id: str,
    profile: Profile,
    rules: RulesData,
    *,
    side: str,
    squad: str,
    at: tuple[float, float],
    facing: float,
) -> Figure:
    """A figure at full TP with loaded weapons and a full ammo supply (§5.6)."""
    weapons: list[WeaponState] = []
    for name in profile.weapons:
        weapon = rules.weapon(name)
        same = next((w for w in weapons if w.name == weapon.name), None)
        if same is not None and same.uses is not None and weapon.uses is not None:
            same.uses += weapon.uses  # a second grenade bought: one more use (seed 002)
            continue
        weapons.append(WeaponState(weapon.name, loaded=weapon.magazine, uses=weapon.uses))
    return Figure(
        id=figure_id,
        name=_display_name(figure_id, profile),
        side=side,
        squad=squad,
        profile=profile.name,
        x=at[0],
        y=at[1],
        radius=profile.base_radius,
        facing=facing,
        max_tp=profile.tp,
        tp=profile.tp,
        weapons=weapons,
        ammo=rules.knobs.ammo.supply_die,
    )


def _display_name(figure_id: str, profile: Profile) -> str:
    """'bruno' with profile Bruno -> 'Bruno'; 'raider-3' -> 'Raider 3'."""
    if figure_id.casefold() == profile.name.casefold():
        return profile.name
    return readable_id(figure_id)
