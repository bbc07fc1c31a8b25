"""Events: what happened, with the numbers and the rule section that explain it.

Every event is a frozen dataclass with a `section` (the rulebook mark, e.g. "§3.4")
and an `explain()` that renders one line through the string catalogue. The dice
log, the UI and replays are built from events alone. Topic modules add their own
Event subclasses here or in `game/rules/`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: something that happened in the game."""

    kind: ClassVar[str] = "event"
    section: ClassVar[str] = ""

    def explain(self, language: str | None = None) -> str:
        """One line for the log, in the given (or current) language."""
        return f"{type(self).__name__} ({self.section})"

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
