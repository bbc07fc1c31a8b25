"""Move animations: each Moved leg (and each push) is played along its points at
the speed setting, one after another; the state already holds the end positions,
the animator only says where to draw figures meanwhile. Skippable."""

from __future__ import annotations

import itertools
import math
from collections import deque
from dataclasses import dataclass

from game.events import Event
from game.play.movement import Moved
from game.play.space import Pushed

Point = tuple[float, float]
CM_PER_S = 30.0
"""Walking speed on screen at speed 1."""
MIN_S, MAX_S = 0.12, 2.0


@dataclass
class Leg:
    """One stretch of movement to play."""

    figure: str
    points: tuple[Point, ...]
    length: float
    duration: float
    t: float = 0.0

    def at(self, share: float) -> Point:
        """The point `share` (0..1) of the way along."""
        want = share * self.length
        acc = 0.0
        for a, b in zip(self.points, self.points[1:], strict=False):
            seg = math.dist(a, b)
            if acc + seg >= want and seg > 0:
                k = (want - acc) / seg
                return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            acc += seg
        return self.points[-1]


class Animator:
    """Plays movement legs in order."""

    def __init__(self) -> None:
        self.legs: deque[Leg] = deque()

    @property
    def busy(self) -> bool:
        return bool(self.legs)

    def feed(self, events: list[Event], speed: float) -> None:
        """Queue the movement in `events` (speed ≤ 0: no animation)."""
        if speed <= 0:
            return
        for e in events:
            if isinstance(e, Moved):
                self._add(e.figure, tuple(e.points), speed)
            elif isinstance(e, Pushed):
                self._add(e.figure, (e.start, e.end), speed)

    def _add(self, figure: str, points: tuple[Point, ...], speed: float) -> None:
        if len(points) < 2:
            return
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        if length < 1e-6:
            return
        duration = min(MAX_S / speed, max(MIN_S, length / (CM_PER_S * speed)))
        self.legs.append(Leg(figure, points, length, duration))

    def update(self, dt: float) -> None:
        while self.legs and dt > 0:
            leg = self.legs[0]
            step = min(dt, leg.duration - leg.t)
            leg.t += step
            dt -= step
            if leg.t >= leg.duration - 1e-9:
                self.legs.popleft()
            else:
                break

    def skip(self) -> None:
        self.legs.clear()

    def positions(self) -> dict[str, Point]:
        """Where to draw the figures that are still on their way."""
        out: dict[str, Point] = {}
        for i, leg in enumerate(self.legs):
            if leg.figure in out:
                continue
            out[leg.figure] = leg.at(leg.t / leg.duration) if i == 0 else leg.points[0]
        return out
