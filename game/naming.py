"""What the player reads for the things of a battle: board pieces, entry zones,
figures and the rules data's names, by name and never by id.

Pure and deterministic: a piece is named by its kind ("the minefield"), with a
compass label when the board holds several of that kind ("the north barricade");
an entry zone by its scenario `name` or a readable form of its id; a figure whose
name comes from its profile ("Shambler 3") by the profile's name in the reader's
language ("Schlurfer 3"), decided when the text is shown, never stored; a weapon,
profile, archetype, gift or injury by the name players of the language know it by
(`local_name`). `say` is the catalogue (`game.i18n.tr`) with these names put in the
reader's language, found by the template parameter that carries them (`RULES_NAMES`,
`FIGURE_NAMES`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import Any

from shapely.geometry import Polygon

from game.board.terrain import Board, TerrainKind, TerrainPiece
from game.i18n import DEFAULT_LANGUAGE, current_language, tr
from game.rules.area import minefield_weapon
from game.rules.loader import fold, load_rules
from game.rules.models import Weapon
from game.scenario import Scenario

COMPASS = (
    "east",
    "north_east",
    "north",
    "north_west",
    "west",
    "south_west",
    "south",
    "south_east",
)
"""The eight compass labels, counter-clockwise from +x (catalogue `names.where.*`)."""
MIDDLE = "middle"
MIDDLE_SHARE = 0.1
"""A piece whose centre lies within this share of the board's size from its centre
is "in the middle"."""
PIECE = "piece"
"""The marker of a piece's entry in an event's `names` (id, PIECE, kind, where)."""
_NUMBERED = re.compile(r"^(?P<base>.*?)(?: (?P<number>\d+))?$")
RULES_NAMES = {
    "weapon": "weapon",
    "archetype": "archetype",
    "profile": "profile",
    "injury": "injury_result",
    "gift": "gift",
}
"""Template parameters that carry a rules-data name (parameter -> kind of entry),
shown as players of the language know it (`local_name`: the German name for "de";
for "en" the English name, with the German rulebook term in brackets for entries
keyed by it)."""
FIGURE_NAMES = ("who", "target", "attacker", "patient", "ally", "caster", "name")
"""Template parameters that carry a figure's display name: one made from its profile
is shown with the profile's name in the language (`local_figure_name`)."""


def piece_kind(piece: TerrainPiece) -> TerrainKind:
    """The kind a piece is named by (a smashed barricade is still a barricade)."""
    return piece.destroyed_from or piece.kind


def compass(board: Board, polygon: Polygon) -> str:
    """Where on the table a shape lies, seen from the centre (a `COMPASS` label or
    `MIDDLE`)."""
    return compass_at(board.width, board.height, polygon)


def compass_at(width: float, height: float, polygon: Polygon) -> str:
    """Where on a `width` × `height` table a shape lies, seen from the centre."""
    centre = polygon.centroid
    dx, dy = centre.x - width / 2.0, centre.y - height / 2.0
    if math.hypot(dx, dy) <= MIDDLE_SHARE * max(width, height):
        return MIDDLE
    sector = round(math.degrees(math.atan2(dy, dx)) / 45.0) % len(COMPASS)
    return COMPASS[sector]


def piece_where(board: Board, piece: TerrainPiece) -> str:
    """The compass label that tells a piece from the others of its kind ('' when it
    is the only one)."""
    kind = piece_kind(piece)
    alike = sum(1 for p in board.pieces.values() if piece_kind(p) is kind)
    return compass(board, piece.polygon) if alike > 1 else ""


def piece_entry(board: Board, piece_id: str) -> tuple[str, ...] | None:
    """An event's `names` entry for a board piece: (id, PIECE, kind, where)."""
    piece = board.pieces.get(piece_id)
    if piece is None:
        return None
    return (piece_id, PIECE, piece_kind(piece).value, piece_where(board, piece))


def piece_phrase(kind: str, where: str, language: str | None = None) -> str:
    """A piece as the log names it, without article: 'minefield [Minenfeld]',
    'north barricade [Barrikade]' (German: 'Minenfeld', 'Barrikade Nord')."""
    word = tr(f"names.kind.{kind}", language=language)
    if not where:
        return word
    return tr("names.at", language=language, kind=word, where=tr(f"names.where.{where}", language))


def piece_name(board: Board, piece_id: str, language: str | None = None) -> str:
    """A board piece by kind (and place, when there are several): 'gate [Tor]',
    'north barricade [Barrikade]'; an unknown id as it is."""
    entry = piece_entry(board, piece_id)
    return piece_id if entry is None else piece_phrase(entry[2], entry[3], language)


def board_kinds(board: Board, piece_ids: Iterable[str], language: str | None = None) -> str:
    """Board pieces by kind, counted: 'Building' or '2 buildings, Crates'."""
    pieces = [board.pieces[i] for i in piece_ids if i in board.pieces]
    return counted_kinds((piece_kind(p).value for p in pieces), language)


def readable_id(ident: str) -> str:
    """'guertel-east' -> 'Guertel east': an id made readable for a label."""
    text = ident.replace("-", " ").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def entry_label(ident: str, name: str | None) -> str:
    """An entry zone as the player reads it: its scenario name, else its id made
    readable."""
    return name or readable_id(ident)


def scenario_entry_label(scenario: Scenario, ident: str) -> str | None:
    """The label of the scenario's entry zone `ident` (None: there is none)."""
    for side in scenario.side:
        for entry in side.raid.entry if side.raid is not None else ():
            if entry.id == ident:
                return entry_label(entry.id, entry.name)
    return None


def counted_kinds(kinds: Iterable[str], language: str | None = None) -> str:
    """Piece kinds in a list: 'Building', or '2 buildings, Crates' for several."""
    counts = Counter(kinds)
    parts = []
    for kind, n in counts.items():
        if n == 1:
            parts.append(tr(f"ui.table.kind.{kind}", language=language))
        else:
            parts.append(
                tr("names.count", language, n=n, kinds=tr(f"names.plural.{kind}", language))
            )
    return ", ".join(parts)


# -- figures -------------------------------------------------------------------------


@cache
def _profile_names(language: str) -> dict[str, str]:
    """Folded English profile names (and their last words, when that word is a
    profile's alone: 'marksman') -> the profile's name in `language`."""
    out: dict[str, str] = {}
    tails: Counter[str] = Counter()
    for name in load_rules().profiles:
        local = local_name("profile", name, language)
        out[name.casefold()] = local
        tail = name.split()[-1].casefold()
        if tail != name.casefold():
            tails[tail] += 1
            out.setdefault(f"tail:{tail}", local)
    return {
        k.removeprefix("tail:"): v
        for k, v in out.items()
        if not k.startswith("tail:") or tails[k.removeprefix("tail:")] == 1
    }


def local_figure_name(name: str, language: str | None = None) -> str:
    """A figure's display name in a language: one made from its profile ('Shambler 3',
    'Marksman') is given the profile's name there ('Schlurfer 3',
    'Plünderer-Schütze'); any other name stays as it is."""
    if (language or current_language()) == DEFAULT_LANGUAGE:
        return name
    match = _NUMBERED.match(name)
    if match is None:  # pragma: no cover - the pattern matches any text
        return name
    local = _profile_names(language or current_language()).get(match["base"].casefold())
    if local is None:
        return name
    return f"{local} {match['number']}" if match["number"] else local


# -- the rules data's names -------------------------------------------------------------


@cache
def _minefield() -> Weapon:
    return minefield_weapon(load_rules())


def _built_in(kind: str, name: str) -> Any:
    """Entries the engine makes itself rather than reading from the tables (the
    minefield's attack as a weapon), or None."""
    mine = _minefield() if kind == "weapon" else None
    return mine if mine is not None and fold(name) == fold(mine.name) else None


def local_name(kind: str, name: str, language: str) -> str:
    """A `kind` entry's name ("weapon", "archetype", "injury_result" …) of the rules
    data as players of `language` know it. German: the data's German name (`german`,
    or the key of an entry keyed in German). English: the name as given — for an entry
    keyed by its German rulebook term, its `english` name with that term in brackets
    ("graze [Streifschuss]"). Unknown names stay as given."""
    if not name:
        return name
    try:
        entry = getattr(load_rules(), kind)(name)
    except LookupError:
        entry = _built_in(kind, name)
        if entry is None:
            return name
    english = getattr(entry, "english", None)
    if language == "de":
        return getattr(entry, "german", None) or (entry.name if english else name)
    if english and fold(english) != fold(entry.name):
        return f"{english} [{entry.name}]"
    return name


# -- the catalogue with names ----------------------------------------------------------


def local_values(values: dict[str, Any], language: str) -> dict[str, Any]:
    """Template values with rules-data names (`RULES_NAMES`) and figure names
    (`FIGURE_NAMES`) in the language's form; the others as they are."""
    found = [p for p in RULES_NAMES if isinstance(values.get(p), str)]
    figures = () if language == DEFAULT_LANGUAGE else FIGURE_NAMES
    named = [p for p in figures if isinstance(values.get(p), str)]
    if not found and not named:
        return values
    out = dict(values)
    for p in found:
        out[p] = local_name(RULES_NAMES[p], values[p], language)
    for p in named:
        out[p] = local_figure_name(values[p], language)
    return out


def say(key: str, /, language: str | None = None, **values: Any) -> str:
    """The catalogue string `key` in the current (or given) language, with the names of
    weapons, profiles and figures among `values` as the reader knows them."""
    lang = language or current_language()
    return tr(key, language=lang, **local_values(values, lang)) if values else tr(key, lang)


__all__ = [
    "COMPASS",
    "FIGURE_NAMES",
    "MIDDLE",
    "PIECE",
    "RULES_NAMES",
    "board_kinds",
    "compass",
    "compass_at",
    "counted_kinds",
    "entry_label",
    "local_figure_name",
    "local_name",
    "local_values",
    "piece_entry",
    "piece_kind",
    "piece_name",
    "piece_phrase",
    "piece_where",
    "readable_id",
    "say",
    "scenario_entry_label",
]
