"""The mistakes the `easy` level makes on purpose: the ones a beginner makes at the
table, not random moves (ai/levels.py).

- Target fixation: now and then it shoots the nearest enemy it can hit, not the
  one the shot is worth most against.
- Forgetting to stay safe: now and then it leaves out the careful actions (Take
  cover, Overwatch, Aim) and does the best of the rest.

Which decision goes wrong comes from the decision dice: the same game makes the
same mistakes.
"""

from __future__ import annotations

import math

from ai.scorer import Plan
from ai.situation import Situation
from game import actions as act
from game.dice import Dice

FIXATION = 0.4
"""Chance a decision shoots the nearest enemy instead of the best target."""
CARELESS = 0.3
"""Chance a decision leaves out the careful actions."""
CAREFUL = ("take_cover", "overwatch", "aim")


def blunder(sit: Situation, ordered: list[Plan], dice: Dice) -> list[Plan]:
    """The candidates in the order a beginner would weigh them."""
    if not ordered:
        return ordered
    fixation, careless = dice.uniform(0.0, 1.0), dice.uniform(0.0, 1.0)
    if fixation < FIXATION:
        nearest = _nearest_shot(sit, ordered)
        if nearest is not None:
            return [nearest, *[p for p in ordered if p is not nearest]]
    if careless < CARELESS:
        bold = [p for p in ordered if p.what not in CAREFUL]
        if bold:
            return bold + [p for p in ordered if p.what in CAREFUL]
    return ordered


def _nearest_shot(sit: Situation, ordered: list[Plan]) -> Plan | None:
    """The best plan that attacks the nearest enemy the figure can attack now."""
    shots = [p for p in ordered if isinstance(p.action, act.Attack) and p.target]
    if not shots:
        return None
    where = {f.name: f.pos for f in sit.enemies}
    near = min(
        (p.target for p in shots if p.target in where),
        key=lambda name: (math.dist(sit.fig.pos, where[name]), name),
        default=None,
    )
    return next((p for p in shots if p.target == near), None)
