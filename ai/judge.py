"""The classic candidates (ai/candidates.py), judged for the levels above classic.

One decision of one figure:

1. the situation, with the side's plan giving a raider its way through the chosen
   breach (ai/plan.py);
2. the stakes (ai/value.py): an enemy about to win is worth what it would win, so
   every attack on it counts for that much more; the figure's own stake makes it
   more careful;
3. the danger along the whole path (ai/danger.py): fire zones entered and
   minefields count as exposure of the spots they lead to;
4. the candidates, then their costs: ammunition, the noise roll (volley or hold
   fire), the Tüftler's one Improvise kept for a smashed piece; a melee fighter is
   pulled into contact; a raider's blow at the breach is worth more the nearer it
   is to open, a rifleman leaves the breach to the others; defenders never attack
   their own gates and barricades (nothing in the rules makes that useful);
5. an enemy about to win (an infected in the shelter, a raider with loot or at the
   storage) is the target of every defender who can hit it: those plans go first.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ai import danger, value
from ai.candidates import BREAK_GAIN, REPAIR_GAIN, plans
from ai.objectives import Role
from ai.plan import SidePlan
from ai.presets import Sliders
from ai.scorer import Plan
from ai.scoring import arms, figure_value
from ai.situation import Situation, build, goal_of
from ai.steps import step
from game import actions as act
from game.dice import Dice
from game.play import movement, overwatch, space
from game.play.contract import MoveMode

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

MUST_STAKE = 1.5
"""An enemy whose stake is at least this is about to win: every defender that can
hit it does."""
MELEE_PULL = 0.03
"""Value per cm a melee fighter closes on the nearest enemy within MELEE_RANGE."""
MELEE_RANGE = 40.0
SUPPORT_PULL = 0.25
"""Share of the pull toward the storage a rifleman keeps while the breach stands."""
URGENCY_PULL = 2.0
"""How much more the way to the storage pulls a breaker per unit of urgency."""
BREAKER_NERVE = 0.6
"""Share of the danger at a spot a breaker heeds: the raid is won at the breach."""
BLOW_BASE = 0.6
BLOW_OPEN = 2.0
"""A blow at the breach: BLOW_BASE plus BLOW_OPEN times the share of what is left
of the piece it takes off."""
REPAIR_KEEP = 0.6
"""Improvise restores a piece only when at least this share of it is gone."""
OVERWATCH_NOISE = 0.5
"""Share of the noise risk an overwatch carries (its shot may never come)."""


@dataclass(frozen=True, slots=True)
class Judging:
    """Which judgements a level makes."""

    stakes: bool = True
    danger: bool = True
    costs: bool = True
    plan: bool = True


FULL = Judging()
"""normal and hard."""


def situation(
    game: Game,
    fig: Figure,
    role: Role,
    slide: Sliders,
    dice: Dice,
    side_plan: SidePlan | None,
    judging: Judging = FULL,
) -> Situation:
    """The figure's situation with the judgements of steps 1–3 applied."""
    flow = None
    if side_plan is not None and judging.plan and role == "raiders":
        side_plan.update(game, fig.side)
        goal, _, _ = goal_of(game, fig, role)
        flow = side_plan.goal_field(game, fig, goal)
    sit = build(game, fig, role, slide, dice, flow)
    if role == "defenders":
        sit.blocker = None  # never an attack on one's own gate or barricade
    if judging.stakes:
        book = side_plan if side_plan is not None else SidePlan()
        _reweigh(sit, book.stakes(game, fig.side))
        sit.value += _own_stake(game, fig, book)
    if judging.danger and sit.spots is not None:
        moving = np.array([k != "here" for k in sit.kind])
        hurt = danger.path_wounds(game, fig, sit.spots.xy, moving)
        sit.expo = sit.expo + hurt
        sit.expo_cover = sit.expo_cover + hurt
    if side_plan is not None and judging.plan and role == "raiders":
        if side_plan.role(game, fig) == "support":
            sit.progress = sit.progress * SUPPORT_PULL
        else:
            sit.progress = sit.progress * (1.0 + URGENCY_PULL * side_plan.urgency(game, sit))
            sit.expo = sit.expo * BREAKER_NERVE
            sit.expo_cover = sit.expo_cover * BREAKER_NERVE
    return sit


@dataclass(frozen=True, slots=True)
class Judged:
    """The candidates best first (those on an enemy about to win ahead of all), the
    names of those enemies, and what a loud shot costs now (0: free or a volley)."""

    plans: list[Plan]
    winners: set[str]
    noise: float


def judged(sit: Situation, side_plan: SidePlan | None, judging: Judging = FULL) -> Judged:
    """Steps 4 and 5: the candidates judged."""
    game, fig = sit.game, sit.fig
    found = plans(sit)
    noise = _noise_cost(game, fig, side_plan) if judging.costs else 0.0
    if judging.costs:
        found = [_costed(sit, p, noise) for p in found]
    kept = [_adjusted(sit, p, side_plan, judging) for p in found]
    out = [p for p in kept if p is not None]
    out.sort(key=lambda p: -p.value)
    book = side_plan if side_plan is not None else SidePlan()
    winners = _winners(game, fig, book) if judging.stakes else set()
    if winners:
        out = _first(out, lambda p: _aims_at(p, winners))
    elif side_plan is not None and judging.plan and sit.role == "raiders":
        if side_plan.open_piece(game) is None and not fig.suppressed:
            out += _commit(sit, out[0].value if out else 0.0)
            out.sort(key=lambda p: -p.value)
            out = _first(out, lambda p: p.what == "loot" or _gain(sit, p) >= COMMIT_GAIN)
        else:
            out = _first(out, lambda p: p.what in RAIDER_FIRST)
    return Judged(out, winners, noise)


RAIDER_FIRST = ("loot", "break_in")
"""A raider that can loot, or strike the breach (a breaker), does that first."""
COMMIT_GAIN = 8.0
"""cm: once the way is open a raider's move that gains this much on its way to the
storage (or out with the loot) comes before anything but looting."""


def _commit(sit: Situation, value: float) -> list[Plan]:
    """A Run and a Move as far down the way to the goal as they get (the spots the
    sample offers may all lie beside it)."""
    game, fig = sit.game, sit.fig
    if sit.goal_field is None:
        return []
    what = "carry_off" if sit.goal == "exit" else "advance"
    out: list[Plan] = []
    ways: tuple[tuple[MoveMode, int, type[act.Run] | type[act.Move]], ...] = (
        ("run", 2, act.Run),
        ("move", 1, act.Move),
    )
    for mode, cost, make in ways:
        if not sit.can(mode, cost):
            continue
        going = step(game, fig, sit.goal_field, movement.allowance(game, fig, mode))
        if going.to is not None:
            out.append(Plan(make(fig.id, going.to), value - 0.01 * cost, what, place="storage"))
    return out


def _gain(sit: Situation, plan: Plan) -> float:
    """cm the plan's move gains on the figure's way to its goal (0: no move)."""
    action = plan.action
    if not isinstance(action, act.Move | act.Run | act.Fly) or sit.goal_field is None:
        return 0.0
    here, there = sit.goal_field.distance_at(np.array([sit.fig.pos, action.to]))
    gained = float(here - there)
    return gained if math.isfinite(gained) else 0.0


def _first(plans: list[Plan], ahead: Callable[[Plan], bool]) -> list[Plan]:
    """The plans for which `ahead` holds first (each part keeps its order)."""
    return [p for p in plans if ahead(p)] + [p for p in plans if not ahead(p)]


# -- stakes -----------------------------------------------------------------------------


def _reweigh(sit: Situation, stakes: dict[str, float]) -> None:
    """Attacks on an enemy with something at stake count for its stake, too."""
    if not stakes or not sit.enemies:
        return
    ratio = np.ones(len(sit.enemies))
    for j, enemy in enumerate(sit.enemies):
        stake = stakes.get(enemy.id, 0.0)
        if stake > 0:
            worth = figure_value(sit.game, enemy)
            ratio[j] = (worth + stake) / worth
    if np.all(ratio == 1.0):
        return
    if sit.now.size:
        sit.now = sit.now * ratio[None, :]
    if sit.later.size:
        sit.later = sit.later * ratio[None, :]
    index = {e.id: j for j, e in enumerate(sit.enemies)}
    sit.shots = [
        dataclasses.replace(
            s, value=s.value * ratio[index[s.target.id]], aimed=s.aimed * ratio[index[s.target.id]]
        )
        for s in sit.shots
    ]


def _own_stake(game: Game, fig: Figure, book: SidePlan) -> float:
    """What the enemy would gain in outcome terms by taking the figure out."""
    foes = {s for s in game.state.sides if s != fig.side}
    return max((book.stakes(game, side).get(fig.id, 0.0) for side in foes), default=0.0)


def _winners(game: Game, fig: Figure, book: SidePlan) -> set[str]:
    """Names of the enemies about to win (only defenders drop everything for them)."""
    if not value.is_raid(game) or fig.side in _raiders(game):
        return set()
    st = game.state
    return {
        st.figures[fid].name
        for fid, stake in book.stakes(game, fig.side).items()
        if stake >= MUST_STAKE
    }


def _raiders(game: Game) -> set[str]:
    return {s.id for s in game.state.sides.values() if s.waves is not None}


def _aims_at(plan: Plan, winners: set[str]) -> bool:
    return bool(plan.target) and plan.target in winners and plan.what not in ("first_aid",)


# -- costs --------------------------------------------------------------------------------


def _noise_cost(game: Game, fig: Figure, side_plan: SidePlan | None) -> float:
    risk = danger.noise_risk(game, fig.side)
    if risk <= 0:
        return 0.0
    if side_plan is not None and side_plan.volley(game, fig.side, risk):
        return 0.0
    return risk


def _costed(sit: Situation, plan: Plan, noise: float) -> Plan:
    """The plan less the ammunition and noise its shot spends."""
    game, fig = sit.game, sit.fig
    action = plan.action
    cost = 0.0
    if isinstance(action, act.Attack) and action.target in game.state.figures:
        cost = _shot_cost(game, fig, action.weapon, action.burst, noise)
    elif isinstance(action, act.Aim) and plan.weapon:
        cost = _shot_cost(game, fig, plan.weapon, False, noise)
    elif isinstance(action, act.Move) and plan.what in ("position", "flank") and plan.target:
        ranged = [a for a in arms(game, fig, melee=False) if not a.burst]
        if ranged:
            cost = _shot_cost(game, fig, ranged[0].weapon.name, False, noise)
    elif isinstance(action, act.Overwatch):
        readied = overwatch.readied_weapon(game, fig)
        if readied is not None:
            cost = danger.ammo_cost(game, fig, readied, False)
            cost += OVERWATCH_NOISE * noise if readied.loud else 0.0
    elif isinstance(action, act.Throw):
        cost = noise if game.rules.weapon(action.weapon).loud else 0.0
    if cost <= 0:
        return plan
    return dataclasses.replace(plan, value=plan.value - cost)


def _shot_cost(game: Game, fig: Figure, weapon_name: str, burst: bool, noise: float) -> float:
    weapon = game.rules.weapon(weapon_name)
    if weapon.is_melee:
        return 0.0
    return danger.ammo_cost(game, fig, weapon, burst) + (noise if weapon.loud else 0.0)


# -- the rest -------------------------------------------------------------------------------


def _adjusted(
    sit: Situation, plan: Plan, side_plan: SidePlan | None, judging: Judging
) -> Plan | None:
    """Blows at the breach, the pull into contact, Improvise kept, one loot at a time
    (None: dropped)."""
    game, fig = sit.game, sit.fig
    extra = 0.0
    if plan.what == "loot" and fig.loot and judging.plan:
        return None  # loot counts once it leaves the table: carry it off
    if plan.what == "break_in" and sit.blocker is not None:
        if side_plan is not None and judging.plan and side_plan.role(game, fig) == "support":
            return None
        if judging.plan:
            extra += _blow_value(sit) - BREAK_GAIN * (0.6 + 0.8 * sit.slide.aggression)
    if plan.what == "repair" and isinstance(plan.action, act.Interact):
        piece = game.state.board.pieces.get(plan.action.target)
        if piece is not None and not piece.destroyed:
            full = piece.max_structure or 1
            gone = (full - (piece.structure or 0)) / full
            if gone < REPAIR_KEEP:
                extra -= REPAIR_GAIN * gone + 0.1
    if isinstance(plan.action, act.Move | act.Run):
        extra += _pull(sit, plan.action.to)
    if extra == 0.0:
        return plan
    return dataclasses.replace(plan, value=plan.value + extra)


def _blow_value(sit: Situation) -> float:
    """A blow at the breach: worth more the nearer the piece is to giving way."""
    piece = sit.blocker
    assert piece is not None
    left = max(1, piece.structure or 1)
    blow = float(sit.game.profile(sit.fig).structure_wounds or 1)
    return BLOW_BASE + BLOW_OPEN * min(1.0, blow / left)


def _pull(sit: Situation, to: tuple[float, float]) -> float:
    """A melee fighter (no shot it can fire) closes on the nearest enemy nearby."""
    game, fig = sit.game, sit.fig
    if not sit.enemies or movement.best_melee(game, fig) is None:
        return 0.0
    if arms(game, fig, melee=False):
        return 0.0
    near = min(space.gap(fig, e) for e in sit.enemies)
    if near > MELEE_RANGE:
        return 0.0
    after = min(math.dist(to, e.pos) - fig.radius - e.radius for e in sit.enemies if e.standing)
    return MELEE_PULL * (near - max(0.0, after))
