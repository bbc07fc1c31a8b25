"""The rule-system interface: how the engine, the odds, the log and the AI reach the
rules of whichever system the scenario plays (docs/SYSTEMS.md).

The game holds one `RuleSystem` (`GameView.system`, chosen by the scenario's `rules`
and `--rules`). The rooms hand it the joints where the systems differ — an attack on
a figure after the table has measured it, the exact odds of one, a figure's hit
points, the end of a round, movement slowed by injuries — and keep everything else
(sight, cover geometry, movement, activations, morale, noise) as the table's own.
"""

from __future__ import annotations

from typing import Protocol

from game.events import Event
from game.play.context import Measured
from game.play.contract import AttackMode, GameView
from game.rules.combatant import AttackContext, Combatant
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.state import Figure
from game.systems import SystemName
from game.systems.common import OddsView, Situation


class RuleSystem(Protocol):
    """One rule system as the engine plays it."""

    @property
    def name(self) -> SystemName: ...

    def enlist(self, figure: Figure, profile: Profile) -> None:
        """A new figure's hit points as this system counts them (TP, HP)."""
        ...

    def situation(
        self, game: GameView, attacker: Figure, target: Figure, measured: Measured
    ) -> Situation | None:
        """What the system reads of the table beyond the attack's context (None:
        nothing; DEAD.EARTH's context says it all) — for `odds` of a measured attack."""
        ...

    def strike(
        self,
        game: GameView,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        measured: Measured,
        mode: AttackMode,
    ) -> list[Event]:
        """Resolve an allowed attack on a figure that the table has measured (its
        `AttackMade` is reported already): the rolls, reactions, harm, ammo, noise."""
        ...

    def odds(
        self,
        game: GameView,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        ctx: AttackContext,
        situation: Situation | None = None,
    ) -> OddsView:
        """The exact odds of such an attack (no reaction that costs the target its
        activation is assumed unless `situation.can_react`)."""
        ...

    def treated(self, game: GameView, healer: Figure, patient: Figure) -> list[Event]:
        """What a successful first aid does beyond DEAD.EARTH's (3W6: stops bleeding)."""
        ...

    def round_end(self, game: GameView) -> list[Event]:
        """What the system's conditions do as a round ends (bleeding, shock)."""
        ...

    def move_factor(self, game: GameView, figure: Figure) -> float:
        """The share of its movement an injured figure keeps (1.0: all of it)."""
        ...

    def reach_factor(self, game: GameView) -> float:
        """How many times its range a ranged weapon reaches: the farthest shot the
        table allows (DEAD.EARTH 2 ×, EWS 3 ×)."""
        ...
