"""The game state: figures, squads, sides, the board and everything the round tracks.

Plain mutable dataclasses, changed only by the engine (`game.engine.Game.apply`).
`GameState.clone()` is cheap and independent; `to_dict()`/`from_dict()` are
JSON-able (the dice generator's state included, so a saved game continues exactly).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, TypeVar, get_args

from game.board.terrain import Board
from game.rules.combatant import Condition
from game.scenario import ThreatKind

Point = tuple[float, float]


class Presence(StrEnum):
    """Whether a figure is on the table (its condition says how it is, §9)."""

    RESERVE = "reserve"  # not yet arrived (raid waves)
    TABLE = "table"
    GONE = "gone"  # left the board (fled, carried loot off) or removed (dead / out)


@dataclass(slots=True)
class WeaponState:
    """A carried weapon: its rules name, magazine, jam and one-use count."""

    name: str
    loaded: int | None = None  # shots in the magazine (None: no magazine)
    jammed: bool = False
    uses: int | None = None  # one-use items left (None: not one-use)


@dataclass(slots=True)
class OverwatchZone:
    """A declared fire zone (§6): a sector at the watcher's position."""

    x: float
    y: float
    direction: float  # degrees, counter-clockwise from +x
    angle: float  # full opening angle, degrees
    radius: float
    weapon: str
    declared_round: int

    def contains(self, x: float, y: float) -> bool:
        dx, dy = x - self.x, y - self.y
        dist = math.hypot(dx, dy)
        if dist > self.radius:
            return False
        if dist < 1e-9:
            return True
        bearing = math.degrees(math.atan2(dy, dx))
        off = (bearing - self.direction + 180.0) % 360.0 - 180.0
        return abs(off) <= self.angle / 2.0 + 1e-9


@dataclass(slots=True)
class Figure:
    """One miniature on the table, with its profile values and battle state."""

    id: str
    name: str
    side: str
    squad: str
    profile: str  # the profile's name; a figure made during the battle: a rules-data name
    x: float
    y: float
    radius: float
    facing: float
    max_tp: int
    tp: int
    weapons: list[WeaponState]
    ammo: int
    presence: Presence = Presence.TABLE
    condition: Condition = Condition.STANDING
    fled: bool = False
    pack: str | None = None  # horde pack id (activates as one, §3)
    entry: str | None = None  # entry zone it arrived by (raiders leave by it)
    injury: str | None = None  # injury table result at 0 TP (§9)
    suppressed: bool = False
    aimed: int = 0  # activation starts the Aim still lasts (2 when taken, §4)
    took_cover: bool = False
    overwatch: OverwatchZone | None = None
    overwatch_fired_round: int = 0
    attention: int | None = None  # infected: index in state.noise of the marker it turned to
    infected: bool = False
    strain: int = 0
    loot: int = 0
    activated: bool = False  # this round
    start_x: float | None = None  # where its current/last activation began (§5.1 behind)
    start_y: float | None = None
    ran_round: int = 0  # last round it Ran (Schildwall)
    lose_actions: int = 0  # backlash: actions lost at its next activation
    uses: dict[str, int] = field(default_factory=dict)  # once-per-battle/round bookkeeping
    effects: dict[str, int] = field(default_factory=dict)  # name -> round it lasts until

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def standing(self) -> bool:
        return self.presence is Presence.TABLE and self.condition is Condition.STANDING

    @property
    def on_table(self) -> bool:
        return self.presence is Presence.TABLE

    def weapon(self, name: str) -> WeaponState:
        key = name.casefold()
        for w in self.weapons:
            if w.name.casefold() == key:
                return w
        raise KeyError(name)

    def copy(self) -> Figure:
        return dataclasses.replace(
            self,
            weapons=[dataclasses.replace(w) for w in self.weapons],
            overwatch=dataclasses.replace(self.overwatch) if self.overwatch else None,
            uses=dict(self.uses),
            effects=dict(self.effects),
        )


@dataclass(slots=True)
class Squad:
    """Figures a scenario groups: morale is tested per squad (§7)."""

    id: str
    side: str
    leader: str | None
    members: list[str]
    start_size: int
    half_tested: bool = False


@dataclass(slots=True)
class WaveState:
    """A raid's waves (§12): the roster still to come and when."""

    total: int
    entries: list[str] = field(default_factory=list)
    arrived: int = 0
    next_round: int = 1
    every: int = 2
    budget_per_wave: float = 0.0
    carry: float = 0.0  # budget a wave could not spend, passed on


@dataclass(slots=True)
class Side:
    """One side of the battle and who controls it."""

    id: str
    name: str
    controller: str
    ai: dict[str, Any] = field(default_factory=dict)
    threat: ThreatKind | None = None  # a raiding side
    waves: WaveState | None = None


@dataclass(slots=True)
class NoiseMarker:
    """A noise event's marker for the rest of the round (§8)."""

    x: float
    y: float
    radius: float
    source: str  # firearm | explosion | breaking | run
    round: int
    figure: str | None = None


@dataclass(slots=True)
class LootMarker:
    """A find on the map (a loot objective, docs/SCENARIO.md `[[loot]]`): lying at
    (x, y), in a figure's hands (`carrier`), or carried off the table by a side
    (`off_by`)."""

    id: str
    name: str
    resource: str
    value: int
    slots: int
    x: float
    y: float
    carrier: str | None = None
    off_by: str | None = None

    @property
    def lying(self) -> bool:
        return self.carrier is None and self.off_by is None


PendingKind = Literal["choose_first", "choose_entry", "activate", "act", "intercept", "defence"]
"""What a pending decision is about (the phases of §3.1 that wait for a player)."""

Phase = Literal[
    "round_start",
    "arrivals",
    "initiative",
    "choose_first",
    "activations",
    "intercept",
    "defence",
    "round_end",
]
"""Where the round stands (§3.1); `flow.advance` moves it on."""

PENDING_KINDS: tuple[PendingKind, ...] = get_args(PendingKind)
PHASES: tuple[Phase, ...] = get_args(Phase)


@dataclass(slots=True)
class Pending:
    """A decision the rules are waiting for: who decides and what kind."""

    side: str
    kind: PendingKind
    figures: tuple[str, ...] = ()  # who may act / be chosen
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GameState:
    """Everything that changes during a battle."""

    board: Board
    figures: dict[str, Figure]
    squads: dict[str, Squad]
    sides: dict[str, Side]
    rng_state: dict[str, Any]
    round: int = 1
    phase: Phase = "round_start"
    pending: Pending | None = None
    initiative: str | None = None  # side that won this round's initiative
    turn_side: str | None = None  # side whose turn it is to activate
    last_side: str | None = None  # side of the round's last finished activation
    active: tuple[str, ...] = ()  # figures of the current activation
    spent: dict[str, list[str]] = field(default_factory=dict)  # figure -> actions taken
    noise: list[NoiseMarker] = field(default_factory=list)
    loud_fired: bool = False  # a Laut weapon fired this round (§8)
    minefield_spent: list[str] = field(default_factory=list)
    loot_taken: int = 0
    breaches: int = 0
    destroyed_modules: list[str] = field(default_factory=list)
    markers: dict[str, LootMarker] = field(default_factory=dict)  # loot objective
    interrupted: dict[str, Any] = field(default_factory=dict)  # a paused attack (reaction)
    outcome: str | None = None
    spawned: int = 0  # counter for spawned figure and pack ids
    event_count: int = 0
    action_count: int = 0  # actions applied so far (the AI's decision dice key on it)

    def clone(self) -> GameState:
        """A cheap, independent copy."""
        return dataclasses.replace(
            self,
            board=self.board.clone(),
            figures={k: f.copy() for k, f in self.figures.items()},
            squads={
                k: dataclasses.replace(s, members=list(s.members)) for k, s in self.squads.items()
            },
            sides={
                k: dataclasses.replace(
                    s,
                    ai=dict(s.ai),
                    waves=dataclasses.replace(s.waves, entries=list(s.waves.entries))
                    if s.waves
                    else None,
                )
                for k, s in self.sides.items()
            },
            rng_state=_deep_copy_plain(self.rng_state),
            pending=_copy_pending(self.pending),
            spent={k: list(v) for k, v in self.spent.items()},
            noise=[dataclasses.replace(n) for n in self.noise],
            minefield_spent=list(self.minefield_spent),
            destroyed_modules=list(self.destroyed_modules),
            markers={k: dataclasses.replace(m) for k, m in self.markers.items()},
            interrupted=_deep_copy_plain(self.interrupted),
        )

    # -- queries --------------------------------------------------------------
    def carried(self, figure: str) -> list[LootMarker]:
        """The loot markers a figure carries."""
        return [m for m in self.markers.values() if m.carrier == figure]

    def side_figures(self, side: str, *, standing: bool = True) -> list[Figure]:
        return [
            f
            for f in self.figures.values()
            if f.side == side and (f.standing if standing else f.presence is not Presence.RESERVE)
        ]

    def enemies_of(self, figure: Figure) -> list[Figure]:
        return [f for f in self.figures.values() if f.side != figure.side and f.standing]

    def standing(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.standing]

    # -- (de)serialisation ------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(self)
        if not self.markers:  # games without a loot objective keep their old shape
            del data["markers"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        figures = {}
        for k, f in data["figures"].items():
            f = dict(f)
            f["weapons"] = [WeaponState(**w) for w in f["weapons"]]
            f["overwatch"] = OverwatchZone(**f["overwatch"]) if f["overwatch"] else None
            f["presence"] = Presence(f["presence"])
            f["condition"] = Condition(f["condition"])
            figures[k] = Figure(**f)
        sides = {}
        for k, s in data["sides"].items():
            s = dict(s)
            s["waves"] = WaveState(**s["waves"]) if s["waves"] else None
            sides[k] = Side(**s)
        pending = data["pending"]
        return cls(
            board=Board.from_dict(data["board"]),
            figures=figures,
            squads={k: Squad(**s) for k, s in data["squads"].items()},
            sides=sides,
            rng_state=data["rng_state"],
            round=data["round"],
            phase=_one_of(data["phase"], PHASES, "phase"),
            pending=Pending(
                **{
                    **pending,
                    "kind": _one_of(pending["kind"], PENDING_KINDS, "pending kind"),
                    "figures": tuple(pending["figures"]),
                }
            )
            if pending
            else None,
            initiative=data["initiative"],
            turn_side=data["turn_side"],
            last_side=data["last_side"],
            active=tuple(data["active"]),
            spent={k: list(v) for k, v in data["spent"].items()},
            noise=[NoiseMarker(**n) for n in data["noise"]],
            loud_fired=data["loud_fired"],
            minefield_spent=list(data["minefield_spent"]),
            loot_taken=data["loot_taken"],
            breaches=data["breaches"],
            destroyed_modules=list(data["destroyed_modules"]),
            markers={k: LootMarker(**m) for k, m in data.get("markers", {}).items()},
            interrupted=data["interrupted"],
            outcome=data["outcome"],
            spawned=data["spawned"],
            event_count=data["event_count"],
            action_count=data.get("action_count", 0),  # saves before it: 0
        )


def _copy_pending(p: Pending | None) -> Pending | None:
    return dataclasses.replace(p, data=_deep_copy_plain(p.data)) if p else None


def _deep_copy_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy_plain(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Board):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


_Word = TypeVar("_Word", bound=str)


def _one_of(value: object, allowed: tuple[_Word, ...], what: str) -> _Word:
    """`value` as one of the `allowed` words (ValueError naming them otherwise)."""
    for word in allowed:
        if value == word:
            return word
    raise ValueError(f"unknown {what} {value!r} (one of: {', '.join(allowed)})")
