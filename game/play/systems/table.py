"""What every rule system's wiring shares: the table's facts about an attack as a
`Situation`, the shot's ammo and noise, the answer weapon of a figure in melee, a
figure's profile by name, and writing a system's verdict back onto a figure."""

from __future__ import annotations

import math
from typing import Literal

from shapely.geometry import Point

from game.events import Event
from game.play import bridge, context, harm, noise, resolve, sight, space
from game.play.context import Measured
from game.play.contract import GameView
from game.rules.ammo import ammo_cost, spend_ammo
from game.rules.attack import noise_source
from game.rules.combatant import Combatant, Condition
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.state import Figure
from game.systems.common import Situation, Stats

Verdict = Literal["standing", "stunned", "out", "dead"]
CONDITIONS: dict[Verdict, Condition] = {
    "standing": Condition.STANDING,
    "stunned": Condition.DOWN,  # (P) a stunned figure lies down until its next activation
    "out": Condition.OUT,
    "dead": Condition.DEAD,
}


def on_difficult(game: GameView, figure: Figure) -> bool:
    """Does the figure stand on difficult ground?"""
    ground = game.state.board.difficult_geometry()
    return not ground.is_empty and ground.contains(Point(figure.x, figure.y))


def moved_now(game: GameView, figure: Figure) -> bool:
    """The figure moved in its current activation (it is active and not where it began)."""
    if figure.id not in game.state.active or figure.start_x is None or figure.start_y is None:
        return False
    return math.dist((figure.start_x, figure.start_y), figure.pos) > 0.01


def friend_in_line(game: GameView, attacker: Figure, target: Figure) -> bool:
    """A standing figure of the attacker's side stands partly in the line of fire: its
    base crosses the line between the two bases' centres (EWS FoKa "Mehrere Ziele")."""
    ax, ay = attacker.pos
    dx, dy = target.x - ax, target.y - ay
    length2 = dx * dx + dy * dy
    if length2 < 1e-12:
        return False
    for fig in game.state.figures.values():
        if fig.side != attacker.side or fig.id == attacker.id or not fig.standing:
            continue
        t = ((fig.x - ax) * dx + (fig.y - ay) * dy) / length2
        if 0.0 < t < 1.0 and math.dist(fig.pos, (ax + t * dx, ay + t * dy)) < fig.radius:
            return True
    return False


def crossing(game: GameView, attacker: Figure, target: Figure) -> float:
    """How far the target moved this round across the line of sight, cm: its move
    since its activation began (this round's) square to the line attacker → target."""
    if not (target.activated or target.id in game.state.active):
        return 0.0
    if target.start_x is None or target.start_y is None:
        return 0.0
    line = context.direction(attacker, target)
    if line is None:
        return 0.0
    mx, my = target.x - target.start_x, target.y - target.start_y
    return abs(mx * line[1] - my * line[0])


def bystanders(game: GameView, attacker: Figure, target: Figure) -> tuple[str, ...]:
    """Standing figures in base contact with the target of neither the attacker's
    side nor the target's: a shot at the target may hit them (nearest first)."""
    near = [
        f
        for f in game.state.figures.values()
        if f.side not in (attacker.side, target.side)
        and f.standing
        and sight.in_contact(game, f, target)
    ]
    return tuple(f.id for f in sorted(near, key=lambda f: (math.dist(f.pos, target.pos), f.id)))


def situation(game: GameView, attacker: Figure, target: Figure, measured: Measured) -> Situation:
    """The facts of a measured attack that a system may use beyond DEAD.EARTH's context.

    Take cover counts as a third more of the target hidden (P); the target may react
    when it stands, has not activated this round and saw the attacker coming; the
    shooter's own cover is the share of its base the target sees."""
    st = game.state
    visible = measured.los.visible_fraction
    if measured.cover != measured.los.cover:  # Take cover made it one step better
        visible = max(0.0, visible - 1 / 3)
    ran = attacker.ran_round == st.round and attacker.id in st.active
    return Situation(
        distance=measured.distance,
        visible=visible,
        shooter_moved=moved_now(game, attacker),
        shooter_ran=ran,
        target_ran=target.ran_round == st.round,
        target_crossing=crossing(game, attacker, target),
        difficult=on_difficult(game, attacker),
        target_difficult=on_difficult(game, target),
        friend_in_line=not measured.ctx.into_melee and friend_in_line(game, attacker, target),
        opponents=max(1, len(context.contacts(game, target, attacker.side))),
        attacker_opponents=max(1, len(context.contacts(game, attacker, target.side))),
        can_react=target.standing and not target.activated and not measured.ctx.unaware,
        shooter_visible=sight.figure_los(game, target, attacker).visible_fraction,
        scope=measured.scoped,
        bystanders=bystanders(game, attacker, target),
    )


def fire(game: GameView, attacker: Figure, weapon: Weapon, burst: bool) -> list[Event]:
    """The shot's ammo (as DEAD.EARTH counts it: the supply die, the magazine); no
    jams under the other systems (P: the seeds have none)."""
    ammo = resolve.ammo_state(attacker, weapon)
    if ammo is None or not ammo_cost(weapon, burst, game.rules):
        return []
    after, spent = spend_ammo(attacker.name, weapon, ammo, burst, game.rules)
    resolve.store_ammo(attacker, weapon, after)
    return [spent]


def heard(game: GameView, attacker: Figure, weapon: Weapon) -> list[Event]:
    """A Laut weapon's noise marker where it was used (§8)."""
    source = noise_source(weapon)
    if source is None:
        return []
    return noise.make_noise(game, source, attacker.pos, attacker.id)


def answer_weapon(game: GameView, figure: Figure) -> Weapon | None:
    """The weapon a figure fights back with in melee: its first melee weapon (fists
    when it carries none; None when it has nothing to fight with)."""
    return next((w for w in bridge.weapons(game, figure) if w.is_melee), None)


def answer_of(game: GameView, comb: Combatant) -> Weapon | None:
    """`answer_weapon` for a combatant: its profile's first melee weapon, else fists."""
    stats = profile_named(game, comb)
    if not isinstance(stats, Profile):
        return game.rules.unarmed()
    return next((w for w in game.rules.arms(stats.weapons, stats.faction) if w.is_melee), None)


def profile_named(game: GameView, comb: Combatant) -> Stats:
    """The profile a combatant was made from (a figure's in this game, else the rules
    data's); the combatant itself when neither knows its name."""
    for fid, profile in game.profiles.items():
        if profile.name == comb.profile:
            return game.profiles[fid]
    if comb.profile in game.rules.profiles:
        return game.rules.profile(comb.profile)
    return _AsStats(comb)


class _AsStats:
    """A combatant read as a profile (its full TP as the profile's)."""

    def __init__(self, comb: Combatant) -> None:
        self.name, self.kor, self.ref, self.ver = comb.name, comb.kor, comb.ref, comb.ver
        self.tp, self.kampfstufe, self.attack_bonus = (
            comb.max_tp,
            comb.kampfstufe,
            comb.attack_bonus,
        )
        self.armour = comb.armour


def settle(
    game: GameView,
    figure: Figure,
    *,
    hp: int,
    marks: dict[str, int],
    verdict: Verdict,
    infected: bool = False,
) -> list[Event]:
    """Write a system's verdict back: hit points, its counters on the figure, its
    condition (out and dead leave the table); a figure that fell drops its loot and
    its squad may test morale (§7)."""
    was_standing = figure.standing
    figure.tp = hp
    for key, value in marks.items():
        if value:
            figure.uses[key] = value
        else:
            figure.uses.pop(key, None)
    if infected:
        figure.infected = True
    condition = CONDITIONS[verdict]
    if condition is not figure.condition:
        bridge.set_condition(figure, condition)
    if was_standing and not figure.standing:
        return harm.fallen(game, figure)
    return []


def shove(game: GameView, attacker: Figure, target: Figure, weapon: Weapon) -> list[Event]:
    """Wuchtig: a standing target the blow wounded is pushed straight away (§5.3)."""
    if not weapon.has("Wuchtig") or not target.standing:
        return []
    if "Unverrückbar" in game.profile(target).talents:
        return []
    direction = context.direction(attacker, target)
    if direction is None:
        return []
    return space.push(game, target, direction, game.rules.knobs.attack.wuchtig_push)
