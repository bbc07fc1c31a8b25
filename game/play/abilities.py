"""The abilities room (docs/RULES.md §13, rulebook §1.3, §4): `UseAbility` — the
archetype signatures that are used (Seuchenhauch, Immunserum, Raserei,
Improvisieren), the Hexer's gifts, with strain and backlash, and the talents
Furchtbrüller's roar and Wandelnde Plage (its raising is `talent_room`'s, §13.1).

`UseAbility.ability` names the ability, German or English, with an option after
a colon where there is a choice: "Raserei:action" / "Raserei:melee",
"Immunserum:heal" / ":stabilise" / ":cure" (without an option Immunserum does
what the patient needs: stabilise the unstable, heal the hurt, else cure); a gift
takes ":blood" with the talent Blutmagie (1 TP instead of strain, §13.1). The
target is a figure id (a piece id for Improvisieren); no ability takes a point.

Decisions (P, not fixed by the rulebook):
- Using an ability is one action with the verb "ability", so the no-repeat rule
  (§4) allows one ability per activation (as one Attack per activation).
- Raserei is no action: a free declaration (it costs strain, not an action), once
  per round, while the Berserker still has an action left.
- Improvisieren is an Interact (§13): it books "interact", see `support`.
- Seuchenhauch and Grauen target a standing enemy in sight, any distance, not
  veiled from the caster (Schleier). Immunserum touches the Virologe itself or an
  adjacent ally on the table.
- A gift first costs its strain (and maybe a backlash), then works — unless the
  backlash took the caster down, then it fizzles.
- Backlash "lose the next action": an action still left in this activation is lost
  at once; otherwise the first action of the next activation
  (`Figure.lose_actions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from game import actions as act
from game.actions import IllegalAction
from game.events import Event, Family
from game.play import bridge, budget, combat, harm, morale, sight, support, talent_room
from game.play.context import RASEREI_MELEE, VEILED, veiled_from
from game.play.contract import GameView, Handler, Legal
from game.play.events import ActionsLost
from game.play.support import SupportEvent
from game.reason import Reason
from game.rules import abilities as rules_abilities
from game.rules.abilities import StrainResult
from game.rules.checks import saving_throw
from game.rules.combatant import Condition
from game.rules.loader import UnknownNameError, fold
from game.rules.models import SIGNATURE_NAMES, Gift
from game.rules.talents import (
    BLUTMAGIE,
    FURCHTBRUELLER,
    SEUCHENHERR,
    WANDELNDE_PLAGE,
    ZWEI_ZUNGEN,
)
from game.rules.talents import has as has_talent
from game.state import Figure, Presence

SEUCHENHAUCH = "Seuchenhauch"
IMMUNSERUM = "Immunserum"
RASEREI = "Raserei"
IMPROVISIEREN = support.IMPROVISE
ACTIVE = (SEUCHENHAUCH, IMMUNSERUM, RASEREI, IMPROVISIEREN)
"""The signatures that are used (the others work by themselves)."""
OPTIONS: dict[str, tuple[str, ...]] = {
    RASEREI: ("action", "melee"),
    IMMUNSERUM: ("heal", "stabilise", "cure"),
}
ROARED = "roared"  # Figure.uses key: Furchtbrüller's roars this battle
BLOOD = "blood"  # a gift's option: Blutmagie pays TP instead of strain (§13.1)
RASEREI_ACTION = "raserei_action"  # effect: +1 action through the round (budget.action_budget)
RASEREI_ROUND = "raserei_round"  # Figure.uses key: the round Raserei was last taken
VERB = act.UseAbility.verb
SerumMode = Literal["heal", "stabilise", "cure"]


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionLostLater(SupportEvent):
    """Backlash with no action left now: the next activation's first action is lost."""

    kind: ClassVar[str] = "action_lost_later"
    section: ClassVar[str] = "§4.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str


@dataclass(frozen=True, slots=True)
class Roared(SupportEvent):
    """Furchtbrüller: the Berserker roars; every enemy near it saves WIL (§13.1)."""

    kind: ClassVar[str] = "roar"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    radius: float


@dataclass(frozen=True, slots=True)
class Cowed(SupportEvent):
    """A failed save against Furchtbrüller: the figure loses an action (§13.1)."""

    kind: ClassVar[str] = "cowed"
    section: ClassVar[str] = "§13.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    lost: int


@dataclass(frozen=True, slots=True)
class GiftFizzled(SupportEvent):
    """The backlash took the caster down before its gift could work (§4.1)."""

    kind: ClassVar[str] = "gift_fizzled"
    section: ClassVar[str] = "§4.1"
    family: ClassVar[Family] = "ability"
    refs: ClassVar[tuple[str, ...]] = ("figure",)
    figure: str
    gift: str


# -- what is being used ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Use:
    """A checked UseAbility: the canonical ability, its option and target."""

    ability: str
    option: str | None
    gift: Gift | None
    target: Figure | None
    piece: str | None

    @property
    def verb(self) -> str:
        """The action booked: Improvisieren is an Interact, Raserei nothing."""
        if self.ability == IMPROVISIEREN:
            return act.Interact.verb
        return RASEREI if self.ability == RASEREI else VERB

    @property
    def cost(self) -> int:
        return 0 if self.ability == RASEREI else act.UseAbility.cost


def parse(game: GameView, text: str) -> tuple[str, str | None, Gift | None]:
    """'Raserei:action' -> ('Raserei', 'action', None); a gift by any of its names."""
    name, _, option = text.partition(":")
    key = fold(name)
    for sig in SIGNATURE_NAMES:
        if fold(sig) == key:
            if sig not in ACTIVE:
                raise IllegalAction(Reason.of("ability.passive", ability=sig))
            return sig, _option(sig, option), None
    for talent in (FURCHTBRUELLER, WANDELNDE_PLAGE):  # the talents that are abilities
        if key in (fold(talent), fold(game.rules.talent(talent).english or "")):
            return talent, _option(talent, option), None
    try:
        gift = game.rules.gift(name)
    except UnknownNameError:
        known = ", ".join([*ACTIVE, *game.rules.gifts])
        raise IllegalAction(Reason.of("ability.unknown", ability=name, known=known)) from None
    return gift.name, _option(gift.name, option, gift=True), gift


def _option(ability: str, option: str, gift: bool = False) -> str | None:
    allowed = (BLOOD,) if gift else OPTIONS.get(ability, ())
    if not option:
        if ability == RASEREI:
            raise IllegalAction(Reason.of("ability.needs_choice"))
        return None
    if option not in allowed:
        choices = ", ".join(f"{ability}:{o}" for o in allowed) or f"just {ability}"
        raise IllegalAction(
            Reason.of("ability.no_option", ability=ability, option=option, choices=choices)
        )
    return option


def abilities_of(game: GameView, figure: Figure) -> list[str]:
    """The abilities a figure can use: its active signatures, then its gifts (a
    figure has gifts through Gezeichnet or the talent Neue Gabe, §13.1)."""
    comb = bridge.combatant(game, figure)
    own = [*(a for a in ACTIVE if comb.has(a)), *game.profile(figure).gifts]
    roars = game.rules.talent(FURCHTBRUELLER).per_battle or 0
    if has_talent(comb.talents, FURCHTBRUELLER) and figure.uses.get(ROARED, 0) < roars:
        own.append(FURCHTBRUELLER)
    if has_talent(comb.talents, WANDELNDE_PLAGE):
        own.append(WANDELNDE_PLAGE)
    return own


def check_use(game: GameView, action: act.UseAbility) -> Use:
    """Every check of a UseAbility; IllegalAction naming why it is not allowed."""
    ability, option, gift = parse(game, action.ability)
    probe = Use(ability, option, gift, None, None)
    caster = game.profile(action.figure).talents
    twice = gift is not None and has_talent(caster, ZWEI_ZUNGEN)
    fig = budget.check_budget(game, action.figure, probe.verb, probe.cost, twice=twice)
    if ability not in abilities_of(game, fig):
        raise IllegalAction(Reason.of("ability.missing", who=fig.name, ability=ability))
    if action.at is not None:
        raise IllegalAction(Reason.of("ability.no_point", ability=ability))
    if ability == IMPROVISIEREN:
        return Use(ability, option, gift, None, _piece(game, fig, action.target))
    target = None if action.target is None else game.figure(action.target)
    wants_target = ability not in (RASEREI, FURCHTBRUELLER) and not (gift and gift.effect == "veil")
    if wants_target and target is None:
        raise IllegalAction(Reason.of("ability.needs_target", ability=ability))
    if not wants_target and target is not None:
        raise IllegalAction(Reason.of("ability.no_target", ability=ability))
    use = Use(ability, option, gift, target, None)
    problem = _problem(game, fig, use)
    if problem is not None:
        raise IllegalAction(problem)
    return use


def _piece(game: GameView, figure: Figure, target: str | None) -> str:
    if target is None:
        raise IllegalAction(Reason.of("ability.improvise_target"))
    piece = support.piece_in_contact(game, figure, target)
    problem = support.improvise_problem(game, figure, piece)
    if problem is not None:
        raise IllegalAction(problem)
    return target


def _problem(game: GameView, fig: Figure, use: Use) -> Reason | None:
    """Why this use is not allowed (None: it is)."""
    if use.option == BLOOD:
        price = game.rules.talent(BLUTMAGIE).tp or 0
        if not has_talent(game.profile(fig).talents, BLUTMAGIE):
            return Reason.of("ability.no_blood_magic", who=fig.name)
        if fig.tp <= price:
            return Reason.of("ability.blood_last_tp", who=fig.name, tp=fig.tp)
    if use.ability == RASEREI:
        if fig.uses.get(RASEREI_ROUND) == game.state.round:
            return Reason.of("ability.raserei_taken", who=fig.name)
        return None
    target = use.target
    if use.ability == WANDELNDE_PLAGE:
        assert target is not None
        return talent_room.raise_problem(game, fig, target)
    if use.ability == IMMUNSERUM:
        assert target is not None
        return _serum_problem(game, fig, target, use.option)
    if use.gift is not None and use.gift.effect == "attack":
        assert target is not None and use.gift.weapon is not None
        return combat.attack_problem(game, fig, target, use.gift.weapon, mode="gift")
    if target is not None:
        return _sight_problem(game, fig, target, use)
    return None


def _sight_problem(game: GameView, fig: Figure, target: Figure, use: Use) -> Reason | None:
    """Seuchenhauch and Grauen: a standing enemy in sight, not veiled, not yet affected."""
    if target.side == fig.side or not target.standing:
        return Reason.of("ability.needs_enemy", ability=use.ability, target=target.name)
    if not sight.can_see(game, fig, target):
        return Reason.of("combat.no_sight", who=fig.name, target=target.name)
    if veiled_from(game, target, sight.base_gap(fig, target)):
        return Reason.of("ability.veiled", target=target.name, who=fig.name)
    if use.ability == SEUCHENHAUCH and bridge.WEAKENED in target.effects:
        return Reason.of("ability.weakened_already", target=target.name)
    if use.ability != SEUCHENHAUCH and target.suppressed:
        return Reason.of("ability.suppressed_already", target=target.name)
    return None


def serum_mode(patient: Figure, option: str | None) -> SerumMode | None:
    """What Immunserum does to the patient (None: nothing it could do)."""
    cond = patient.condition
    can: dict[SerumMode, bool] = {
        "stabilise": cond is Condition.OUT_UNSTABLE,
        "heal": cond is Condition.DOWN
        or (cond is Condition.STANDING and patient.tp < patient.max_tp),
        "cure": patient.infected and cond is not Condition.DEAD,
    }
    order: tuple[SerumMode, ...] = ("stabilise", "heal", "cure")
    wanted = [m for m in order if option in (None, m)]
    return next((m for m in wanted if can[m]), None)


def _serum_problem(
    game: GameView, fig: Figure, patient: Figure, option: str | None
) -> Reason | None:
    if patient.side != fig.side or patient.presence is not Presence.TABLE:
        return Reason.of("ability.serum_side", who=fig.name, patient=patient.name)
    if patient.id != fig.id and not sight.in_contact(game, fig, patient):
        return Reason.of("ability.serum_touch", patient=patient.name)
    if serum_mode(patient, option) is None:
        return Reason.of(
            "ability.serum_cannot",
            what=Reason.of(f"word.{option or 'help'}"),
            patient=patient.name,
            condition=patient.condition.value,
            tp=patient.tp,
            max_tp=patient.max_tp,
            infected=Reason.of("word.infected" if patient.infected else "word.not_infected"),
        )
    return None


# -- carrying it out -----------------------------------------------------------------------


def check(game: GameView, action: act.UseAbility) -> None:
    check_use(game, action)


def execute(game: GameView, action: act.UseAbility) -> list[Event]:
    use = check_use(game, action)
    fig = game.figure(action.figure)
    if use.ability == IMPROVISIEREN:
        assert use.piece is not None
        piece = game.state.board.piece(use.piece)
        budget.spend(game, fig, use.verb)
        what = "rearm" if use.piece in game.state.minefield_spent else "restore"
        return support.carry_out(game, fig, support.Interaction(what, piece))
    if use.ability == RASEREI:
        return _frenzy(game, fig, use)
    budget.spend(game, fig, use.verb)
    if use.ability == SEUCHENHAUCH:
        assert use.target is not None
        return _plague(game, fig, use.target)
    if use.ability == IMMUNSERUM:
        assert use.target is not None
        return _serum(game, fig, use.target, use.option)
    if use.ability == FURCHTBRUELLER:
        return roar(game, fig)
    if use.ability == WANDELNDE_PLAGE:
        assert use.target is not None
        return _walking_plague(game, fig, use.target)
    assert use.gift is not None
    return _gift(game, fig, use.gift, use.target, blood=use.option == BLOOD)


def _frenzy(game: GameView, fig: Figure, use: Use) -> list[Event]:
    """Raserei: 1 strain for +1 action or +1W6 melee through this round (§13)."""
    choice: Literal["action", "melee"] = "action" if use.option == "action" else "melee"
    rnd = game.state.round
    fig.uses[RASEREI_ROUND] = rnd
    fig.effects[RASEREI_ACTION if choice == "action" else RASEREI_MELEE] = rnd
    result = rules_abilities.frenzy(bridge.combatant(game, fig), choice, game.rules, game.dice)
    return strained(game, fig, result)


def _walking_plague(game: GameView, fig: Figure, target: Figure) -> list[Event]:
    """Wandelnde Plage: +1 strain (maybe backlash), then the fallen rises (§13.1)."""
    strain = game.rules.talent(WANDELNDE_PLAGE).strain or 0
    result = rules_abilities.add_strain(
        bridge.combatant(game, fig), strain, game.rules, game.dice, source=WANDELNDE_PLAGE
    )
    events = strained(game, fig, result)
    if not fig.standing:
        return events
    return events + talent_room.raise_fallen(game, fig, target)


def _plague(game: GameView, fig: Figure, target: Figure) -> list[Event]:
    """Seuchenhauch: KÖR save 12 or weakened through its next activation (§13);
    with Seuchenherr a second enemy close to the target too (§13.1)."""
    events: list[Event] = []
    second = plague_partner(game, fig, target)
    for victim in (target, *(() if second is None else (second,))):
        after, more = rules_abilities.plague_breath(
            bridge.combatant(game, fig), bridge.combatant(game, victim), game.rules, game.dice
        )
        bridge.write_back(game, victim, after)
        events += more
    return events


def roar(game: GameView, fig: Figure) -> list[Event]:
    """Furchtbrüller: once per battle, every standing enemy within the talent's range
    (P: 15 cm between the bases) saves WIL 12 or loses 1 action of its next
    activation (rulebook §13.1). The mindless do not fear, nor do figures steadied by
    Unverrückbar (P)."""
    data = game.rules.talent(FURCHTBRUELLER)
    fig.uses[ROARED] = fig.uses.get(ROARED, 0) + 1
    events: list[Event] = [Roared(fig.id, float(data.range or 0.0))]
    for enemy in roar_targets(game, fig):
        save = saving_throw(
            bridge.combatant(game, enemy),
            data.attribute or "wil",
            game.rules,
            game.dice,
            target=data.target,
            reason="roar",
        )
        events.append(save)
        if not save.success:
            enemy.lose_actions += data.actions or 0
            events.append(Cowed(enemy.id, data.actions or 0))
    return events


def roar_targets(game: GameView, fig: Figure) -> list[Figure]:
    """The enemies Furchtbrüller's roar makes save: standing within the talent's range,
    neither mindless nor steadied by Unverrückbar (P)."""
    radius = float(game.rules.talent(FURCHTBRUELLER).range or 0.0)
    return [
        enemy
        for enemy in game.state.enemies_of(fig)
        if enemy.standing
        and enemy.on_table
        and sight.base_gap(fig, enemy) <= radius + 1e-9
        and not game.profile(enemy).mindless
        and not morale.steadied(game, enemy)
    ]


def plague_partner(game: GameView, caster: Figure, target: Figure) -> Figure | None:
    """Seuchenherr: "Seuchenhauch trifft 2 Ziele, die nah beieinanderstehen" — the
    nearest other standing enemy within the talent's range of the target (P: 5 cm
    between the bases), not yet weakened; None without the talent or such an enemy."""
    if not has_talent(game.profile(caster).talents, SEUCHENHERR):
        return None
    reach = game.rules.talent(SEUCHENHERR).range or 0.0
    near = [
        (sight.base_gap(target, e), e.id, e)
        for e in game.state.enemies_of(caster)
        if e.id != target.id
        and e.standing
        and e.on_table
        and bridge.WEAKENED not in e.effects
        and sight.base_gap(target, e) <= reach + 1e-9
    ]
    return min(near)[2] if near else None


def _serum(game: GameView, fig: Figure, patient: Figure, option: str | None) -> list[Event]:
    """Immunserum: heal 1W3 TP, stabilise, or cure infection (§13)."""
    mode = serum_mode(patient, option)
    assert mode is not None
    after, event = rules_abilities.immune_serum(
        bridge.combatant(game, fig), bridge.combatant(game, patient), mode, game.rules, game.dice
    )
    bridge.write_back(game, patient, after)
    if mode == "cure":
        patient.infected = False
    return [event]


def _gift(
    game: GameView, fig: Figure, gift: Gift, target: Figure | None, *, blood: bool = False
) -> list[Event]:
    """A gift: +1 strain (maybe backlash) — or with Blutmagie 1 TP (":blood") —
    then its effect (§13, §13.1)."""
    price = (game.rules.talent(BLUTMAGIE).tp or 0) if blood else 0
    cast = rules_abilities.cast_gift(
        bridge.combatant(game, fig), gift.name, game.rules, game.dice, blood=price
    )
    events = strained(game, fig, cast)
    if not fig.standing:
        return [*events, GiftFizzled(fig.id, gift.name)]
    if gift.effect == "attack":
        assert target is not None and gift.weapon is not None
        return events + combat.attack(game, fig, target, gift.weapon, mode="gift")
    if gift.effect == "veil":
        fig.effects[VEILED] = 0
        return [
            *events,
            rules_abilities.veil(bridge.combatant(game, fig), game.rules, gift=gift.name),
        ]
    assert target is not None
    after, more = rules_abilities.dread(
        bridge.combatant(game, fig),
        bridge.combatant(game, target),
        game.rules,
        game.dice,
        gift=gift.name,
        steadied_by=morale.steadied(game, target),
    )
    bridge.write_back(game, target, after)
    if target.suppressed:
        target.overwatch = None
        target.aimed = 0
    return [*events, *more]


def strained(game: GameView, fig: Figure, result: StrainResult) -> list[Event]:
    """Write strain and a backlash back: a wound that fells the figure, a lost action."""
    was_standing = fig.standing
    bridge.write_back(game, fig, result.figure)
    events = list(result.events)
    if was_standing and not fig.standing:
        events += harm.fallen(game, fig)
    if result.lose_action and fig.standing:
        events += lose_next_action(game, fig)
    return events


def lose_next_action(game: GameView, fig: Figure) -> list[Event]:
    """Backlash: the figure's next action is lost — now if one is left, else next time."""
    if fig.id in game.state.active and budget.can_act(game, fig):
        budget.spend(game, fig, budget.LOST)
        return [ActionsLost(fig.id, 1)]
    fig.lose_actions += 1
    return [ActionLostLater(fig.id)]


# -- legal actions ----------------------------------------------------------------------


def legal(game: GameView, figure: Figure) -> list[Legal]:
    """Every ability the figure may use now, per option and target."""
    own = abilities_of(game, figure) if figure.standing else []
    if not own:
        return []
    candidates: list[act.UseAbility] = []
    for ability in own:
        candidates += _candidates(game, figure, ability)
    return [a for a in candidates if _passes(game, a)]


def _candidates(game: GameView, figure: Figure, ability: str) -> list[act.UseAbility]:
    """Uses of one ability worth checking: per option and plausible target."""
    fid, use = figure.id, act.UseAbility
    if ability == RASEREI:
        return [use(fid, f"{RASEREI}:{o}") for o in OPTIONS[RASEREI]]
    if ability == IMMUNSERUM:
        return [
            use(fid, f"{IMMUNSERUM}:{o}", p.id)
            for o in OPTIONS[IMMUNSERUM]
            for p in _touched(game, figure)
        ]
    if ability == IMPROVISIEREN:
        return [use(fid, ability, p.id) for p in support.nearby_pieces(game, figure)]
    if ability == FURCHTBRUELLER:
        return [use(fid, ability)]
    if ability == WANDELNDE_PLAGE:
        return [use(fid, ability, f.id) for f in talent_room.raisable(game, figure)]
    names = [ability]
    if ability != SEUCHENHAUCH and has_talent(game.profile(figure).talents, BLUTMAGIE):
        names.append(f"{ability}:{BLOOD}")  # Blutmagie: pay 1 TP instead of strain
    if ability != SEUCHENHAUCH and game.rules.gift(ability).effect == "veil":
        return [use(fid, name) for name in names]
    return [use(fid, name, e.id) for name in names for e in _enemies_in_sight(game, figure)]


def _touched(game: GameView, figure: Figure) -> list[Figure]:
    """The figure itself and the allies on the table in base contact with it."""
    return [
        f
        for f in game.state.figures.values()
        if f.side == figure.side
        and f.presence is Presence.TABLE
        and (f.id == figure.id or sight.in_contact(game, figure, f))
    ]


def _enemies_in_sight(game: GameView, figure: Figure) -> list[Figure]:
    """Standing enemies the figure can see (one batched sight pass)."""
    enemies = [e for e in game.state.enemies_of(figure) if e.on_table]
    if not enemies:
        return []
    seen = sight.batch(game, figure, enemies).visible
    return [e for e, v in zip(enemies, seen, strict=True) if v]


def _passes(game: GameView, action: act.UseAbility) -> bool:
    try:
        check_use(game, action)
    except IllegalAction:
        return False
    return True


HANDLERS: dict[type[act.Action], Handler] = {act.UseAbility: Handler(check, execute)}
