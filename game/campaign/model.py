"""The campaign's state (docs/CAMPAIGN.md): the refuge (layout, level, modules, the six
resources, population, morale, militia), the roster of core figures, the campaign's
dice and the log of past cycles. Plain dataclasses with `to_dict`/`from_dict`; the
file around them (format tag, version, atomic writes) is game/campaign_play/store.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.campaign.tables import RESOURCES, Attribute, Pillar, ScarKind

Status = Literal["ready", "dead", "retired"]
ModuleStatus = Literal["standing", "destroyed", "planned"]
ATTRIBUTES: tuple[Attribute, ...] = ("kor", "ref", "ver", "wil")


@dataclass(frozen=True, slots=True)
class Note:
    """Something that happened in a cycle, as data: the catalogue's
    `campaign.note.<key>` filled with `params` words it (game/narration/campaign.py)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Note:
        return cls(str(data["key"]), dict(data["params"]))


@dataclass(slots=True)
class Scar:
    """A scar of the scar table (§11.1): lasting ones count toward retirement."""

    name: str
    kind: ScarKind
    cycle: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "cycle": self.cycle}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scar:
        return cls(data["name"], data["kind"], int(data["cycle"]))


@dataclass(slots=True)
class Member:
    """A core figure of the roster (§10.3): level, XP, talents, scars, status."""

    id: str
    name: str
    profile: str  # the rules-data profile it starts from ("Bruno")
    archetype: str
    post: str | None = None  # the layout figure whose place it takes in a raid
    level: int = 1
    xp: int = 0
    talents: list[str] = field(default_factory=list)
    scars: list[Scar] = field(default_factory=list)
    status: Status = "ready"
    bonus: dict[str, int] = field(default_factory=dict)  # attribute → + from levels
    tp_bonus: int = 0
    hungry: bool = False  # a shortage: −TP in the next battle
    pillar: Pillar | None = None  # retired (§11.2): the bonus it gives the refuge

    @property
    def ready(self) -> bool:
        return self.status == "ready"

    def lasting_scars(self) -> int:
        return sum(1 for s in self.scars if s.kind == "lasting")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "profile": self.profile,
            "archetype": self.archetype,
            "post": self.post,
            "level": self.level,
            "xp": self.xp,
            "talents": list(self.talents),
            "scars": [s.to_dict() for s in self.scars],
            "status": self.status,
            "bonus": dict(self.bonus),
            "tp_bonus": self.tp_bonus,
            "hungry": self.hungry,
            "pillar": self.pillar,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Member:
        return cls(
            id=data["id"],
            name=data["name"],
            profile=data["profile"],
            archetype=data["archetype"],
            post=data["post"],
            level=int(data["level"]),
            xp=int(data["xp"]),
            talents=[str(t) for t in data["talents"]],
            scars=[Scar.from_dict(s) for s in data["scars"]],
            status=data["status"],
            bonus={str(k): int(v) for k, v in data["bonus"].items()},
            tp_bonus=int(data["tp_bonus"]),
            hungry=bool(data["hungry"]),
            pillar=data["pillar"],
        )


@dataclass(slots=True)
class ModuleState:
    """A module of the refuge: a piece of the layout (`map`) or campaign-only.
    `planned`: drawn in the refuge editor, not built yet (like a ruin, it is missing
    from the battles and is built for its cost)."""

    id: str
    kind: str
    status: ModuleStatus = "standing"
    built: int = 0  # the cycle it was (re)built; 0: it came with the layout
    on_map: bool = True

    @property
    def standing(self) -> bool:
        return self.status == "standing"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "built": self.built,
            "on_map": self.on_map,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModuleState:
        return cls(data["id"], data["kind"], data["status"], int(data["built"]), data["on_map"])


@dataclass(slots=True)
class Campaign:
    """A whole campaign: everything `campaign next` needs to play the next cycle."""

    seed: int
    refuge_name: str
    layout_file: str  # the refuge scenario's file name (for people)
    layout: str  # the refuge scenario's TOML text (the editor opens it)
    maps: dict[str, str]  # mission map file name → its TOML text
    resources: dict[str, int]
    population: int
    morale: int
    extras: int  # militia (the refuge's Verteidigung)
    level: int = 1
    cycle: int = 0
    modules: list[ModuleState] = field(default_factory=list)
    roster: list[Member] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    dice: dict[str, Any] = field(default_factory=dict)  # the campaign Dice's state
    overrides: dict[str, Any] = field(default_factory=dict)  # --set at `campaign new`
    over: str | None = None  # why the campaign ended (None: it goes on)

    def member(self, member_id: str) -> Member:
        return next(m for m in self.roster if m.id == member_id)

    def ready(self) -> list[Member]:
        return [m for m in self.roster if m.ready]

    def standing_kinds(self) -> set[str]:
        return {m.kind for m in self.modules if m.standing}

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "refuge_name": self.refuge_name,
            "layout_file": self.layout_file,
            "layout": self.layout,
            "maps": dict(self.maps),
            "resources": {r: self.resources[r] for r in RESOURCES},
            "population": self.population,
            "morale": self.morale,
            "extras": self.extras,
            "level": self.level,
            "cycle": self.cycle,
            "modules": [m.to_dict() for m in self.modules],
            "roster": [m.to_dict() for m in self.roster],
            "log": list(self.log),
            "dice": self.dice,
            "overrides": dict(self.overrides),
            "over": self.over,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Campaign:
        return cls(
            seed=int(data["seed"]),
            refuge_name=str(data["refuge_name"]),
            layout_file=str(data["layout_file"]),
            layout=str(data["layout"]),
            maps={str(k): str(v) for k, v in data["maps"].items()},
            resources={r: int(data["resources"][r]) for r in RESOURCES},
            population=int(data["population"]),
            morale=int(data["morale"]),
            extras=int(data["extras"]),
            level=int(data["level"]),
            cycle=int(data["cycle"]),
            modules=[ModuleState.from_dict(m) for m in data["modules"]],
            roster=[Member.from_dict(m) for m in data["roster"]],
            log=list(data["log"]),
            dice=dict(data["dice"]),
            overrides=dict(data["overrides"]),
            over=data["over"],
        )
