"""What every rule system shares: the measured situation of an attack beyond
DEAD.EARTH's `AttackContext`, exact odds in one shape, and reading a system's data."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from game.rules.loader import RulesDataError

M = TypeVar("M", bound=BaseModel)
K = TypeVar("K", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)
W = TypeVar("W", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Situation:
    """What the table measured of an attack, as plain facts a system may use.

    distance        between the bases' edges, cm (None: not measured; a system
                    assumes its middle range band)
    visible         the share of the target's base the attacker sees, 0–1 (None:
                    read the cover level of the context instead)
    shooter_moved   the attacker moved in this activation before the attack
    shooter_ran     … and it Ran
    target_ran      the target Ran this round (a fast-moving target)
    target_crossing how far the target moved this round across the line of sight, cm
                    (its last move's component square to the line attacker → target)
    difficult       the attacker stands on difficult ground
    target_difficult  the target stands on difficult ground (a dodge is harder)
    friend_in_line  a figure of the attacker's side stands partly in the line of fire
    opponents       standing enemies in base contact with the target (melee)
    attacker_opponents  standing enemies in base contact with the attacker (melee)
    can_react       the target may still react (stands, sees the attacker, has not
                    yet activated this round)
    shooter_visible the share of the attacker's base the target sees, 0–1 (None: read
                    the context's attacker cover instead)
    scope           a scope is fitted to the weapon and the attack is a single shot
    bystanders      ids of standing figures in base contact with the target that the
                    attacker may hit (of neither its side nor the target's), nearest first
    zone            the hit zone the attacker declared (3W6; None: rolled on the table)
    """

    distance: float | None = None
    visible: float | None = None
    shooter_moved: bool = False
    shooter_ran: bool = False
    target_ran: bool = False
    target_crossing: float = 0.0
    difficult: bool = False
    target_difficult: bool = False
    friend_in_line: bool = False
    opponents: int = 1
    attacker_opponents: int = 1
    can_react: bool = False
    shooter_visible: float | None = None
    scope: bool = False
    bystanders: tuple[str, ...] = ()
    zone: str | None = None


class Stats(Protocol):
    """What a system reads of a DEAD.EARTH profile to derive its own values for a
    figure its data does not list (a `Profile`; a `Combatant` with its TP)."""

    @property
    def name(self) -> str: ...
    @property
    def kor(self) -> int: ...
    @property
    def ref(self) -> int: ...
    @property
    def ver(self) -> int: ...
    @property
    def tp(self) -> int: ...
    @property
    def kampfstufe(self) -> int: ...
    @property
    def attack_bonus(self) -> int: ...
    @property
    def armour(self) -> str | None: ...


class OddsView(Protocol):
    """What the odds panel, the AI and the planner read of an attack's exact odds
    under any system (`Odds` here; DEAD.EARTH's `game.odds.AttackOdds`). `unit` says
    what `wounds` counts: "wounds" (DEAD.EARTH) or "damage" (TP/HP lost)."""

    @property
    def system(self) -> str: ...
    @property
    def unit(self) -> str: ...
    @property
    def p_hit(self) -> float: ...
    @property
    def p_crit(self) -> float: ...
    @property
    def p_fumble(self) -> float: ...
    @property
    def needed(self) -> int: ...
    @property
    def p_wound_die(self) -> float: ...
    @property
    def wounds(self) -> tuple[float, ...]: ...
    @property
    def p_takedown(self) -> float | None: ...
    @property
    def expected_wounds(self) -> float: ...

    def at_least(self, k: int) -> float: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds of one attack under a system, in the shape the odds panel, the AI
    and the `odds` command read (DEAD.EARTH's `game.odds.AttackOdds` has the same).

    `wounds[k]` is P(the target loses exactly k of its hit points: TP or HP; for
    DEAD.EARTH wounds); `needed` the number the attack roll must reach (EWS: the
    Mindestwurf; 3W6: the effective skill, roll under); `p_takedown` P(the target is
    out or dead after it).
    """

    system: str
    p_hit: float
    p_crit: float
    p_fumble: float
    needed: int
    p_wound_die: float
    wounds: tuple[float, ...]
    p_takedown: float | None
    unit: str = "damage"

    @property
    def expected_wounds(self) -> float:
        return sum(k * p for k, p in enumerate(self.wounds))

    def at_least(self, k: int) -> float:
        """P(harm ≥ k)."""
        return sum(self.wounds[k:]) if k > 0 else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "p_hit": self.p_hit,
            "p_crit": self.p_crit,
            "needed": self.needed,
            "damage": list(self.wounds),
            "expected_damage": self.expected_wounds,
            "p_takedown": self.p_takedown,
        }


def harm_tuple(dist: Mapping[int, float]) -> tuple[float, ...]:
    """A {harm: p} mapping as a tuple indexed by harm 0 … max (harm < 0 counts as 0)."""
    top = max((k for k in dist if k > 0), default=0)
    out = [0.0] * (top + 1)
    for k, p in dist.items():
        out[max(0, k)] += p
    return tuple(out)


def read_table(folder: Path, file: str) -> dict[str, Any]:
    """One TOML file of a system's data folder (RulesDataError when unreadable)."""
    path = folder / f"{file}.toml"
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesDataError(str(path), "", "", str(exc)) from None


def validate(model: type[M], raw: Any, file: str, entry: str = "") -> M:
    """A validated model of one entry; the first problem names file, entry and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise RulesDataError(file, entry, field, err["msg"]) from None


def read_folder(
    folder: Path, room: str, knobs: type[K], profile: type[P], weapon: type[W]
) -> tuple[K, dict[str, P], dict[str, int], dict[str, W]]:
    """A system's data folder, validated: its knobs, profiles by name, armour values by
    armour name and weapons by name (`room` names the files in errors: "ews/…")."""
    knob_values = validate(knobs, read_table(folder, "knobs"), f"{room}/knobs.toml")
    raw = read_table(folder, "profiles")
    profiles = {
        name: validate(profile, entry, f"{room}/profiles.toml", name)
        for name, entry in raw.get("profile", {}).items()
    }
    armour = {str(k): int(v) for k, v in raw.get("armour", {}).items()}
    weapons = {
        name: validate(weapon, entry, f"{room}/weapons.toml", name)
        for name, entry in read_table(folder, "weapons").items()
    }
    return knob_values, profiles, armour, weapons
