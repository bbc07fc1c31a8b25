"""EWS ±W6 with FoKa (seed document 004) on the table: the wiring of
`game.systems.ews` into the engine.

- A figure's TP are its Konstitution; its wounds and Konstitution rolls ride on it
  as "ews.*" counters (`Figure.uses`).
- A ranged attack (shot, gift, overwatch) is a test against the Mindestwurf of its
  range band and the seed's modifiers; the target may dodge if it has not yet
  activated this round and saw the shooter — (P) it dodges when its chance to beat
  a hit is at least the knob `dodge.min_chance`, and the dodge spends its activation.
- A melee attack (an Attack, a charge, a free attack) is an exchange: both roll, the
  loser is hit — the attacker too.
- Out of action: DEAD.EARTH's OUT (it leaves the table); dead: DEAD. Infektion marks
  a damaged target infected, Wuchtig pushes a wounded one (P: the table's keywords).
"""

from __future__ import annotations

from dataclasses import replace

from game.events import Event
from game.play import bridge
from game.play.context import Measured
from game.play.contract import AttackMode, GameView
from game.play.systems import table
from game.rules.combatant import AttackContext, Combatant
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.state import Figure
from game.systems import SystemName
from game.systems.common import OddsView, Situation
from game.systems.ews import odds as ews_odds
from game.systems.ews.rules import (
    Fighter,
    plan_melee,
    plan_shot,
    roll_melee,
    roll_shot,
    take_damage,
)
from game.systems.ews.tables import EwsData, load_ews


class Ews:
    """The EWS (FoKa) as the engine plays it."""

    @property
    def data(self) -> EwsData:
        """The system's data folder (read once, when first played)."""
        return load_ews()

    @property
    def name(self) -> SystemName:
        return "ews"

    # -- figures ------------------------------------------------------------------------
    def enlist(self, figure: Figure, profile: Profile) -> None:
        con = self.data.profile(profile).con
        figure.max_tp = figure.tp = con

    def fighter(self, game: GameView, figure: Figure) -> Fighter:
        """The figure as the EWS sees it now."""
        return self.from_combatant(game, bridge.combatant(game, figure))

    def from_combatant(self, game: GameView, comb: Combatant) -> Fighter:
        values = self.data.profile(table.profile_named(game, comb))
        fighter = Fighter.of(comb.name, values, tp=comb.tp).with_marks(comb.marks)
        if not comb.drunk:
            return fighter
        schnaps = self.data.knobs.schnaps  # seed 002's Schnaps (docs/SYSTEMS.md)
        return replace(fighter, drunk=schnaps.malus, resist=schnaps.resist)

    # -- attacks ------------------------------------------------------------------------
    def situation(
        self, game: GameView, attacker: Figure, target: Figure, measured: Measured
    ) -> Situation | None:
        return table.situation(game, attacker, target, measured)

    def strike(
        self,
        game: GameView,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        measured: Measured,
        mode: AttackMode,
    ) -> list[Event]:
        sit = table.situation(game, attacker, target, measured)
        ctx = measured.ctx
        attacker.aimed = 0
        if weapon.is_melee:
            events = self._melee(game, attacker, target, weapon, sit)
        else:
            events = table.fire(game, attacker, weapon, ctx.burst)
            events += self._shot(game, attacker, target, weapon, ctx, sit)
        return events + table.heard(game, attacker, weapon)

    def _shot(
        self,
        game: GameView,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        ctx: AttackContext,
        sit: Situation,
    ) -> list[Event]:
        knobs = self.data.knobs
        shooter, victim = self.fighter(game, attacker), self.fighter(game, target)
        other = self._other(game, sit)
        plan = plan_shot(
            shooter, victim, weapon, ctx, sit, self.data, dodge=sit.can_react, other=other
        )
        if plan.dodge is not None and ews_odds.p_escape(plan, knobs) < knobs.dodge.min_chance:
            plan = plan_shot(shooter, victim, weapon, ctx, sit, self.data, other=other)
        if plan.dodge is not None:
            target.activated = True  # the dodge is its action this round
        shot = roll_shot(plan, game.dice, knobs)
        events: list[Event] = list(shot.events)
        if shot.strayed:
            hurt = game.figure(sit.bystanders[0])
            return events + self._harm(
                game,
                attacker,
                hurt,
                weapon,
                shot.damage,
                shot.margin,
                plan.weapon_damage,
                plan.bonus,
            )
        if shot.hit:
            events += self._harm(
                game,
                attacker,
                target,
                weapon,
                shot.damage,
                shot.margin,
                plan.weapon_damage,
                plan.bonus,
            )
        return events

    def _other(self, game: GameView, sit: Situation) -> Fighter | None:
        """The figure in melee with the target that a hit may strike instead (the
        nearest of them, P)."""
        return self.fighter(game, game.figure(sit.bystanders[0])) if sit.bystanders else None

    def _melee(
        self, game: GameView, attacker: Figure, target: Figure, weapon: Weapon, sit: Situation
    ) -> list[Event]:
        answer = table.answer_weapon(game, target) or weapon
        plan = plan_melee(
            self.fighter(game, attacker), self.fighter(game, target), weapon, answer, sit, self.data
        )
        fight = roll_melee(plan, game.dice)
        events: list[Event] = list(fight.events)
        if fight.attacker_wins:
            hurt, by, arms, dmg = target, attacker, weapon, plan.weapon_damage
        else:
            hurt, by, arms, dmg = attacker, target, answer, plan.their_damage
        margin = abs(fight.difference)
        return events + self._harm(game, by, hurt, arms, fight.damage, margin, dmg, 0)

    def _harm(
        self,
        game: GameView,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        damage: int,
        margin: int,
        weapon_damage: int,
        bonus: int,
    ) -> list[Event]:
        knobs = self.data.knobs
        before = self.fighter(game, target)
        after, harm = take_damage(
            before,
            damage,
            knobs,
            game.dice,
            weapon_damage=weapon_damage,
            margin=margin,
            bonus=bonus,
        )
        events: list[Event] = list(harm)
        if not harm:
            return events
        wounded = after.wounds + after.crits > before.wounds + before.crits
        events += table.settle(
            game,
            target,
            hp=after.hp,
            marks=after.marks(),
            verdict=after.state,
            infected=weapon.has("Infektion"),
        )
        if wounded:
            events += table.shove(game, attacker, target, weapon)
        return events

    # -- odds ---------------------------------------------------------------------------
    def odds(
        self,
        game: GameView,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        ctx: AttackContext,
        situation: Situation | None = None,
    ) -> OddsView:
        sit = situation or Situation()
        a, t = self.from_combatant(game, attacker), self.from_combatant(game, target)
        knobs = self.data.knobs
        if weapon.is_melee:
            answer = table.answer_of(game, target) or weapon
            plan = plan_melee(a, t, weapon, answer, sit, self.data)
            return ews_odds.melee_odds(plan, knobs)
        other = self._other(game, sit)
        shot = plan_shot(a, t, weapon, ctx, sit, self.data, dodge=sit.can_react, other=other)
        if shot.dodge is not None and ews_odds.p_escape(shot, knobs) < knobs.dodge.min_chance:
            shot = plan_shot(a, t, weapon, ctx, sit, self.data, other=other)
        return ews_odds.shot_odds(shot, knobs)

    def treated(self, game: GameView, healer: Figure, patient: Figure) -> list[Event]:
        return []

    def round_end(self, game: GameView) -> list[Event]:
        return []

    def move_factor(self, game: GameView, figure: Figure) -> float:
        return 1.0

    def reach_factor(self, game: GameView) -> float:
        """Seed 004: "bis zum dreifachen ihrer Reichweite" (knob ranges.reach_factor)."""
        return self.data.knobs.ranges.reach_factor
