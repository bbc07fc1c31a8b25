"""The game: `Game.apply(action) -> events` over a `GameState`.

A game is fully described by (scenario, knob overrides, seed, actions): every
random number comes from the one `Dice` the game owns. `pending()` says whose
decision it is and of what kind, `legal_actions()` lists what may be done (with
templates for continuous choices such as a Move's destination), and `apply()`
either changes the state and returns the events, or raises `IllegalAction` and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game import actions as act
from game.dice import Dice
from game.events import Event
from game.play import flow, setup
from game.play.cache import GameCache
from game.play.contract import ActionTemplate, GameView, Handler, Legal
from game.play.handlers import handler_for
from game.play.legal import legal_actions
from game.play.systems import RuleSystem, system_for
from game.reason import Reason
from game.rules.loader import RulesData, load_rules
from game.rules.profile import Profile
from game.scenario import Scenario
from game.state import Figure, GameState, Pending

__all__ = ["ActionTemplate", "Game", "GameView", "Handler", "Legal"]


class Game:
    """One battle. Build it from a validated scenario; drive it with `apply`."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int | None = None,
        rules: RulesData | None = None,
        knobs: Mapping[str, Any] | None = None,
        dice: Dice | None = None,
        scenario_name: str = "",
    ) -> None:
        base = rules if rules is not None else load_rules()
        overrides = {**scenario.knobs, **dict(knobs or {})}
        self.rules: RulesData = base.with_overrides(overrides) if overrides else base
        self.system: RuleSystem = system_for(scenario.scenario.rules)
        self.knob_overrides: dict[str, Any] = dict(knobs or {})
        self.scenario = scenario
        self.scenario_name = scenario_name or scenario.scenario.name
        self.seed: int = int(seed if seed is not None else (scenario.scenario.seed or 0))
        self.dice: Dice = dice if dice is not None else Dice.seeded(self.seed)
        self.profiles: dict[str, Profile] = {}
        self.history: list[act.Action] = []
        self.cache = GameCache()
        self.state: GameState = setup.build_state(self)
        self.opening_events: list[Event] = flow.start(self)

    # -- the contract ---------------------------------------------------------------
    def pending(self) -> Pending | None:
        """The decision the game waits for (None once the game is over)."""
        return None if self.is_over() else self.state.pending

    def legal_actions(self) -> list[Legal]:
        """Everything that may be done now: concrete actions and templates."""
        return legal_actions(self)

    def apply(self, action: act.Action) -> list[Event]:
        """Carry out one action; raise IllegalAction (and change nothing) if not allowed."""
        handler = handler_for(action)
        handler.check(self, action)
        events = handler.execute(self, action)
        events = flow.named(self, events + flow.advance(self))
        self.history.append(action)
        self.state.event_count += len(events)
        self.state.action_count += 1
        self.cache.moved()
        return events

    def is_over(self) -> bool:
        return self.state.outcome is not None

    def outcome(self) -> str | None:
        """'repelled' | 'partial' | 'defeat' (raids) or 'victory' / 'defeat' / 'draw'."""
        return self.state.outcome

    # -- helpers for the rooms --------------------------------------------------------
    def figure(self, figure_id: str) -> Figure:
        try:
            return self.state.figures[figure_id]
        except KeyError:
            raise act.IllegalAction(Reason.of("flow.no_figure", figure=figure_id)) from None

    def profile(self, figure: Figure | str) -> Profile:
        fid = figure if isinstance(figure, str) else figure.id
        return self.profiles[fid]

    def clone(self) -> Game:
        """An independent copy (state, dice and history); cheap enough for AI look-ahead.
        It starts with copies of the cache entries a clone may share (`GameCache`)."""
        copy = object.__new__(Game)
        copy.rules = self.rules
        copy.system = self.system
        copy.knob_overrides = dict(self.knob_overrides)
        copy.scenario = self.scenario
        copy.scenario_name = self.scenario_name
        copy.seed = self.seed
        copy.dice = self.dice.copy()
        copy.profiles = dict(self.profiles)  # a wave in the copy adds profiles only there
        copy.history = list(self.history)
        copy.state = self.state.clone()
        copy.opening_events = list(self.opening_events)
        copy.cache = self.cache.for_clone()
        return copy

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-able data, with the dice generator's state."""
        self.state.rng_state = self.dice.state
        return self.state.to_dict()

    def load_state(self, data: dict[str, Any]) -> None:
        """Continue from a state saved by `to_dict` (same scenario and rules).

        The profiles are rebuilt from the state: the scenario's figures from their
        specs, figures that arrived during the battle from the rules-data profile
        their `profile` names (`setup.profiles_of`)."""
        state = GameState.from_dict(data)
        profiles = setup.profiles_of(self, state)
        self.dice.state = state.rng_state
        self.state, self.profiles = state, profiles
        self.cache.moved()
