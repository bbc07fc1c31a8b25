"""`ai:tactical` — raiders, and any side in autoplay (defenders, skirmishers).

Each decision builds the figure's situation (ai/situation.py), scores every
candidate plan (ai/candidates.py) and takes the first action of the best one;
the next decision plans again from what actually happened. Between activations:
the figure with the most to gain acts first, initiative is used when there is a
shot to take, waves enter where the way to the storage is short, and a Hüter
takes a hit when it would cost its side less than the ally's.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ai import flight, levelled, levels, threew6
from ai.base import decision_dice
from ai.candidates import intent_of, plans
from ai.intent import Intent
from ai.levels import Level
from ai.objectives import role_of, storage
from ai.plan import SidePlan
from ai.presets import Sliders, side_table, sliders, sliders_from_table
from ai.scorer import Plan
from ai.scoring import figure_value
from ai.situation import Situation, build
from ai.spots import table
from game import actions as act
from game.actions import Action
from game.board.sight import sight_matrix
from game.engine import Game
from game.play import bridge, context, intercept, sight
from game.play.raid import entry_polygon
from game.rules.attack import plan_attack
from game.rules.wounds import wound_chance
from game.state import Figure

SEEN_BY = 0.05
"""Urgency per enemy that sees the figure (it had better act before they shoot)."""
FIRST_SHOT = 0.15
"""A shot worth at least this makes the side take the first activation."""


class TacticalAI:
    """Plays a side with candidate plans; `preset` / slider overrides as in
    ai/presets.py (default: the side's scenario `ai` table, else the first preset);
    `level` as in ai/levels.py (default: normal; classic: the controller as it was
    before the levels)."""

    name = "ai:tactical"

    def __init__(
        self, preset: str | None = None, level: str | None = None, **overrides: Any
    ) -> None:
        self._fixed: Sliders | None = (
            sliders(preset, **overrides) if preset is not None or overrides else None
        )
        self._sliders: dict[str, Sliders] = {}
        self._last: tuple[tuple[object, ...], Plan, Intent] | None = None
        self.last_intent: Intent | None = None
        self.level: Level = levels.level(level)
        self._plans: dict[str, SidePlan] = {}

    def side_plan(self, side: str) -> SidePlan:
        """The plan of a side this controller plays (levels above classic)."""
        return self._plans.setdefault(side, SidePlan())

    # -- the controller contract -------------------------------------------------------
    def intent(self, game: Game) -> str | None:
        pending = game.pending()
        if pending is None or pending.kind != "act":
            return None
        fig = game.state.figures[pending.figures[0]]
        _, line = self._decide(game, fig)
        self.last_intent = line
        return line.text()

    def choose(self, game: Game) -> Action:
        pending = game.pending()
        if pending is None:
            raise RuntimeError("the tactical AI was asked to choose with nothing pending")
        if pending.kind == "choose_first":
            return act.ChooseFirst(pending.side, self._first(game, list(pending.data["sides"])))
        if pending.kind == "choose_entry":
            return act.ChooseEntry(pending.side, self._entry(game, list(pending.data["entries"])))
        if pending.kind == "activate":
            if flight.should_flee(game, pending.side):
                return act.Retreat(pending.side)
            return act.Activate(self._next(game, pending.figures))
        if pending.kind == "intercept":
            return self._intercept(game, pending.figures)
        if pending.kind == "defence":
            return threew6.choose_defence(game)
        fig = game.state.figures[pending.figures[0]]
        plan, _ = self._decide(game, fig)
        return threew6.aimed(game, plan.action)

    def settings(self, game: Game, side: str) -> Sliders:
        """The sliders this side plays with."""
        if self._fixed is not None:
            return self._fixed
        if side not in self._sliders:
            self._sliders[side] = sliders_from_table(side_table(game.scenario, side))
        return self._sliders[side]

    # -- one decision ----------------------------------------------------------------------
    def situation(self, game: Game, fig: Figure) -> Situation:
        """The situation the next decision of the figure looks at."""
        dice = decision_dice(game, 3)
        return build(game, fig, role_of(game, fig.side), self.settings(game, fig.side), dice)

    def _decide(self, game: Game, fig: Figure) -> tuple[Plan, Intent]:
        key = (game.seed, id(game.state), len(game.history), fig.id)
        if self._last is not None and self._last[0] == key:
            return self._last[1], self._last[2]
        if self.level.judged:
            role = role_of(game, fig.side)
            slide = self.settings(game, fig.side)
            made = levelled.decide(game, fig, role, slide, self.level, self._plans)
            self._last = (key, made.plan, made.intent)
            return made.plan, made.intent
        sit = self.situation(game, fig)
        chosen = next(
            (p for p in plans(sit) if levelled.accepted(game, p.action)),
            Plan(act.EndActivation(fig.id), 0.0, "wait"),
        )
        line = intent_of(sit, chosen)
        self._last = (key, chosen, line)
        return chosen, line

    # -- between activations -----------------------------------------------------------------
    def _first(self, game: Game, sides: list[str]) -> str:
        """Take the first activation when there is a shot to take; else let them move."""
        pending = game.pending()
        assert pending is not None
        mine = pending.side
        if mine not in sides:
            return sides[0]
        best = max(self._urgency(game, mine).values(), default=0.0)
        if best >= FIRST_SHOT or len(sides) == 1:
            return mine
        return next(s for s in sides if s != mine)

    def _next(self, game: Game, eligible: tuple[str, ...]) -> str:
        """The figure with the most to gain goes first."""
        side = game.state.figures[eligible[0]].side
        score = self._urgency(game, side)
        return max(eligible, key=lambda f: (score.get(f, 0.0), f))

    def _urgency(self, game: Game, side: str) -> dict[str, float]:
        """Per figure of the side yet to act: its best shot now (at the enemies it
        sees; above classic, an enemy counts for its stake too), a little for each
        enemy that sees it (act before being shot), and loot on its way out."""
        st = game.state
        stakes = self.side_plan(side).stakes(game, side) if self.level.judged else {}
        figs = [f for f in st.figures.values() if f.standing]
        mine = [i for i, f in enumerate(figs) if f.side == side and not f.activated]
        foes = [i for i, f in enumerate(figs) if f.side != side]
        out = {figs[i].id: 0.0 for i in mine}
        if not mine or not foes:
            return out
        pts = np.array([f.pos for f in figs])
        radii = np.array([f.radius for f in figs])
        mat = sight_matrix(st.board, pts, radii, params=sight.params(game))
        for i in mine:
            me = figs[i]
            best = 0.0
            seen = [j for j in foes if mat.visible[i, j]]
            for j in seen:
                foe = figs[j]
                gap = np.array([math.dist(me.pos, foe.pos) - me.radius - foe.radius])
                worth = figure_value(game, foe) + stakes.get(foe.id, 0.0)
                tab = table(game, me, foe, value=worth)
                best = max(best, float(tab.at(gap, mat.cover[i, j : j + 1], np.ones(1, bool))[0]))
            loot = 1.0 if me.loot else 0.0
            calm = 0.5 if me.suppressed else 0.0
            out[me.id] = best + SEEN_BY * len(seen) + loot - calm
        return out

    def _entry(self, game: Game, entries: list[str]) -> str:
        """An entry zone, likelier the shorter the way to the storage."""
        side = game.pending().side  # type: ignore[union-attr]
        if self.level.judged and not self.level.mistakes:
            breach = self.side_plan(side).update(game, side)
            if breach is not None and breach.entry in entries:
                return breach.entry
        store = storage(game)
        goal = (
            (store.polygon.centroid.x, store.polygon.centroid.y)
            if store is not None
            else (game.state.board.width / 2, game.state.board.height / 2)
        )
        weights = []
        for entry in entries:
            c = entry_polygon(game, side, entry).centroid
            weights.append(math.exp(-math.dist((c.x, c.y), goal) / 25.0))
        dice = decision_dice(game, 5)
        pick = dice.uniform(0.0, sum(weights))
        for entry, w in zip(entries, weights, strict=True):
            pick -= w
            if pick < 0:
                return entry
        return entries[-1]

    def _intercept(self, game: Game, guardians: tuple[str, ...]) -> Action:
        """A Hüter takes the hit when it would cost the side less than the ally's."""
        st = game.state
        data = st.interrupted
        attacker = st.figures[data["attacker"]]
        target = st.figures[data["target"]]
        weapon = game.rules.weapon(data["weapon"])
        ctx = context.ctx_from_dict(data["context"])
        planned = plan_attack(
            bridge.combatant(game, attacker),
            bridge.combatant(game, target),
            weapon,
            ctx,
            game.rules,
        )
        pool = planned.damage.pool

        def cost(fig: Figure, need: int) -> float:
            wounds = pool * wound_chance(need)
            share = min(wounds, fig.tp) / max(1, fig.tp)
            return figure_value(game, fig) * (0.5 * share + 0.75 * share**2)

        ally = cost(target, planned.damage.needed.value)
        best: tuple[float, str] | None = None
        for gid in guardians:
            guard = st.figures[gid]
            need = intercept.guardian_need(game, planned, attacker, guard)
            c = cost(guard, need)
            if best is None or c < best[0]:
                best = (c, gid)
        assert best is not None
        return act.Intercept(best[1], best[0] < ally)
