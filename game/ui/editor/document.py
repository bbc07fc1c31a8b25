"""The scenario being edited: its TOML data as plain Python data (no pygame here).

The data mirrors the file (docs/SCENARIO.md) key for key, so a path into it is the
same path `check` names in its errors (`terrain[3].polygon` is
`("terrain", 3, "polygon")`) and nothing the editor does not know about is lost on
saving. Change it only through commands (game/ui/editor/commands.py); `version`
goes up on every change. `items()` lists what can be selected on the table.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any

from shapely.geometry import Polygon

from game.i18n import tr
from game.loading.raw import read_text, read_toml
from game.naming import compass_at, entry_label
from game.scenario import ScenarioError
from game.ui.editor import tomlwrite

Key = str | int
Path = tuple[Key, ...]
Point = tuple[float, float]

SECTION_ORDER = ("scenario", "board", "terrain", "module", "side", "objective", "knobs")
"""The order of a saved file's top-level sections (others follow as they were)."""
DEFAULT_BOARD = (120.0, 120.0)
DEFAULT_ROUNDS = 10
PIECE_LAYERS = ("terrain", "module")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"

    def __copy__(self) -> _Missing:
        return self  # one MISSING: commands deep-copy what they replace

    def __deepcopy__(self, memo: dict[int, Any]) -> _Missing:
        return self


MISSING: Any = _Missing()
"""A value that is not there (a key to delete, a key that was absent)."""


class DocumentError(ValueError):
    """A file that cannot be edited at all (unreadable, not TOML, not a table)."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class Item:
    """Something on the table that can be selected: a terrain piece or module
    (`piece`), a figure, a raid's entry zone (`entry`) or a deploy zone (`deploy`)."""

    ref: Path
    what: str  # piece | figure | entry | deploy
    id: str
    kind: str  # terrain or module kind; a figure's profile; the side id for zones
    side: int | None = None
    polygon: tuple[Point, ...] = ()
    at: Point | None = None
    label: str = ""  # what players read: a zone's side name, an entry's name

    @property
    def layer(self) -> str | None:
        """terrain | module for a piece."""
        return str(self.ref[0]) if self.what == "piece" else None


def _text(value: Any) -> str:
    """A non-empty string value, else ''."""
    return value if isinstance(value, str) else ""


def points(value: Any) -> tuple[Point, ...] | None:
    """`[[x, y], ...]` as points, or None when it is not a list of finite pairs."""
    if not isinstance(value, list):
        return None
    out = []
    for p in value:
        if not (isinstance(p, list | tuple) and len(p) == 2):
            return None
        if not all(_finite(c) for c in p):
            return None
        out.append((float(p[0]), float(p[1])))
    return tuple(out)


def point(value: Any) -> Point | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(_finite(c) for c in value):
        return (float(value[0]), float(value[1]))
    return None


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 1e6


def number(value: float) -> int | float:
    """A coordinate as written: 0.01 cm steps, whole numbers without '.0'."""
    value = round(float(value), 2)
    if value == int(value):
        return int(value)
    return value


def point_data(p: Point) -> list[int | float]:
    return [number(p[0]), number(p[1])]


def polygon_data(pts: Any) -> list[list[int | float]]:
    return [point_data(p) for p in pts]


class Document:
    """A scenario's data with the file it came from (None: not saved yet)."""

    def __init__(self, data: dict[str, Any], file: FilePath | None = None) -> None:
        self.data = data
        self.file = file
        self.version = 0

    # -- making one -------------------------------------------------------------------
    @classmethod
    def blank(
        cls, name: str, width: float = DEFAULT_BOARD[0], height: float = DEFAULT_BOARD[1]
    ) -> Document:
        """An empty table: a name, a round limit and the board, nothing on it."""
        data: dict[str, Any] = {
            "scenario": {"name": name, "rules": "deadearth", "max_rounds": DEFAULT_ROUNDS},
            "board": {"width_cm": float(width), "height_cm": float(height)},
        }
        return cls(data)

    @classmethod
    def from_text(cls, text: str, file: FilePath | None = None) -> Document:
        """The data of TOML text; DocumentError when it is not TOML or not a table."""
        name = str(file) if file is not None else "<scenario>"
        try:
            data = read_toml(text, name)
        except ScenarioError as exc:
            raise DocumentError(exc.errors) from None
        return cls(data, file)

    @classmethod
    def load(cls, file: FilePath) -> Document:
        """Read a scenario file (the one reader, game/loading/raw.py); DocumentError
        when it cannot be read or parsed."""
        try:
            text = read_text(file)
        except ScenarioError as exc:
            raise DocumentError(exc.errors) from None
        return cls.from_text(text, file)

    def to_text(self) -> str:
        """The scenario as TOML (sections in the usual order)."""
        return tomlwrite.dumps(self.data, SECTION_ORDER)

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the data (tests, comparisons)."""
        return copy.deepcopy(self.data)

    @property
    def file_name(self) -> str:
        return self.file.name if self.file is not None else "<new scenario>"

    # -- reading ------------------------------------------------------------------------
    def get(self, path: Path, default: Any = MISSING) -> Any:
        """The value at a path, or `default` when any step is missing."""
        node: Any = self.data
        for step in path:
            if isinstance(step, int):
                if not isinstance(node, list) or not 0 <= step < len(node):
                    return default
            elif not isinstance(node, dict) or step not in node:
                return default
            node = node[step]
        return node

    def table(self, path: Path) -> dict[str, Any]:
        """The table at a path ({} when there is none)."""
        value = self.get(path, None)
        return value if isinstance(value, dict) else {}

    def tables(self, path: Path) -> list[tuple[int, dict[str, Any]]]:
        """The tables of an array of tables, with their indices."""
        value = self.get(path, None)
        if not isinstance(value, list):
            return []
        return [(i, t) for i, t in enumerate(value) if isinstance(t, dict)]

    def module_label(self, module_id: str) -> str:
        """A module as players read it: its kind ('Shelter'), with its place on the
        table when there are several of that kind ('Barricade (north)')."""
        modules = [t for _, t in self.tables(("module",))]
        found = next((t for t in modules if t.get("id") == module_id), None)
        pts = points(found.get("polygon")) if found is not None else None
        if found is None or pts is None or len(pts) < 3:
            return module_id
        kind = str(found.get("kind", ""))
        try:
            word = tr(f"ui.table.kind.{kind}")
        except KeyError:
            return module_id
        if sum(1 for t in modules if t.get("kind") == kind) < 2:
            return word
        width, height = self.board_size()
        where = compass_at(width, height, Polygon(pts))
        return tr("editor.raid.module_at", kind=word, where=tr(f"names.where.{where}"))

    @property
    def name(self) -> str:
        value = self.table(("scenario",)).get("name")
        return value if isinstance(value, str) and value else self.file_name

    def board_size(self) -> tuple[float, float]:
        """The board in cm (120 × 120 where the file's values are unusable)."""
        board = self.table(("board",))
        sizes = [board.get("width_cm"), board.get("height_cm")]
        good = [float(v) for v in sizes if isinstance(v, int | float) and _finite(v)]
        good = [v for v in good if 0 < v <= 10_000]
        return (good[0], good[1]) if len(good) == 2 else DEFAULT_BOARD

    # -- sides --------------------------------------------------------------------------
    def raid_side(self) -> int | None:
        """The first side that comes as a raid."""
        for i, side in self.tables(("side",)):
            if isinstance(side.get("raid"), dict):
                return i
        return None

    def defending_side(self) -> int | None:
        """The first side that is not a raid (it holds the refuge)."""
        for i, side in self.tables(("side",)):
            if not isinstance(side.get("raid"), dict):
                return i
        return None

    def ids(self, what: str) -> set[str]:
        """Ids in use: `piece` (terrain and modules share them), `figure`, `side`,
        `squad`, `entry`."""
        if what == "piece":
            return {str(t.get("id")) for layer in PIECE_LAYERS for _, t in self.tables((layer,))}
        if what == "side":
            return {str(s.get("id")) for _, s in self.tables(("side",))}
        found: set[str] = set()
        for s, _side in self.tables(("side",)):
            if what == "entry":
                found |= {str(e.get("id")) for _, e in self.tables(("side", s, "raid", "entry"))}
            for q, squad in self.tables(("side", s, "squad")):
                if what == "squad":
                    found.add(str(squad.get("id")))
                elif what == "figure":
                    figs = self.tables(("side", s, "squad", q, "figure"))
                    found |= {str(f.get("id")) for _, f in figs}
        return found

    def unique_id(self, what: str, base: str) -> str:
        """`base`, or `base-2`, `base-3` … whichever is free first."""
        taken = self.ids(what)
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    def numbered_id(self, what: str, base: str) -> str:
        """`base-1`, `base-2` … whichever is free first (militia, walls)."""
        taken = self.ids(what)
        n = 1
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    # -- what is on the table ---------------------------------------------------------------
    def items(self) -> list[Item]:
        """Everything selectable, in file order: pieces, deploy zones, entries, figures."""
        return [*self.pieces(), *self.zones(), *self.figures()]

    def pieces(self) -> Iterator[Item]:
        for layer in PIECE_LAYERS:
            for i, t in self.tables((layer,)):
                pts = points(t.get("polygon"))
                if pts is not None and len(pts) >= 3:
                    pid, kind = str(t.get("id", "")), str(t.get("kind", ""))
                    yield Item((layer, i), "piece", pid, kind, polygon=pts)

    def zones(self) -> Iterator[Item]:
        for s, side in self.tables(("side",)):
            sid = str(side.get("id", ""))
            pts = points(side.get("deploy_zone"))
            if pts is not None and len(pts) >= 3:
                label = _text(side.get("name")) or sid
                yield Item(("side", s, "deploy_zone"), "deploy", sid, sid, s, pts, label=label)
            for e, entry in self.tables(("side", s, "raid", "entry")):
                pts = points(entry.get("polygon"))
                if pts is not None and len(pts) >= 3:
                    ref = ("side", s, "raid", "entry", e)
                    eid = str(entry.get("id", ""))
                    label = entry_label(eid, _text(entry.get("name")))
                    yield Item(ref, "entry", eid, sid, s, pts, label=label)

    def figures(self) -> Iterator[Item]:
        for s, _side in self.tables(("side",)):
            for q, _squad in self.tables(("side", s, "squad")):
                for f, fig in self.tables(("side", s, "squad", q, "figure")):
                    at = point(fig.get("at"))
                    if at is not None:
                        ref = ("side", s, "squad", q, "figure", f)
                        fid = str(fig.get("id", ""))
                        yield Item(ref, "figure", fid, _profile_of(fig), s, at=at)

    def item(self, ref: Path) -> Item | None:
        """The selectable item at `ref` (None when there is none any more)."""
        return next((it for it in self.items() if it.ref == ref), None)

    def item_for(self, path: Path) -> Item | None:
        """The item a field path belongs to (its longest prefix that is an item)."""
        best: Item | None = None
        for it in self.items():
            n = len(it.ref)
            if path[:n] == it.ref and (best is None or n > len(best.ref)):
                best = it
        return best

    # -- changing (only commands call these) --------------------------------------------
    def put(self, path: Path, value: Any) -> None:
        """Set (or with MISSING delete) the value at a path; its parent must exist."""
        parent = self.get(path[:-1], None) if path[:-1] else self.data
        last = path[-1]
        if isinstance(last, int):
            if not isinstance(parent, list):
                raise KeyError(path)
            parent[last] = copy.deepcopy(value)
        else:
            if not isinstance(parent, dict):
                raise KeyError(path)
            if value is MISSING:
                parent.pop(last, None)
            else:
                parent[last] = copy.deepcopy(value)
        self.version += 1

    def insert(self, path: Path, index: int, value: Any) -> None:
        """Insert into the array at a path (created when missing)."""
        array = self.get(path, None)
        if array is None:
            self.put(path, [])
            array = self.get(path)
        if not isinstance(array, list):
            raise KeyError(path)
        array.insert(index, copy.deepcopy(value))
        self.version += 1

    def pop(self, path: Path, index: int) -> Any:
        """Remove and return an element of the array at a path."""
        array = self.get(path, None)
        if not isinstance(array, list):
            raise KeyError(path)
        value = array.pop(index)
        self.version += 1
        return value


def _profile_of(fig: dict[str, Any]) -> str:
    if isinstance(fig.get("profile"), str):
        return str(fig["profile"])
    stats = fig.get("stats")
    if isinstance(stats, dict) and isinstance(stats.get("base"), str):
        return str(stats["base"])
    return ""
