"""Move, Run, Charge and Overwatch (docs/RULES.md §4, §6, §7): the movement room.

A Move goes along the shortest path around terrain and other bases (difficult
ground costs double). A destination beyond the allowance is not illegal: the
figure goes toward it along that path and stops where its allowance runs out.

A Run may vault low walls (§10, P): a low wall at most `move.vault_max_thickness`
cm thick (the diameter of the largest circle inside it) costs `move.vault_cost` cm
on top of the way over it, each time the base goes over it; the Run takes the
cheapest way, around or over (`game.board.vaults`). A vault is paid whole when it
is begun: a Run whose allowance cannot pay for the next vault and the way over
stops where the vault would begin, never on the wall. Move, Charge and pushes never
vault, and thicker low walls, barricades and wrecks stay solid for every move.

On the way, in path order: burning zones the mover enters burn it, the first
attacker entering an armed minefield sets it off, and enemy watchers whose fire
zone the path enters in their sight interrupt the move and fire (§6). The move goes
on afterwards unless the mover fell, was pushed off its path, or became suppressed.
Before all of that, enemies the mover leaves base contact with strike first
(withdrawal, §4, judged by where the walk ends); if the mover falls or is pushed
by such a blow, it does not move.

Decisions: a suppressed figure's move must end farther from the nearest enemy it
can see at the start, or in cover against it (no visible enemy: no restriction); a
figure carrying no melee weapon charges and strikes free attacks with the unarmed
weapon (fists, §5.4; knob melee.unarmed_weapon, `bridge.weapons`) — with that knob
off, or an infected without natural weapons, it does neither; a Charge records the
actions "move" and "attack", so neither can follow it; burning zones and minefields
are entered when the base centre crosses into them (a figure already inside is not
entering); a Run is silent only with the talent Schattenschritt (§13.1); whatever
the path sets off while the base is over a wall (a zone entered, an overwatch zone)
happens where it lands on the far side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from game.actions import Action, Charge, IllegalAction, Move, Overwatch, Run
from game.board.paths import PathResult, truncate_path
from game.board.terrain import TerrainKind
from game.board.vaults import Span
from game.cover import Cover
from game.events import Event, Family
from game.play import bridge, budget, combat, fire, loot, noise, overwatch, sight, space
from game.play.contract import ActionTemplate, GameView, Handler, Legal, MoveMode
from game.play.items import schnaps_move
from game.play.space import MovementEvent, Point2
from game.reason import Reason
from game.rules import slots
from game.rules.area import minefield_weapon
from game.rules.loader import UnknownNameError
from game.rules.talents import SCHATTENSCHRITT
from game.rules.talents import has as has_talent
from game.state import Figure

MIN_MOVE = 1e-6
"""cm: a move shorter than this would not move the figure at all."""
COST_SLACK = 1e-9
"""cm: a walk or leg costed more than its cap by more than this is a rounding artefact
(a point cut where the allowance ran out lies a hair inside difficult ground whose
edge the path follows) and is costed at the cap."""


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Moved(MovementEvent):
    """One leg of a move: from a point to the next stop (the end, or where something
    on the way happens). `spent_cm` is the cost of the whole move so far."""

    kind: ClassVar[str] = "moved"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    mode: MoveMode
    start: Point2
    end: Point2
    points: tuple[Point2, ...]
    length_cm: float
    cost_cm: float
    allowance: float
    spent_cm: float
    until: str  # destination | allowance | contact | overwatch | burning | minefield
    vaults: int = 0  # low walls vaulted on this leg (a Run, §10)
    vault_cm: float = 0.0  # what they cost (included in cost_cm)


@dataclass(frozen=True, slots=True)
class MoveHalted(MovementEvent):
    """The move ends early: the mover fell, was pushed or became suppressed."""

    kind: ClassVar[str] = "halted"
    section: ClassVar[str] = "§3.6"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    at: Point2
    reason: str  # fell | pushed | suppressed


@dataclass(frozen=True, slots=True)
class FreeAttack(MovementEvent):
    """An enemy the mover leaves base contact with strikes first (withdrawal, §4)."""

    kind: ClassVar[str] = "free_attack"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("figure", "mover")
    figure: str
    mover: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Charged(MovementEvent):
    """A charge: move into base contact, then a melee attack (§4)."""

    kind: ClassVar[str] = "charge"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str
    weapon: str
    path_cm: float


@dataclass(frozen=True, slots=True)
class ChargeBroken(MovementEvent):
    """A charge that ends without its melee attack."""

    kind: ClassVar[str] = "charge_broken"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "move"
    refs: ClassVar[tuple[str, ...]] = ("figure", "target")
    figure: str
    target: str
    reason: str  # halted | target_down | no_contact


@dataclass(frozen=True, slots=True)
class EnteredBurning(MovementEvent):
    """The mover enters a burning zone and takes its fire (§5.5)."""

    kind: ClassVar[str] = "entered_burning"
    section: ClassVar[str] = "§3A"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "zone")
    figure: str
    zone: str
    at: Point2


@dataclass(frozen=True, slots=True)
class MinefieldTriggered(MovementEvent):
    """The first attacker entering the minefield sets it off, once per raid (§11)."""

    kind: ClassVar[str] = "minefield"
    section: ClassVar[str] = "§5.3"
    family: ClassVar[Family] = "harm"
    refs: ClassVar[tuple[str, ...]] = ("figure", "minefield")
    figure: str
    minefield: str
    at: Point2


# -- allowances and plans ------------------------------------------------------------------


def allowance(game: GameView, figure: Figure, mode: MoveMode) -> float:
    """cm of movement: the profile's move (what the rule system's injuries leave of
    it), − 5 cm when overloaded (§9), + the Run bonus for a Run (§4)."""
    move = float(game.profile(figure).move) * game.system.move_factor(game, figure)
    move -= slots.move_penalty(slots_taken(game, figure), game.rules) + schnaps_move(figure)
    move = max(0.0, move)
    return move + float(game.rules.knobs.move.run_bonus) if mode == "run" else move


def slots_taken(game: GameView, figure: Figure) -> int:
    """The carrying slots the figure fills (§9): its weapons (a thrown item used up
    is gone) and its loot (a find its own slots)."""
    rules = game.rules
    arms = [rules.weapon(w.name) for w in figure.weapons if w.uses is None or w.uses > 0]
    return slots.carried(arms, 0, rules) + loot.slots_of(game, figure)


@dataclass(frozen=True, slots=True)
class Plan:
    """A checked move: the path the figure will walk (already cut to the allowance)."""

    figure: str
    mode: MoveMode
    allowance: float
    walk: PathResult
    reached: bool  # the wanted destination (or contact) is the end of the walk


def nearest_visible_enemy(game: GameView, figure: Figure) -> Figure | None:
    """The nearest enemy the figure can see (§7), by centre distance."""
    enemies = game.state.enemies_of(figure)
    if not enemies:
        return None
    batch = sight.batch(game, figure, enemies)
    seen = [(float(batch.distance[i]), e.id, e) for i, e in enumerate(enemies) if batch.visible[i]]
    return min(seen, key=lambda t: (t[0], t[1]))[2] if seen else None


def _check_suppressed(game: GameView, figure: Figure, end: Point2) -> None:
    """§7 ("nur Deckung suchen / zurückziehen"): a suppressed figure's move must end
    farther from the nearest enemy it can see, or in cover against it (out of its
    sight, or behind light or heavy cover: sideways into cover)."""
    if not figure.suppressed:
        return
    enemy = nearest_visible_enemy(game, figure)
    if enemy is None:
        return
    if math.dist(end, enemy.pos) > math.dist(figure.pos, enemy.pos) + 1e-9:
        return
    seen = sight.los_between(game, enemy.pos, enemy.radius, end, figure.radius)
    if not seen.visible or seen.cover > Cover.NONE:
        return
    raise IllegalAction(Reason.of("move.suppressed", who=figure.name, target=enemy.name))


def plan_move(game: GameView, figure: Figure, to: Point2, mode: MoveMode) -> Plan:
    """Check a Move/Run to `to` and work out the walk (IllegalAction says why not)."""
    x, y = float(to[0]), float(to[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise IllegalAction(Reason.of("move.not_finite", who=figure.name))
    found = space.path_to(game, figure, (x, y), mode)
    if not found.reachable:
        # no coordinates: the player pointed at the spot (the reason says why not)
        raise IllegalAction(Reason.of("move.unreachable", who=figure.name, why=found.reason))
    cm = allowance(game, figure, mode)
    walk = truncate_path(
        game.state.board, found, cm, difficult_cost=space.difficult_cost(game, figure)
    )
    if walk.cost_cm > cm + COST_SLACK:  # cut where the allowance ran out: it cost `cm`
        walk = replace(walk, cost_cm=cm)
    if walk.length_cm < MIN_MOVE:
        raise IllegalAction(Reason.of("move.no_move", who=figure.name))
    end = walk.end
    assert end is not None
    _check_suppressed(game, figure, end)
    return Plan(figure.id, mode, cm, walk, walk.complete)


def melee_weapons(game: GameView, figure: Figure) -> list[str]:
    """The melee weapons the figure can strike with: those it carries, else the
    unarmed weapon (`bridge.weapons`; none when that knob is off, or for the
    infected)."""
    return [w.name for w in bridge.weapons(game, figure) if w.is_melee]


def best_melee(game: GameView, figure: Figure) -> str | None:
    """The figure's best melee weapon: the biggest pool, then the highest BR."""
    names = melee_weapons(game, figure)
    if not names:
        return None
    return max(
        names,
        key=lambda n: (game.rules.weapon(n).pool, game.rules.weapon(n).br, -names.index(n)),
    )


def _melee_name(game: GameView, figure: Figure, weapon: str) -> str:
    """The table name of the melee weapon the charge names (any of its names)."""
    try:
        name = game.rules.weapon(weapon).name
    except UnknownNameError:
        name = weapon
    if name in melee_weapons(game, figure):
        return name
    raise IllegalAction(Reason.of("move.no_melee_weapon", who=figure.name, weapon=weapon))


def plan_charge(game: GameView, figure: Figure, target_id: str, weapon: str) -> Plan:
    """Check a Charge and work out the path into base contact."""
    target = game.figure(target_id)
    if target.side == figure.side:
        raise IllegalAction(Reason.of("move.charge_friend", who=figure.name, target=target.name))
    if not target.standing:
        raise IllegalAction(Reason.of("move.charge_down", who=figure.name, target=target.name))
    _melee_name(game, figure, weapon)
    cm = allowance(game, figure, "charge")
    found = space.contact_path(game, figure, target, cm)
    if found is None:
        raise IllegalAction(
            Reason.of("move.charge_far", who=figure.name, target=target.name, cm=cm)
        )
    return Plan(figure.id, "charge", cm, found, True)


# -- walking --------------------------------------------------------------------------------


TriggerKind = Literal["burning", "minefield", "overwatch"]


@dataclass(frozen=True, slots=True)
class Trigger:
    """Something that happens at a distance along the walk."""

    along: float
    order: int  # zones before overwatch at the same point
    near: float  # watchers at the same point: nearest first
    kind: TriggerKind
    ref: str  # zone id or watcher id


def is_attacker(game: GameView, figure: Figure) -> bool:
    """A figure of a raiding side (§11 minefield)."""
    side = game.state.sides[figure.side]
    return side.threat is not None or side.waves is not None


def landing(along: float, vaults: Sequence[Span]) -> float:
    """Where something met at `along` cm happens: where the base lands if it is
    over a wall then (a vault is one leap), else right there."""
    for begin, end in vaults:
        if begin < along < end:
            return end
    return along


def triggers(
    game: GameView, figure: Figure, points: tuple[Point2, ...], vaults: Sequence[Span] = ()
) -> list[Trigger]:
    """Everything the walk sets off, in path order (`vaults`: the walk's vaults)."""
    st = game.state
    out: list[Trigger] = []
    if len(points) < 2:
        return out
    for piece in st.board.pieces.values():
        kind: TriggerKind
        if piece.kind is TerrainKind.BURNING:
            kind = "burning"
        elif (
            piece.kind is TerrainKind.MINEFIELD
            and piece.id not in st.minefield_spent
            and is_attacker(game, figure)
        ):
            kind = "minefield"
        else:
            continue
        along = space.entry_distance(points, piece.polygon)
        if along is not None and along > 0:
            out.append(Trigger(landing(along, vaults), 0, 0.0, kind, piece.id))
    for watcher in overwatch.watchers(game, figure):
        along = overwatch.first_interrupt(game, watcher, figure, points)
        if along is not None:
            along = landing(along, vaults)
            at = space.point_at(points, along)
            out.append(Trigger(along, 1, math.dist(watcher.pos, at), "overwatch", watcher.id))
    return sorted(out, key=lambda t: (t.along, t.order, t.near, t.ref))


@dataclass(slots=True)
class Walker:
    """Walks a figure along its planned path, leg by leg."""

    game: GameView
    figure: Figure
    plan: Plan
    done: float = 0.0  # cm along the path already walked
    spent: float = 0.0  # cost so far

    def leg(self, until_along: float, until: str) -> list[Event]:
        points = self.plan.walk.points
        start = self.done
        leg = space.sub_path(points, start, until_along)
        self.done = until_along
        if len(leg) < 2:
            return []
        length, cost = space.leg_cost(self.game, leg, self.figure)
        vaults = sum(1 for _, end in self.plan.walk.vaults if start < end <= until_along)
        vault_cm = vaults * self.plan.walk.vault_cost
        cost += vault_cm
        if self.spent + cost > self.plan.walk.cost_cm + COST_SLACK:  # legs never cost more
            cost = max(0.0, self.plan.walk.cost_cm - self.spent)  # than the whole walk
        self.spent += cost
        fig = self.figure
        fig.x, fig.y = leg[-1]
        facing = space.heading(leg[-2], leg[-1])
        if facing is not None:
            fig.facing = facing
        return [
            Moved(
                fig.id,
                self.plan.mode,
                leg[0],
                leg[-1],
                tuple(leg),
                length,
                cost,
                self.plan.allowance,
                self.spent,
                until,
                vaults,
                vault_cm,
            )
        ]

    def still_applies(self, trig: Trigger) -> bool:
        st = self.game.state
        if trig.kind == "overwatch":
            watcher = st.figures[trig.ref]
            at = space.point_at(self.plan.walk.points, trig.along)
            return overwatch.is_watching(self.game, watcher) and overwatch.can_shoot_at(
                self.game, watcher, self.figure, at
            )
        if trig.kind == "minefield":
            return trig.ref not in st.minefield_spent and trig.ref in st.board.pieces
        return trig.ref in st.board.pieces

    def fire(self, trig: Trigger) -> list[Event]:
        game, fig = self.game, self.figure
        st = game.state
        if trig.kind == "burning":
            return [EnteredBurning(fig.id, trig.ref, fig.pos), *fire.burn(game, fig, trig.ref)]
        if trig.kind == "minefield":
            st.minefield_spent.append(trig.ref)
            events: list[Event] = [MinefieldTriggered(fig.id, trig.ref, fig.pos)]
            return events + combat.explode(
                game, fig.pos, minefield_weapon(game.rules), None, source="minefield"
            )
        watcher = st.figures[trig.ref]
        zone = watcher.overwatch
        assert zone is not None
        shot: list[Event] = [
            overwatch.OverwatchTriggered(
                watcher.id,
                fig.id,
                fig.pos,
                trig.along,
                math.dist(watcher.pos, fig.pos),
                zone.weapon,
            )
        ]
        shot += combat.attack(game, watcher, fig, zone.weapon, mode="overwatch")
        overwatch.record_shot(game, watcher)
        return shot

    def walk(self) -> tuple[list[Event], bool]:
        """Walk the whole plan; (events, whether the figure got to the end)."""
        fig = self.figure
        events: list[Event] = []
        walk = self.plan.walk
        for trig in triggers(self.game, fig, walk.points, walk.vaults):
            if not self.still_applies(trig):
                continue
            events += self.leg(trig.along, trig.kind)
            at, was_suppressed = fig.pos, fig.suppressed
            events += self.fire(trig)
            halt = halt_reason(fig, at, was_suppressed)
            if halt is not None:
                events.append(MoveHalted(fig.id, fig.pos, halt))
                return events, False
        end = self.plan.walk.length_cm
        if self.plan.mode == "charge":
            until = "contact"
        else:
            until = "destination" if self.plan.reached else "allowance"
        events += self.leg(end, until)
        return events, True


def halt_reason(figure: Figure, at: Point2, was_suppressed: bool) -> str | None:
    """Why the move cannot go on after something hit the mover (None: it goes on)."""
    if not figure.standing:
        return "fell"
    if math.dist(figure.pos, at) > 1e-9:
        return "pushed"
    if figure.suppressed and not was_suppressed:
        return "suppressed"
    return None


def withdraw(game: GameView, figure: Figure, end: Point2) -> list[Event]:
    """Enemies the figure leaves base contact with strike first (§4)."""
    leaving = [
        e
        for e in space.enemies_in_contact(game, figure)
        if not space.in_contact_at(game, end, figure.radius, e)
    ]
    leaving.sort(key=lambda e: (space.gap(figure, e), e.id))
    events: list[Event] = []
    for enemy in leaving:
        if not figure.standing:
            break
        if not enemy.standing:
            continue
        weapon = best_melee(game, enemy)
        if weapon is None:
            continue
        events.append(FreeAttack(enemy.id, figure.id, weapon))
        events += combat.attack(game, enemy, figure, weapon, mode="free")
    return events


def carry_out(game: GameView, figure: Figure, plan: Plan) -> tuple[list[Event], bool]:
    """Withdrawal, then the walk; (events, whether the figure got to the end)."""
    end = plan.walk.end
    assert end is not None
    start, was_suppressed = figure.pos, figure.suppressed
    events = withdraw(game, figure, end)
    halt = halt_reason(figure, start, was_suppressed) if events else None
    if halt in ("fell", "pushed"):
        events.append(MoveHalted(figure.id, figure.pos, halt))
        return events, False
    walked, arrived = Walker(game, figure, plan).walk()
    return events + walked, arrived


# -- handlers ---------------------------------------------------------------------------------


def check_move(game: GameView, action: Move) -> None:
    free = budget.free_move(game.figure(action.figure))  # Durchbruch (§13.1)
    fig = budget.check_budget(game, action.figure, "move", Move.cost, free=free)
    plan_move(game, fig, action.to, "move")


def do_move(game: GameView, action: Move) -> list[Event]:
    fig = game.figure(action.figure)
    plan = plan_move(game, fig, action.to, "move")
    budget.spend(game, fig, "move")
    return carry_out(game, fig, plan)[0]


def check_run(game: GameView, action: Run) -> None:
    fig = budget.check_budget(game, action.figure, "run", Run.cost)
    plan_move(game, fig, action.to, "run")


def do_run(game: GameView, action: Run) -> list[Event]:
    fig = game.figure(action.figure)
    plan = plan_move(game, fig, action.to, "run")
    budget.spend(game, fig, "run")
    fig.ran_round = game.state.round
    events, _ = carry_out(game, fig, plan)
    if not has_talent(game.profile(fig).talents, SCHATTENSCHRITT) and fig.on_table:
        events += noise.make_noise(game, "run", fig.pos, fig.id)
    return events


def check_charge(game: GameView, action: Charge) -> None:
    fig = budget.check_budget(game, action.figure, "charge", Charge.cost)  # no Move, no Attack yet
    plan_charge(game, fig, action.target, action.weapon)
    problem = combat.zone_problem(game, action.zone)
    if problem is not None:
        raise IllegalAction(problem)


def do_charge(game: GameView, action: Charge) -> list[Event]:
    fig = game.figure(action.figure)
    target = game.figure(action.target)
    weapon = _melee_name(game, fig, action.weapon)
    plan = plan_charge(game, fig, action.target, weapon)
    budget.spend(game, fig, "move")
    budget.spend(game, fig, "attack")
    events: list[Event] = [Charged(fig.id, target.id, weapon, plan.walk.length_cm)]
    walked, arrived = carry_out(game, fig, plan)
    events += walked
    if not arrived:
        return [*events, ChargeBroken(fig.id, target.id, "halted")]
    if not target.standing:
        return [*events, ChargeBroken(fig.id, target.id, "target_down")]
    if not space.in_contact(game, fig, target):
        return [*events, ChargeBroken(fig.id, target.id, "no_contact")]
    facing = space.heading(fig.pos, target.pos)
    if facing is not None:
        fig.facing = facing
    return events + combat.attack(game, fig, target, weapon, mode="charge", zone=action.zone)


def _handlers() -> dict[type[Action], Handler]:
    return {
        Move: Handler(check_move, do_move),
        Run: Handler(check_run, do_run),
        Charge: Handler(check_charge, do_charge),
        Overwatch: Handler(overwatch.check_declare, overwatch.do_declare),
    }


HANDLERS: dict[type[Action], Handler] = _handlers()


# -- legal actions ------------------------------------------------------------------------------


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Move/Run templates, the Charges it can make, an Overwatch template."""
    if not figure.standing:
        return []
    spent = set(game.state.spent.get(figure.id, []))
    left = budget.action_budget(game, figure) - budget.used(game, figure)
    out: list[Legal] = []
    extra: dict[str, Any] = {}
    if figure.suppressed:
        enemy = nearest_visible_enemy(game, figure)
        if enemy is not None:
            extra = {"away_from": [enemy.x, enemy.y]}
    moves: tuple[tuple[MoveMode, int], ...] = (("move", Move.cost), ("run", Run.cost))
    for mode, cost in moves:
        free = mode == "move" and budget.free_move(figure)  # Durchbruch (§13.1)
        if free or (mode not in spent and left >= cost):
            limits = {"allowance": allowance(game, figure, mode), **extra}
            out.append(ActionTemplate(mode, figure.id, limits))
    if figure.suppressed:
        return out
    weapon = overwatch.readied_weapon(game, figure)
    if weapon is not None and "overwatch" not in spent and left >= Overwatch.cost:
        limits = {
            "max_angle": float(game.rules.knobs.overwatch.max_angle),
            "max_radius": overwatch.max_radius(game, weapon),
        }
        out.append(ActionTemplate("overwatch", figure.id, limits))
    if left >= Charge.cost and budget.repeat_problem(figure.name, "charge", spent) is None:
        out += charges(game, figure)
    return out


def charges(game: GameView, figure: Figure) -> list[Action]:
    """Charges into base contact the figure can make this activation."""
    cm = allowance(game, figure, "charge")
    reach = cm + space.contact_gap(game)
    out: list[Action] = []
    for enemy in game.state.enemies_of(figure):
        if space.gap(figure, enemy) > reach:
            continue
        if space.contact_path(game, figure, enemy, cm) is None:
            continue
        out += [Charge(figure.id, enemy.id, w) for w in melee_weapons(game, figure)]
    return out
