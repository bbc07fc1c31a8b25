"""What a candidate plan is worth: the value of where the figure ends up (spots),
with the sliders applied, and the plan record itself.

A spot is worth minus the damage the enemy can expect to deal there (scaled by
self-preservation), plus the attacks it offers next activation (aggression), plus
ground gained toward the goal, minus straying from the band (herding).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.scoring import TAKEDOWN_SHARE, WOUND_SHARE
from ai.situation import Situation
from game.actions import Action

OPPORTUNITY = 0.35
"""Share of next activation's best attack a spot is credited with."""
GOAL_WEIGHT = {
    "storage": 0.05,
    "find": 0.05,
    "exit": 0.12,
    "enemy": 0.03,
    "key": 0.02,
    "repair": 0.08,
    "none": 0.0,
}
"""Value per cm of flow-field cost gained toward the goal (before the sliders)."""
HOLD_RADIUS = 28.0
"""cm from the key point within which defenders feel no pull toward it."""
HERD_RANGE = 20.0
"""cm from the band's centre a figure may stray without a herding penalty."""
HERD_WEIGHT = 0.02


@dataclass(frozen=True, slots=True)
class Plan:
    """A candidate: the next action, its value, and the intent it stands for."""

    action: Action
    value: float
    what: str
    target: str = ""
    place: str = ""
    weapon: str = ""


class Scorer:
    """Spot values of one situation, with the sliders applied."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        slide = sit.slide
        fig = sit.fig
        hurt = 1.0 - fig.tp / max(1, fig.max_tp)
        sp = slide.self_preservation * (1.0 + (1.0 - slide.bravery) * 2.0 * hurt)
        if fig.loot:
            sp *= 1.3
        self.attack_mult = 0.6 + 0.8 * slide.aggression
        self.expo_mult = 0.2 + sp
        goal_mult = 0.5 + slide.aggression if sit.goal != "exit" else 1.5 - 0.5 * slide.bravery
        self.goal_w = GOAL_WEIGHT.get(sit.goal, 0.0) * goal_mult
        n = len(sit.kind)
        self.base = np.zeros(n)
        self.covered = np.zeros(n)
        self.gain = np.zeros(n)
        if n:
            self._precompute()

    def _precompute(self) -> None:
        sit = self.sit
        fig = sit.fig
        tp = max(1, fig.tp)

        def loss(e: np.ndarray) -> np.ndarray:
            share = np.minimum(e, tp) / tp
            return np.asarray(sit.value * (WOUND_SHARE * share + TAKEDOWN_SHARE * share**2))

        later = sit.later.max(axis=1) if sit.later.size else np.zeros(len(sit.kind))
        gain = self.gain = self._goal_gain()
        herd = self._herd()
        common = OPPORTUNITY * self.attack_mult * later + gain - herd
        self.base = common - self.expo_mult * loss(sit.expo)
        self.covered = common - self.expo_mult * loss(sit.expo_cover)

    def _goal_gain(self) -> np.ndarray:
        sit = self.sit
        progress = sit.progress
        if sit.goal == "key":  # defenders: no pull within the hold radius
            progress = np.maximum(progress - HOLD_RADIUS, 0.0)
        return np.asarray(self.goal_w * (progress[0] - progress))

    def _herd(self) -> np.ndarray:
        sit = self.sit
        friends = [
            f
            for f in sit.game.state.side_figures(sit.fig.side)
            if f.id != sit.fig.id and f.on_table
        ]
        if not friends or sit.spots is None:
            return np.zeros(len(sit.kind))
        centre = np.mean([f.pos for f in friends], axis=0)
        d = np.hypot(sit.spots.xy[:, 0] - centre[0], sit.spots.xy[:, 1] - centre[1])
        return np.asarray(HERD_WEIGHT * sit.slide.herding * np.maximum(d - HERD_RANGE, 0.0))

    def at(self, i: int, covered: bool = False) -> float:
        return float(self.covered[i] if covered else self.base[i])
