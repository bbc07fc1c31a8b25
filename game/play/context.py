"""Measuring an attack on the table: the rules' `AttackContext` from the game state
(docs/RULES.md §5.1, §5.2, §10, §11, §13).

Decisions (P, documented):
- Distances for range are measured between the bases' edges.
- "Behind" and "unaware" use the attacker's position at the start of its
  activation (`Figure.start_x/start_y`, set by the flow); attacks outside the
  attacker's own activation (overwatch, free attacks) use where it stands.
- "Into melee" counts figures of the attacker's side other than the attacker.
- The arsenal bonus needs a raid in the scenario: sides without a raid get it.
- Raserei's melee dice are the effect `raserei_melee` on the attacker.
- Wachsam (talent): the first overwatch shot of the battle has advantage; the
  rules' context has no separate flag for it, so it rides on `aimed`.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from game.board.sight import LosResult
from game.board.terrain import TerrainKind
from game.cover import Cover
from game.play import bridge, sight
from game.play.contract import AttackMode, GameView
from game.play.equipment import bayonet_dice, scope_cm
from game.play.outcome import raid_sides
from game.rules.abilities import shield_wall_bonus
from game.rules.combatant import AttackContext
from game.rules.models import Weapon
from game.rules.talents import FELDWERKSTATT, GEIST
from game.rules.talents import has as has_talent
from game.state import Figure

RASEREI_MELEE = "raserei_melee"  # effect: Raserei taken for +1W6 melee this round
VEILED = "veiled"  # effect: Schleier, cannot be targeted from beyond the gift's range
WACHSAM = "Wachsam"  # talent: the first overwatch shot has advantage
WACHSAM_USED = "wachsam_used"  # Figure.uses key


@dataclass(frozen=True, slots=True)
class Measured:
    """An attack on a figure as measured: sight, distance, cover and the context."""

    los: LosResult
    distance: float  # between the bases' edges, cm
    cover: Cover  # the target's cover (Take cover included)
    ctx: AttackContext
    scoped: bool = False  # a scope is fitted to the weapon and this is a single shot
    zone: str | None = None  # the hit zone the attacker declared (3W6; None: rolled)


def start_position(game: GameView, figure: Figure) -> tuple[float, float]:
    """Where an active figure started its activation; elsewhere where it stands."""
    if figure.id in game.state.active and figure.start_x is not None and figure.start_y is not None:
        return (figure.start_x, figure.start_y)
    return figure.pos


def behind(from_pos: tuple[float, float], target: Figure, front_arc: float) -> bool:
    """Is a point outside the target's front arc of `front_arc` degrees (knob
    `attack.front_arc`, 180°, centred on its facing) (§5.1)?"""
    if math.dist(from_pos, target.pos) < 1e-9:
        return False
    off = (sight.bearing(target.pos, from_pos) - target.facing + 180.0) % 360.0 - 180.0
    return abs(off) > front_arc / 2.0 + 1e-9


def contacts(
    game: GameView, target: Figure, side: str, *, exclude: str | None = None
) -> list[Figure]:
    """Standing figures of `side` in base contact with the target (not it, not `exclude`)."""
    return [
        f
        for f in game.state.figures.values()
        if f.side == side
        and f.standing
        and f.id not in (target.id, exclude)
        and sight.in_contact(game, f, target)
    ]


def shield_wall(game: GameView, target: Figure) -> int:
    """Schildwall: WS bonus from adjacent Hüter allies that did not Run (§13)."""
    allies = contacts(game, target, target.side)
    if not allies:
        return 0
    return shield_wall_bonus([bridge.combatant(game, f) for f in allies], game.rules)


def arsenal_active(game: GameView, figure: Figure) -> bool:
    """Arsenal: defenders (sides without a raid) +1 attack in rounds 1–2 while an
    arsenal module stands (§11)."""
    st = game.state
    raiders = raid_sides(game)
    if not raiders or figure.side in raiders:
        return False
    if st.round > game.rules.knobs.attack.arsenal_rounds:
        return False
    return any(
        p.kind is TerrainKind.ARSENAL and not p.destroyed and p.id not in st.destroyed_modules
        for p in st.board
    )


def veil_range(game: GameView) -> float | None:
    """The Schleier gift's range (the rules data's veil gift), if there is one."""
    for gift in game.rules.gifts.values():
        if gift.effect == "veil" and gift.range is not None:
            return float(gift.range)
    return None


def veiled_from(game: GameView, target: Figure, distance: float) -> bool:
    """The target is veiled and the attacker is beyond the veil's range."""
    if VEILED not in target.effects:
        return False
    limit = veil_range(game)
    return limit is not None and distance > limit + 1e-9


def ghost(game: GameView, attacker: Figure, target: Figure) -> bool:
    """Geist: a Späher in cover against the shooter cannot be chosen as the target of
    a ranged attack; templates still hit it (§13.1)."""
    if not has_talent(game.profile(target).talents, GEIST):
        return False
    return sight.attack_cover(game, attacker, target) > Cover.NONE


def burst_discount(game: GameView, figure: Figure) -> int:
    """Feldwerkstatt: a burst of the figure's side costs 1 ammo less while a figure of
    that side with the talent stands on the table (P, §13.1 "die Gruppe")."""
    for f in game.state.figures.values():
        mine = f.side == figure.side and f.standing and f.on_table
        if mine and has_talent(game.profile(f).talents, FELDWERKSTATT):
            return game.rules.talent(FELDWERKSTATT).ammo or 0
    return 0


def wachsam(game: GameView, attacker: Figure, mode: AttackMode) -> bool:
    """Wachsam: the figure's first overwatch shot of the battle has advantage."""
    return (
        mode == "overwatch"
        and WACHSAM in game.profile(attacker).talents
        and not attacker.uses.get(WACHSAM_USED, 0)
    )


def direction(attacker: Figure, target: Figure) -> tuple[float, float] | None:
    """Unit vector attacker → target (None when they share a centre)."""
    dx, dy = target.x - attacker.x, target.y - attacker.y
    norm = math.hypot(dx, dy)
    return None if norm < 1e-9 else (dx / norm, dy / norm)


def measure(
    game: GameView,
    attacker: Figure,
    target: Figure,
    weapon: Weapon,
    *,
    burst: bool = False,
    mode: AttackMode = "action",
) -> Measured:
    """Sight, distance, cover and every advantage / modifier of this attack."""
    los = sight.figure_los(game, attacker, target)
    distance = sight.base_gap(attacker, target)
    cover = sight.attack_cover(game, attacker, target, los)
    melee = weapon.is_melee
    side = attacker.side
    start = start_position(game, attacker)
    unaware = not sight.los_between(game, target.pos, target.radius, start, attacker.radius).visible
    others = contacts(game, target, side, exclude=attacker.id)
    comb = bridge.combatant(game, attacker)
    scope = scope_cm(game, attacker, weapon, burst)
    attacker_cover = Cover.NONE
    if comb.has("Aus dem Nichts"):
        attacker_cover = sight.attack_cover(game, target, attacker)
    ctx = AttackContext(
        cover=cover,
        aimed=attacker.aimed > 0 or wachsam(game, attacker, mode),
        behind=behind(start, target, game.rules.knobs.attack.front_arc),
        unaware=unaware,
        long_range=not melee
        and weapon.range is not None
        and distance > weapon.range + scope + 1e-9,
        into_melee=not melee and bool(others),
        gang_up=melee and len(others) >= game.rules.knobs.attack.gang_up_min,
        burst=burst,
        burst_discount=burst_discount(game, attacker) if burst else 0,
        shield_wall=shield_wall(game, target),
        arsenal=arsenal_active(game, attacker),
        attacker_cover=attacker_cover,
        frenzy=melee and comb.has("Raserei") and RASEREI_MELEE in attacker.effects,
        bayonet=bayonet_dice(game, attacker, start, distance, mode) if melee else 0,
        direction=direction(attacker, target),
    )
    return Measured(los, distance, cover, ctx, scoped=scope > 0)


def ctx_to_dict(ctx: AttackContext) -> dict[str, Any]:
    """A JSON-able form of an attack context (for a paused attack)."""
    data = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)}
    data["cover"] = int(ctx.cover)
    data["attacker_cover"] = int(ctx.attacker_cover)
    data["direction"] = list(ctx.direction) if ctx.direction is not None else None
    return data


def ctx_from_dict(data: dict[str, Any]) -> AttackContext:
    """The inverse of `ctx_to_dict`."""
    values = dict(data)
    values["cover"] = Cover(int(data["cover"]))
    values["attacker_cover"] = Cover(int(data["attacker_cover"]))
    raw = data.get("direction")
    values["direction"] = (float(raw[0]), float(raw[1])) if raw is not None else None
    return AttackContext(**values)
