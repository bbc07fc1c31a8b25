"""The random bot: a uniformly random pick among `legal_actions()`.

Templates (continuous choices) are filled with random valid parameters: a Move or
Run destination in a random direction at a random distance up to the allowance
(the engine truncates a path at the allowance; away from the enemy when the
template says `away_from`), an Overwatch direction, angle and
radius within the limits, a Throw point within range, and one of the offered
options for every named choice. A filled template the engine rejects is tried
again a few times; then the figure ends its activation. It plays every side until
the real AI lands (ai/__init__.py) and drives the seeded playout tests.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Mapping
from typing import Any

from ai.base import decision_dice
from game import actions as act
from game.actions import Action, IllegalAction, action_types
from game.dice import Dice
from game.engine import ActionTemplate, Game, Legal
from game.play.handlers import handler_for
from game.state import Figure

FILL_ATTEMPTS = 5
"""Random fillings of one template tried before giving up on it."""
REACH_LIMITS = ("allowance", "max_distance", "range", "max_range", "reach")
"""Template limits that bound how far from the figure a point may be (cm)."""
POINT_FIELDS = ("to", "at")
AWAY_SPREAD = 60.0
"""Degrees either side of straight away for a move that must lead away (suppressed, §7)."""


class RandomBot:
    """Picks uniformly among the legal actions; `salt` varies the stream."""

    name = "random"

    def __init__(self, salt: int = 0) -> None:
        self.salt = salt

    def intent(self, game: Game) -> str | None:
        return None

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if not legal:
            raise RuntimeError("the random bot was asked to choose with nothing legal")
        dice = decision_dice(game, self.salt)
        pick = legal[dice.choice(len(legal))]
        if isinstance(pick, Action):
            return pick
        for _ in range(FILL_ATTEMPTS):
            action = fill_template(game, pick, dice)
            if action is not None and is_legal(game, action):
                return action
        return _fallback(legal, pick.figure)


def _fallback(legal: list[Legal], figure: str) -> Action:
    """EndActivation for the template's figure (or any concrete action offered)."""
    for item in legal:
        if isinstance(item, act.EndActivation) and item.figure == figure:
            return item
    concrete = [a for a in legal if isinstance(a, Action)]
    if not concrete:
        raise RuntimeError("the random bot found no action to fall back on")
    return concrete[0]


def is_legal(game: Game, action: Action) -> bool:
    """Would `game.apply(action)` accept it? (runs only the handler's check)"""
    try:
        handler_for(action).check(game, action)
    except IllegalAction:
        return False
    return True


def fill_template(game: Game, template: ActionTemplate, dice: Dice) -> Action | None:
    """The template's action with random parameters (None if a field has no choice)."""
    cls = action_types().get(template.verb)
    if cls is None:
        return None
    fig = game.state.figures[template.figure]
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = _field_value(game, fig, template, f.name, hints[f.name], dice)
        if value is not None:
            values[f.name] = value
        elif f.default is dataclasses.MISSING:
            return None
    try:
        return cls(**values)
    except TypeError:
        return None


def _field_value(
    game: Game, fig: Figure, template: ActionTemplate, name: str, hint: Any, dice: Dice
) -> Any:
    limits = template.limits
    if name == "figure":
        return template.figure
    if name in template.options:
        options = template.options[name]
        return options[dice.choice(len(options))] if options else None
    if name in POINT_FIELDS:
        reach = _reach(limits)
        away = _point(limits.get("away_from"))
        return None if reach is None else random_point(game, fig, reach, dice, away_from=away)
    if name == "direction":
        return round(dice.uniform(0.0, 360.0), 3)
    if name in ("angle", "radius"):
        high = _number(limits, f"max_{name}")
        return None if high is None else round(high * (1.0 - dice.uniform()), 3) or high
    if hint is bool:
        return dice.choice(2) == 1
    return None


def _number(limits: Mapping[str, Any], key: str) -> float | None:
    value = limits.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _reach(limits: Mapping[str, Any]) -> float | None:
    for key in REACH_LIMITS:
        value = _number(limits, key)
        if value is not None and value > 0:
            return value
    return None


def _point(value: Any) -> tuple[float, float] | None:
    if not (isinstance(value, list | tuple) and len(value) == 2):
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        return None
    return (float(value[0]), float(value[1]))


def random_point(
    game: Game,
    fig: Figure,
    reach: float,
    dice: Dice,
    *,
    away_from: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """A point in a random direction at a random distance ≤ reach, kept on the table;
    with `away_from`, the direction is within AWAY_SPREAD degrees of straight away."""
    if away_from is None:
        bearing = math.radians(dice.uniform(0.0, 360.0))
    else:
        straight = math.atan2(fig.y - away_from[1], fig.x - away_from[0])
        bearing = straight + math.radians(dice.uniform(-AWAY_SPREAD, AWAY_SPREAD))
    distance = reach * (1.0 - dice.uniform())
    board = game.state.board
    r = fig.radius
    x = min(max(fig.x + distance * math.cos(bearing), r), board.width - r)
    y = min(max(fig.y + distance * math.sin(bearing), r), board.height - r)
    return (round(x, 3), round(y, 3))
