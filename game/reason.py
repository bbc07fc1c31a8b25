"""Reasons: why something may not be done, as data.

A `Reason` is a key of the catalogue room `reason` (`game/i18n/<lang>/reason.toml`)
with its parameters. The rules and the engine give reasons, never text; whoever
shows one words it for its reader through the narrator
(`game.narration.reason_text`: weapons, profiles and figures named as the reader
knows them). `str()` of a reason is its plain English text in cm, names as given: the
words of tracebacks, of English-only diagnostics and of the one event that stores a
reason as text (`AttackWithheld`, whose text is part of the events hash).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import DEFAULT_LANGUAGE, tr
from game.i18n.lengths import units_of


@dataclass(frozen=True, slots=True)
class Reason:
    """A catalogue key under `reason.` and the values its template takes. Parameters
    named like the catalogue's name parameters (`weapon`, `who`, `target`, `patient`
    …, `game.naming.RULES_NAMES` / `FIGURE_NAMES`) carry names the narrator puts in
    the reader's language."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, /, **params: Any) -> Reason:
        """The reason `key` with its values (kept in the order of their names, so that
        two reasons with the same values are equal)."""
        return cls(key, tuple(sorted(params.items())))

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def __str__(self) -> str:
        with units_of("cm"):  # stored in events (their hash): never the reader's units
            return tr(f"reason.{self.key}", language=DEFAULT_LANGUAGE, **self.values)


class ReasonError(ValueError):
    """An error that says why by a `Reason` (its message: the reason's English)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)
