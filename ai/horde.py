"""`ai:horde` — the undead (docs/RULES.md §8, §12, §14): packs down shared flow fields.

Each figure of an activated pack, front-runners first: strikes an enemy it is in
base contact with; charges the enemy it hunts when base contact is within its
move; strikes the barricade or closed gate that shuts its way once it touches it
(Brutes count double, the rules do that); otherwise Runs (or Moves) down the
field toward its goal (`ai.pack`), holding back when it is far ahead of its pack
(herding). Undead never take cover. Decisions read cached flow fields and
vectorised geometry only — no path search per figure.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

import numpy as np
from shapely.geometry import Point

from ai import levels, massing, threew6
from ai.base import decision_dice
from ai.intent import Intent
from ai.levels import Level
from ai.objectives import shelter
from ai.pack import Aim, PackPlan, goal_field, plan_pack
from ai.presets import Sliders, side_table, sliders, sliders_from_table
from ai.steps import charge_in_reach, step
from ai.ways import Beeline, Guide, enemies, enemies_in_contact, terrain_clear
from game import actions as act
from game.actions import Action
from game.board.fields import FlowField
from game.board.freespace import Circle
from game.engine import Game
from game.play import breaking, budget, combat, movement, space
from game.play.attention import loudest
from game.play.contract import MoveMode
from game.play.raid import entry_polygon
from game.state import Figure

HERD_SPREAD = (10.0, 40.0)
"""cm a figure may run ahead of its pack's median: at herding 1 and at herding 0."""
BUSY = frozenset({"move", "run", "attack", "charge"})


class HordeAI:
    """Plays the undead; `preset` / slider overrides as in ai/presets.py (default:
    the side's scenario `ai` table, else the first preset)."""

    name = "ai:horde"

    def __init__(
        self, preset: str | None = None, level: str | None = None, **overrides: Any
    ) -> None:
        self._fixed: Sliders | None = (
            sliders(preset, **overrides) if preset is not None or overrides else None
        )
        self._sliders: dict[str, Sliders] = {}
        self._plan: PackPlan | None = None
        self.last_intent: Intent | None = None
        self.level: Level = levels.level(level)

    # -- the controller contract -------------------------------------------------------
    def intent(self, game: Game) -> str | None:
        pending = game.pending()
        if pending is None or pending.kind != "act":
            return None
        plan = self._pack_plan(game)
        self.last_intent = plan.intent if plan is not None else None
        return self.last_intent.text() if self.last_intent is not None else None

    def choose(self, game: Game) -> Action:
        pending = game.pending()
        if pending is None:
            raise RuntimeError("the horde was asked to choose with nothing pending")
        if pending.kind == "choose_first":
            sides = list(pending.data["sides"])
            first = pending.side if pending.side in sides else sides[0]
            return act.ChooseFirst(pending.side, first)
        if pending.kind == "choose_entry":
            return act.ChooseEntry(pending.side, self._entry(game, list(pending.data["entries"])))
        if pending.kind == "activate":
            return act.Activate(self._next_pack(game, pending.figures))
        if pending.kind == "intercept":
            return act.Intercept(pending.figures[0], False)
        if pending.kind == "defence":
            return threew6.choose_defence(game)
        return self._act(game, pending.figures)

    # -- settings ----------------------------------------------------------------------
    def settings(self, game: Game, side: str) -> Sliders:
        """The sliders this side plays with."""
        if self._fixed is not None:
            return self._fixed
        if side not in self._sliders:
            self._sliders[side] = sliders_from_table(side_table(game.scenario, side))
        return self._sliders[side]

    # -- decisions between activations --------------------------------------------------
    def _entry(self, game: Game, entries: list[str]) -> str:
        """An entry zone, likelier the nearer it is to the shelter (or the loudest noise)."""
        side = game.pending().side  # type: ignore[union-attr]
        marker = loudest(game.state.noise)
        home = shelter(game)
        if marker is not None:
            goal = (marker.x, marker.y)
        elif home is not None:
            goal = (home.polygon.centroid.x, home.polygon.centroid.y)
        else:
            goal = (game.state.board.width / 2, game.state.board.height / 2)
        weights = []
        for entry in entries:
            c = entry_polygon(game, side, entry).centroid
            weights.append(1.0 / (math.dist((c.x, c.y), goal) + 10.0) ** 2)
        dice = decision_dice(game, 7)
        pick = dice.uniform(0.0, sum(weights))
        for entry, w in zip(entries, weights, strict=True):
            pick -= w
            if pick < 0:
                return entry
        return entries[-1]

    def _next_pack(self, game: Game, eligible: tuple[str, ...]) -> str:
        """The pack nearest to a living enemy goes first (it can strike now)."""
        st = game.state
        figs = [st.figures[f] for f in eligible]
        foes = enemies(game, figs[0])
        if not foes:
            return min(eligible)
        e = np.array([en.pos for en in foes])
        p = np.array([f.pos for f in figs])
        d = np.hypot(p[:, None, 0] - e[None, :, 0], p[:, None, 1] - e[None, :, 1]).min(axis=1)
        best = min(range(len(figs)), key=lambda i: (float(d[i]), figs[i].id))
        return figs[best].id

    # -- the activation ------------------------------------------------------------------
    def _pack_plan(self, game: Game) -> PackPlan | None:
        st = game.state
        if not st.active:
            return None
        key = (game.seed, st.round, st.active)
        if self._plan is None or self._plan.key != key:
            members = [st.figures[f] for f in st.active if st.figures[f].on_table]
            if not members:
                return None
            self._plan = plan_pack(game, members, key)
            if self.level.judged:
                _feint(game, members, self._plan)
        return self._plan

    def _act(self, game: Game, acting: tuple[str, ...]) -> Action:
        plan = self._pack_plan(game)
        order = [f for f in plan.order if f in acting] if plan is not None else []
        order += [f for f in acting if f not in order]
        fig = game.state.figures[order[0]]
        aim = plan.aims.get(fig.id, Aim("none")) if plan is not None else Aim("none")
        action = decide(game, fig, aim, self.settings(game, fig.side), plan)
        if self.level.judged:
            piece = massing.piece_struck(game, action)
            if piece is not None and massing.holds_back(game, fig, piece):
                self.last_intent = massing.intent(game, fig, piece)
                return act.EndActivation(fig.id)
        return action


def _feint(game: Game, members: list[Figure], plan: PackPlan) -> None:
    """While the side masses at a piece, send one free member to bang on another far
    from it (ai/massing.py); the pack's intent line says so."""
    idle = {f for f, a in plan.aims.items() if a.goal != "hunt"}
    sent = massing.feint(game, members, idle)
    if sent is None:
        return
    fig_id, piece = sent
    fig = game.state.figures[fig_id]
    plan.aims[fig_id] = Aim("feint", piece.id, cost=float(piece.polygon.distance(Point(fig.pos))))
    plan.intent = massing.intent(game, fig, piece, "feint")


def decide(game: Game, fig: Figure, aim: Aim, slide: Sliders, plan: PackPlan | None) -> Action:
    """One action for one undead figure (always one the engine accepts)."""
    st = game.state
    spent = st.spent.get(fig.id, [])
    left = budget.action_budget(game, fig) - budget.used(game, fig)
    weapon = movement.best_melee(game, fig)
    end = act.EndActivation(fig.id)
    if left <= 0:
        return end
    if aim.goal == "shelter" and aim.cost <= movement.allowance(game, fig, "run"):
        # the shelter within reach: in, whoever stands in the way (they strike first)
        going = _down_the_field(game, fig, aim, slide, plan, weapon, spent, left)
        if going is None and plan is not None and plan.crowd:
            going = _down_the_field(game, fig, aim, slide, plan, weapon, spent, left, plan.crowd)
        if going is not None:
            return going
    strike = _strike(game, fig, weapon, spent)
    if strike is not None:
        return strike
    fresh = not BUSY.intersection(spent)
    can_charge = weapon is not None and fresh and left >= 2
    if can_charge and aim.goal == "hunt" and aim.target:
        charge = _charge(game, fig, aim.target, weapon)  # type: ignore[arg-type]
        if charge is not None:
            return charge
    moving = _down_the_field(game, fig, aim, slide, plan, weapon, spent, left)
    if moving is None and plan is not None:  # stuck: around the crowd
        jam = plan.jam if aim.goal == "hunt" else plan.crowd
        if jam:
            moving = _down_the_field(game, fig, aim, slide, plan, weapon, spent, left, jam)
    if moving is not None:
        return moving
    if can_charge:  # the way is shut by a figure: go for the nearest one in reach
        for enemy in sorted(enemies(game, fig), key=lambda e: (space.gap(fig, e), e.id)):
            charge = _charge(game, fig, enemy.id, weapon)  # type: ignore[arg-type]
            if charge is not None:
                return charge
            if space.gap(fig, enemy) > movement.allowance(game, fig, "charge"):
                break
    return end


def _strike(game: Game, fig: Figure, weapon: str | None, spent: list[str]) -> Action | None:
    """An attack on the weakest enemy in base contact, if any."""
    if weapon is None or "attack" in spent:
        return None
    foes = [
        e
        for e in enemies_in_contact(game, fig)
        if combat.attack_problem(game, fig, e, weapon) is None
    ]
    if not foes:
        return None
    target = min(foes, key=lambda e: (e.tp, e.id))
    return act.Attack(fig.id, target.id, weapon)


def _down_the_field(
    game: Game,
    fig: Figure,
    aim: Aim,
    slide: Sliders,
    plan: PackPlan | None,
    weapon: str | None,
    spent: list[str],
    left: int,
    jam: tuple[Circle, ...] = (),
) -> Action | None:
    """Run or Move toward the goal (straight at a figure or a noise when nothing is in
    the way, else down the field; around the `jam` bases if given), or strike the
    piece that shuts the way."""
    fresh = not BUSY.intersection(spent)
    run_ok = left >= 2 and "run" not in spent and fresh
    move_ok = "move" not in spent
    if run_ok and _ahead(fig, aim, slide, plan, movement.allowance(game, fig, "run")):
        run_ok = False
    mode: MoveMode | None = "run" if run_ok else "move" if move_ok else None
    home = shelter(game) if aim.goal == "shelter" else None
    area = home.polygon if home is not None else None
    reach = movement.allowance(game, fig, mode or "move")
    line = beeline(game, fig, aim) if not jam else None
    going = step(game, fig, line, reach) if line is not None else None
    guide: Guide | FlowField | None = line
    if going is None or going.to is None:
        guide = goal_field(game, fig, aim, jam)
        if guide is None:
            return None
        going = step(game, fig, guide, reach, area)
    if going.blocker is not None and weapon is not None and "attack" not in spent:
        arms = game.rules.weapon(weapon)
        if breaking.problem(game, fig, going.blocker.id, arms) is None:
            return act.Attack(fig.id, going.blocker.id, weapon)
        if mode == "run" and move_ok and guide is not None:  # walk up to it, then strike
            walk = movement.allowance(game, fig, "move")
            near = step(game, fig, guide, walk, area)
            if near.to is not None:
                return act.Move(fig.id, near.to)
    if going.to is None or mode is None:
        return None
    return act.Run(fig.id, going.to) if mode == "run" else act.Move(fig.id, going.to)


def beeline(game: Game, fig: Figure, aim: Aim) -> Beeline | None:
    """Straight at the hunted figure (into base contact) or the noise heard, when no
    terrain stands between (None: follow the field)."""
    line: Beeline | None = None
    if aim.goal == "hunt" and aim.target:
        target = game.state.figures.get(aim.target)
        if target is None or not target.standing:
            return None
        stop = fig.radius + target.radius + space.contact_gap(game) / 2.0
        line = Beeline(target.pos, stop)
    elif aim.goal == "noise" and aim.marker is not None:
        line = Beeline((aim.marker.x, aim.marker.y))
    if line is None:
        return None
    chain, _ = line.descend(fig.pos, movement.allowance(game, fig, "run"))
    return line if terrain_clear(game, fig, chain[-1]) else None


def _charge(game: Game, fig: Figure, target_id: str, weapon: str) -> Action | None:
    """A Charge at the hunted enemy if base contact is within the figure's move."""
    target = game.state.figures.get(target_id)
    if target is None or not target.standing:
        return None
    if not charge_in_reach(game, fig, target, movement.allowance(game, fig, "charge")):
        return None
    return act.Charge(fig.id, target.id, weapon)


def _ahead(fig: Figure, aim: Aim, slide: Sliders, plan: PackPlan | None, run: float) -> bool:
    """Is the figure so far ahead of its pack (same goal) that it should walk?"""
    if plan is None or aim.goal == "hunt" or not math.isfinite(aim.cost):
        return False
    costs = [a.cost for a in plan.aims.values() if a.goal == aim.goal and math.isfinite(a.cost)]
    if len(costs) < 3:
        return False
    tight, loose = HERD_SPREAD
    spread = loose + (tight - loose) * slide.herding
    return statistics.median(costs) - aim.cost > spread + run
