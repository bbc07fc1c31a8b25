"""What the rooms of `game/play/` see of the game, and how they hand their actions in.

The rooms never import the engine: they take a `GameView` — exactly what a room may
read and change of the game (`game.engine.Game` is one) — and offer the engine a
`Handler` per action type and `Legal` choices (actions, or `ActionTemplate`s with a
continuous choice left open). The engine stands above its rooms and imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

from game.actions import Action
from game.dice import Dice
from game.events import Event
from game.play.cache import GameCache
from game.rules.loader import RulesData
from game.rules.profile import Profile
from game.scenario import Scenario
from game.state import Figure, GameState, Pending

if TYPE_CHECKING:
    from game.play.systems.base import RuleSystem

MoveMode = Literal["move", "run", "charge", "fly"]
"""How a figure moves: a Move, a Run, or the move of a charge (§3.2, §4)."""

AttackMode = Literal["action", "charge", "overwatch", "free", "gift"]
"""Why an attack is made: the Attack action, after a charge's move, an overwatch
shot, a free attack on a withdrawing enemy, or a gift's strike (§4–§6, §13)."""

ATTACK_MODES: tuple[AttackMode, ...] = get_args(AttackMode)


class GameView(Protocol):
    """A game as the rooms (and the AI) see it.

    The rooms change the game only through `state` (and `profiles`, where a figure
    arrives during the battle); they draw every random number from `dice` and keep
    what they memoise in `cache`. `system` is the rule system the battle is played
    under (`game.play.systems`)."""

    @property
    def rules(self) -> RulesData: ...
    @property
    def system(self) -> RuleSystem: ...
    @property
    def dice(self) -> Dice: ...
    @property
    def scenario(self) -> Scenario: ...
    @property
    def scenario_name(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def state(self) -> GameState: ...
    @property
    def profiles(self) -> dict[str, Profile]: ...
    @property
    def cache(self) -> GameCache: ...

    def pending(self) -> Pending | None:
        """The decision the game waits for (None once the game is over)."""
        ...

    def figure(self, figure_id: str) -> Figure:
        """The figure with this id (IllegalAction if there is none)."""
        ...

    def profile(self, figure: Figure | str) -> Profile:
        """The profile of a figure (or of a figure id)."""
        ...


@dataclass(frozen=True, slots=True)
class ActionTemplate:
    """A legal action with a continuous choice left open (a point, a direction).

    `verb` names the action class; `limits` gives what the engine will accept,
    e.g. {"allowance": 15.0} for a Move or {"max_angle": 90, "max_radius": 120}
    for an Overwatch.
    """

    verb: str
    figure: str
    limits: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


Legal = Action | ActionTemplate
Checker = Callable[[GameView, Any], None]
Executor = Callable[[GameView, Any], list[Event]]


@dataclass(frozen=True, slots=True)
class Handler:
    """How one action type is checked (raises IllegalAction) and carried out."""

    check: Checker
    execute: Executor


class Room(Protocol):
    """A room of an activation's actions (a module: `movement`, `combat` …): its
    handlers by action type, and the choices it offers a figure now."""

    @property
    def HANDLERS(self) -> Mapping[type[Action], Handler]: ...

    def legal(self, game: GameView, figure: Figure) -> list[Legal]:
        """The room's actions (and templates) open to the figure now."""
        ...
