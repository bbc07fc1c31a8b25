"""What the quality bars watch in a raid, action by action (tests/ai/lineups.py):

- attacks by the defenders on their own gates and barricades;
- defender activations that begin while an infected stands in the shelter and
  could strike or shoot it at once (an attack the engine allows, or a charge that
  reaches): each must attack one of those infected before it ends ("an infected in
  the shelter is always the target of the next defender who can hit it").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import Point

from ai.objectives import shelter
from ai.steps import charge_in_reach
from game import actions as act
from game.actions import Action
from game.board.terrain import TerrainPiece
from game.engine import Game
from game.events import Event
from game.play import combat, movement
from game.play.outcome import defender_sides
from game.state import Figure


@dataclass
class Watch:
    """An observer for `run_game` that counts the two."""

    own_piece_attacks: int = 0
    must_hit: int = 0  # activations that had an infected in the shelter to hit
    missed: int = 0  # … and ended without attacking one
    _due: tuple[str, set[str]] | None = None
    _hit: bool = False
    _notes: list[str] = field(default_factory=list)

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        defenders = set(defender_sides(game))
        if isinstance(action, act.Attack) and action.target not in game.state.figures:
            self.own_piece_attacks += game.state.figures[action.figure].side in defenders
        if self._due is not None:
            acting, targets = self._due
            if isinstance(action, act.Attack | act.Charge) and action.target in targets:
                self._hit = True
            if isinstance(action, act.EndActivation) and action.figure == acting:
                self._close(game)
        if isinstance(action, act.Activate):
            self._close(game)
            fig = game.state.figures[action.figure]
            if fig.side in defenders:
                due = hittable(game, fig)
                if due:
                    self._due, self._hit = (fig.id, due), False
                    self.must_hit += 1

    def _close(self, game: Game) -> None:
        if self._due is not None and not self._hit:
            self.missed += 1
            self._notes.append(f"round {game.state.round}: {self._due[0]} left {self._due[1]}")
        self._due = None


def hittable(game: Game, fig: Figure) -> set[str]:
    """Infected standing in the shelter the figure could attack now or charge."""
    home = shelter(game)
    if home is None:
        return set()
    inside = [
        e
        for e in game.state.enemies_of(fig)
        if e.on_table and game.state.sides[e.side].threat == "infected" and _inside(home, e)
    ]
    out: set[str] = set()
    melee = movement.best_melee(game, fig)
    reach = movement.allowance(game, fig, "charge")
    for enemy in inside:
        weapons = [w.name for w in fig.weapons] + ([melee] if melee else [])
        now = any(combat.attack_problem(game, fig, enemy, w) is None for w in weapons)
        if now or (melee is not None and charge_in_reach(game, fig, enemy, reach)):
            out.add(enemy.id)
    return out


def _inside(home: TerrainPiece, fig: Figure) -> bool:
    return bool(home.polygon.contains(Point(fig.pos)))
