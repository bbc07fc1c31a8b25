"""Events: what happened, as plain data with the rule section that explains it.

Every event is a frozen dataclass of plain values with a `kind` (what happened), a
`section` (the rulebook mark, e.g. "§3.4") and a `family` (the sort of happening the
log groups and colours it by). An event says nothing in words: the narrator
(`game.narration`) tells it in the reader's language from the catalogue string
`<room>.<kind>`. The dice log, the UI and replays are built from events alone. Topic
modules add their own Event subclasses here, in `game/rules/` and in `game/play/`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, get_args

Family = Literal["flow", "move", "attack", "harm", "morale", "noise", "ability", "support", "end"]
"""The sorts of happening: the round's flow, movement, attacks, harm done, morale,
noise, abilities, support actions, and the end of the battle."""
FAMILIES: tuple[Family, ...] = get_args(Family)


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: something that happened in the game. Every concrete event sets
    its `kind`, `section` and `family`."""

    kind: ClassVar[str] = "event"
    section: ClassVar[str] = ""
    family: ClassVar[Family]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (used for hashing the event stream and replays)."""
        data = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"kind": self.kind, "section": self.section, **data}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, float):
        return round(value, 9)
    return value


@dataclass(frozen=True, slots=True)
class CatalogueEvent(Event):
    """An event told by the catalogue string `<room>.<kind>` (e.g. `rules.to_hit`),
    which receives every field of the event and `section` (and whatever words the
    narrator adds for its kind)."""

    room: ClassVar[str] = "rules"
    refs: ClassVar[tuple[str, ...]] = ()
    """Fields holding ids of figures, sides, board pieces or entry zones (or tuples of
    them): the engine fills `names` for them, and a single id in one of them is shown
    by its name."""
    names: tuple[tuple[str, ...], ...] = field(default=(), kw_only=True, compare=False, repr=False)
    """(id, display name) for figures, sides and entry zones; (id, "piece", kind,
    where) for board pieces, named in the reader's language (`game.naming`)."""

    def ref_ids(self) -> list[str]:
        """Every id in the `refs` fields."""
        out: list[str] = []
        for ref in self.refs:
            value = getattr(self, ref)
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, tuple):
                out += [v for v in value if isinstance(v, str)]
        return out
