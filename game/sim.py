"""Headless play: `run_game` plays one battle with every side's controller.

Deterministic: the game's dice come from the seed, and controllers draw only from
generators spawned from the same seed (ai/base.py `decision_dice`), so the same
(scenario, knobs, seed) gives the same actions, events and hash. The batch
simulator (a later issue) calls `run_game` once per game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ai import controller_for
from ai.base import Controller
from game import limits
from game.actions import Action, IllegalAction
from game.engine import Game
from game.events import Event
from game.naming import piece_name
from game.play.events import RoundStarted
from game.play.outcome import Spoilers, spoilers, verdict
from game.replay import EventHasher
from game.rules.loader import RulesData
from game.scenario import Scenario
from game.state import Presence

MAX_ACTIONS = limits.MAX_ACTIONS
"""Actions after which a game that has not ended counts as stuck (a bug)."""

Observer = Callable[[Game, Action, list[Event]], None]
"""Called after every applied action with the game, the action and its events."""


class GameStalled(RuntimeError):
    """A game did not end within `max_actions`, or a controller chose an illegal action."""


@dataclass
class GameResult:
    """The outcome of one headless game and how it came about."""

    outcome: str | None
    rounds: int
    seed: int
    events_hash: str
    casualties: dict[str, int]
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    intents: list[tuple[int, str, str]] = field(default_factory=list)
    """(number of events before it, side, line): what a controller said it meant to do."""
    side_names: dict[str, str] = field(default_factory=dict)
    """Side id → the side's name."""
    winners: tuple[str, ...] = ()
    """The sides that won (ids; none for a draw or a raid's Partial), and the beaten."""
    losers: tuple[str, ...] = ()
    spoilers: Spoilers = field(default_factory=Spoilers)
    """What spoiled the defenders' full result (a raid's Partial), the lost modules
    by name as players read them."""

    def summary(self) -> dict[str, Any]:
        """The JSON summary `main.py run --json` prints."""
        return {
            "outcome": self.outcome,
            "rounds": self.rounds,
            "seed": self.seed,
            "events_hash": self.events_hash,
            "casualties": dict(self.casualties),
            "winners": list(self.winners),
            "losers": list(self.losers),
        }


def casualties(game: Game) -> dict[str, int]:
    """By side: figures that came to the table and are not standing at the end
    (out, dead, down, fled or gone); reserves that never arrived do not count."""
    out = {side: 0 for side in game.state.sides}
    for fig in game.state.figures.values():
        if fig.presence is not Presence.RESERVE and not fig.standing:
            out[fig.side] += 1
    return out


def rounds_played(events: list[Event]) -> int:
    """The last round that began."""
    return max((e.round for e in events if isinstance(e, RoundStarted)), default=0)


def run_game(
    scenario: Scenario,
    seed: int,
    *,
    knobs: Mapping[str, Any] | None = None,
    controllers: Mapping[str, Controller] | None = None,
    max_actions: int = MAX_ACTIONS,
    rules: RulesData | None = None,
    scenario_name: str = "",
    observer: Observer | None = None,
) -> GameResult:
    """Play one game to its end; `controllers` by side id (default: each side's
    `controller_for(side.controller)`). Raises GameStalled if it does not end."""
    game = Game(scenario, seed=seed, rules=rules, knobs=knobs, scenario_name=scenario_name)
    chosen = dict(controllers or {})
    for side in scenario.side:
        if side.id not in chosen:
            chosen[side.id] = controller_for(side.controller)
    events = list(game.opening_events)
    hasher = EventHasher()
    hasher.add(events)
    intents: list[tuple[int, str, str]] = []
    for _ in range(max_actions):
        pending = game.pending()
        if pending is None:
            break
        controller = chosen[pending.side]
        action = controller.choose(game)
        try:
            new = game.apply(action)
        except IllegalAction as exc:
            raise GameStalled(
                f"the controller of {pending.side} chose an illegal action '{action}': "
                f"{exc.reason} (seed {seed}, action {len(game.history)})"
            ) from None
        hasher.add(new)
        events += new
        if pending.kind == "activate":
            line = controller.intent(game)
            if line:
                intents.append((len(events), pending.side, line))
        if observer is not None:
            observer(game, action, new)
    if not game.is_over():
        raise GameStalled(f"the game did not end within {max_actions} actions (seed {seed})")
    return result_of(game, events, hasher.hexdigest(), intents)


def result_of(
    game: Game,
    events: list[Event],
    events_hash: str,
    intents: list[tuple[int, str, str]] | None = None,
) -> GameResult:
    """The result of a game played (or replayed) as far as it went."""
    decided = verdict(game)
    spoiled = spoilers(game)
    board = game.state.board
    named = replace(spoiled, modules=tuple(piece_name(board, m) for m in spoiled.modules))
    return GameResult(
        outcome=game.outcome(),
        rounds=rounds_played(events),
        seed=game.seed,
        events_hash=events_hash,
        casualties=casualties(game),
        actions=list(game.history),
        events=events,
        intents=list(intents or []),
        side_names={sid: side.name or sid for sid, side in game.state.sides.items()},
        winners=decided.winners,
        losers=decided.losers,
        spoilers=named,
    )
