"""The `hard` level's look-ahead: Monte-Carlo playouts over the best few plans of an
activation, with successive halving (Karnin, Koren & Somekh 2013, "Almost optimal
exploration in multi-armed bandits"; as in Gumbel MuZero's root search).

Where it matters only: when the judged best plan (ai/judge.py) is not clearly ahead
of the next. Then each of the top CANDIDATES plans is played out on clones of the
game — the plan's action first, then every side by the cheap scripted policy
(ai/rollout.py) to the end of the next round (in a raid at most RAID_ACTIVATIONS
activations) — and the end state scored in the battle's own terms (ai/value.py's
`worth`: figures and outcome; a skirmish's by the lead in shares standing that
decides it). The dice of a
playout are re-seeded from the game's seed, the number of actions taken and the
playout's number, and again at each activation that follows (by how many have
begun): every candidate meets the same luck from the next activation on, whatever
its own dice did (common random numbers, kept in step). That cuts the spread of the
difference between two candidates' playouts about eight-fold (open_skirmish seed 3,
round 2: sd 0.16–0.19 against 1.1–1.5 of one candidate's), so a few playouts tell
them apart. A game is still reproduced by its seed. After
each halving round the worse half is dropped (all but the leader, once it leads by
SETTLED); the survivors get more playouts. The
mean score, less a little for straying from the judged order, picks the plan.

Clones start with copies of the game's whole-game caches (flow fields, odds, damage
tables, lines of sight: `Game.clone`, game/play/cache.py), so a playout does not build
them again; what one playout learns the next starts from, and the game keeps it
after the search (those entries' keys name all a value depends on: sharing them
changes no decision, only the time).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ai.plan import SidePlan
from ai.rollout import Scripted
from ai.scorer import Plan
from ai.value import is_raid, worth
from game.actions import EndActivation, IllegalAction
from game.dice import Dice
from game.play.cache import GameCache

if TYPE_CHECKING:
    from game.engine import Game
    from game.state import Figure

CANDIDATES = 3
"""Plans weighed by the look-ahead."""
PLAYOUTS = (2, 3)
"""Playouts per candidate in each halving round."""
MARGIN = 0.35
"""A judged best plan this far ahead of the next is taken without a look-ahead."""
PRIOR = 0.25
"""Weight of the judged value against the playouts' mean (per figure of value)."""
SETTLED = 0.6
"""A lead in mean playout score (figures) after a halving round that ends the
search: the common dice make a difference this large several times its spread."""
ENGAGED = 60.0
"""cm: a figure with no enemy this near plays its judged best without a look-ahead."""
HORIZON = 1
"""Rounds after this one a playout runs to the end of."""
RAID_ACTIVATIONS = 8
"""Activations after the candidate's own a playout runs at most in a raid (those of
the figures nearest an enemy come first): its twenty-odd figures, raiders walking
the long way in and waves entering, would otherwise make a playout several times as
long as a skirmish's, for little the first few do not show."""
MAX_ACTIONS = 400
SEED_SALT = 91


def matters(game: Game, fig: Figure, legal: list[Plan]) -> bool:
    """Is the choice close enough to look ahead, with an enemy near enough for it to
    make a difference before the next round is out?"""
    if len(legal) < 2 or legal[0].value - legal[1].value > MARGIN:
        return False
    return any(
        math.dist(fig.pos, e.pos) <= ENGAGED for e in game.state.enemies_of(fig) if e.on_table
    )


def choose(game: Game, fig: Figure, legal: list[Plan], plans: dict[str, SidePlan]) -> Plan:
    """The plan the playouts favour (the judged best when the choice is clear)."""
    if not matters(game, fig, legal):
        return legal[0]
    side = fig.side
    base = worth(game, side)
    alive = list(range(len(legal)))
    scores: dict[int, list[float]] = {i: [] for i in alive}
    learnt = game.cache.for_clone()
    played = 0
    for per in PLAYOUTS:
        for i in alive:
            for k in range(played, played + per):
                scores[i].append(playout(game, legal[i], k, side, plans, learnt) - base)
        played += per
        alive.sort(key=lambda i: (-_final(legal, scores, i), i))
        if _final(legal, scores, alive[0]) - _final(legal, scores, alive[1]) > SETTLED:
            break  # the playouts agree: no more needed
        alive = alive[: max(1, math.ceil(len(alive) / 2))]
        if len(alive) == 1:
            break
    game.cache.take_over(learnt)
    return legal[alive[0]]


def _final(legal: list[Plan], scores: dict[int, list[float]], i: int) -> float:
    return float(np.mean(scores[i])) + PRIOR * (legal[i].value - legal[0].value)


def playout(
    game: Game,
    plan: Plan,
    k: int,
    side: str,
    plans: dict[str, SidePlan],
    learnt: GameCache | None = None,
) -> float:
    """The side's worth after the plan's action and the scripted play to the end of
    the next round (playout number k: its dice; `learnt`: whole-game caches the
    playout starts from and adds to)."""
    clone = fork(game, k)
    if learnt is not None:
        clone.cache.take_over(learnt)
    try:
        return _played(game, clone, plan, k, side, plans)
    finally:
        if learnt is not None:
            learnt.take_over(clone.cache)  # and the entries the playout began


def _played(
    game: Game, clone: Game, plan: Plan, k: int, side: str, plans: dict[str, SidePlan]
) -> float:
    try:
        clone.apply(plan.action)
    except IllegalAction:
        return -math.inf
    policy = Scripted(plans)
    last = game.state.round + HORIZON
    root, started = game.state.action_count, 0
    most = RAID_ACTIVATIONS if is_raid(game) else MAX_ACTIONS
    for _ in range(MAX_ACTIONS):
        pending = clone.pending()
        if pending is None or clone.state.round > last:
            break
        if pending.kind == "activate":  # the same luck for what follows, whatever came before
            if started >= most:
                break
            started += 1
            clone.dice = _dice(game.seed, root, k, started)
        try:
            clone.apply(policy.choose(clone))
        except IllegalAction:
            if pending.kind != "act":
                break
            clone.apply(EndActivation(pending.figures[0]))  # the policy's move was refused
    return worth(clone, side)


def _dice(seed: int, *key: int) -> Dice:
    return Dice.seeded(np.random.SeedSequence(seed, spawn_key=(SEED_SALT, *key)))


def fork(game: Game, k: int) -> Game:
    """A clone with re-seeded dice (from the seed, the actions taken and k); it starts
    with the game's flow fields, odds and tables (`Game.clone`, `GameCache`)."""
    clone = game.clone()
    clone.dice = _dice(game.seed, game.state.action_count, k)
    return clone
