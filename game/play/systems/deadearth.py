"""DEAD.EARTH (seed document 000, docs/RULES.md) as a `RuleSystem`: a thin adapter over
the rules the game has always played — the combat room's `strike` (W20 to hit, the
W6 damage pool, Abfangen, ammo and jams, harm, noise) and `game.odds.attack_odds`."""

from __future__ import annotations

from game.events import Event
from game.odds import attack_odds
from game.play import combat
from game.play.context import Measured
from game.play.contract import AttackMode, GameView
from game.rules.combatant import AttackContext, Combatant
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.state import Figure
from game.systems import SystemName
from game.systems.common import OddsView, Situation


class DeadEarth:
    """The table's own rules."""

    @property
    def name(self) -> SystemName:
        return "deadearth"

    def enlist(self, figure: Figure, profile: Profile) -> None:
        """TP as the profile has them (set by `profiles.new_figure`)."""

    def situation(
        self, game: GameView, attacker: Figure, target: Figure, measured: Measured
    ) -> Situation | None:
        return None

    def strike(
        self,
        game: GameView,
        attacker: Figure,
        target: Figure,
        weapon: Weapon,
        measured: Measured,
        mode: AttackMode,
    ) -> list[Event]:
        return combat.strike(game, attacker, target, weapon, measured, mode)

    def odds(
        self,
        game: GameView,
        attacker: Combatant,
        target: Combatant,
        weapon: Weapon,
        ctx: AttackContext,
        situation: Situation | None = None,
    ) -> OddsView:
        return attack_odds(attacker, target, weapon, ctx, game.rules)

    def treated(self, game: GameView, healer: Figure, patient: Figure) -> list[Event]:
        return []

    def round_end(self, game: GameView) -> list[Event]:
        return []

    def move_factor(self, game: GameView, figure: Figure) -> float:
        return 1.0

    def reach_factor(self, game: GameView) -> float:
        """Long range up to `attack.long_range_factor` × range (§5.1)."""
        return float(game.rules.knobs.attack.long_range_factor)
