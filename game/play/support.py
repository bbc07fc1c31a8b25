"""The support room (docs/RULES.md §4, §9, §11, §13): Aim, Reload, Take cover, First aid
and Interact (gates, looting the storage, the Tüftler's Improvisieren).

Every `check_*` raises `IllegalAction` before anything changes; every `do_*`
carries the action out and returns its events. `legal` lists exactly the
concrete actions whose check passes.

Decisions (P, not fixed by the rulebook):
- Gates are barred from inside: a raiding side (a side with a threat) neither
  opens nor closes them — it must break them (§11). Any other side may.
- A storage holds unlimited loot: each Interact by a raider in contact takes 1
  (Interact is repeatable, so a raider may take 2 in one activation). A figure
  that falls drops what it carries (`harm.fallen`).
- First aid tends another figure of the same side; itself only with a medical item
  (seed 002: a figure may treat itself). A healer carrying a first-aid kit or a
  medi-pack uses it (the one that heals most): the patient's KÖR test, the item's
  TP (docs/RULES.md §18); no infirmary bonus on a treatment.
- Take cover only sets `Figure.took_cover`; the combat room applies the better
  cover (`sight.improved_cover`, none → light only next to terrain).
- Improvisieren is an Interact: on a broken gate, a damaged or smashed barricade
  or a spent minefield the Tüftler's Interact restores / re-arms it. A damaged
  gate that still stands is ambiguous (Interact opens/closes it), so the explicit
  form `UseAbility(figure, "Improvisieren", target=piece)` restores any of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from shapely.geometry import Point

from game import actions as act
from game.actions import IllegalAction
from game.board.terrain import TerrainKind, TerrainPiece
from game.events import CatalogueEvent, Event, Family
from game.play import breaking, bridge, budget, loot, noise, resolve, sight, space
from game.play.combat_events import StructureBroken
from game.play.contract import GameView, Handler, Legal
from game.play.equipment import has_charge, treatment_kit, use_up
from game.reason import Reason
from game.rules import ammo as rules_ammo
from game.rules.combatant import Condition
from game.rules.equipment import CHARGE
from game.rules.injury import FirstAidError, aid_heal, first_aid, healed_tp
from game.rules.talents import FELDWERKSTATT
from game.rules.talents import has as has_talent
from game.rules.treatment import treat
from game.state import Figure, Presence

IMPROVISED = "improvisieren_used"  # Figure.uses key: Improvisieren uses this battle
IMPROVISE = "Improvisieren"
_EPS = 1e-9


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SupportEvent(CatalogueEvent):
    """Base of this room's events (catalogue `support.<kind>`)."""

    room: ClassVar[str] = "support"


@dataclass(frozen=True, slots=True)
class Aimed(SupportEvent):
    """Aim: the next attack this or the next activation has advantage (§4)."""

    kind: ClassVar[str] = "aim"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str


@dataclass(frozen=True, slots=True)
class TookCover(SupportEvent):
    """Take cover: one step better cover until the figure's next activation (§4)."""

    kind: ClassVar[str] = "cover"
    section: ClassVar[str] = "§3.2"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    near_terrain: bool  # none → light needs terrain in base contact


@dataclass(frozen=True, slots=True)
class InfirmaryHelped(SupportEvent):
    """The infirmary adds TP to a successful First aid (§11)."""

    kind: ClassVar[str] = "infirmary"
    section: ClassVar[str] = "§11"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("patient", "infirmary")
    patient: str
    infirmary: str
    bonus: int


@dataclass(frozen=True, slots=True)
class ChargeBlasted(SupportEvent):
    """Interact with a demolition charge: the barred gate is blown open (§18)."""

    kind: ClassVar[str] = "blast"
    section: ClassVar[str] = "§18"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure", "gate")
    figure: str
    gate: str


@dataclass(frozen=True, slots=True)
class GateMoved(SupportEvent):
    """Interact: a gate is opened or closed (§11)."""

    kind: ClassVar[str] = "gate"
    section: ClassVar[str] = "§11"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure", "gate")
    figure: str
    gate: str
    open: bool


@dataclass(frozen=True, slots=True)
class LootTaken(SupportEvent):
    """Interact: a raider takes 1 loot from the storage; it must carry it off (§12)."""

    kind: ClassVar[str] = "loot"
    section: ClassVar[str] = "§12"
    family: ClassVar[Family] = "support"
    refs: ClassVar[tuple[str, ...]] = ("figure", "storage")
    figure: str
    storage: str
    carried: int


@dataclass(frozen=True, slots=True)
class Improvised(SupportEvent):
    """Improvisieren: a gate or barricade restored to full, or a minefield re-armed (§13)."""

    kind: ClassVar[str] = "improvise"
    section: ClassVar[str] = "§1.3"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure", "piece")
    figure: str
    piece: str
    what: str  # restored | rearmed
    structure: int | None


# -- bases and pieces (figure to figure: `game.play.sight`) ----------------------------------


def piece_gap(figure: Figure, piece: TerrainPiece) -> float:
    """The gap between a base and a piece (≤ 0 when the base overlaps it)."""
    return float(Point(figure.x, figure.y).distance(piece.polygon)) - figure.radius


def bases_on(game: GameView, piece: TerrainPiece) -> list[Figure]:
    """Figures on the table (standing or lying) whose base overlaps the piece."""
    return [
        f
        for f in game.state.figures.values()
        if f.presence is Presence.TABLE and piece_gap(f, piece) < -_EPS
    ]


def nearby_pieces(game: GameView, figure: Figure) -> list[TerrainPiece]:
    """Pieces the base is in contact with or stands on."""
    reach = figure.radius + space.contact_gap(game) + _EPS
    return game.state.board.pieces_near(Point(figure.x, figure.y), reach)


def module_on_board(game: GameView, kind: TerrainKind) -> TerrainPiece | None:
    """The first module of a kind on the board (§11: only barricades and closed gates
    have structure points to break, so no other module is ever destroyed)."""
    for piece in game.state.board:
        if piece.kind is kind and piece.is_module:
            return piece
    return None


# -- Aim ---------------------------------------------------------------------------------


def check_aim(game: GameView, action: act.Aim) -> None:
    budget.check_budget(game, action.figure, action.verb, action.cost)


def do_aim(game: GameView, action: act.Aim) -> list[Event]:
    """The Aim lasts 2 activation starts: this activation and the next one (§4)."""
    fig = game.figure(action.figure)
    budget.spend(game, fig, action.verb)
    fig.aimed = 2
    return [Aimed(fig.id)]


# -- Reload ------------------------------------------------------------------------------


def reload_problem(game: GameView, figure: Figure, name: str) -> Reason | None:
    """Why the figure cannot reload the weapon now (None: it can)."""
    try:
        carried = figure.weapon(name)
    except KeyError:
        return Reason.of("combat.carries_none", who=figure.name, weapon=name)
    weapon = game.rules.weapon(carried.name)
    size = weapon.magazine if weapon.type == "ranged" else None
    if size is None and not carried.jammed:
        return Reason.of("ammo.no_magazine", weapon=weapon.name)
    if figure.ammo <= 0:
        return Reason.of("support.no_ammo", who=figure.name, weapon=weapon.name)
    if not carried.jammed and size is not None and (carried.loaded or 0) >= min(size, figure.ammo):
        return Reason.of("support.magazine_full", weapon=weapon.name, loaded=carried.loaded)
    return None


def check_reload(game: GameView, action: act.Reload) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost)
    problem = reload_problem(game, fig, action.weapon)
    if problem is not None:
        raise IllegalAction(problem)


def do_reload(game: GameView, action: act.Reload) -> list[Event]:
    """Refill the magazine from the supply and clear a jam: a jammed weapon first
    needs a VER test (P), which Feldwerkstatt spares (§5.6, §13.1)."""
    fig = game.figure(action.figure)
    weapon = game.rules.weapon(fig.weapon(action.weapon).name)
    before = resolve.ammo_state(fig, weapon)
    assert before is not None  # reload_problem: a ranged weapon
    budget.spend(game, fig, action.verb)
    events: list[Event] = []
    if before.jammed and not has_talent(game.profile(fig).talents, FELDWERKSTATT):
        test = rules_ammo.jam_test(fig.name, game.profile(fig).ver, weapon, game.rules, game.dice)
        events.append(test)
        if not test.success:
            return events
    after, event = rules_ammo.reload(fig.name, weapon, before)
    resolve.store_ammo(fig, weapon, after)
    return [*events, event]


# -- Take cover -------------------------------------------------------------------------


def check_cover(game: GameView, action: act.TakeCover) -> None:
    budget.check_budget(game, action.figure, action.verb, action.cost)


def do_cover(game: GameView, action: act.TakeCover) -> list[Event]:
    """Until its next activation the figure's cover is one step better (§4)."""
    fig = game.figure(action.figure)
    budget.spend(game, fig, action.verb)
    fig.took_cover = True
    return [TookCover(fig.id, sight.near_terrain(game, fig))]


# -- First aid ----------------------------------------------------------------------------

PATIENT_CONDITIONS = (Condition.STANDING, Condition.DOWN, Condition.OUT_UNSTABLE)


def aid_problem(game: GameView, healer: Figure, patient: Figure) -> Reason | None:
    """Why the healer cannot give First aid to the patient (None: it can)."""
    if patient.id == healer.id and treatment_kit(game, healer) is None:
        return Reason.of("support.aid_self", who=healer.name)
    if patient.side != healer.side:
        return Reason.of("support.aid_side", patient=patient.name, who=healer.name)
    if patient.presence is not Presence.TABLE or patient.condition not in PATIENT_CONDITIONS:
        return Reason.of("aid.cannot_help", patient=patient.name, condition=patient.condition.value)
    if patient.condition is Condition.STANDING and patient.tp >= patient.max_tp:
        return Reason.of("aid.not_wounded", patient=patient.name)
    if patient.id != healer.id and not sight.in_contact(game, healer, patient):
        apart = sight.base_gap(healer, patient)
        return Reason.of(
            "support.aid_contact",
            patient=patient.name,
            who=healer.name,
            apart=apart,
            contact=space.contact_gap(game),
        )
    return None


def check_aid(game: GameView, action: act.FirstAid) -> None:
    cost = budget.action_cost(game, game.figure(action.figure), action.verb)
    fig = budget.check_budget(game, action.figure, action.verb, cost)
    problem = aid_problem(game, fig, game.figure(action.target))
    if problem is not None:
        raise IllegalAction(problem)


def do_aid(game: GameView, action: act.FirstAid) -> list[Event]:
    """VER test 12: stabilise and +1 TP (Feldarzt +1, an infirmary +1) (§4, §9, §11)."""
    fig, patient = game.figure(action.figure), game.figure(action.target)
    kit = treatment_kit(game, fig)
    if kit is not None:
        return _treat(game, action, *kit)
    infirmary = module_on_board(game, TerrainKind.INFIRMARY)
    budget.spend(game, fig, action.verb)
    healer, before = bridge.combatant(game, fig), bridge.combatant(game, patient)
    try:
        aid = first_aid(healer, before, game.rules, game.dice, infirmary=infirmary is not None)
    except FirstAidError as exc:  # pragma: no cover - aid_problem checked it
        raise IllegalAction(exc.reason) from None
    bridge.write_back(game, patient, aid.patient)
    events: list[Event] = [aid.event]
    if aid.success:
        events += game.system.treated(game, fig, patient)
    if infirmary is not None and aid.success:
        without = healed_tp(before, aid_heal(healer, game.rules, infirmary=False))
        bonus = aid.patient.tp - without
        if bonus > 0:
            events.append(InfirmaryHelped(patient.id, infirmary.id, bonus))
    return events


def _treat(game: GameView, action: act.FirstAid, item: str, heal: int) -> list[Event]:
    """First aid with a medical item: the patient's KÖR test, the item's TP; the
    item is used up whatever the roll (seed 002, docs/RULES.md §18)."""
    fig, patient = game.figure(action.figure), game.figure(action.target)
    budget.spend(game, fig, action.verb)
    use_up(fig, item)
    healer, before = bridge.combatant(game, fig), bridge.combatant(game, patient)
    done = treat(healer, before, item, heal, game.rules, game.dice)
    bridge.write_back(game, patient, done.patient)
    events: list[Event] = [done.event]
    if done.success:
        events += game.system.treated(game, fig, patient)
    return events


# -- Interact -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interaction:
    """What an Interact with a piece does: open | close | loot | restore | rearm |
    blast (a demolition charge at a barred gate)."""

    what: str
    piece: TerrainPiece


def improvise_problem(game: GameView, figure: Figure, piece: TerrainPiece) -> Reason | None:
    """Why the figure cannot use Improvisieren on the piece (None: it can, §13)."""
    if not bridge.combatant(game, figure).has(IMPROVISE):
        return Reason.of("support.no_tinkerer", ref=piece.id, who=figure.name)
    allowed = game.rules.signatures.improvisieren.uses_per_battle
    if figure.uses.get(IMPROVISED, 0) >= allowed:
        return Reason.of("support.improvised", who=figure.name)
    if piece.kind is TerrainKind.MINEFIELD:
        if piece.id not in game.state.minefield_spent:
            return Reason.of("support.still_armed", ref=piece.id)
        return None
    if piece.max_structure is None:
        return Reason.of("support.not_structure", ref=piece.id, kind=piece.kind.value)
    if not piece.destroyed and (piece.structure or 0) >= piece.max_structure:
        return Reason.of("support.whole", ref=piece.id, points=piece.structure)
    solid_again = (piece.destroyed_from or piece.kind) is not TerrainKind.GATE
    on_it = bases_on(game, piece) if solid_again else []
    if on_it:
        who = ", ".join(f.name for f in on_it)
        return Reason.of("support.occupied", ref=piece.id, names=who)
    return None


def piece_in_contact(game: GameView, figure: Figure, target: str) -> TerrainPiece:
    """The piece `target` if the figure's base touches it; IllegalAction if not."""
    piece = game.state.board.pieces.get(target)
    if piece is None:
        raise IllegalAction(Reason.of("support.no_piece", ref=target))
    if not breaking.touching(game, figure, piece):
        raise IllegalAction(
            Reason.of(
                "support.no_contact",
                who=figure.name,
                ref=target,
                gap=piece_gap(figure, piece),
                contact=space.contact_gap(game),
            )
        )
    return piece


def interaction(game: GameView, figure: Figure, target: str) -> Interaction:
    """What Interact with `target` would do; IllegalAction naming why not."""
    piece = piece_in_contact(game, figure, target)
    kind = piece.kind
    if kind is TerrainKind.GATE:
        return _gate(game, figure, piece)
    if kind is TerrainKind.STORAGE:
        return _storage(game, figure, piece)
    if kind is TerrainKind.MINEFIELD or piece.max_structure is not None:
        problem = improvise_problem(game, figure, piece)
        if problem is not None:
            raise IllegalAction(problem)
        return Interaction("rearm" if kind is TerrainKind.MINEFIELD else "restore", piece)
    raise IllegalAction(Reason.of("support.nothing", ref=target, kind=kind.value))


def _gate(game: GameView, figure: Figure, gate: TerrainPiece) -> Interaction:
    if gate.destroyed:
        problem = improvise_problem(game, figure, gate)
        if problem is not None:
            raise IllegalAction(Reason.of("support.gate_broken", ref=gate.id, why=problem))
        return Interaction("restore", gate)
    if game.state.sides[figure.side].threat is not None:
        if has_charge(game, figure) and breaking.breakable(gate):
            return Interaction("blast", gate)
        raise IllegalAction(Reason.of("support.gate_barred", ref=gate.id))
    if gate.open:
        on_it = bases_on(game, gate)
        if on_it:
            who = ", ".join(f.name for f in on_it)
            raise IllegalAction(Reason.of("support.gate_blocked", ref=gate.id, names=who))
        return Interaction("close", gate)
    return Interaction("open", gate)


def _storage(game: GameView, figure: Figure, storage: TerrainPiece) -> Interaction:
    threat = game.state.sides[figure.side].threat
    if threat != "raiders":
        raise IllegalAction(Reason.of("support.raiders_loot", ref=storage.id))
    return Interaction("loot", storage)


def check_interact(game: GameView, action: act.Interact) -> None:
    fig = budget.check_budget(game, action.figure, action.verb, action.cost)
    if action.target in game.state.markers:
        why = loot.problem(game, fig, action.target)
        if why is not None:
            raise IllegalAction(why)
        return
    interaction(game, fig, action.target)


def do_interact(game: GameView, action: act.Interact) -> list[Event]:
    fig = game.figure(action.figure)
    if action.target in game.state.markers:
        check_interact(game, action)
        budget.spend(game, fig, action.verb)
        return loot.interact(game, fig, action.target)
    done = interaction(game, fig, action.target)
    budget.spend(game, fig, action.verb)
    return carry_out(game, fig, done)


def carry_out(game: GameView, figure: Figure, done: Interaction) -> list[Event]:
    """Change the board or the figure as the interaction says."""
    st, piece = game.state, done.piece
    if done.what in ("open", "close"):
        st.board.set_gate(piece.id, done.what == "open")
        return [GateMoved(figure.id, piece.id, done.what == "open")]
    if done.what == "loot":
        figure.loot += 1
        return [LootTaken(figure.id, piece.id, figure.loot)]
    if done.what == "blast":
        return _blast(game, figure, piece)
    figure.uses[IMPROVISED] = figure.uses.get(IMPROVISED, 0) + 1
    if done.what == "rearm":
        st.minefield_spent.remove(piece.id)
        return [Improvised(figure.id, piece.id, "rearmed", None)]
    st.board.repair(piece.id)
    if piece.id in st.destroyed_modules:
        st.destroyed_modules.remove(piece.id)
    return [Improvised(figure.id, piece.id, "restored", st.board.piece(piece.id).structure)]


def _blast(game: GameView, figure: Figure, gate: TerrainPiece) -> list[Event]:
    """Seed 002's demolition charge: set in base contact, it breaks the gate open
    without a roll ("gelingt die Sprengung automatisch"); it is used up; the blast
    is heard as breaking is (P)."""
    st = game.state
    use_up(figure, CHARGE)
    st.board.damage(gate.id, gate.structure or 0)
    if gate.is_module and gate.id not in st.destroyed_modules:
        st.destroyed_modules.append(gate.id)
    events: list[Event] = [
        ChargeBlasted(figure.id, gate.id),
        StructureBroken(figure.id, gate.id, "gate"),
    ]
    near = gate.polygon.exterior.interpolate(gate.polygon.exterior.project(Point(figure.pos)))
    return events + noise.make_noise(game, "breaking", (near.x, near.y), figure.id)


# -- the room's table and legal actions ------------------------------------------------


def _passes(game: GameView, check: Handler, action: act.Action) -> bool:
    try:
        check.check(game, action)
    except IllegalAction:
        return False
    return True


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Aim, Reload per weapon, Take cover, First aid per patient, Interact per piece."""
    if not figure.standing:
        return []
    candidates: list[act.Action] = [act.Aim(figure.id), act.TakeCover(figure.id)]
    candidates += [act.Reload(figure.id, w.name) for w in figure.weapons]
    candidates += [
        act.FirstAid(figure.id, f.id)
        for f in game.state.figures.values()
        if f.side == figure.side and f.presence is Presence.TABLE
    ]
    candidates += [act.Interact(figure.id, p.id) for p in nearby_pieces(game, figure)]
    finds = loot.reachable(game, figure) + game.state.carried(figure.id)
    candidates += [act.Interact(figure.id, m.id) for m in finds]
    return [a for a in candidates if _passes(game, HANDLERS[type(a)], a)]


HANDLERS: dict[type[act.Action], Handler] = {
    act.Aim: Handler(check_aim, do_aim),
    act.Reload: Handler(check_reload, do_reload),
    act.TakeCover: Handler(check_cover, do_cover),
    act.FirstAid: Handler(check_aid, do_aid),
    act.Interact: Handler(check_interact, do_interact),
}
