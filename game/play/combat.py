"""The combat room (docs/RULES.md §5, §10, §11, §13): the Attack, Throw and Intercept
actions, and `attack` / `explode` for the other rooms (charges, overwatch shots,
free attacks on withdrawal, the minefield).

Attack modes: "action" (the Attack action), "charge" (melee after a charge move),
"overwatch" (an interrupt shot), "free" (a withdrawal's free melee attack), "gift"
(a gift's attack such as Riss-Stoß: the weapon is the gift, nothing is carried).
Only "action" and "charge" pause for an Abfangen decision; the others decide it
at once (see `game.play.intercept`).

A figure fights with `bridge.weapons`: what it carries, and fists (knob
melee.unarmed_weapon, §5.4) when that holds no melee weapon.

Incapacitated figures cannot be attacked; the FinishOff action is the deliberate
coup-de-grâce on one (§9, P: melee, base contact, no roll — it dies). An Attack, a
Throw and a coup-de-grâce are each the activation's one Attack (§4, `budget.ATTACKS`).
"""

from __future__ import annotations

from dataclasses import replace

from game import actions as act
from game.actions import IllegalAction
from game.events import Event
from game.play import breaking, bridge, budget, context, intercept, noise, resolve, sight, throw
from game.play.blast import explode
from game.play.combat_events import AttackMade, AttackWithheld, FinishedOff
from game.play.contract import ATTACK_MODES, AttackMode, GameView, Handler, Legal
from game.reason import Reason
from game.rules.ammo import fire_problem
from game.rules.attack import noise_source, plan_attack, roll_to_hit
from game.rules.combatant import Condition
from game.rules.loader import UnknownNameError
from game.rules.models import Weapon
from game.state import Figure

paused = intercept.paused

__all__ = ["HANDLERS", "attack", "attack_problem", "explode", "legal", "paused", "strike"]


# -- what may be attacked with what ---------------------------------------------------


def _weapon(game: GameView, attacker: Figure, name: str, mode: AttackMode) -> Weapon | Reason:
    """The weapon for this attack, or why it cannot be used."""
    try:
        weapon = game.rules.weapon(name)
    except UnknownNameError:
        return Reason.of("combat.no_weapon", weapon=name)
    if mode == "gift":
        return (
            weapon if weapon.type == "gift" else Reason.of("combat.not_a_gift", weapon=weapon.name)
        )
    if all(w.name != weapon.name for w in bridge.weapons(game, attacker)):
        return Reason.of("combat.carries_none", who=attacker.name, weapon=weapon.name)
    if weapon.type == "thrown":
        return Reason.of("combat.thrown", weapon=weapon.name)
    if weapon.type == "gift":
        return Reason.of("combat.gift_weapon", weapon=weapon.name)
    return weapon


DOUBLE = 2.0
"""The reach the reason `combat.out_of_range` words ("beyond 2 × the range")."""


def reach(game: GameView, weapon: Weapon) -> float:
    """The farthest a ranged weapon may shoot: 2 × range (long range, §5.1), as the
    rule system says (EWS 3 ×)."""
    return (weapon.range or 0.0) * game.system.reach_factor(game)


def attack_problem(
    game: GameView,
    attacker: Figure,
    target: Figure,
    weapon: str,
    *,
    burst: bool = False,
    mode: AttackMode = "action",
) -> Reason | None:
    """Why this attack is not allowed now (None: it is) (§5.1, §5.6, §10, §13).

    Checks the weapon (one of `bridge.weapons`: carried, or fists; not thrown,
    loaded and not jammed, burst only for Automatisch with the ammo for it), the
    target (a standing enemy on the table, not veiled from this distance), base
    contact for melee, and for ranged attacks range ≤ 2 × range and line of sight.
    Call it before changing anything.
    """
    if mode not in ATTACK_MODES:
        return Reason.of("combat.unknown_mode", mode=mode, modes=", ".join(ATTACK_MODES))
    if not attacker.standing:
        return Reason.of("combat.not_standing", who=attacker.name)
    if target.id == attacker.id:
        return Reason.of("combat.not_itself", who=attacker.name)
    if target.side == attacker.side:
        return Reason.of("combat.same_side", target=target.name, who=attacker.name)
    if not target.standing:
        return Reason.of("combat.target_down", target=target.name)
    arms = _weapon(game, attacker, weapon, mode)
    if isinstance(arms, Reason):
        return arms
    if burst and not arms.has("Automatisch"):
        return Reason.of("attack.no_burst", weapon=arms.name)
    distance = sight.base_gap(attacker, target)
    if arms.is_melee:
        if not sight.in_contact(game, attacker, target):
            return Reason.of("combat.melee_contact", target=target.name, distance=distance)
    else:
        limit = reach(game, arms)
        if distance > limit + 1e-9:
            factor = game.system.reach_factor(game)
            if factor != DOUBLE:  # "out_of_range" says "2 ×"; this one names the factor
                return Reason.of(
                    "combat.out_of_reach",
                    target=target.name,
                    distance=distance,
                    weapon=arms.name,
                    limit=limit,
                    factor=factor,
                )
            return Reason.of(
                "combat.out_of_range",
                target=target.name,
                distance=distance,
                weapon=arms.name,
                limit=limit,
            )
        if not sight.can_see(game, attacker, target):
            return Reason.of("combat.no_sight", who=attacker.name, target=target.name)
        if arms.template is None and context.ghost(game, attacker, target):
            return Reason.of("combat.ghost", target=target.name)
        ammo = resolve.ammo_state(attacker, arms) if mode != "gift" else None
        discount = context.burst_discount(game, attacker) if burst else 0
        if ammo is not None and (why := fire_problem(arms, ammo, burst, game.rules, discount)):
            return why
    if context.veiled_from(game, target, distance):
        return Reason.of("combat.veiled", target=target.name, distance=distance)
    return None


# -- attacking a figure -------------------------------------------------------------------


def attack(
    game: GameView,
    attacker: Figure,
    target: Figure,
    weapon: str,
    *,
    burst: bool = False,
    mode: AttackMode = "action",
    zone: str | None = None,
) -> list[Event]:
    """One attack on a figure, resolved completely: sight, cover and context, ammo,
    the rules' attack, harm, noise, aim used up, facing toward the target.

    For modes "action" and "charge" a hit next to a Hüter may pause the game for
    an Abfangen decision (`paused(game)`); the rest follows on `Intercept`.
    If `attack_problem` finds a problem nothing changes: mode "action" raises
    IllegalAction, the other modes (interrupts in the middle of another action)
    return one `AttackWithheld` event. Overwatch bookkeeping (the zone spent, the
    shot counted) is the caller's.
    """
    problem = attack_problem(game, attacker, target, weapon, burst=burst, mode=mode)
    if problem is not None and mode == "action":
        raise IllegalAction(problem)
    if problem is not None:
        return [AttackWithheld(attacker.id, target.id, weapon, mode, str(problem))]
    arms = game.rules.weapon(weapon)
    measured = context.measure(game, attacker, target, arms, burst=burst, mode=mode)
    if zone is not None:
        measured = replace(measured, zone=zone)
    ctx = measured.ctx
    events: list[Event] = [
        AttackMade(
            attacker.id,
            target.id,
            arms.name,
            mode,
            round(measured.distance, 3),
            measured.los.visible_fraction,
            int(measured.cover),
            measured.cover != measured.los.cover,
            burst,
            ctx.long_range,
        )
    ]
    attacker.facing = sight.bearing(attacker.pos, target.pos)
    if arms.has("Zweihändig") and game.profile(attacker).shield is not None:
        attacker.effects[bridge.SHIELD_SLUNG] = bridge.UNTIL_NEXT_START  # both hands (§5.3)
    if context.wachsam(game, attacker, mode):
        attacker.uses[context.WACHSAM_USED] = 1
    return events + game.system.strike(game, attacker, target, arms, measured, mode)


def strike(
    game: GameView,
    attacker: Figure,
    target: Figure,
    arms: Weapon,
    measured: context.Measured,
    mode: AttackMode,
) -> list[Event]:
    """DEAD.EARTH's attack roll and all that follows it (§5, §13): the roll, Abfangen,
    ammo and jams, the damage pool, harm, noise (`game.play.systems.deadearth`)."""
    ctx = measured.ctx
    plan = plan_attack(
        bridge.combatant(game, attacker), bridge.combatant(game, target), arms, ctx, game.rules
    )
    hit = roll_to_hit(plan, game.dice)
    events: list[Event] = [hit.event]
    attacker.aimed = 0
    victim = target
    guards = intercept.guardians(game, target) if hit.hit else []
    if guards and mode in intercept.PAUSING_MODES:
        return events + intercept.pause(game, attacker, target, plan, hit, guards, mode=mode)
    if guards:
        chosen, decided = intercept.auto_decide(game, plan, attacker, target, guards)
        events += decided
        if chosen is not None:
            plan, event = intercept.redirect(game, plan, attacker, chosen)
            events.append(event)
            victim = chosen
    return events + resolve.finish(game, attacker, victim, plan, hit)


# -- the Attack action --------------------------------------------------------------------


def aim_zones(game: GameView) -> tuple[str, ...]:
    """The hit zones an attack may declare under the game's rule system (3W6's
    `aim_zones`; none under the others: they roll no zones)."""
    zones: tuple[str, ...] = getattr(game.system, "aim_zones", ())
    return zones


def zone_problem(game: GameView, zone: str | None) -> Reason | None:
    """Why an attack cannot declare `zone` (None: it may, or it declares none)."""
    if zone is None or zone in aim_zones(game):
        return None
    return Reason.of("combat.no_zone", zone=zone, zones=", ".join(aim_zones(game)) or "—")


def _carried(game: GameView, figure: Figure, name: str) -> Weapon:
    arms = _weapon(game, figure, name, "action")
    if isinstance(arms, Reason):
        raise IllegalAction(arms)
    return arms


def check_attack(game: GameView, action: act.Attack) -> None:
    fig = budget.check_budget(game, action.figure, "attack", act.Attack.cost)
    st = game.state
    target = st.figures.get(action.target)
    problem = zone_problem(game, action.zone)
    if problem is None and target is not None:
        problem = attack_problem(game, fig, target, action.weapon, burst=action.burst)
    elif problem is None and action.target in st.board.pieces:
        arms = _carried(game, fig, action.weapon)
        problem = breaking.problem(game, fig, action.target, arms)
        if problem is None and action.burst:
            problem = Reason.of("combat.burst_melee")
    elif problem is None:
        problem = Reason.of("combat.nothing_there", ref=action.target)
    if problem is not None:
        raise IllegalAction(problem)


def do_attack(game: GameView, action: act.Attack) -> list[Event]:
    fig = game.figure(action.figure)
    budget.spend(game, fig, "attack")
    target = game.state.figures.get(action.target)
    if target is not None:
        return attack(game, fig, target, action.weapon, burst=action.burst, zone=action.zone)
    fig.aimed = 0
    return breaking.strike(game, fig, action.target, _carried(game, fig, action.weapon))


# -- the coup-de-grâce (Gnadenstoß) ---------------------------------------------------


def finish_problem(game: GameView, figure: Figure, target: Figure, weapon: str) -> Reason | None:
    """Why this coup-de-grâce is not allowed now (None: it is) (§9, P). It is a melee
    attack: it is the activation's one Attack (§4)."""
    if not figure.standing:
        return Reason.of("combat.not_standing", who=figure.name)
    if (why := budget.attacked(game, figure)) is not None:
        return why
    if target.side == figure.side:
        return Reason.of("combat.same_side", target=target.name, who=figure.name)
    if not target.on_table:
        return Reason.of("combat.off_table", target=target.name)
    if target.standing:
        return Reason.of("combat.finish_standing", target=target.name)
    arms = _weapon(game, figure, weapon, "action")
    if isinstance(arms, Reason):
        return arms
    if not arms.is_melee:
        return Reason.of("combat.finish_melee", weapon=arms.name)
    if not sight.in_contact(game, figure, target):
        gap = sight.base_gap(figure, target)
        return Reason.of("combat.finish_contact", target=target.name, distance=gap)
    return None


def check_finish(game: GameView, action: act.FinishOff) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost)
    target = game.state.figures.get(action.target)
    if target is None:
        raise IllegalAction(Reason.of("flow.no_figure", figure=action.target))
    problem = finish_problem(game, fig, target, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)


def do_finish(game: GameView, action: act.FinishOff) -> list[Event]:
    """The incapacitated enemy dies where it lies (no roll); a Laut weapon is heard."""
    fig, target = game.figure(action.figure), game.figure(action.target)
    budget.spend(game, fig, action.verb)
    arms = game.rules.weapon(action.weapon)
    was = target.condition.value
    fig.facing = sight.bearing(fig.pos, target.pos)
    bridge.set_condition(target, Condition.DEAD)
    events: list[Event] = [FinishedOff(fig.id, target.id, arms.name, was)]
    source = noise_source(arms)
    if source is not None:
        events += noise.make_noise(game, source, fig.pos, fig.id)
    return events


# -- legal actions ----------------------------------------------------------------------


def _usable(game: GameView, figure: Figure) -> list[Weapon]:
    """The figure's melee and ranged weapons (fists included), in carrying order."""
    return [w for w in bridge.weapons(game, figure) if w.type in ("melee", "ranged")]


def _ranged_attacks(
    game: GameView, figure: Figure, weapons: list[Weapon], enemies: list[Figure]
) -> list[Legal]:
    """Ranged attacks on enemies in reach and sight (one batched sight pass)."""
    loaded = []
    discount = -1  # measured once, when a burst is possible
    for w in weapons:
        ammo = resolve.ammo_state(figure, w)
        if w.is_melee or ammo is None:
            continue
        for burst in (False, True) if w.has("Automatisch") else (False,):
            if burst and discount < 0:
                discount = context.burst_discount(game, figure)
            if fire_problem(w, ammo, burst, game.rules, max(0, discount) if burst else 0) is None:
                loaded.append((w, burst))
    if not loaded:
        return []
    far = max(reach(game, w) for w, _ in loaded)
    gaps = {e.id: sight.base_gap(figure, e) for e in enemies}
    near = [e for e in enemies if gaps[e.id] <= far + 1e-9]
    if not near:
        return []
    seen = sight.batch(game, figure, near).visible
    out: list[Legal] = []
    for w, burst in loaded:
        for enemy, visible in zip(near, seen, strict=True):
            gap = gaps[enemy.id]
            if (
                visible
                and gap <= reach(game, w) + 1e-9
                and not context.veiled_from(game, enemy, gap)
                and not context.ghost(game, figure, enemy)
            ):
                out.append(act.Attack(figure.id, enemy.id, w.name, burst))
    return out


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Attacks on enemies and breakable pieces legal now, coups-de-grâce and Throw
    templates — none once the figure has made its one Attack this activation (§4)."""
    if not figure.standing or figure.suppressed or budget.attacked(game, figure):
        return []
    weapons = _usable(game, figure)
    enemies = [e for e in game.state.enemies_of(figure) if e.on_table]
    out: list[Legal] = _ranged_attacks(game, figure, weapons, enemies) if enemies else []
    melee = [w for w in weapons if w.is_melee]
    if melee:
        adjacent = [
            e
            for e in enemies
            if sight.in_contact(game, figure, e)
            and not context.veiled_from(game, e, sight.base_gap(figure, e))
        ]
        pieces = breaking.pieces_in_reach(game, figure)
        figures = game.state.figures.values()
        for w in melee:
            out += [act.Attack(figure.id, e.id, w.name) for e in adjacent]
            out += [
                act.FinishOff(figure.id, e.id, w.name)
                for e in figures
                if finish_problem(game, figure, e, w.name) is None
            ]
            out += [
                act.Attack(figure.id, p.id, w.name)
                for p in pieces
                if p.id not in game.state.figures and breaking.touching(game, figure, p)
            ]
    out += throw.templates(game, figure)
    return out


HANDLERS: dict[type[act.Action], Handler] = {
    act.Attack: Handler(check_attack, do_attack),
    act.FinishOff: Handler(check_finish, do_finish),
    act.Throw: Handler(throw.check, throw.execute),
    act.Intercept: Handler(intercept.check, intercept.execute),
}
