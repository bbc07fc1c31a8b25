"""The controller contract: whoever answers the engine's pending decisions.

A controller looks at the game and returns one `Action` for the pending decision
(`game.pending()`); the runner applies it. Randomness comes only from the game:
the game's seed, through `decision_dice`, never from a generator of its own
making, so a game is reproduced by (scenario, knobs, seed) alone and its record by
the actions. A controller never draws from `game.dice` (that would shift the
rules' dice between play and replay).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from game.actions import Action
from game.dice import Dice
from game.engine import Game


class Controller(Protocol):
    """Plays one side: `choose` answers the pending decision; `intent` may state, once
    an activation has begun, what the side means to do with it (one line, or None)."""

    def choose(self, game: Game) -> Action:
        """An action for `game.pending()` (it should be legal)."""
        ...

    def intent(self, game: Game) -> str | None:
        """The plan for the activation that has just begun (None: nothing to say)."""
        ...


def decision_dice(game: Game, salt: int = 0) -> Dice:
    """Dice for one decision, spawned from the game's seed: the same for the same seed
    and number of actions taken (kept in the state, so a saved game loaded again
    decides as the original would), independent of the game's own dice."""
    seq = np.random.SeedSequence(game.seed, spawn_key=(1 + salt, game.state.action_count))
    return Dice.seeded(seq)
