"""Dice: the only source of randomness in the rules core.

`Dice` wraps one injected `numpy.random.Generator`; every draw goes through one of
its methods (`die`, `uniform`, `choice`, `permutation`), and its generator state
is read and restored through `state` / `copy`. `ScriptedDice` returns given
faces, fractions, choices and orders (for tests), fails loudly when it runs out,
and has no generator at all, so nothing can draw around the script. German
notation: W20 = d20, W6 = d6, NW6 = a pool of N d6, 1W3 = ceil(d6 / 2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

Edge = Literal[-1, 0, 1]
"""Net advantage: +1 advantage, -1 disadvantage, 0 neither."""


class DiceExhausted(RuntimeError):
    """A ScriptedDice was asked for more faces than the test scripted."""


class NoGenerator(AttributeError):
    """ScriptedDice has no generator: a draw must go through a Dice method."""


class DiceExpressionError(ValueError):
    """A dice expression such as '1W3+1' could not be parsed."""


def net_edge(advantages: int, disadvantages: int) -> Edge:
    """Advantage and disadvantage cancel; several of one kind count as one (§2)."""
    return int(advantages > 0) - int(disadvantages > 0)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class D20Roll:
    """A W20 test roll: all faces rolled and the one kept."""

    faces: tuple[int, ...]
    kept: int
    edge: Edge

    @property
    def natural_20(self) -> bool:
        return self.kept == 20

    @property
    def natural_1(self) -> bool:
        return self.kept == 1

    def describe(self) -> str:
        if len(self.faces) == 1:
            return f"W20 {self.kept}"
        word = "adv" if self.edge > 0 else "dis"
        return f"W20 {self.kept} ({word} {list(self.faces)})"


@dataclass(frozen=True, slots=True)
class ExprRoll:
    """The result of a dice expression: its text, the faces rolled, the total."""

    expression: str
    faces: tuple[int, ...]
    total: int


_EXPR = re.compile(r"^\s*(\d*)\s*[WwDd]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_INT = re.compile(r"^\s*[+-]?\d+\s*$")


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed dice expression `NWS+M` (W or d), or a plain integer."""

    count: int
    sides: int
    modifier: int

    @classmethod
    def parse(cls, text: str | int) -> DiceExpression:
        if isinstance(text, int):
            return cls(0, 6, text)
        if _INT.match(text):
            return cls(0, 6, int(text))
        m = _EXPR.match(text)
        if not m:
            raise DiceExpressionError(
                f"not a dice expression: {text!r} (expected e.g. '2W6', '1W3+1' or an integer)"
            )
        count = int(m.group(1)) if m.group(1) else 1
        sides = int(m.group(2))
        if sides < 2:
            raise DiceExpressionError(f"a die needs at least 2 sides in dice {text!r}")
        if count > 100:
            raise DiceExpressionError(f"too many dice in {text!r} (at most 100)")
        mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return cls(count, sides, mod)

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier

    def distribution(self) -> dict[int, float]:
        """Exact probability of every total."""
        dist = {0: 1.0}
        for _ in range(self.count):
            nxt: dict[int, float] = {}
            for total, p in dist.items():
                for face in range(1, self.sides + 1):
                    nxt[total + face] = nxt.get(total + face, 0.0) + p / self.sides
            dist = nxt
        return {t + self.modifier: p for t, p in sorted(dist.items())}

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.modifier)
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}W{self.sides}{mod}"


class Dice:
    """All randomness of a game, drawn from one injected numpy Generator."""

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng

    @classmethod
    def seeded(cls, seed: int | np.random.SeedSequence) -> Dice:
        return cls(np.random.default_rng(seed))

    @property
    def rng(self) -> np.random.Generator:
        """The generator itself (for its state; draw through the methods below)."""
        return self._rng

    # -- the generator's state ---------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        """The generator's state as plain data (saved with the game)."""
        return dict(self._rng.bit_generator.state)

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        if not value:
            raise ValueError("no dice state to restore (the game was played with scripted dice)")
        self._rng.bit_generator.state = value

    def copy(self) -> Dice:
        """Independent dice that will roll exactly what these would roll next."""
        rng = np.random.Generator(type(self._rng.bit_generator)())
        rng.bit_generator.state = self._rng.bit_generator.state
        return Dice(rng)

    # -- the primitives every other roll is built from -------------------------
    def die(self, sides: int) -> int:
        """One die with `sides` faces (1..sides)."""
        return int(self._rng.integers(1, sides + 1))

    def uniform(self, low: float = 0.0, high: float = 1.0) -> float:
        """A real number in [low, high) (scatter directions, AI tie-breaks)."""
        return float(self._rng.uniform(low, high))

    def choice(self, n: int) -> int:
        """An index in range(n), uniformly."""
        if n <= 0:
            raise ValueError("choice from an empty set")
        return int(self._rng.integers(0, n))

    def permutation(self, n: int) -> NDArray[np.int64]:
        """A random order of range(n) (the AI's sampling of candidate spots)."""
        if n < 0:
            raise ValueError(f"no order of {n} items")
        return np.asarray(self._rng.permutation(n), np.int64)

    # -- derived rolls ---------------------------------------------------------
    def w6(self) -> int:
        return self.die(6)

    def w20(self, edge: Edge = 0) -> D20Roll:
        """W20, with advantage (+1: keep the higher of two) or disadvantage (-1)."""
        if edge == 0:
            face = self.die(20)
            return D20Roll((face,), face, 0)
        faces = (self.die(20), self.die(20))
        kept = max(faces) if edge > 0 else min(faces)
        return D20Roll(faces, kept, edge)

    def pool(self, n: int) -> tuple[int, ...]:
        """A pool of N W6 (NW6)."""
        return tuple(self.die(6) for _ in range(max(0, n)))

    def w3(self) -> int:
        """1W3 = ceil(W6 / 2)."""
        return math.ceil(self.die(6) / 2)

    def roll(self, expression: str | int | DiceExpression) -> ExprRoll:
        """Roll a dice expression such as '1W3+1', '2W6' or a plain integer."""
        expr = (
            expression
            if isinstance(expression, DiceExpression)
            else DiceExpression.parse(expression)
        )
        if expr.sides == 3:
            faces = tuple(self.w3() for _ in range(expr.count))
        else:
            faces = tuple(self.die(expr.sides) for _ in range(expr.count))
        return ExprRoll(str(expr), faces, sum(faces) + expr.modifier)


class ScriptedDice(Dice):
    """Dice that return scripted faces in order; for tests with exact numbers.

    `faces` feeds `die()` (and so every W20, W6, pool and W3 — a W3 consumes one
    W6 face). `uniforms` feeds `uniform()` as fractions in [0, 1). `choices`
    feeds `choice()`. `orders` feeds `permutation()`, each an order of range(n).
    Asking for more than was scripted raises DiceExhausted; there is no
    generator behind them (`rng` raises), so no draw can bypass the script.
    """

    def __init__(
        self,
        faces: Iterable[int] = (),
        *,
        uniforms: Iterable[float] = (),
        choices: Iterable[int] = (),
        orders: Iterable[Sequence[int]] = (),
    ) -> None:
        self._faces = list(faces)
        self._uniforms = [float(u) for u in uniforms]
        self._choices = list(choices)
        self._orders = [tuple(int(i) for i in order) for order in orders]
        self.used: list[int] = []
        for frac in self._uniforms:
            _check_fraction(frac)

    @property
    def rng(self) -> np.random.Generator:
        raise NoGenerator("scripted dice have no generator: script the draw instead")

    @property
    def remaining(self) -> Sequence[int]:
        return tuple(self._faces)

    @property
    def state(self) -> dict[str, Any]:
        """Scripted dice have no generator state (an empty dict)."""
        return {}

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        if value:
            raise ValueError("scripted dice cannot take on a generator's state")

    def copy(self) -> ScriptedDice:
        """Independent scripted dice with what is left of this script."""
        twin = ScriptedDice(
            self._faces, uniforms=self._uniforms, choices=self._choices, orders=self._orders
        )
        twin.used = list(self.used)
        return twin

    def die(self, sides: int) -> int:
        if not self._faces:
            raise DiceExhausted(f"scripted dice ran out (asked for a W{sides})")
        face = self._faces.pop(0)
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} is impossible on a W{sides}")
        self.used.append(face)
        return face

    def uniform(self, low: float = 0.0, high: float = 1.0) -> float:
        if not self._uniforms:
            raise DiceExhausted("scripted dice ran out of uniform numbers")
        frac = self._uniforms.pop(0)
        return low + (high - low) * frac

    def choice(self, n: int) -> int:
        if not self._choices:
            raise DiceExhausted("scripted dice ran out of choices")
        pick = self._choices.pop(0)
        if not 0 <= pick < n:
            raise ValueError(f"scripted choice {pick} is outside range({n})")
        return pick

    def permutation(self, n: int) -> NDArray[np.int64]:
        if not self._orders:
            raise DiceExhausted(f"scripted dice ran out of orders (asked for {n} items)")
        order = self._orders.pop(0)
        if sorted(order) != list(range(n)):
            raise ValueError(f"scripted order {list(order)} is not an order of range({n})")
        return np.asarray(order, np.int64)


def _check_fraction(frac: float) -> None:
    """A scripted uniform is a fraction of the range: 0 ≤ f < 1, like the real draw."""
    if not 0.0 <= frac < 1.0:
        raise ValueError(f"scripted uniform {frac!r} is not a fraction in [0, 1)")
