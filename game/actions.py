"""Actions: the only way anything changes a game.

Humans (UI input), the AI, replays and the batch simulator all build these frozen
dataclasses and feed them to `Game.apply`. Each has a readable text form that
round-trips: `Action.parse(str(action)) == action`, e.g.

    move figure=mira to=42.5,61
    attack figure=mira target=raider-3 weapon="Hunting rifle" burst=false
    overwatch figure=bruno direction=90 angle=60 radius=100
"""

from __future__ import annotations

import dataclasses
import shlex
import types
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from game.reason import ReasonError

Point = tuple[float, float]


class IllegalAction(ReasonError):
    """An action the rules do not allow now; the game is unchanged. `reason` says why
    (a `game.reason.Reason`: `str()` is its English, `game.narration.reason_text`
    words it for a reader)."""


class ActionParseError(ValueError):
    """A text form that does not describe an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base class. `verb` is the text form's first word; `cost` what it takes of an
    activation's actions (§4) — the one table of costs (`game.play.budget` books it)."""

    verb: ClassVar[str] = ""
    cost: ClassVar[int] = 0
    quiet: ClassVar[frozenset[str]] = frozenset()
    """Fields the text form leaves out while they hold their default (options added
    later, so that older records and their text stay as they were)."""

    def __str__(self) -> str:
        parts = [self.verb]
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in self.quiet and value == f.default:
                continue
            parts.append(f"{f.name}={_format_value(value)}")
        return " ".join(parts)

    @staticmethod
    def parse(text: str) -> Action:
        """The action a text form describes (inverse of `str(action)`)."""
        try:
            words = _split(text)
        except ValueError as exc:
            raise ActionParseError(f"cannot read {text!r}: {exc}") from None
        if not words:
            raise ActionParseError("empty action")
        registry = action_types()
        cls = registry.get(words[0][0].lower())
        if cls is None:
            raise ActionParseError(
                f"unknown action {words[0][0]!r} (one of: {', '.join(sorted(registry))})"
            )
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for word, quoted in words[1:]:
            key, sep, raw = word.partition("=")
            if not sep or key not in fields:
                raise ActionParseError(
                    f"{cls.verb}: unexpected {word!r} (fields: {', '.join(fields)})"
                )
            values[key] = _parse_value(hints[key], raw, f"{cls.verb}.{key}", quoted=quoted)
        try:
            return cls(**values)
        except TypeError as exc:
            raise ActionParseError(f"{cls.verb}: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        return Action.parse(str(data["action"]))


_SPACE = " \t\r\n"


def _split(text: str) -> list[tuple[str, bool]]:
    """The words of a text form as a POSIX shell splits them (shlex), each with
    whether any of it after its first '=' was quoted or escaped: `target='none'` is
    the text "none", `target=none` is no target."""
    words: list[tuple[str, bool]] = []
    chars: list[tuple[str, bool]] = []  # the word so far: (character, quoted)
    started = False
    i, n = 0, len(text)
    while i <= n:
        c = text[i] if i < n else " "
        if c in _SPACE:
            if started:
                words.append(_word(chars))
                chars, started = [], False
            i += 1
            continue
        started = True
        if c == "'":
            end = text.find("'", i + 1)
            if end < 0:
                raise ValueError("No closing quotation")
            chars += [(q, True) for q in text[i + 1 : end]]
            i = end + 1
        elif c == '"':
            i += 1
            while True:
                if i >= n:
                    raise ValueError("No closing quotation")
                if text[i] == '"':
                    break
                if text[i] == "\\" and i + 1 < n and text[i + 1] in '"\\':
                    i += 1
                chars.append((text[i], True))
                i += 1
            i += 1
        elif c == "\\":
            if i + 1 >= n:
                raise ValueError("No escaped character")
            chars.append((text[i + 1], True))
            i += 2
        else:
            chars.append((c, False))
            i += 1
    return words


def _word(chars: list[tuple[str, bool]]) -> tuple[str, bool]:
    """A word and whether its value (after the first unquoted '=') was quoted."""
    word = "".join(c for c, _ in chars)
    at = next((k for k, (c, q) in enumerate(chars) if c == "=" and not q), len(chars))
    return word, any(q for _, q in chars[at + 1 :])


def _format_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_format_number(v) for v in value)
    if isinstance(value, float):
        return _format_number(value)
    text = str(value)
    if text.lower() == "none":
        return f"'{text}'"  # quoted: the text "none", not no value
    return shlex.quote(text)


def _format_number(value: float) -> str:
    return repr(float(value)) if not float(value).is_integer() else str(int(value))


def _parse_value(hint: Any, raw: str, where: str, *, quoted: bool = False) -> Any:
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional, hint = True, args[0]
        origin = typing.get_origin(hint)
    if optional and not quoted and raw.lower() == "none":
        return None
    try:
        if hint is bool:
            if raw.lower() not in ("true", "false"):
                raise ValueError("expected true or false")
            return raw.lower() == "true"
        if hint is float:
            return float(raw)
        if hint is int:
            return int(raw)
        if origin is tuple:
            x, y = (float(v) for v in raw.split(","))
            return (x, y)
    except ValueError as exc:
        raise ActionParseError(f"{where}: bad value {raw!r} ({exc})") from None
    return raw


# -- decisions between activations ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    """The initiative winner chooses which side activates the first figure (§3.1)."""

    verb: ClassVar[str] = "first"
    side: str
    first: str


@dataclass(frozen=True, slots=True)
class ChooseEntry(Action):
    """The attacker chooses the entry zone of an arriving wave (§12)."""

    verb: ClassVar[str] = "entry"
    side: str
    entry: str


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """A side declares the hasty retreat instead of activating a figure (§10.5): on a
    loot mission, when half or more of its figures are out (game/play/retreat.py)."""

    verb: ClassVar[str] = "retreat"
    side: str


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Start the activation of one figure (or the horde pack it belongs to)."""

    verb: ClassVar[str] = "activate"
    figure: str


@dataclass(frozen=True, slots=True)
class Intercept(Action):
    """A Hüter answers whether it takes an adjacent ally's hit (Abfangen, §13)."""

    verb: ClassVar[str] = "intercept"
    figure: str
    accept: bool


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """A 3W6 defender answers a hit with an active defence: "dodge", "parry", "block"
    or "none" (seed 003, Aktive Verteidigungen)."""

    verb: ClassVar[str] = "defend"
    figure: str
    defence: str


# -- the nine actions of an activation (§4) ------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move up to the figure's move along the shortest path to `to`."""

    verb: ClassVar[str] = "move"
    cost: ClassVar[int] = 1
    figure: str
    to: Point


@dataclass(frozen=True, slots=True)
class Run(Action):
    """Move up to move + run bonus; noisy (§4, §8). Costs both actions."""

    verb: ClassVar[str] = "run"
    cost: ClassVar[int] = 2
    figure: str
    to: Point


@dataclass(frozen=True, slots=True)
class Charge(Action):
    """Move into base contact with `target`, then a melee attack (§4). Costs both actions.
    `zone` a hit zone the blow declares under 3W6 (None: rolled on the zone table)."""

    verb: ClassVar[str] = "charge"
    cost: ClassVar[int] = 2
    quiet: ClassVar[frozenset[str]] = frozenset({"zone"})
    figure: str
    target: str
    weapon: str
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """One ranged or melee attack with `weapon`; `burst` for Automatisch weapons;
    `zone` a hit zone declared under 3W6 (None: rolled on the zone table)."""

    verb: ClassVar[str] = "attack"
    cost: ClassVar[int] = 1
    quiet: ClassVar[frozenset[str]] = frozenset({"zone"})
    figure: str
    target: str
    weapon: str
    burst: bool = False
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Throw a template weapon at a visible point (§5.5)."""

    verb: ClassVar[str] = "throw"
    cost: ClassVar[int] = 1
    figure: str
    weapon: str
    at: Point


@dataclass(frozen=True, slots=True)
class Aim(Action):
    """The next attack (this or the next activation) has advantage (§4)."""

    verb: ClassVar[str] = "aim"
    cost: ClassVar[int] = 1
    figure: str


@dataclass(frozen=True, slots=True)
class Reload(Action):
    """Refill the readied weapon's magazine from the ammo supply (§5.6)."""

    verb: ClassVar[str] = "reload"
    cost: ClassVar[int] = 1
    figure: str
    weapon: str


@dataclass(frozen=True, slots=True)
class TakeCover(Action):
    """Cover one step better until the figure's next activation (§4)."""

    verb: ClassVar[str] = "cover"
    cost: ClassVar[int] = 1
    figure: str


@dataclass(frozen=True, slots=True)
class Overwatch(Action):
    """Declare a fire zone: a sector at the figure (§6)."""

    verb: ClassVar[str] = "overwatch"
    cost: ClassVar[int] = 1
    figure: str
    direction: float
    angle: float
    radius: float


@dataclass(frozen=True, slots=True)
class FirstAid(Action):
    """Tend an adjacent wounded or incapacitated figure (§4; 2 actions, 1 with the
    talent Feldarzt — `game.play.budget.action_cost`)."""

    verb: ClassVar[str] = "aid"
    cost: ClassVar[int] = 2
    figure: str
    target: str


@dataclass(frozen=True, slots=True)
class FinishOff(Action):
    """Coup-de-grâce [Gnadenstoß]: kill an adjacent incapacitated enemy with a melee
    weapon (§9, P)."""

    verb: ClassVar[str] = "finish"
    cost: ClassVar[int] = 1
    figure: str
    target: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Interact(Action):
    """Open/close a gate, loot a storage, repair/arm a module, pick up an objective."""

    verb: ClassVar[str] = "interact"
    cost: ClassVar[int] = 1
    figure: str
    target: str


@dataclass(frozen=True, slots=True)
class Drink(Action):
    """Drink the figure's Schnaps (seed 002): worse fighting, better resistance to the
    battle's end (docs/RULES.md §18; 1 action, P: the seed's 1 AP)."""

    verb: ClassVar[str] = "drink"
    cost: ClassVar[int] = 1
    figure: str


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Fly with the figure's jetpack (seed 002): straight to `to`, up to 15 cm, over
    difficult ground and obstacles (docs/RULES.md §18; 2 actions, P: the Move's
    action + 1 for the seed's "2 AP more")."""

    verb: ClassVar[str] = "fly"
    cost: ClassVar[int] = 2
    figure: str
    to: Point


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use a signature or a gift (§13); target is a figure id, a point or nothing."""

    verb: ClassVar[str] = "ability"
    cost: ClassVar[int] = 1
    figure: str
    ability: str
    target: str | None = None
    at: Point | None = None


@dataclass(frozen=True, slots=True)
class ShieldBash(Action):
    """Schildschlag: as part of its move, a Hüter stuns an enemy in base contact — it
    loses an action (§13.1). No action of its own (P)."""

    verb: ClassVar[str] = "shield_bash"
    cost: ClassVar[int] = 0
    figure: str
    target: str


@dataclass(frozen=True, slots=True)
class EndActivation(Action):
    """End the current activation, forfeiting any actions left."""

    verb: ClassVar[str] = "end"
    figure: str


def action_types() -> dict[str, type[Action]]:
    """Every concrete action class, by its verb."""
    return dict(_ACTION_TYPES)


_ACTION_TYPES: dict[str, type[Action]] = {
    cls.verb: cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Action) and cls.verb
}
