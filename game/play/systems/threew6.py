"""3W6 roll-under (seed document 003) on the table: the wiring of
`game.systems.threew6` into the engine.

- A figure's HP are its TP on the table; shock, lame zones, bleeding and its KO
  rolls ride on it as "3w6.*" counters (`Figure.uses`).
- Every attack: the attack roll at a declared hit zone (its aim penalty) or at the
  zone table; on a success the defender's active defence — an Attack action or a
  charge pauses for the defending side's `Defend` (`threew6_react`), other attacks
  take the best one (P); none against an unseen attacker or one from behind — then
  the zone, the damage, and the seed's effects in order.
- Stunned (a failed knockdown roll): DEAD.EARTH's DOWN (P) — it stands up at its
  next activation; unconscious: OUT; dead: DEAD.
- At the end of each round (P: one round is one bleeding tick) bleeding figures roll,
  and the shock of the round before wears off.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game import actions as act
from game.actions import IllegalAction
from game.events import Event
from game.play import bridge
from game.play.context import Measured
from game.play.contract import AttackMode, GameView
from game.play.systems import table
from game.play.systems import threew6_react as react
from game.reason import Reason
from game.rules.combatant import AttackContext, Combatant
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.state import Figure
from game.systems import SystemName
from game.systems.common import OddsView, Situation
from game.systems.threew6 import odds as three_odds
from game.systems.threew6.rules import (
    LEGS,
    MARK,
    AttackPlan,
    BleedingStopped,
    DefenceChosen,
    Fighter,
    after_hit,
    attack_roll,
    bleed_tick,
    move_factor,
    plan_attack,
)
from game.systems.threew6.tables import ThreeData, load_three


@dataclass(frozen=True, slots=True)
class ZoneOdds:
    """An attack at a declared zone (None: rolled): P(take-down), P(a limb lamed)."""

    zone: str | None
    p_takedown: float
    p_lamed: float


BLEEDING = f"{MARK}bleeding"
"""The counter of a bleeding figure."""
SHOCK_ROUND = f"{MARK}shock_round"
"""The round the figure's shock came in (it lasts through the next round)."""


class ThreeW6:
    """3W6 roll-under as the engine plays it."""

    @property
    def data(self) -> ThreeData:
        """The system's data folder (read once, when first played)."""
        return load_three()

    @property
    def name(self) -> SystemName:
        return "3w6"

    # -- figures ------------------------------------------------------------------------
    def enlist(self, figure: Figure, profile: Profile) -> None:
        hp = self.data.profile(profile).max_hp
        figure.max_tp = figure.tp = hp

    def fighter(self, game: GameView, figure: Figure) -> Fighter:
        return self.from_combatant(game, bridge.combatant(game, figure))

    def from_combatant(self, game: GameView, comb: Combatant) -> Fighter:
        stats = table.profile_named(game, comb)
        shield = isinstance(stats, Profile) and stats.shield is not None
        values = self.data.profile(stats)
        return Fighter.of(comb.name, values, has_shield=shield, hp=comb.tp).with_marks(comb.marks)

    # -- attacks ------------------------------------------------------------------------
    def situation(
        self, game: GameView, attacker: Figure, target: Figure, measured: Measured
    ) -> Situation | None:
        return replace(table.situation(game, attacker, target, measured), zone=measured.zone)

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
        attacker.aimed = 0
        events = [] if weapon.is_melee else table.fire(game, attacker, weapon, measured.ctx.burst)
        plan = self._plan(game, sit, attacker, target, weapon, measured)
        rolled, success = attack_roll(plan, game.dice, self.data.knobs)
        events.append(rolled)
        if success and plan.options and mode in react.PAUSING_MODES:
            events += react.pause(game, attacker, target, plan, mode)
        elif success:
            events += self._follow(game, attacker, target, weapon, plan)
        return events + table.heard(game, attacker, weapon)

    def _plan(
        self,
        game: GameView,
        sit: Situation,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        measured: Measured,
    ) -> AttackPlan:
        """The attack planned at the table: both fighters, the target's ready weapon,
        the measured context and situation, the declared zone."""
        return plan_attack(
            self.fighter(game, attacker),
            self.fighter(game, target),
            weapon,
            table.answer_weapon(game, target),
            measured.ctx,
            sit,
            self.data,
            zone=measured.zone,
        )

    def _follow(
        self, game: GameView, attacker: Figure, target: Figure, weapon: Weapon, plan: AttackPlan
    ) -> list[Event]:
        """The defence the plan holds, the zone, the damage and what it does."""
        done = after_hit(plan, game.dice, self.data.knobs)
        events: list[Event] = list(done.events)
        if done.hit:
            events += self._settle(
                game, target, plan.target, done.target, infected=weapon.has("Infektion")
            )
            if done.target.hp_now < plan.target.hp_now:
                events += table.shove(game, attacker, target, weapon)
        return events

    # -- the defender's choice ----------------------------------------------------------
    @property
    def aim_zones(self) -> tuple[str, ...]:
        """The hit zones an attack may declare (the zone table's, knobs [[zone]])."""
        return tuple(z.name for z in self.data.knobs.zone)

    def aim_penalty(self, zone: str) -> int:
        """The attack's modifier for declaring `zone` (knobs [[zone]] aim, P)."""
        return self.data.knobs.zone_named(zone).aim

    def check_defend(self, game: GameView, action: act.Defend) -> None:
        """A Defend answers the pending defence decision with an open defence."""
        pending = game.state.pending
        if game.state.outcome is not None:
            raise IllegalAction(Reason.of("flow.battle_over"))
        if pending is None or pending.kind != "defence" or not react.paused(game):
            raise IllegalAction(Reason.of("defence.nothing_waiting"))
        if action.figure not in pending.figures:
            raise IllegalAction(Reason.of("defence.not_attacked", figure=action.figure))
        names = [o.defence for o in react.offered(game)]
        if action.defence not in names:
            raise IllegalAction(
                Reason.of("defence.not_open", defence=action.defence, open=", ".join(names))
            )

    def do_defend(self, game: GameView, action: act.Defend) -> list[Event]:
        """Resume the paused attack with the chosen defence (or none)."""
        saved = game.state.interrupted
        attacker = game.state.figures[saved["attacker"]]
        target = game.state.figures[saved["target"]]
        weapon = game.rules.weapon(saved["weapon"])
        plan = react.paused_plan(
            game, self.data, self.fighter(game, attacker), self.fighter(game, target)
        ).choosing(action.defence)
        react.resumed(game)
        events: list[Event] = [DefenceChosen(plan.target.name, action.defence)]
        return events + self._follow(game, attacker, target, weapon, plan)

    def _settle(
        self,
        game: GameView,
        figure: Figure,
        before: Fighter,
        after: Fighter,
        *,
        infected: bool = False,
    ) -> list[Event]:
        marks = after.marks()
        if after.shock > before.shock:
            marks[SHOCK_ROUND] = game.state.round
        elif SHOCK_ROUND in figure.uses:
            marks[SHOCK_ROUND] = figure.uses[SHOCK_ROUND]
        return table.settle(
            game,
            figure,
            hp=after.hp_now,
            marks=marks,
            verdict=after.state,
            infected=infected and after.hp_now < before.hp_now,
        )

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
        plan = plan_attack(
            self.from_combatant(game, attacker),
            self.from_combatant(game, target),
            weapon,
            table.answer_of(game, target),
            ctx,
            situation or Situation(),
            self.data,
            zone=situation.zone if situation is not None else None,
        )
        return three_odds.attack_odds(plan, self.data.knobs)

    def aim_odds(
        self, game: GameView, attacker: Figure, target: Figure, weapon: Weapon, measured: Measured
    ) -> tuple[ZoneOdds, ...]:
        """For the rolled zone (None) and each declarable zone: P(the target is out or
        dead) and P(a limb or extremity is lamed) after this attack (the AI's aim)."""
        sit = table.situation(game, attacker, target, measured)
        a, t = self.fighter(game, attacker), self.fighter(game, target)
        ready = table.answer_weapon(game, target)
        out = []
        for zone in (None, *self.aim_zones):
            plan = plan_attack(a, t, weapon, ready, measured.ctx, sit, self.data, zone=zone)
            odds = three_odds.attack_odds(plan, self.data.knobs)
            lamed = float(three_odds.p_lamed(plan, self.data.knobs))
            out.append(ZoneOdds(zone, odds.p_takedown or 0.0, lamed))
        return tuple(out)

    def best_defence(
        self, game: GameView, attacker: Figure, target: Figure, weapon: Weapon, measured: Measured
    ) -> tuple[str, int]:
        """The defence the odds assume: the target's best open one, name and value
        ("none", 0 when it has none: unseen, from behind)."""
        sit = table.situation(game, attacker, target, measured)
        best = self._plan(game, sit, attacker, target, weapon, measured).defence
        return (best.name, best.value) if best is not None else (react.NONE, 0)

    def treated(self, game: GameView, healer: Figure, patient: Figure) -> list[Event]:
        """First aid stops bleeding (seed 003 "Blutung": "First Aid … stoppt")."""
        if not patient.uses.pop(BLEEDING, 0):
            return []
        return [BleedingStopped(patient.name, healer.name)]

    # -- the round ----------------------------------------------------------------------
    def round_end(self, game: GameView) -> list[Event]:
        """Shock from before this round wears off; the bleeding roll."""
        st = game.state
        events: list[Event] = []
        for fig in st.figures.values():
            if fig.uses.get(SHOCK_ROUND, st.round) < st.round:
                fig.uses.pop(SHOCK_ROUND, None)
                fig.uses.pop(f"{MARK}shock", None)
            if not fig.on_table or not fig.uses.get(BLEEDING):
                continue
            before = self.fighter(game, fig)
            after, rolled = bleed_tick(before, game.dice, self.data.knobs)
            events += rolled
            events += self._settle(game, fig, before, after)
        return events

    def reach_factor(self, game: GameView) -> float:
        """Seed 003 names no farthest shot: DEAD.EARTH's long range (P)."""
        return float(game.rules.knobs.attack.long_range_factor)

    def move_factor(self, game: GameView, figure: Figure) -> float:
        """Slowed at ≤ 1/3 HP or with a lame leg or foot (read off the counters)."""
        lame = [z for z in LEGS if figure.uses.get(f"{MARK}lame.{z}")]
        return move_factor(figure.tp, figure.max_tp, lame, self.data.knobs)
