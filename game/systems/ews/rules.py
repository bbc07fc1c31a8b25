"""The EWS combat module "Fokus: Kampf" (FoKa, seed document 004) as pure functions.

- A shot (`plan_shot`, `roll_shot`): value ± W6 against a Mindestwurf from the range
  band (combat or calm) plus the seed's modifiers; the margin adds to the damage.
  The target may dodge (`DodgePlan`): its own test against 15/12/9 by the projectile's
  speed; it escapes when its margin beats the shooter's.
- Melee (`plan_melee`, `roll_melee`): both roll their combat value, the higher result
  hits the other (ties: the attacker); the difference adds to the damage.
- Damage (`take_damage`): margin + weapon − Schutz off the TP; a wound at the
  Wundschwelle (−3 on all actions), a critical wound at the Konstitution (−6); the
  Konstitution rolls at 0 TP (fail: out of action) and at −1×, −2× … TP (fail: dead).

A figure's EWS state rides in `Fighter`; `marks()` / `Fighter.with_marks` turn its
wound counters into the plain `name -> int` entries the engine keeps on a figure.
The exact odds (`game.systems.ews.odds`) use the same plans and the same
`wound_kind` / `crossed` / `threshold_mw` as the rolling code here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from game.cover import Cover
from game.dice import Dice
from game.events import CatalogueEvent, Family
from game.rules.combatant import AttackContext
from game.rules.models import Weapon
from game.systems.common import Situation
from game.systems.ews.dice import automatic, signed
from game.systems.ews.tables import Band, EwsData, EwsProfile, EwsWeapon, Knobs

Parts = tuple[tuple[str, int], ...]
State = Literal["standing", "out", "dead"]
WoundKind = Literal["none", "scratch", "wound", "critical"]
MARK = "ews."
"""Prefix of the EWS counters kept on a figure (`Figure.uses`)."""


# -- the fighter --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fighter:
    """One figure as the EWS sees it: its values and its wounds.

    `survived` counts the Konstitution rolls at 0, −1×, −2× … TP it has passed."""

    name: str
    melee: int
    ranged: int
    dodge: int
    con: int
    armour: int = 0
    shield: int = 0
    tp: int | None = None
    wounds: int = 0
    crits: int = 0
    survived: int = 0
    state: State = "standing"
    drunk: int = 0  # seed 002's Schnaps: − on shots, dodges and melee
    resist: int = 0  # Schnaps: + on the Konstitution rolls

    @property
    def max_tp(self) -> int:
        """TP = the Konstitution (seed: "Trefferpunkte … bei dem Wert einer passenden
        Eigenschaft")."""
        return self.con

    @property
    def hp(self) -> int:
        return self.max_tp if self.tp is None else self.tp

    def ws(self, knobs: Knobs) -> int:
        """The Wundschwelle: a third of the Konstitution."""
        return self.con // knobs.wounds.ws_divisor

    def malus(self, knobs: Knobs) -> Parts:
        """What wounds and low TP take off every action, as named parts."""
        w = knobs.wounds
        low = w.low_malus if self.survived else w.stagger_malus if self.hp <= self.ws(knobs) else 0
        parts = (
            ("wounds", -w.wound_malus * self.wounds),
            ("critical", -w.critical_malus * self.crits),
            ("low_tp", -low),
            ("schnaps", -self.drunk),
        )
        return tuple(p for p in parts if p[1])

    def marks(self) -> dict[str, int]:
        """The counters the engine keeps on the figure."""
        return {
            f"{MARK}wounds": self.wounds,
            f"{MARK}crits": self.crits,
            f"{MARK}survived": self.survived,
        }

    def with_marks(self, marks: dict[str, int] | tuple[tuple[str, int], ...]) -> Fighter:
        got = dict(marks)
        return replace(
            self,
            wounds=got.get(f"{MARK}wounds", 0),
            crits=got.get(f"{MARK}crits", 0),
            survived=got.get(f"{MARK}survived", 0),
        )

    @classmethod
    def of(cls, name: str, profile: EwsProfile, tp: int | None = None) -> Fighter:
        return cls(
            name=name,
            melee=profile.melee,
            ranged=profile.ranged,
            dodge=profile.dodge,
            con=profile.con,
            armour=profile.armour,
            shield=profile.shield,
            tp=tp,
        )


def total(parts: Parts) -> int:
    return sum(v for _, v in parts)


# -- events -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EwsEvent(CatalogueEvent):
    """Base of the EWS's events (catalogue room `ews`)."""

    room: ClassVar[str] = "ews"


@dataclass(frozen=True, slots=True)
class ShotRolled(EwsEvent):
    """A shot: value ± W6 against the Mindestwurf (an automatic success rolls no die:
    `face` 0)."""

    kind: ClassVar[str] = "ews_shot"
    section: ClassVar[str] = "§EWS FoKa: Fernkampf"
    family: ClassVar[Family] = "attack"
    who: str
    target: str
    weapon: str
    value: int
    value_parts: Parts
    mw: int
    mw_parts: Parts
    band: str
    calm: bool
    face: int
    result: int
    margin: int

    @property
    def hit(self) -> bool:
        return self.margin >= 0


@dataclass(frozen=True, slots=True)
class DodgeRolled(EwsEvent):
    """The target dodges the shot: its margin must beat the shooter's."""

    kind: ClassVar[str] = "ews_dodge"
    section: ClassVar[str] = "§EWS FoKa: Schüssen ausweichen"
    family: ClassVar[Family] = "attack"
    who: str
    shooter: str
    value: int
    value_parts: Parts
    mw: int
    mw_parts: Parts
    face: int
    result: int
    margin: int
    against: int
    escaped: bool


@dataclass(frozen=True, slots=True)
class StrayRolled(EwsEvent):
    """A hit on a target in melee with a figure that may be hit: a W6 again; on a
    stray face (5) the other figure is hit instead."""

    kind: ClassVar[str] = "ews_stray"
    section: ClassVar[str] = "§EWS FoKa: Mehrere Ziele"
    family: ClassVar[Family] = "attack"
    who: str
    target: str
    other: str
    face: int
    strayed: bool


@dataclass(frozen=True, slots=True)
class MeleeRolled(EwsEvent):
    """A melee exchange: both roll, the higher result hits the other (ties: the
    attacker)."""

    kind: ClassVar[str] = "ews_melee"
    section: ClassVar[str] = "§EWS FoKa: Nahkampf"
    family: ClassVar[Family] = "attack"
    who: str
    target: str
    weapon: str
    value: int
    value_parts: Parts
    face: int
    result: int
    their_weapon: str
    their_value: int
    their_parts: Parts
    their_face: int
    their_result: int
    attacker_wins: bool


@dataclass(frozen=True, slots=True)
class DamageTaken(EwsEvent):
    """Damage = margin + weapon − Schutz off the TP; a wound or critical wound."""

    kind: ClassVar[str] = "ews_damage"
    section: ClassVar[str] = "§EWS FoKa: Schaden"
    family: ClassVar[Family] = "harm"
    who: str
    margin: int
    weapon_damage: int
    bonus: int
    armour: int
    damage: int
    wound: str
    tp_before: int
    tp_after: int


@dataclass(frozen=True, slots=True)
class ThresholdRolled(EwsEvent):
    """A Konstitution roll at 0 TP (fail: out of action) or at −k × TP (fail: dead)."""

    kind: ClassVar[str] = "ews_threshold"
    section: ClassVar[str] = "§EWS FoKa: Niedrige Trefferpunkte"
    family: ClassVar[Family] = "harm"
    who: str
    level: int
    tp: int
    value: int
    mw: int
    face: int
    result: int
    passed: bool
    outcome: str  # fights_on | out | dead


@dataclass(frozen=True, slots=True)
class Killed(EwsEvent):
    """At −5 × TP a figure is dead without a roll."""

    kind: ClassVar[str] = "ews_killed"
    section: ClassVar[str] = "§EWS FoKa: Niedrige Trefferpunkte"
    family: ClassVar[Family] = "harm"
    who: str
    tp: int


# -- one test -----------------------------------------------------------------------------


def roll_test(dice: Dice, value: int, mw: int, knobs: Knobs) -> tuple[int, int]:
    """(face, result) of a test; an automatic success rolls nothing (face 0, result =
    the value)."""
    if automatic(value, mw, knobs.test.auto_margin):
        return 0, value
    face = dice.w6()
    return face, value + signed(face)


# -- shots --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DodgePlan:
    """The target's dodge: its value and the Mindestwurf by the projectile's speed."""

    value_parts: Parts
    mw_parts: Parts

    @property
    def value(self) -> int:
        return total(self.value_parts)

    @property
    def mw(self) -> int:
        return total(self.mw_parts)


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """A shot before any die is rolled: value, MW and damage, every part named."""

    shooter: Fighter
    target: Fighter
    weapon: str
    weapon_damage: int
    bonus: int
    value_parts: Parts
    mw_parts: Parts
    band: Band
    calm: bool
    dodge: DodgePlan | None = None
    other: Fighter | None = None  # a figure in melee with the target that may be hit

    @property
    def value(self) -> int:
        return total(self.value_parts)

    @property
    def mw(self) -> int:
        return total(self.mw_parts)


def band_of(weapon: Weapon, ctx: AttackContext, sit: Situation, knobs: Knobs) -> Band:
    """Short up to the knob's cm, medium up to the weapon's range, long beyond up to
    `long_factor` × range (P), extreme beyond that (the seed's "bis zum dreifachen
    ihrer Reichweite", up to `reach_factor` × range); without a measured distance:
    long at long range, else medium."""
    if sit.distance is None:
        return "long" if ctx.long_range else "medium"
    if sit.distance <= knobs.ranges.short_cm + 1e-9:
        return "short"
    if weapon.range is None or sit.distance <= weapon.range + 1e-9:
        return "medium"
    if sit.distance <= weapon.range * knobs.ranges.long_factor + 1e-9:
        return "long"
    return "extreme"


def cover_mw(ctx: AttackContext, sit: Situation, knobs: Knobs) -> int:
    """The target's cover from the share of it the shooter sees: 1/3 hidden +3, 2/3
    +6, 9/10 +9. Without a measured share, the table's cover level (P: light = 1/3,
    heavy = 2/3)."""
    if sit.visible is None:
        hidden = {Cover.NONE: 0.0, Cover.LIGHT: 1 / 3, Cover.HEAVY: 2 / 3}[ctx.cover]
    else:
        hidden = 1.0 - sit.visible
    for step in knobs.cover:
        if hidden >= step.hidden - 1e-4:
            return step.mw
    return 0


def shooter_cover_mw(ctx: AttackContext, sit: Situation, knobs: Knobs) -> int:
    """The shooter's own cover from the share of its base the target sees: 2/3 hidden
    +3, 9/10 hidden +9 (a blind shot). Without a measured share, heavy cover on the
    table counts as 2/3 (P)."""
    mods = knobs.modifiers
    if sit.shooter_visible is None:
        return mods.shooter_cover if ctx.attacker_cover is Cover.HEAVY else 0
    hidden = 1.0 - sit.shooter_visible
    if hidden >= mods.shooter_blind_hidden - 1e-4:
        return mods.shooter_blind
    if hidden >= mods.shooter_cover_hidden - 1e-4:
        return mods.shooter_cover
    return 0


def target_moving(sit: Situation, knobs: Knobs) -> int:
    """+3 when the target moves fast (it Ran this round) or across the line of sight."""
    mods = knobs.modifiers
    crossing = sit.target_crossing >= mods.crossing_cm - 1e-9 and sit.target_crossing > 0
    return mods.target_moving if sit.target_ran or crossing else 0


def scope_mw(band_mw: int, calm: bool, sit: Situation, knobs: Knobs) -> int:
    """What a scope takes off a calm shot's band MW (never below the calm short MW)."""
    if not (calm and sit.scope):
        return 0
    return -min(knobs.mw.scope.calm_steps, max(0, band_mw - knobs.mw.calm.short))


def plan_shot(
    shooter: Fighter,
    target: Fighter,
    weapon: Weapon,
    ctx: AttackContext,
    sit: Situation,
    data: EwsData,
    *,
    dodge: bool = False,
    other: Fighter | None = None,
) -> ShotPlan:
    """The shot's value (Fernkampf − wounds) and MW (range band + the seed's
    modifiers); with `dodge` the target's dodge too; `other` a figure in melee with
    the target that a hit may strike instead."""
    knobs = data.knobs
    mods = knobs.modifiers
    band = band_of(weapon, ctx, sit, knobs)
    table = knobs.mw.calm if ctx.aimed else knobs.mw.combat
    moving = mods.shooter_running if sit.shooter_ran else mods.shooter_walking
    mw_parts = (
        (f"band_{band}", table.of(band)),
        ("scope", scope_mw(table.of(band), ctx.aimed, sit, knobs)),
        ("target_moving", target_moving(sit, knobs)),
        ("shooter_moving", moving if sit.shooter_moved or sit.shooter_ran else 0),
        ("difficult_ground", mods.difficult_ground if sit.difficult else 0),
        ("target_in_melee", mods.target_in_melee if ctx.into_melee else 0),
        ("friend_in_line", mods.friend_in_line if sit.friend_in_line else 0),
        ("cover", cover_mw(ctx, sit, knobs)),
        ("shooter_cover", shooter_cover_mw(ctx, sit, knobs)),
    )
    row = data.weapon(weapon)
    plan = ShotPlan(
        shooter=shooter,
        target=target,
        weapon=weapon.name,
        weapon_damage=row.damage,
        bonus=knobs.damage.burst if ctx.burst else 0,
        value_parts=(("ranged", shooter.ranged), *shooter.malus(knobs)),
        mw_parts=tuple(p for p in mw_parts if p[1] or p[0].startswith("band_")),
        band=band,
        calm=ctx.aimed,
        other=other,
    )
    return replace(plan, dodge=dodge_plan(target, row, sit, knobs)) if dodge else plan


def dodge_plan(target: Fighter, row: EwsWeapon, sit: Situation, knobs: Knobs) -> DodgePlan:
    """The target's dodge against a projectile of this speed."""
    d = knobs.dodge
    mw: Parts = ((f"speed_{row.speed}", d.mw(row.speed)),)
    if sit.target_difficult:
        mw += (("difficult_ground", d.difficult_ground),)
    return DodgePlan((("dodge", target.dodge), *target.malus(knobs)), mw)


@dataclass(frozen=True, slots=True)
class ShotResult:
    """A rolled shot: its events and the damage it deals (0: none)."""

    events: tuple[EwsEvent, ...]
    hit: bool
    dodged: bool
    damage: int
    margin: int
    strayed: bool = False  # the hit struck the plan's `other` instead (`damage` is its)


def roll_shot(plan: ShotPlan, dice: Dice, knobs: Knobs) -> ShotResult:
    """Roll the shot (and the dodge): hit when the result reaches the MW, escaped
    when the dodge's margin beats the shot's."""
    face, result = roll_test(dice, plan.value, plan.mw, knobs)
    margin = result - plan.mw
    events: list[EwsEvent] = [
        ShotRolled(
            plan.shooter.name,
            plan.target.name,
            plan.weapon,
            plan.value,
            plan.value_parts,
            plan.mw,
            plan.mw_parts,
            plan.band,
            plan.calm,
            face,
            result,
            margin,
        )
    ]
    dodged = False
    if plan.dodge is not None:
        d = plan.dodge
        d_face, d_result = roll_test(dice, d.value, d.mw, knobs)
        dodged = escapes(d_result - d.mw, margin)
        events.append(
            DodgeRolled(
                plan.target.name,
                plan.shooter.name,
                d.value,
                d.value_parts,
                d.mw,
                d.mw_parts,
                d_face,
                d_result,
                d_result - d.mw,
                margin,
                dodged,
            )
        )
    hit = margin >= 0 and not dodged
    if hit and plan.other is not None:
        face = dice.w6()
        strayed = face in knobs.modifiers.stray_faces
        events.append(
            StrayRolled(plan.shooter.name, plan.target.name, plan.other.name, face, strayed)
        )
        if strayed:
            damage = shot_damage(replace(plan, target=plan.other), margin)
            return ShotResult(tuple(events), False, dodged, damage, margin, strayed=True)
    damage = shot_damage(plan, margin) if hit else 0
    return ShotResult(tuple(events), hit, dodged, damage, margin)


def escapes(dodge_margin: int, shot_margin: int) -> bool:
    """The dodge works when its margin is higher than the shooter's ("eine höhere
    Differenz als der Schütze")."""
    return dodge_margin > shot_margin


def shot_damage(plan: ShotPlan, margin: int) -> int:
    """Margin + weapon + burst − Schutz (never below 0)."""
    return max(0, margin + plan.weapon_damage + plan.bonus - plan.target.armour)


# -- melee --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeleePlan:
    """A melee exchange before the dice: both sides' values and weapons."""

    attacker: Fighter
    defender: Fighter
    weapon: str
    weapon_damage: int
    value_parts: Parts
    their_weapon: str
    their_damage: int
    their_parts: Parts

    @property
    def value(self) -> int:
        return total(self.value_parts)

    @property
    def their_value(self) -> int:
        return total(self.their_parts)


def plan_melee(
    attacker: Fighter,
    defender: Fighter,
    weapon: Weapon,
    their_weapon: Weapon,
    sit: Situation,
    data: EwsData,
) -> MeleePlan:
    """Both combat values: Nahkampf − wounds − 3 per opponent after the first."""
    knobs = data.knobs
    extra = knobs.melee.extra_opponent
    return MeleePlan(
        attacker=attacker,
        defender=defender,
        weapon=weapon.name,
        weapon_damage=data.weapon(weapon).damage,
        value_parts=_melee_parts(attacker, sit.attacker_opponents, extra, knobs),
        their_weapon=their_weapon.name,
        their_damage=data.weapon(their_weapon).damage,
        their_parts=_melee_parts(defender, sit.opponents, extra, knobs),
    )


def _melee_parts(fighter: Fighter, opponents: int, extra: int, knobs: Knobs) -> Parts:
    crowd = -extra * max(0, opponents - 1)
    return (
        ("melee", fighter.melee),
        *fighter.malus(knobs),
        *((("crowd", crowd),) if crowd else ()),
    )


def melee_damage(plan: MeleePlan, attacker_wins: bool, difference: int) -> int:
    """Difference + the winner's weapon − the loser's Schutz (a shield counts in melee)."""
    if attacker_wins:
        loser, weapon = plan.defender, plan.weapon_damage
    else:
        loser, weapon = plan.attacker, plan.their_damage
    return max(0, abs(difference) + weapon - loser.armour - loser.shield)


@dataclass(frozen=True, slots=True)
class MeleeResult:
    events: tuple[EwsEvent, ...]
    attacker_wins: bool
    damage: int
    difference: int


def roll_melee(plan: MeleePlan, dice: Dice) -> MeleeResult:
    """Both roll ±W6 (the attacker first); the higher result hits the other."""
    face, their_face = dice.w6(), dice.w6()
    result = plan.value + signed(face)
    theirs = plan.their_value + signed(their_face)
    wins = result >= theirs
    event = MeleeRolled(
        plan.attacker.name,
        plan.defender.name,
        plan.weapon,
        plan.value,
        plan.value_parts,
        face,
        result,
        plan.their_weapon,
        plan.their_value,
        plan.their_parts,
        their_face,
        theirs,
        wins,
    )
    diff = result - theirs
    return MeleeResult((event,), wins, melee_damage(plan, wins, diff), diff)


# -- damage -------------------------------------------------------------------------------


def wound_kind(fighter: Fighter, damage: int, knobs: Knobs) -> WoundKind:
    """A scratch below the Wundschwelle, a wound from it, a critical wound from the
    Konstitution on (one injury gives one wound at most)."""
    if damage <= 0:
        return "none"
    if damage >= fighter.con:
        return "critical"
    if damage >= fighter.ws(knobs):
        return "wound"
    return "scratch"


def crossed(fighter: Fighter, tp_after: int, knobs: Knobs) -> tuple[int, ...]:
    """The Konstitution rolls this drop in TP calls for, in order: level 0 at 0 TP,
    level k at −k × TP — each once in a battle."""
    levels = len(knobs.wounds.threshold_mw)
    return tuple(k for k in range(fighter.survived, levels) if tp_after <= -k * fighter.max_tp)


def killed_outright(fighter: Fighter, tp_after: int, knobs: Knobs) -> bool:
    """At −5 × TP nothing is left to live."""
    return tp_after <= -knobs.wounds.dead_multiple * fighter.max_tp


def threshold_mw(level: int, knobs: Knobs) -> int:
    return knobs.wounds.threshold_mw[level]


def take_damage(
    fighter: Fighter,
    damage: int,
    knobs: Knobs,
    dice: Dice,
    *,
    weapon_damage: int = 0,
    margin: int = 0,
    bonus: int = 0,
) -> tuple[Fighter, list[EwsEvent]]:
    """Damage lands: TP, the wound it gives, and the Konstitution rolls it calls for."""
    kind = wound_kind(fighter, damage, knobs)
    if kind == "none":
        return fighter, []
    before = fighter.hp
    after_tp = before - damage
    after = replace(
        fighter,
        tp=after_tp,
        wounds=fighter.wounds + (kind == "wound"),
        crits=fighter.crits + (kind == "critical"),
    )
    events: list[EwsEvent] = [
        DamageTaken(
            fighter.name,
            margin,
            weapon_damage,
            bonus,
            fighter.armour,
            damage,
            kind,
            before,
            after_tp,
        )
    ]
    if killed_outright(fighter, after_tp, knobs):
        events.append(Killed(fighter.name, after_tp))
        return replace(after, state="dead"), events
    for level in crossed(fighter, after_tp, knobs):
        mw = threshold_mw(level, knobs)
        face, result = roll_test(dice, fighter.con + fighter.resist, mw, knobs)
        passed = result >= mw
        outcome = "fights_on" if passed else "out" if level == 0 else "dead"
        events.append(
            ThresholdRolled(
                fighter.name,
                level,
                after_tp,
                fighter.con + fighter.resist,
                mw,
                face,
                result,
                passed,
                outcome,
            )
        )
        if not passed:
            return replace(after, state="out" if level == 0 else "dead"), events
        after = replace(after, survived=level + 1)
    return after, events
