"""The 3W6 combat of seed document 003 ("Kampfagenmodul"), as pure functions.

The sequence of the seed's "Ablauf":
1. the attack names a zone or rolls 3W6 on the zone table (`hit_zone`);
2. the attack roll: 3W6 ≤ skill + modifiers (condition, shock and the rest);
3. an active defence the defender chooses (Dodge, Parry, Block — or none):
   3W6 ≤ its value (`defences`, `best_defence`);
4. damage: roll the weapon's dice, subtract DR, the rest off the HP;
5. effects: shock → crippling → Major Wound / knockdown → bleeding (`take_injury`),
   and the KO rolls at 0 HP (fail: unconscious) and at −1×, −2× … HP (fail: dead).

A figure's state rides in `Fighter`; its counters become the plain `name -> int`
entries the engine keeps on a figure (`marks`, `with_marks`). The exact odds
(`game.systems.threew6.odds`) use the same plans and the same helpers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from game.cover import Cover
from game.dice import Dice
from game.events import CatalogueEvent, Family
from game.rules.combatant import AttackContext
from game.rules.models import Weapon
from game.systems.common import Situation
from game.systems.threew6.dice import Result, result_of
from game.systems.threew6.tables import Knobs, ThreeData, ThreeProfile, ThreeWeapon, Zone

Parts = tuple[tuple[str, int], ...]
State = Literal["standing", "stunned", "out", "dead"]
DefenceName = Literal["dodge", "parry", "block"]
MARK = "3w6."
"""Prefix of the 3W6 counters kept on a figure (`Figure.uses`)."""
LEGS = ("right_leg", "left_leg", "foot")
WEAPON_ARM = ("right_arm", "hand")
SHIELD_ARM = "left_arm"


def total(parts: Parts) -> int:
    return sum(v for _, v in parts)


# -- the fighter --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fighter:
    """One figure as the 3W6 system sees it: values, HP and conditions."""

    name: str
    st: int
    ge: int
    iq: int
    ko: int
    max_hp: int
    melee: int
    ranged: int
    dr: int = 0
    shield: int = 0  # Block skill with a shield; 0: no shield
    has_shield: bool = False
    condition: int = 0
    hp: int | None = None
    shock: int = 0
    lame: frozenset[str] = frozenset()
    bleeding: bool = False
    survived: int = 0
    state: State = "standing"

    @property
    def hp_now(self) -> int:
        return self.max_hp if self.hp is None else self.hp

    @property
    def injury(self) -> int:
        """HP lost so far."""
        return max(0, self.max_hp - self.hp_now)

    def weak(self, knobs: Knobs) -> bool:
        """At ≤ 1/3 HP: Dodge halved, movement reduced."""
        return self.hp_now <= self.max_hp * knobs.injury.weak_share + 1e-9

    def penalties(self) -> Parts:
        """Condition (−1 per level) and shock (this round) on every roll of GE or IN."""
        parts = (("condition", -self.condition), ("shock", -self.shock))
        return tuple(p for p in parts if p[1])

    def marks(self) -> dict[str, int]:
        out = {
            f"{MARK}shock": self.shock,
            f"{MARK}bleeding": int(self.bleeding),
            f"{MARK}survived": self.survived,
        }
        out.update({f"{MARK}lame.{z}": 1 for z in sorted(self.lame)})
        return out

    def with_marks(self, marks: dict[str, int] | tuple[tuple[str, int], ...]) -> Fighter:
        got = dict(marks)
        lame = frozenset(
            k.removeprefix(f"{MARK}lame.")
            for k, v in got.items()
            if k.startswith(f"{MARK}lame.") and v
        )
        return replace(
            self,
            shock=got.get(f"{MARK}shock", 0),
            bleeding=bool(got.get(f"{MARK}bleeding", 0)),
            survived=got.get(f"{MARK}survived", 0),
            lame=lame,
        )

    @classmethod
    def of(
        cls, name: str, profile: ThreeProfile, *, has_shield: bool = False, hp: int | None = None
    ) -> Fighter:
        return cls(
            name=name,
            st=profile.st,
            ge=profile.ge,
            iq=profile.in_,
            ko=profile.ko,
            max_hp=profile.max_hp,
            melee=profile.melee,
            ranged=profile.ranged,
            dr=profile.dr,
            shield=profile.shield,
            has_shield=has_shield or profile.shield > 0,
            condition=profile.condition,
            hp=hp,
        )


# -- events -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreeEvent(CatalogueEvent):
    """Base of the 3W6 system's events (catalogue room `threew6`)."""

    room: ClassVar[str] = "threew6"


@dataclass(frozen=True, slots=True)
class AttackRolled(ThreeEvent):
    """The attack roll: 3W6 ≤ the effective skill."""

    kind: ClassVar[str] = "3w6_attack"
    section: ClassVar[str] = "§3W6 Ablauf 2: Angriffswurf"
    family: ClassVar[Family] = "attack"
    who: str
    target: str
    weapon: str
    value: int
    parts: Parts
    faces: tuple[int, ...]
    total: int
    result: str


@dataclass(frozen=True, slots=True)
class DefenceRolled(ThreeEvent):
    """An active defence: 3W6 ≤ Dodge, Parry or Block."""

    kind: ClassVar[str] = "3w6_defence"
    section: ClassVar[str] = "§3W6 Aktive Verteidigungen"
    family: ClassVar[Family] = "attack"
    who: str
    defence: str
    value: int
    parts: Parts
    faces: tuple[int, ...]
    total: int
    result: str


@dataclass(frozen=True, slots=True)
class DefenceOffered(ThreeEvent):
    """A hit: the defender chooses an active defence (or none) — `options` the open
    ones as (name, value), each succeeding on 3W6 ≤ its value."""

    kind: ClassVar[str] = "3w6_defence_offered"
    section: ClassVar[str] = "§3W6 Aktive Verteidigungen"
    family: ClassVar[Family] = "attack"
    who: str
    attacker: str
    options: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class DefenceChosen(ThreeEvent):
    """The defender's choice: "dodge", "parry", "block" or "none"."""

    kind: ClassVar[str] = "3w6_defence_chosen"
    section: ClassVar[str] = "§3W6 Aktive Verteidigungen"
    family: ClassVar[Family] = "attack"
    who: str
    defence: str


@dataclass(frozen=True, slots=True)
class ZoneStruck(ThreeEvent):
    """Where the attack lands: a declared zone, or 3W6 on the zone table."""

    kind: ClassVar[str] = "3w6_zone"
    section: ClassVar[str] = "§3W6 Trefferzonen"
    family: ClassVar[Family] = "harm"
    who: str
    zone: str
    faces: tuple[int, ...]
    declared: bool


@dataclass(frozen=True, slots=True)
class InjuryTaken(ThreeEvent):
    """Damage dice − DR off the HP, and what the injury does."""

    kind: ClassVar[str] = "3w6_injury"
    section: ClassVar[str] = "§3W6 Ablauf 4–5: Schaden, Effekte"
    family: ClassVar[Family] = "harm"
    who: str
    weapon: str
    dice: str
    faces: tuple[int, ...]
    rolled: int
    dr: int
    injury: int
    damage_type: str
    zone: str
    hp_before: int
    hp_after: int
    shock: int
    lamed: bool
    major: bool
    bleeding: bool


@dataclass(frozen=True, slots=True)
class HealthRolled(ThreeEvent):
    """A KO roll: against knockdown after a Major Wound, to stay conscious at 0 HP, to
    live at −k × HP, or against bleeding."""

    kind: ClassVar[str] = "3w6_health"
    section: ClassVar[str] = "§3W6 Grundannahmen"
    family: ClassVar[Family] = "harm"
    who: str
    why: str  # knockdown | conscious | alive | bleeding
    value: int
    parts: Parts
    faces: tuple[int, ...]
    total: int
    result: str
    outcome: str  # fights_on | stunned | out | dead | bleeds


@dataclass(frozen=True, slots=True)
class KnockdownRolled(HealthRolled):
    """The KO roll after a Major Wound: fail → stunned, by 5+ or critically → out."""

    kind: ClassVar[str] = "3w6_knockdown"
    section: ClassVar[str] = "§3W6 Major Wound & Knockdown"


@dataclass(frozen=True, slots=True)
class BleedingRolled(HealthRolled):
    """A bleeding tick: KO − 1 per 5 points of injury; fail −1 HP, critically −3."""

    kind: ClassVar[str] = "3w6_bleeding"
    section: ClassVar[str] = "§3W6 Blutung"
    loss: int


@dataclass(frozen=True, slots=True)
class BleedingStopped(ThreeEvent):
    """First aid stops a figure's bleeding ("First Aid … stoppt")."""

    kind: ClassVar[str] = "3w6_bleeding_stopped"
    section: ClassVar[str] = "§3W6 Blutung"
    family: ClassVar[Family] = "support"
    who: str
    by: str


@dataclass(frozen=True, slots=True)
class Perished(ThreeEvent):
    """At −5 × HP a figure is dead without a roll (P, GURPS)."""

    kind: ClassVar[str] = "3w6_perished"
    section: ClassVar[str] = "§3W6 Grundannahmen"
    family: ClassVar[Family] = "harm"
    who: str
    hp: int


# -- rolling ------------------------------------------------------------------------------


def roll_3w6(dice: Dice, value: int, knobs: Knobs) -> tuple[tuple[int, ...], int, Result]:
    faces = (dice.w6(), dice.w6(), dice.w6())
    t = sum(faces)
    return faces, t, result_of(t, value, knobs.test.crit_fail, knobs.test.crit_fail_margin)


# -- defences -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Defence:
    """An active defence and its value, every part named."""

    name: DefenceName
    parts: Parts

    @property
    def value(self) -> int:
        return max(0, total(self.parts))


def defences(
    fighter: Fighter, ready: ThreeWeapon | None, melee_attack: bool, knobs: Knobs
) -> tuple[Defence, ...]:
    """The active defences open to the fighter: Dodge always (halved at ≤ 1/3 HP or
    with a lame leg or foot), Parry against melee with a ready weapon that can parry
    (not with a lame weapon arm), Block with a shield (not with a lame shield arm)."""
    d = knobs.defence
    out: list[Defence] = []
    dodge = (fighter.ge + fighter.ko) // d.dodge_divisor + d.dodge_base
    if fighter.weak(knobs) or fighter.lame.intersection(LEGS):
        dodge //= 2
    out.append(Defence("dodge", (("dodge", dodge), *fighter.penalties())))
    arm_ok = not fighter.lame.intersection(WEAPON_ARM)
    if melee_attack and ready is not None and ready.parry and arm_ok:
        parry = fighter.melee // d.parry_divisor + d.parry_base
        out.append(Defence("parry", (("parry", parry), *fighter.penalties())))
    if fighter.has_shield and SHIELD_ARM not in fighter.lame:
        skill = fighter.shield or fighter.ge
        block = skill // d.block_divisor + d.block_base
        out.append(Defence("block", (("block", block), *fighter.penalties())))
    return tuple(out)


def best_defence(options: tuple[Defence, ...]) -> Defence | None:
    """The defence with the best value (ties in the order Dodge, Parry, Block): what the
    odds assume, and the table's choice where nobody is asked (P: overwatch shots and
    free attacks do not pause for the defender)."""
    return max(options, key=lambda o: o.value, default=None)


# -- the attack ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """An attack before any die: the effective skill, the defence the target chose,
    the weapon's damage and a declared zone (None: rolled)."""

    attacker: Fighter
    target: Fighter
    weapon: str
    row: ThreeWeapon
    parts: Parts
    defence: Defence | None
    zone: str | None = None
    options: tuple[Defence, ...] = ()

    @property
    def value(self) -> int:
        return total(self.parts)

    def choosing(self, name: str | None) -> AttackPlan:
        """The plan with the defence the defender chose (None or "none": no defence)."""
        chosen = next((o for o in self.options if o.name == name), None)
        if name not in (None, "none") and chosen is None:
            raise KeyError(f"no defence {name!r} open ({', '.join(o.name for o in self.options)})")
        return replace(self, defence=chosen)


def band_modifier(
    weapon: Weapon, ctx: AttackContext, sit: Situation, knobs: Knobs
) -> tuple[str, int]:
    """Near / medium / far (P): without a measured distance, far at long range."""
    r = knobs.ranges
    if sit.distance is None:
        return ("far", r.far) if ctx.long_range else ("medium", r.medium)
    if sit.distance <= r.near_cm + 1e-9:
        return ("near", r.near)
    if weapon.range is None or sit.distance <= weapon.range + 1e-9:
        return ("medium", r.medium)
    return ("far", r.far)


def plan_attack(
    attacker: Fighter,
    target: Fighter,
    weapon: Weapon,
    target_ready: Weapon | None,
    ctx: AttackContext,
    sit: Situation,
    data: ThreeData,
    *,
    zone: str | None = None,
) -> AttackPlan:
    """The attack's effective skill and the target's best active defence (none when it
    cannot see the attack coming, P)."""
    knobs = data.knobs
    mods = knobs.modifiers
    melee = weapon.is_melee
    parts: list[tuple[str, int]] = [
        ("melee" if melee else "ranged", attacker.melee if melee else attacker.ranged),
        *attacker.penalties(),
    ]
    if not melee:
        parts.append(band_modifier(weapon, ctx, sit, knobs))
        cover = {Cover.NONE: 0, Cover.LIGHT: mods.cover_light, Cover.HEAVY: mods.cover_heavy}
        parts += [
            ("cover", cover[ctx.cover]),
            ("aimed", mods.aimed if ctx.aimed else 0),
            ("burst", mods.burst if ctx.burst else 0),
            ("moved", mods.moved if sit.shooter_moved or sit.shooter_ran else 0),
            ("into_melee", mods.into_melee if ctx.into_melee else 0),
        ]
    if attacker.lame.intersection(WEAPON_ARM):
        parts.append(("lame_arm", knobs.injury.lame_arm_attack))
    if zone is not None:
        parts.append((f"zone_{zone}", knobs.zone_named(zone).aim))
    unseen = knobs.defence.no_defence_unaware and (ctx.unaware or ctx.behind)
    ready = data.weapon(target_ready) if target_ready is not None else None
    options = () if unseen else defences(target, ready, melee, knobs)
    return AttackPlan(
        attacker=attacker,
        target=target,
        weapon=weapon.name,
        row=data.weapon(weapon),
        parts=tuple(p for p in parts if p[1] or p[0] in ("melee", "ranged")),
        defence=best_defence(options),
        zone=zone,
        options=options,
    )


def shock_of(fighter: Fighter, injury: int, knobs: Knobs) -> int:
    """−1 per point of injury, at most −4 (at HP ≥ 20 one point per HP/10)."""
    k = knobs.injury
    if injury <= 0:
        return 0
    per = max(1, fighter.max_hp // 10) if fighter.max_hp >= k.shock_per_hp_from else 1
    return min(k.shock_max, injury // per)


def lames(fighter: Fighter, zone: Zone, injury: int, knobs: Knobs) -> bool:
    """Crippling: an arm or leg at ≥ HP/2 in one hit, a hand or foot at ≥ HP/3."""
    if zone.kind == "limb":
        return injury >= fighter.max_hp / 2
    if zone.kind == "extremity":
        return injury >= fighter.max_hp / 3
    return False


def major(fighter: Fighter, zone: Zone, injury: int, knobs: Knobs) -> bool:
    """A Major Wound: more than HP/2 in one hit at a zone, or any hit to the head, face
    or vitals that causes shock."""
    if injury > fighter.max_hp * knobs.injury.major_share:
        return True
    return zone.kind == "head" and shock_of(fighter, injury, knobs) > 0


def bleeds(fighter: Fighter, zone: Zone, injury: int, dtype: str, knobs: Knobs) -> bool:
    """Bleeding: cutting or impaling at the neck, or damage ≥ HP/3."""
    if injury <= 0:
        return False
    if zone.kind == "neck" and dtype in ("cut", "imp"):
        return True
    return injury >= fighter.max_hp * knobs.injury.bleed_share - 1e-9


def knockdown_outcome(result: Result, total_: int, value: int, knobs: Knobs) -> str:
    """After a Major Wound: fail → stunned; fail by 5+ or critically → unconscious."""
    if result.success:
        return "fights_on"
    if result is Result.CRITICAL_FAILURE or total_ - value >= knobs.injury.unconscious_margin:
        return "out"
    return "stunned"


def crossed(fighter: Fighter, hp_after: int, knobs: Knobs) -> tuple[int, ...]:
    """The KO rolls a drop in HP calls for: level 0 at 0 HP (stay conscious), level k
    at −k × HP (stay alive) — each once in a battle."""
    top = knobs.injury.death_multiple
    return tuple(k for k in range(fighter.survived, top) if hp_after <= -k * fighter.max_hp)


def perishes(fighter: Fighter, hp_after: int, knobs: Knobs) -> bool:
    return hp_after <= -knobs.injury.death_multiple * fighter.max_hp


def health_value(fighter: Fighter) -> Parts:
    """A KO roll's value: KO and the condition levels."""
    parts = (("ko", fighter.ko), ("condition", -fighter.condition))
    return tuple(p for p in parts if p[1] or p[0] == "ko")


def _worse(a: State, b: State) -> State:
    order = ("standing", "stunned", "out", "dead")
    return a if order.index(a) >= order.index(b) else b


def health_rolls(
    fighter: Fighter, after: Fighter, dice: Dice, knobs: Knobs
) -> tuple[Fighter, list[ThreeEvent]]:
    """The KO rolls for HP at 0 and below (after `fighter` became `after`)."""
    events: list[ThreeEvent] = []
    hp = after.hp_now
    if perishes(fighter, hp, knobs):
        return replace(after, state="dead"), [Perished(fighter.name, hp)]
    parts = health_value(fighter)
    for level in crossed(fighter, hp, knobs):
        faces, t, res = roll_3w6(dice, total(parts), knobs)
        why = "conscious" if level == 0 else "alive"
        outcome = "fights_on" if res.success else "out" if level == 0 else "dead"
        events.append(
            HealthRolled(fighter.name, why, total(parts), parts, faces, t, str(res), outcome)
        )
        if not res.success:
            return replace(
                after, state=_worse(after.state, "out" if level == 0 else "dead")
            ), events
        after = replace(after, survived=level + 1)
    return after, events


def take_injury(
    fighter: Fighter,
    zone: Zone,
    rolled: int,
    faces: tuple[int, ...],
    row: ThreeWeapon,
    weapon: str,
    dice: Dice,
    knobs: Knobs,
) -> tuple[Fighter, list[ThreeEvent]]:
    """Damage lands at a zone: DR off, HP, shock, crippling, Major Wound and
    knockdown, bleeding, then the KO rolls at 0 HP and below."""
    injury = max(0, rolled - fighter.dr)
    before = fighter.hp_now
    shock = shock_of(fighter, injury, knobs)
    lamed = injury > 0 and lames(fighter, zone, injury, knobs)
    is_major = injury > 0 and major(fighter, zone, injury, knobs)
    bleeding = bleeds(fighter, zone, injury, row.type, knobs)
    after = replace(
        fighter,
        hp=before - injury,
        shock=min(knobs.injury.shock_max, fighter.shock + shock),
        lame=fighter.lame | {zone.name} if lamed else fighter.lame,
        bleeding=fighter.bleeding or bleeding,
    )
    events: list[ThreeEvent] = [
        InjuryTaken(
            fighter.name,
            weapon,
            str(row.dice),
            faces,
            rolled,
            fighter.dr,
            injury,
            row.type,
            zone.name,
            before,
            before - injury,
            shock,
            lamed,
            is_major,
            bleeding and not fighter.bleeding,
        )
    ]
    if is_major:
        parts = health_value(fighter)
        value = total(parts)
        kfaces, t, res = roll_3w6(dice, value, knobs)
        outcome = knockdown_outcome(res, t, value, knobs)
        events.append(
            KnockdownRolled(fighter.name, "knockdown", value, parts, kfaces, t, str(res), outcome)
        )
        if outcome != "fights_on":
            after = replace(after, state="stunned" if outcome == "stunned" else "out")
    if injury > 0:
        after, more = health_rolls(fighter, after, dice, knobs)
        events += more
    return after, events


@dataclass(frozen=True, slots=True)
class AttackResult:
    events: tuple[ThreeEvent, ...]
    hit: bool
    defended: bool
    target: Fighter


def hit_zone(plan: AttackPlan, dice: Dice, knobs: Knobs) -> tuple[Zone, tuple[int, ...]]:
    """The declared zone, or 3W6 on the zone table."""
    if plan.zone is not None:
        return knobs.zone_named(plan.zone), ()
    faces = (dice.w6(), dice.w6(), dice.w6())
    return knobs.zone_rolled(sum(faces)), faces


def attack_roll(plan: AttackPlan, dice: Dice, knobs: Knobs) -> tuple[AttackRolled, bool]:
    """The attack roll (step 2): its event and whether it succeeded."""
    faces, t, res = roll_3w6(dice, plan.value, knobs)
    event = AttackRolled(
        plan.attacker.name,
        plan.target.name,
        plan.weapon,
        plan.value,
        plan.parts,
        faces,
        t,
        str(res),
    )
    return event, res.success


def defend(plan: AttackPlan, dice: Dice, knobs: Knobs) -> AttackResult | None:
    """The plan's active defence (step 3), if it has one: the rolled defence, and the
    attack's end if it succeeded (None: no defence, or it failed — see `land`)."""
    d = plan.defence
    if d is None:
        return None
    dfaces, dt, dres = roll_3w6(dice, d.value, knobs)
    event = DefenceRolled(plan.target.name, d.name, d.value, d.parts, dfaces, dt, str(dres))
    return AttackResult((event,), False, dres.success, plan.target)


def land(plan: AttackPlan, dice: Dice, knobs: Knobs) -> AttackResult:
    """An undefended hit (steps 4–5): the zone, the damage and its effects."""
    zone, zfaces = hit_zone(plan, dice, knobs)
    events: list[ThreeEvent] = [
        ZoneStruck(plan.target.name, zone.name, zfaces, plan.zone is not None)
    ]
    rolled = dice.roll(plan.row.dice)
    after, more = take_injury(
        plan.target, zone, max(0, rolled.total), rolled.faces, plan.row, plan.weapon, dice, knobs
    )
    return AttackResult(tuple(events + more), True, False, after)


def after_hit(plan: AttackPlan, dice: Dice, knobs: Knobs) -> AttackResult:
    """What follows a successful attack roll: the chosen defence, then (if it fails or
    there is none) the zone, the damage and its effects."""
    defended = defend(plan, dice, knobs)
    if defended is not None and defended.defended:
        return defended
    landed = land(plan, dice, knobs)
    before = defended.events if defended is not None else ()
    return replace(landed, events=before + landed.events)


def roll_attack(plan: AttackPlan, dice: Dice, knobs: Knobs) -> AttackResult:
    """The attack roll, the defence, the zone, the damage and its effects."""
    rolled, success = attack_roll(plan, dice, knobs)
    if not success:
        return AttackResult((rolled,), False, False, plan.target)
    rest = after_hit(plan, dice, knobs)
    return replace(rest, events=(rolled, *rest.events))


def bleed_tick(fighter: Fighter, dice: Dice, knobs: Knobs) -> tuple[Fighter, list[ThreeEvent]]:
    """One bleeding roll: KO − 1 per 5 points of injury; fail −1 HP (critical −3)."""
    k = knobs.injury
    parts = (*health_value(fighter), ("injury", -(fighter.injury // k.bleed_per)))
    parts = tuple(p for p in parts if p[1] or p[0] == "ko")
    value = total(parts)
    faces, t, res = roll_3w6(dice, value, knobs)
    loss = (
        0 if res.success else k.bleed_crit_loss if res is Result.CRITICAL_FAILURE else k.bleed_loss
    )
    events: list[ThreeEvent] = [
        BleedingRolled(
            fighter.name,
            "bleeding",
            value,
            parts,
            faces,
            t,
            str(res),
            "fights_on" if not loss else "bleeds",
            loss,
        )
    ]
    if not loss:
        return fighter, events
    after = replace(fighter, hp=fighter.hp_now - loss)
    after, more = health_rolls(fighter, after, dice, knobs)
    return after, events + more


def move_factor(hp: int, max_hp: int, lame: Iterable[str], knobs: Knobs) -> float:
    """Movement at ≤ 1/3 HP or with a lame leg or foot (P: × 0.5)."""
    k = knobs.injury
    if hp <= max_hp * k.weak_share + 1e-9 or set(lame).intersection(LEGS):
        return k.weak_move
    return 1.0
