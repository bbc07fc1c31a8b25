"""The editor's operations as commands (no pygame here): add, shape, move, turn and
delete pieces and zones, place defenders, set the raid and the objective. Each
function looks at the document as it is now and returns one command for the
history; sides, squads and the objective are made when first needed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.i18n import tr
from game.rules.loader import RulesData, load_rules
from game.ui.editor import geometry as geo
from game.ui.editor.commands import Batch, Command, Insert, Remove, SetValue
from game.ui.editor.document import (
    MISSING,
    Document,
    Item,
    Path,
    Point,
    number,
    point_data,
    polygon_data,
)
from game.ui.editor.presets import CONTROLLERS, GOALS, ROSTERS, squad_for

ENTRY_DEPTH_CM = 4.0
ENTRY_LENGTH_CM = 30.0
OBJECTIVE_ROUNDS = 8
KIND_FIELDS = {"open": ("gate",), "structure": ("gate", "barricade")}
"""Fields only some kinds may have (the others lose them on a change of kind)."""
TERRAIN_FIELDS = {"structure": ("barricade",), "expires_round": ("smoke", "burning")}


def _array_len(doc: Document, path: Path) -> int:
    value = doc.get(path, None)
    return len(value) if isinstance(value, list) else 0


# -- pieces -------------------------------------------------------------------------------


def add_piece(
    doc: Document,
    layer: str,
    kind: str,
    pts: Sequence[Point],
    extra: dict[str, Any] | None = None,
) -> Command:
    """A new terrain piece or module with a fresh id (`wall-1`, `gate-2` …)."""
    pid = doc.numbered_id("piece", kind.replace("_", "-"))
    table = {"id": pid, "kind": kind, "polygon": polygon_data(pts), **(extra or {})}
    index = _array_len(doc, (layer,))
    label = tr("editor.cmd.add", what=tr(f"ui.table.kind.{kind}"))
    return Insert((layer,), index, table, label, focus=(layer, index))


def set_shape(doc: Document, item: Item, pts: Sequence[Point], label: str = "") -> Command:
    """A piece's or zone's new outline."""
    path = item.ref if item.what == "deploy" else (*item.ref, "polygon")
    return SetValue(path, polygon_data(pts), label or tr("editor.cmd.shape"), focus=item.ref)


def set_at(item: Item, at: Point, label: str = "") -> Command:
    return SetValue((*item.ref, "at"), point_data(at), label or tr("editor.cmd.move"), item.ref)


def moved(item: Item, dx: float, dy: float) -> Command:
    """The item shifted by (dx, dy) cm."""
    label = tr("editor.cmd.move")
    if item.at is not None:
        return set_at(item, (item.at[0] + dx, item.at[1] + dy), label)
    path = item.ref if item.what == "deploy" else (*item.ref, "polygon")
    return SetValue(path, polygon_data(geo.translate(item.polygon, dx, dy)), label, item.ref)


def turned(doc: Document, item: Item, degrees: float) -> Command:
    """A piece or zone turned about its middle; a figure's facing turned."""
    label = tr("editor.cmd.turn")
    if item.at is not None:
        facing = doc.get((*item.ref, "facing"), 0)
        facing = facing if isinstance(facing, int | float) else 0
        value = number((float(facing) + degrees) % 360.0)
        return SetValue((*item.ref, "facing"), value, label, item.ref)
    return set_shape(doc, item, geo.rotate(item.polygon, degrees), label)


def delete(doc: Document, item: Item) -> Command:
    """Remove an item (a figure that led its squad takes the leader entry along)."""
    label = tr("editor.cmd.delete", what=item.id or item.kind)
    if item.what == "deploy":
        return SetValue(item.ref, MISSING, label)
    parent, index = item.ref[:-1], item.ref[-1]
    assert isinstance(index, int)
    steps: list[Command] = []
    if item.what == "figure":
        squad = item.ref[:-2]
        if doc.get((*squad, "leader"), None) == item.id:
            steps.append(SetValue((*squad, "leader"), MISSING))
    steps.append(Remove(parent, index))
    return Batch(steps, label)


def duplicate(doc: Document, item: Item, offset: Point = (2.0, -2.0)) -> Command | None:
    """A copy of a piece next to it (a new id), or of a figure (same profile)."""
    if item.what == "piece" and item.layer is not None:
        table = dict(doc.table(item.ref))
        extra = {k: v for k, v in table.items() if k not in ("id", "kind", "polygon")}
        pts = geo.translate(item.polygon, *offset)
        return add_piece(doc, item.layer, item.kind, pts, extra)
    if item.what == "figure" and item.at is not None and item.kind:
        facing = doc.get((*item.ref, "facing"), 90)
        at = (item.at[0] + offset[0] * 2, item.at[1])
        return place_defender(doc, item.kind, at, float(facing))
    return None


def set_field(item: Item, name: str, value: Any, label: str = "") -> Command:
    """Set (or with MISSING remove) one field of an item's table."""
    return SetValue((*item.ref, name), value, label or tr("editor.cmd.change"), item.ref)


def set_kind(doc: Document, item: Item, kind: str) -> Command:
    """Another kind for a piece; fields the new kind cannot have are dropped."""
    steps: list[Command] = [SetValue((*item.ref, "kind"), kind)]
    rules = KIND_FIELDS if item.layer == "module" else TERRAIN_FIELDS
    table = doc.table(item.ref)
    for name, kinds in rules.items():
        if name in table and kind not in kinds:
            steps.append(SetValue((*item.ref, name), MISSING))
    if kind == "gate" and item.layer == "module" and "open" not in table:
        steps.append(SetValue((*item.ref, "open"), False))
    return Batch(steps, tr("editor.cmd.kind", what=tr(f"ui.table.kind.{kind}")), item.ref)


def rename(doc: Document, item: Item, new_id: str) -> Command:
    """A new id; the objective's key point and a squad's leader follow it."""
    steps: list[Command] = [SetValue((*item.ref, "id"), new_id)]
    if item.what == "piece" and doc.get(("objective", "key_point"), None) == item.id:
        steps.append(SetValue(("objective", "key_point"), new_id))
    if item.what == "figure" and doc.get((*item.ref[:-2], "leader"), None) == item.id:
        steps.append(SetValue((*item.ref[:-2], "leader"), new_id))
    return Batch(steps, tr("editor.cmd.rename", name=new_id), item.ref)


# -- defenders ---------------------------------------------------------------------------


def facing_out(doc: Document, at: Point) -> float:
    """Facing away from the refuge's middle (its deploy zone, else the table's)."""
    side = doc.defending_side()
    zone = None
    if side is not None:
        item = doc.item(("side", side, "deploy_zone"))
        zone = item.polygon if item is not None else None
    w, h = doc.board_size()
    cx, cy = geo.centre(zone) if zone else (w / 2, h / 2)
    if abs(at[0] - cx) < 1e-6 and abs(at[1] - cy) < 1e-6:
        return 90.0
    return round(math.degrees(math.atan2(at[1] - cy, at[0] - cx)) / 15.0) * 15.0 % 360.0


def _defending_side(doc: Document, steps: list[Command]) -> int:
    """The defending side's index, adding the side (first in the file) if needed."""
    side = doc.defending_side()
    if side is not None:
        return side
    table = {
        "id": doc.unique_id("side", "refuge"),
        "name": tr("editor.default.refuge_side"),
        "controller": "human",
        "squad": [],
    }
    steps.append(Insert(("side",), 0, table))
    return 0


def place_defender(doc: Document, profile: str, at: Point, facing: float | None = None) -> Command:
    """A defender of a named profile: core figures join squad `core`, the militia
    squad `militia` (made when missing)."""
    rules = load_rules()
    name = rules.profile(profile).name
    squad_id = squad_for(rules, name)
    fid = (
        doc.unique_id("figure", name.lower().replace(" ", "-"))
        if squad_id == "core"
        else doc.numbered_id("figure", name.lower().replace(" ", "-"))
    )
    steps: list[Command] = []
    made = doc.defending_side() is None
    side = _defending_side(doc, steps)
    figure = {
        "id": fid,
        "profile": name,
        "at": point_data(at),
        "facing": number(facing if facing is not None else facing_out(doc, at)),
    }
    squads = [] if made else doc.tables(("side", side, "squad"))
    q = next((i for i, t in squads if t.get("id") == squad_id), None)
    if q is None:
        q = _array_len(doc, ("side", side, "squad")) if not made else 0
        squad_path = ("side", side, "squad")
        steps.append(Insert(squad_path, q, {"id": squad_id, "figure": [figure]}))
        f = 0
    else:
        f = _array_len(doc, ("side", side, "squad", q, "figure"))
        steps.append(Insert(("side", side, "squad", q, "figure"), f, figure))
    label = tr("editor.cmd.place", name=fid)
    return Batch(steps, label, focus=("side", side, "squad", q, "figure", f))


def set_profile(doc: Document, item: Item, name: str) -> Command:
    """Another profile for a defender; inline stats (a weapon choice of the old
    profile) are dropped."""
    steps: list[Command] = [SetValue((*item.ref, "profile"), name)]
    if "stats" in doc.table(item.ref):
        steps.append(SetValue((*item.ref, "stats"), MISSING))
    return Batch(steps, tr("editor.cmd.profile", name=name), item.ref)


def loadouts(rules: RulesData, profile: str) -> tuple[tuple[str, ...], ...]:
    """The weapon choices of a profile (docs/RULES.md §15: the militia's pistol or
    spear); one entry when there is no choice, none for an unknown profile."""
    try:
        return rules.profile(profile).loadouts
    except (KeyError, LookupError, ValueError):
        return ()


def loadout_index(doc: Document, item: Item, rules: RulesData) -> int | None:
    """Which of its profile's loadouts a defender carries (0: the default, as with
    no `stats.weapons`); None for weapons of its own (a hand-written file)."""
    stats = doc.table(item.ref).get("stats")
    weapons = stats.get("weapons") if isinstance(stats, dict) else None
    if weapons is None:
        return 0
    try:
        carried = tuple(rules.weapon(str(w)).name for w in weapons)
    except (KeyError, LookupError, ValueError):
        return None
    choices = loadouts(rules, item.kind)
    return choices.index(carried) if carried in choices else None


def set_loadout(doc: Document, item: Item, rules: RulesData, index: int) -> Command:
    """A defender's weapons: its profile's loadout `index`. The default loadout is the
    plain profile (`profile = "Militia"`); another one is written as inline stats
    (`stats = { base = "Militia", weapons = ["Spear"] }`, docs/SCENARIO.md), keeping any
    other stats the figure has."""
    choice = loadouts(rules, item.kind)[index]
    table = doc.table(item.ref)
    old = table.get("stats")
    stats = dict(old) if isinstance(old, dict) else {"base": item.kind}
    stats.pop("weapons", None)
    if index:
        stats["weapons"] = list(choice)
    steps: list[Command] = []
    if set(stats) <= {"base"}:  # the default and nothing else: the plain profile
        steps += [SetValue((*item.ref, "profile"), item.kind)]
        steps += [SetValue((*item.ref, "stats"), MISSING)]
    else:
        steps += [SetValue((*item.ref, "profile"), MISSING)]
        steps += [SetValue((*item.ref, "stats"), stats)]
    return Batch(steps, tr("editor.cmd.weapons", weapons=", ".join(choice)), item.ref)


def set_deploy(doc: Document, pts: Sequence[Point]) -> Command:
    """The defending side's deploy zone (the side is made, with an empty squad, if
    there is none)."""
    steps: list[Command] = []
    made = doc.defending_side() is None
    side = _defending_side(doc, steps)
    if made:
        steps.append(Insert(("side", side, "squad"), 0, {"id": "core"}))
    steps.append(SetValue(("side", side, "deploy_zone"), polygon_data(pts)))
    return Batch(steps, tr("editor.cmd.deploy"), focus=("side", side, "deploy_zone"))


# -- the raid ----------------------------------------------------------------------------


def edge_name(pts: Sequence[Point], board: tuple[float, float]) -> str:
    """north | east | south | west: the board edge a zone lies along (the nearest; in
    a corner, the one along its long side)."""
    x0, y0, x1, y1 = geo.bbox(pts)
    w, h = board
    gaps = {"south": y0, "north": h - y1, "west": x0, "east": w - x1}
    if x1 - x0 < y1 - y0:
        gaps = {k: gaps[k] for k in ("west", "east", "south", "north")}
    return min(gaps, key=lambda k: gaps[k])


def goal_module(doc: Document, threat: str) -> str | None:
    """The id of the module a threat goes for (the first shelter or storage)."""
    for _, t in doc.tables(("module",)):
        if t.get("kind") == GOALS.get(threat) and isinstance(t.get("id"), str):
            return str(t["id"])
    return None


def default_objective(doc: Document, threat: str) -> dict[str, Any]:
    """Protect the shelter (infected) or the storage (raiders) if there is one, else
    drive them off."""
    goal = goal_module(doc, threat)
    if goal is None:
        return {"kind": "drive_off"}
    return {"kind": "protect", "key_point": goal, "rounds": OBJECTIVE_ROUNDS}


def add_entry(doc: Document, pts: Sequence[Point], threat: str = "infected") -> Command:
    """A raid entry zone; the first one makes the raiding side (with `threat`'s
    roster and AI) and, if there is none, the objective."""
    board = doc.board_size()
    eid = doc.unique_id("entry", edge_name(pts, board))
    entry = {"id": eid, "polygon": polygon_data(pts)}
    label = tr("editor.cmd.entry", name=eid)
    side = doc.raid_side()
    if side is not None:
        e = _array_len(doc, ("side", side, "raid", "entry"))
        path = ("side", side, "raid", "entry")
        return Insert(path, e, entry, label, focus=(*path, e))
    side = _array_len(doc, ("side",))
    table = {
        "id": doc.unique_id("side", "horde" if threat == "infected" else "raiders"),
        "name": tr(f"editor.default.{threat}_side"),
        "controller": CONTROLLERS[threat],
        "raid": {"threat": threat, "roster": ROSTERS[threat], "entry": [entry]},
    }
    steps: list[Command] = [Insert(("side",), side, table)]
    if not isinstance(doc.get(("objective",), None), dict):
        steps.append(SetValue(("objective",), default_objective(doc, threat)))
    return Batch(steps, label, focus=("side", side, "raid", "entry", 0))


def set_threat(doc: Document, threat: str) -> Command | None:
    """Infected or raiders: the raid's AI, its roster (if it was the other threat's
    default) and a protect objective's key point follow."""
    side = doc.raid_side()
    if side is None:
        return None
    raid = ("side", side, "raid")
    old = doc.get((*raid, "threat"), None)
    steps: list[Command] = [
        SetValue((*raid, "threat"), threat),
        SetValue(("side", side, "controller"), CONTROLLERS[threat]),
    ]
    if old in ROSTERS and doc.get((*raid, "roster"), None) == ROSTERS[old]:
        steps.append(SetValue((*raid, "roster"), ROSTERS[threat]))
    if old in GOALS and doc.get(("objective", "key_point"), None) == goal_module(doc, old):
        goal = goal_module(doc, threat)
        if goal is not None:
            steps.append(SetValue(("objective", "key_point"), goal))
    return Batch(steps, tr("editor.cmd.threat", threat=tr(f"editor.threat.{threat}")))


def set_raid(doc: Document, name: str, value: Any) -> Command | None:
    """budget | waves | wave_every of the raid (MISSING: the rules' default)."""
    side = doc.raid_side()
    if side is None:
        return None
    return SetValue(("side", side, "raid", name), value, tr(f"editor.cmd.raid_{name}"))


def set_objective(doc: Document, kind: str) -> Command:
    """drive_off | hold | protect (a protect objective guards the threat's goal, or
    the first module)."""
    old = doc.table(("objective",))
    rounds = old.get("rounds", OBJECTIVE_ROUNDS)
    table: dict[str, Any] = {"kind": kind}
    if kind == "protect":
        threat = doc.get(("side", doc.raid_side() or 0, "raid", "threat"), "infected")
        key = old.get("key_point") or goal_module(doc, str(threat)) or first_module(doc)
        if key is not None:
            table["key_point"] = key
    if kind in ("hold", "protect") or "rounds" in old:
        table["rounds"] = rounds
    label = tr("editor.cmd.objective", kind=tr(f"editor.objective.{kind}"))
    return SetValue(("objective",), table, label)


def first_module(doc: Document) -> str | None:
    return next((str(t["id"]) for _, t in doc.tables(("module",)) if "id" in t), None)


def set_value(path: Path, value: Any, label: str = "") -> Command:
    """Any one value (the name, the round limit, the board size …)."""
    return SetValue(path, value, label or tr("editor.cmd.change"))
