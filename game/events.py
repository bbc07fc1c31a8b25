"""Events: what happened, with the numbers and the rule section that explain it.

Every event is a frozen dataclass with a `section` (the rulebook mark, e.g. "§3.4")
and an `explain()` that renders one line through the string catalogue. The dice
log, the UI and replays are built from events alone. Topic modules add their own
Event subclasses here or in `game/rules/`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.i18n import current_language, tr


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


@dataclass(frozen=True, slots=True)
class CatalogueEvent(Event):
    """An event explained by the catalogue string `<room>.<kind>` (e.g. `rules.to_hit`).

    The template receives every field of the event, `section`, and whatever
    `values()` adds (pre-formatted dice, modifiers, words in the right language).
    """

    room: ClassVar[str] = "rules"
    refs: ClassVar[tuple[str, ...]] = ()
    """Fields holding ids of figures, sides, board pieces or entry zones (or tuples of
    them): the engine fills `names` for them, and a single id in one of them is shown
    by its name."""
    names: tuple[tuple[str, ...], ...] = field(default=(), kw_only=True, compare=False, repr=False)
    """(id, display name) for figures, sides and entry zones; (id, "piece", kind,
    where) for board pieces, named in the reader's language (`game.naming`)."""

    def name(self, *ids: str, language: str | None = None) -> str:
        """Ids shown by their names in a language ('Bruno, Runner 3', 'north barricade
        [Barrikade]'); unknown ids as they are."""
        from game.naming import PIECE, local_figure_name, piece_phrase

        lang = language or current_language()
        lookup = {entry[0]: entry for entry in self.names}
        out = []
        for i in ids:
            entry = lookup.get(i)
            if entry is None:
                out.append(i)
            elif len(entry) == 4 and entry[1] == PIECE:
                out.append(piece_phrase(entry[2], entry[3], lang))
            else:
                out.append(local_figure_name(entry[1], lang))
        return ", ".join(out)

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

    def values(self, language: str) -> dict[str, Any]:
        """Extra template values; subclasses add formatted text."""
        return {}

    def explain(self, language: str | None = None) -> str:
        lang = language or current_language()
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for ref in self.refs:
            if isinstance(fields[ref], str):
                fields[ref] = self.name(fields[ref], language=lang)
        return tr(
            f"{self.room}.{self.kind}",
            language=lang,
            section=self.section,
            **{**fields, **self.values(lang)},
        )


def signed(value: int | float, zero: bool = False) -> str:
    """' + 3' / ' − 1' for a modifier after a roll ('' for 0 unless `zero`)."""
    if value == 0 and not zero:
        return ""
    return f" + {value}" if value >= 0 else f" − {-value}"


def plus(value: int | float) -> str:
    """'+2' / '−1' for a modifier in a list."""
    return f"+{value}" if value >= 0 else f"−{-value}"


def faces_text(faces: tuple[int, ...]) -> str:
    """Dice faces as '[6, 3, 4]'."""
    return "[" + ", ".join(str(f) for f in faces) + "]"


def d20_text(faces: tuple[int, ...], kept: int, edge: int, language: str) -> str:
    """'W20 14' or 'W20 14 (adv [3, 14])' in the given language."""
    if len(faces) <= 1:
        return f"W20 {kept}"
    word = tr("rules.word.adv" if edge > 0 else "rules.word.dis", language=language)
    return f"W20 {kept} ({word} {faces_text(faces)})"
