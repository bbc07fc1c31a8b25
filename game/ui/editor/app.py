"""The refuge editor's window: the loop, the layout (status line, table, tool bar,
side panel), keys and mouse, saving, the background work and the test raid.

`EditorApp(doc, options).run()` edits one Document until the window is closed (or
for `options.frames` frames, then saves `options.screenshot`).
"""

from __future__ import annotations

import json
import logging
import math
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.i18n import count_text, set_units, tr
from game.limits import MAX_BOARD_CM
from game.overlays.fields_of_fire import FieldOfFire
from game.overlays.heat import HeatMap
from game.overlays.heat_raids import heat_map
from game.ui import display, screenshot
from game.ui.camera import Camera
from game.ui.defence import OVERLAY_NAMES, OVERLAYS, DefenceOverlays
from game.ui.editor import edits, files, sidebar, toolbar, view
from game.ui.editor import geometry as geo
from game.ui.editor.campaign_marks import draw_campaign_marks
from game.ui.editor.commands import Batch, Command, History, SetValue
from game.ui.editor.document import MISSING, Document, Item, number
from game.ui.editor.document import Path as DataPath
from game.ui.editor.jobs import OverlayJob, OverlayResult, ProcessJob
from game.ui.editor.presets import DRAW_MODULES, DRAW_TERRAIN, WAVES, defender_profiles
from game.ui.editor.prompt import Prompt
from game.ui.editor.raid import play as play_raid
from game.ui.editor.tools import Tool, make_tools
from game.ui.editor.validation import Report, check
from game.ui.editor.view import OverlayLayer, TableLook
from game.ui.editor.worker import heat_from_json
from game.ui.overlay_draw import draw_entry_zones, entry_tags
from game.ui.render import hud, style
from game.ui.render.figures import Marks
from game.ui.widgets import tooltip

log = logging.getLogger(__name__)

STATUS_H = 30
TOOLBAR_H = 52
SIDEBAR_MIN, SIDEBAR_MAX, SIDEBAR_SHARE = 330, 420, 0.26
DEFAULT_SIZE = (1600, 1000)
MESSAGE_S = 5.0
QUIT_ARM_S = 6.0
SETTLE_S = 0.25
"""How long the document must stay unchanged before the overlays are recomputed."""
ZOOM_STEP = 1.15
PAN_KEY_PX = 60
HOVER_PX = 4
OVERLAY_KEYS = {ord(o.key): ("overlay", o.name) for o in OVERLAYS}
"""The overlays' keys: a digit's pygame key code is its character's."""
GAMES_STEPS = (5, 10, 20, 50, 100, 200)


@dataclass
class EditorOptions:
    """How the editor window runs."""

    size: tuple[int, int] | None = None
    frames: int | None = None
    screenshot: str | None = None
    fps: int = 60
    units: str = "cm"
    settings: Any = None
    heat_workers: int | None = None
    export_dpi: float = 150.0
    ruins: frozenset[str] = frozenset()  # a campaign's destroyed modules (piece ids)
    planned: frozenset[str] = frozenset()  # … and its drawn, not yet built ones


def layout(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """(status line, table, tool bar, side panel) for a window size."""
    w, h = max(size[0], 640), max(size[1], 480)
    side_w = int(min(SIDEBAR_MAX, max(SIDEBAR_MIN, w * SIDEBAR_SHARE)))
    left = w - side_w
    status = pygame.Rect(0, 0, left, STATUS_H)
    table = pygame.Rect(0, STATUS_H, left, h - STATUS_H - TOOLBAR_H)
    bar = pygame.Rect(0, h - TOOLBAR_H, left, TOOLBAR_H)
    side = pygame.Rect(left, 0, side_w, h)
    return status, table, bar, side


def _rect4(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


class EditorApp:
    """One window editing one scenario."""

    def __init__(self, doc: Document, options: EditorOptions | None = None) -> None:
        self.options = options or EditorOptions()
        set_units(self.options.units)
        self.screen = display.open_window(self.options.size or DEFAULT_SIZE, self.options.frames)
        pygame.key.set_repeat(300, 40)
        self.doc = doc
        self.history = History(doc)
        self.look = TableLook()
        self.profiles = defender_profiles(self.look.rules)
        self.tools: dict[str, Tool] = make_tools()
        self.tool_name = "select"
        self.selection: DataPath | None = None
        self.hover: DataPath | None = None
        self.problem_index: int | None = None
        self.problem_scroll = 0
        self.snap = True
        self.draw_kind = "wall"
        self.preset = "wall"
        self.profile = self.profiles[0]
        self.threat = "infected"
        self.tab = "build"
        self.shown: list[str] = []
        self.overlay_values: dict[str, OverlayResult] = {}
        self.overlay_job = OverlayJob()
        self._requested: dict[str, int] = {}  # overlay name -> version asked for
        self._composed: tuple[tuple[Any, ...], DefenceOverlays] | None = None
        self.overlay_layer = OverlayLayer()
        self.heat_job: ProcessJob | None = None
        self.heat: HeatMap | None = None
        self.heat_version = -1
        self.heat_summary = ""
        self.heat_games = 50
        self.export_job: ProcessJob | None = None
        self._heat_for: tuple[int, Path] = (-1, Path())  # version and result file of a run
        self._heat_points_file: Path | None = None  # the heat map's raids, for the export
        self.workdir = Path(tempfile.mkdtemp(prefix="deadearth-editor-"))
        self.report: Report = check(doc)
        self.prompt: Prompt | None = None
        self.message = ""
        self.message_t = 0.0
        self.quit_armed = 0.0
        self.changed_at = 0.0
        self.clock_s = 0.0
        self.running = True
        self.frames = 0
        self.mouse = (0, 0)
        self.pan_from: tuple[int, int] | None = None
        self.status, self.table, self.bar_rect, self.side_rect = layout(self.screen.get_size())
        w, h = doc.board_size()
        self.camera = Camera.fitting((w, h), _rect4(self.table))
        self.bar: list[Any] = []
        self.panel: tuple[Any, Any] | None = None
        self.raid_count = 0
        self.raid_frames: int | None = None  # the test raid's frames (tests); None: until closed
        raid = doc.raid_side()
        if raid is not None:
            threat = doc.get(("side", raid, "raid", "threat"), "infected")
            self.threat = threat if threat in ("infected", "raiders") else "infected"
        self._caption()

    # -- state the tools and panels ask for -----------------------------------------------
    @property
    def tool(self) -> Tool:
        return self.tools[self.tool_name]

    @property
    def report_stale(self) -> bool:
        return self.report.version != self.doc.version

    def selected_item(self) -> Item | None:
        return self.doc.item(self.selection) if self.selection is not None else None

    def select(self, ref: DataPath | None) -> None:
        self.selection = ref
        self.problem_index = None

    def radius_of(self, item: Item) -> float:
        for fig in self.look.figures:
            if fig.id == item.id:
                return float(fig.radius)
        return 1.25

    def facing_of(self, item: Item) -> float:
        value = self.doc.get((*item.ref, "facing"), 90)
        return float(value) if isinstance(value, int | float) else 90.0

    def current_threat(self) -> str:
        side = self.doc.raid_side()
        if side is None:
            return self.threat
        value = self.doc.get(("side", side, "raid", "threat"), self.threat)
        return str(value)

    def auto_budget(self) -> float:
        """The raid budget the rules give these defenders (docs/RULES.md §12)."""
        rules = self.look.rules
        levels = []
        for it in self.doc.figures():
            try:
                profile = rules.profile(it.kind)
            except Exception:
                continue
            if profile.core:
                levels.append(profile.level)
        cores, level = (len(levels), sum(levels) / len(levels)) if levels else (1, 1.0)
        knobs = rules.knobs
        return round(cores * level * knobs.raid.budget_per_core_level * knobs.raid_budget_factor, 1)

    def say(self, text: str) -> None:
        self.message, self.message_t = text, MESSAGE_S

    def item_at(self, pos: tuple[int, int]) -> Item | None:
        """The item under a screen point: figures first, then the smallest piece, then
        entry and deploy zones."""
        p = self.camera.to_board(*pos)
        tol = HOVER_PX / self.camera.scale
        items = self.doc.items()
        figs = [
            (math.dist(p, it.at), it)
            for it in items
            if it.at is not None and math.dist(p, it.at) <= self.radius_of(it) + tol
        ]
        if figs:
            return min(figs, key=lambda t: t[0])[1]
        for what in ("piece", "entry", "deploy"):
            hits = [it for it in items if it.what == what and geo.hits(it.polygon, p, tol)]
            if hits:
                return min(hits, key=lambda it: geo.area(it.polygon))
        return None

    # -- editing ----------------------------------------------------------------------------
    def do(self, command: Command | None) -> None:
        """Do an edit (remembered for undo)."""
        if command is None:
            return
        self.history.run(command)
        self.changed(command)

    def changed(self, command: Command | None = None) -> None:
        if command is not None and command.focus is not None:
            self.selection = command.focus
        self.changed_at = self.clock_s
        if self.selection is not None and self.doc.item(self.selection) is None:
            self.selection = None
        self._caption()

    def undo(self) -> None:
        self.tool.cancel(self)
        command = self.history.undo()
        if command is None:
            self.say(tr("editor.msg.nothing_to_undo"))
            return
        self.changed()
        self.say(tr("editor.msg.undone", what=command.label))

    def redo(self) -> None:
        self.tool.cancel(self)
        command = self.history.redo()
        if command is None:
            self.say(tr("editor.msg.nothing_to_redo"))
            return
        self.changed(command)
        self.say(tr("editor.msg.redone", what=command.label))

    def set_tool(self, name: str) -> None:
        self.tool.cancel(self)
        self.tool_name = name
        self.tab = "build"
        if name != "select":
            self.hover = None

    def validate(self) -> Report:
        """Check the document now (the loop does it after every change)."""
        if self.report_stale:
            self.report = check(self.doc)
            if self.problem_index is not None and self.problem_index >= len(self.report.problems):
                self.problem_index = None
        return self.report

    # -- actions from buttons and keys -------------------------------------------------------
    def act(self, value: Any) -> None:
        """Carry out a button's action tuple."""
        if not isinstance(value, tuple) or not value:
            return
        name, *args = value
        handler = getattr(self, f"_act_{name}", None)
        if handler is not None:
            handler(*args)

    def _act_tab(self, tab: str) -> None:
        self.tab = tab

    def _act_tool(self, name: str) -> None:
        self.set_tool(name)

    def _act_kind(self, kind: str) -> None:
        self.draw_kind = kind
        self.set_tool("draw")

    def _act_preset(self, key: str) -> None:
        self.preset = key
        self.set_tool("preset")

    def _act_profile(self, name: str) -> None:
        self.profile = name
        self.set_tool("defender")

    def _act_snap(self) -> None:
        self.snap = not self.snap
        self.say(tr("editor.msg.snap_on" if self.snap else "editor.msg.snap_off"))

    def _act_undo(self) -> None:
        self.undo()

    def _act_redo(self) -> None:
        self.redo()

    def _act_save(self) -> None:
        self.save()

    def _act_raid(self) -> None:
        self.test_raid()

    def _act_export(self) -> None:
        self.export_map()

    def _act_delete(self) -> None:
        item = self.selected_item()
        if item is not None:
            self.do(edits.delete(self.doc, item))
            self.selection = None

    def _act_duplicate(self) -> None:
        item = self.selected_item()
        if item is not None:
            self.do(edits.duplicate(self.doc, item))

    def _act_turn(self, degrees: float) -> None:
        item = self.selected_item()
        if item is not None:
            self.do(edits.turned(self.doc, item, degrees))

    def _act_rename(self) -> None:
        item = self.selected_item()
        if item is None:
            return
        what = {"piece": "piece", "figure": "figure", "entry": "entry"}.get(item.what, "piece")

        def ok(text: str) -> str | None:
            if not text or not all(c.isalnum() or c in "_.:-" for c in text):
                return tr("editor.prompt.bad_id")
            if text != item.id and text in self.doc.ids(what):
                return tr("editor.prompt.taken", id=text)
            if text != item.id:
                self.do(edits.rename(self.doc, item, text))
            return None

        self.prompt = Prompt(tr("editor.prompt.rename"), item.id, ok, tr("editor.prompt.id_note"))

    def _act_cycle_kind(self, step: int) -> None:
        item = self.selected_item()
        if item is None or item.what != "piece":
            return
        kinds = DRAW_MODULES if item.layer == "module" else DRAW_TERRAIN
        i = kinds.index(item.kind) if item.kind in kinds else -step
        self.do(edits.set_kind(self.doc, item, kinds[(i + step) % len(kinds)]))

    def _act_gate(self, is_open: bool) -> None:
        item = self.selected_item()
        if item is not None:
            self.do(edits.set_field(item, "open", is_open))

    def _act_structure(self, step: int) -> None:
        item = self.selected_item()
        if item is None:
            return
        value = self.doc.get((*item.ref, "structure"), None)
        if step == 0:
            new: Any = MISSING
        else:
            start = value if isinstance(value, int) else (8 if item.kind == "gate" else 6)
            new = max(1, min(1000, start + step))
        self.do(edits.set_field(item, "structure", new))

    def _act_overwatch(self, on: bool) -> None:
        item = self.selected_item()
        if item is not None:
            self.do(edits.set_field(item, "overwatch", True if on else MISSING))

    def _act_cycle_profile(self, step: int) -> None:
        item = self.selected_item()
        if item is None or item.what != "figure":
            return
        names = self.profiles
        i = names.index(item.kind) if item.kind in names else -step
        self.do(edits.set_profile(self.doc, item, names[(i + step) % len(names)]))

    def _act_cycle_loadout(self, step: int) -> None:
        item = self.selected_item()
        if item is None or item.what != "figure":
            return
        choices = edits.loadouts(self.look.rules, item.kind)
        if len(choices) < 2:
            return
        i = edits.loadout_index(self.doc, item, self.look.rules)
        i = -step if i is None else i
        self.do(edits.set_loadout(self.doc, item, self.look.rules, (i + step) % len(choices)))

    def _act_threat(self, threat: str) -> None:
        self.threat = threat
        self.do(edits.set_threat(self.doc, threat))

    def _act_name(self) -> None:
        def ok(text: str) -> str | None:
            if not text:
                return tr("editor.prompt.empty")
            if text != self.doc.name:
                self.do(edits.set_value(("scenario", "name"), text, tr("editor.cmd.name")))
            return None

        self.prompt = Prompt(tr("editor.prompt.name"), self.doc.name, ok)

    def _act_board(self) -> None:
        w, h = self.doc.board_size()

        def ok(text: str) -> str | None:
            a, sep, b = text.lower().replace("×", "x").replace(" ", "").partition("x")
            try:
                size = (float(a), float(b))
            except ValueError:
                return tr("editor.prompt.bad_board", max=f"{MAX_BOARD_CM:g}")
            if not sep or not all(10 <= v <= MAX_BOARD_CM for v in size):
                return tr("editor.prompt.bad_board", max=f"{MAX_BOARD_CM:g}")
            nw, nh = (number(v) for v in size)
            cmd = Batch(
                [
                    SetValue(("board", "width_cm"), float(nw)),
                    SetValue(("board", "height_cm"), float(nh)),
                ],
                tr("editor.cmd.board"),
            )
            self.do(cmd)
            self.camera.board_size = self.doc.board_size()
            self.camera.fit()
            return None

        self.prompt = Prompt(
            tr("editor.prompt.board"), f"{w:g} x {h:g}", ok, tr("editor.prompt.board_note")
        )

    def _act_max_rounds(self, step: int) -> None:
        value = self.doc.get(("scenario", "max_rounds"), 10)
        value = value if isinstance(value, int) else 10
        self.do(edits.set_value(("scenario", "max_rounds"), max(1, min(1000, value + step))))

    def _act_budget(self, step: int) -> None:
        side = self.doc.raid_side()
        if side is None:
            return
        value = self.doc.get(("side", side, "raid", "budget"), None)
        if step == 0:
            self.do(edits.set_raid(self.doc, "budget", MISSING))
            return
        start = value if isinstance(value, int | float) else math.floor(self.auto_budget())
        self.do(edits.set_raid(self.doc, "budget", number(max(1, start + step))))

    def _act_waves(self, step: int) -> None:
        side = self.doc.raid_side()
        if side is None:
            return
        value = self.doc.get(("side", side, "raid", "waves"), None)
        choices: list[Any] = [None, *WAVES]
        if value not in choices:
            choices.insert(1, value)
        new = choices[(choices.index(value) + step) % len(choices)]
        self.do(edits.set_raid(self.doc, "waves", MISSING if new is None else new))

    def _act_wave_every(self, step: int) -> None:
        side = self.doc.raid_side()
        if side is None:
            return
        value = self.doc.get(("side", side, "raid", "wave_every"), None)
        start = value if isinstance(value, int) else 2
        self.do(edits.set_raid(self.doc, "wave_every", max(1, min(100, start + step))))

    def _act_objective(self, kind: str) -> None:
        self.do(edits.set_objective(self.doc, kind))

    def _act_key_point(self, step: int) -> None:
        ids = [
            str(t["id"]) for _, t in self.doc.tables(("module",)) if isinstance(t.get("id"), str)
        ]
        if not ids:
            self.say(tr("editor.msg.no_modules"))
            return
        value = self.doc.get(("objective", "key_point"), None)
        i = ids.index(value) if value in ids else -step
        self.do(edits.set_value(("objective", "key_point"), ids[(i + step) % len(ids)]))

    def _act_objective_rounds(self, step: int) -> None:
        value = self.doc.get(("objective", "rounds"), edits.OBJECTIVE_ROUNDS)
        value = value if isinstance(value, int) else edits.OBJECTIVE_ROUNDS
        self.do(edits.set_value(("objective", "rounds"), max(1, min(1000, value + step))))

    def _act_overlay(self, name: str) -> None:
        if name in self.shown:
            self.shown.remove(name)
            return
        self.shown = [n for n in OVERLAY_NAMES if n in self.shown or n == name]
        if (
            name == "heat"
            and self.heat is None
            and (self.heat_job is None or not self.heat_job.running)
        ):
            self.run_heat()
        elif name != "heat" and not self.report.drawable:
            self.say(tr("editor.msg.overlays_need_valid", n=len(self.report.problems)))

    def _act_heat_games(self, step: int) -> None:
        steps = GAMES_STEPS
        i = steps.index(self.heat_games) if self.heat_games in steps else 3
        self.heat_games = steps[max(0, min(len(steps) - 1, i + step))]

    def _act_heat_run(self) -> None:
        self.run_heat()

    def _act_heat_cancel(self) -> None:
        if self.heat_job is not None:
            self.heat_job.cancel()
            self.say(tr("editor.msg.heat_cancelled"))

    def _act_problem(self, index: int) -> None:
        if index >= len(self.report.problems):
            return
        problem = self.report.problems[index]
        self.problem_index = index
        if problem.ref is None:
            self.say(problem.text)
            if problem.field.endswith("raid.entry"):
                self.set_tool("entry")
            elif problem.field.startswith(("scenario", "board", "objective", "side")):
                self.tab = "raid"
            return
        self.set_tool("select")
        self.selection = problem.ref
        self.problem_index = index
        item = self.doc.item(problem.ref)
        if item is not None:
            self._show(item)

    def _show(self, item: Item) -> None:
        """Pan the table so the item is in view."""
        box = view.item_screen_box(self.camera, item)
        if not self.table.contains(box):
            target = item.at if item.at is not None else geo.centre(item.polygon)
            self.camera.centre = target
            self.camera.fitted = False

    # -- files ---------------------------------------------------------------------------
    def save(self, path: Path | None = None) -> bool:
        """Write the scenario (asking for a file name the first time)."""
        target = path or self.doc.file
        if target is None:
            self.save_as()
            return False
        try:
            files.write_atomic(target, self.doc.to_text())
        except OSError as exc:
            self.say(
                tr("editor.msg.save_failed", file=str(target), reason=exc.strerror or str(exc))
            )
            return False
        self.doc.file = target
        self.history.mark_saved()
        self._caption()
        report = self.validate()
        if report.ok:
            self.say(tr("editor.msg.saved", file=str(target)))
        else:
            self.say(tr("editor.msg.saved_with_problems", file=str(target), n=len(report.problems)))
        return True

    def save_as(self) -> None:
        default = self.doc.file or Path.cwd() / f"{files.slug(self.doc.name)}.toml"

        def ok(text: str) -> str | None:
            path = Path(text).expanduser()
            if path.suffix.lower() != ".toml":
                return tr("editor.prompt.need_toml")
            if not path.parent.is_dir():
                return tr("editor.prompt.no_folder", folder=str(path.parent))
            return None if self.save(path) else self.message

        self.prompt = Prompt(tr("editor.prompt.save_as"), str(default), ok)

    def recover(self) -> Path | None:
        """Write unsaved work to `<name>.recovered.toml` (beside its file, else in the
        working folder, else at home) when the window is lost; the file written, or
        None when nothing was unsaved or nothing could be written."""
        if not self.history.dirty:
            return None
        stem = self.doc.file.stem if self.doc.file is not None else files.slug(self.doc.name)
        folders = [self.doc.file.parent] if self.doc.file is not None else []
        for folder in [*folders, Path.cwd(), Path.home()]:
            path = folder / f"{stem}.recovered.toml"
            try:
                files.write_atomic(path, self.doc.to_text())
            except OSError:
                log.warning("cannot write the recovery file %s", path)
                continue
            return path
        return None

    def scratch_file(self, stem: str) -> Path:
        """The scenario as it is now, in a file of the editor's work folder."""
        path = self.workdir / f"{stem}.toml"
        files.write_atomic(path, self.doc.to_text())
        return path

    # -- background work ----------------------------------------------------------------
    def run_heat(self) -> None:
        """Simulate raids for the heat map in a worker process."""
        report = self.validate()
        if not report.ok or report.notes:
            why = (
                report.notes[0] if report.ok else tr("editor.msg.fix_first", n=len(report.problems))
            )
            self.say(tr("editor.msg.heat_needs", what=why))
            return
        if self.heat_job is not None and self.heat_job.running:
            return
        scenario = self.scratch_file(f"heat-{self.doc.version}")
        out = self.workdir / f"heat-{self.doc.version}.json"
        args = [str(scenario), str(out), "--games", str(self.heat_games)]
        if self.options.heat_workers:
            args += ["--workers", str(self.options.heat_workers)]
        self.heat_job = ProcessJob("heat", args).start()
        self._heat_for = (self.doc.version, out)
        if "heat" not in self.shown:
            self.shown = [n for n in OVERLAY_NAMES if n in self.shown or n == "heat"]
        self.tab = "defence"
        self.say(tr("editor.msg.heat_started", games=self.heat_games))

    def export_map(self) -> None:
        """Print the map (the overlays shown) to a PNG or a PDF at true size."""
        report = self.validate()
        if not report.drawable:
            self.say(tr("editor.msg.fix_first", n=len(report.problems)))
            return
        if self.doc.file is not None:
            default = self.doc.file.with_name(f"{self.doc.file.stem}-map.pdf")
        else:
            default = Path.cwd() / f"{files.slug(self.doc.name)}-map.pdf"

        def ok(text: str) -> str | None:
            path = Path(text).expanduser()
            if path.suffix.lower() not in (".png", ".pdf"):
                return tr("editor.prompt.need_map_suffix")
            if not path.parent.is_dir():
                return tr("editor.prompt.no_folder", folder=str(path.parent))
            self.start_export(path)
            return None

        self.prompt = Prompt(
            tr("editor.prompt.export"), str(default), ok, tr("editor.prompt.export_note")
        )

    def start_export(self, path: Path) -> None:
        scenario = self.scratch_file(f"export-{self.doc.version}")
        shown = [n for n in self.shown if n != "heat" or self.heat is not None]
        args = [str(scenario), str(path), "--overlays", ",".join(shown)]
        args += ["--dpi", f"{self.options.export_dpi:g}"]
        if "heat" in shown and self._heat_points_file is not None:
            args += ["--heat", str(self._heat_points_file)]
        self.export_job = ProcessJob("export", args).start()
        self.say(tr("editor.msg.exporting", file=str(path)))

    def poll_jobs(self) -> None:
        for result in self.overlay_job.poll():
            if result.error:
                log.warning("overlay %s failed: %s", result.name, result.error)
                self.say(
                    tr(
                        "editor.msg.overlay_failed",
                        name=tr(f"planner.overlay.{result.name}"),
                        reason=result.error,
                    )
                )
            self.overlay_values[result.name] = result
        job = self.heat_job
        if job is not None and not job.running:
            self.heat_job = None
            self._heat_done(job)
        job = self.export_job
        if job is not None and not job.running:
            self.export_job = None
            if job.error:
                self.say(tr("editor.msg.export_failed", reason=job.error))
            elif job.result:
                self.say(tr("editor.msg.exported", file=job.result[0]))

    def _heat_done(self, job: ProcessJob) -> None:
        if job.cancelled:
            return
        version, out = self._heat_for
        if job.error or not out.is_file():
            self.say(tr("editor.msg.heat_failed", reason=job.error or "no result"))
            return
        points = heat_from_json(json.loads(out.read_text(encoding="utf-8")))
        w, h = self.doc.board_size()
        self.heat = heat_map(points, w, h)
        self.heat_version = version
        self._heat_points_file = out
        self.heat_summary = tr(
            "editor.defence.heat_summary",
            raids=count_text("planner.raids", points.games),
            attackers=len(points.points["attackers"]),
            defenders=len(points.points["defenders"]),
            breaches=len(points.points["breaches"]),
        )
        self.say(self.heat_summary)

    def request_overlays(self) -> None:
        """Ask the overlay thread for what is shown and not yet computed for this
        version (once the document has settled and no drag is under way)."""
        names = tuple(n for n in self.shown if n != "heat")
        report = self.report
        if not names or self.report_stale or report.scenario is None:
            return
        if self.tool.busy or self.clock_s - self.changed_at < SETTLE_S:
            return
        version = self.doc.version
        missing = tuple(
            n
            for n in names
            if (n not in self.overlay_values or self.overlay_values[n].version != version)
            and self._requested.get(n) != version
        )
        if not missing:
            return
        self._requested.update((n, version) for n in missing)
        self.overlay_job.request(version, report.scenario, missing)

    def overlays(self) -> DefenceOverlays | None:
        """The latest overlays of each kind shown (composed once per change)."""
        parts: dict[str, Any] = {}
        for name in self.shown:
            if name == "heat":
                parts["heat"] = self.heat
            elif name in self.overlay_values and self.overlay_values[name].error is None:
                parts[name] = self.overlay_values[name].value
        key = tuple((n, id(v)) for n, v in parts.items())
        if self._composed is None or self._composed[0] != key:
            self._composed = (
                key,
                DefenceOverlays(parts),
            )
        return self._composed[1]

    def own_field(self) -> FieldOfFire | None:
        """The selected defender's own field of fire, while the fields are shown."""
        item = self.selected_item()
        overlays = self.overlays()
        if item is None or item.what != "figure" or "fire" not in self.shown:
            return None
        if overlays is None or overlays.fire is None:
            return None
        return next((f for f in overlays.fire.each if f.figure == item.id), None)

    def own_name(self) -> str | None:
        """The name of the defender whose field is highlighted (for the legend)."""
        field = self.own_field()
        if field is None:
            return None
        return next((f.name for f in self.look.figures if f.id == field.figure), field.figure)

    def overlay_status(self) -> str:
        """'computing …', 'outdated' or '' for the overlays header."""
        version = self.doc.version
        names = [n for n in self.shown if n != "heat"]
        if not names:
            return ""
        if not self.report.drawable:
            return tr("editor.defence.outdated")
        if any(
            n not in self.overlay_values or self.overlay_values[n].version != version for n in names
        ):
            return tr("editor.defence.computing")
        return ""

    # -- the test raid ----------------------------------------------------------------
    def test_raid(self) -> None:
        """Play the scenario as it is (saved to a scratch file if there are unsaved
        changes); closing the play window comes back here."""
        report = self.validate()
        if not report.ok:
            self.say(tr("editor.msg.fix_first", n=len(report.problems)))
            if report.problems:
                self._act_problem(0)
            return
        if report.notes:
            self.say(report.notes[0])
            return
        if self.doc.file is not None and not self.history.dirty:
            path = self.doc.file
        else:
            path = self.scratch_file(f"test-raid-{self.doc.version}")
        size = self.screen.get_size()
        self.raid_count += 1
        try:
            play_raid(
                path, size, self.options.settings, frames=self.raid_frames, heat=self.raid_heat()
            )
        except Exception as exc:  # the play window failing must not lose the edit
            log.exception("test raid failed")
            self.say(tr("editor.msg.raid_failed", reason=f"{type(exc).__name__}: {exc}"))
        self.reopen(size)

    def raid_heat(self) -> HeatMap | None:
        """The heat map for a test raid: only one simulated on this very layout."""
        return self.heat if self.heat_version == self.doc.version else None

    def reopen(self, size: tuple[int, int]) -> None:
        """The window again after the play window shut pygame down. When the screen
        does not come back, the unsaved work is written to a recovery file first and
        `display.NoDisplay` names it (the editor never runs on without a window)."""
        try:
            self.screen = display.reopen_window(size, self.options.frames)
        except display.NoDisplay as exc:
            saved = self.recover()
            if saved is None:
                raise
            raise display.NoDisplay(
                f"{exc} {tr('newcomer.display.recovered', file=str(saved))}"
            ) from exc
        pygame.key.set_repeat(300, 40)
        pygame.event.clear()
        self.look = TableLook()
        self.overlay_layer = OverlayLayer()
        self._caption()
        self.relayout(size)

    # -- events -----------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            self.relayout(self.screen.get_size())
            return
        if hasattr(event, "pos") and event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ):
            self.mouse = event.pos
        if self.prompt is not None:
            self.prompt.handle(event)
            if self.prompt.closed:
                self.prompt = None
                pygame.key.stop_text_input()
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.table.collidepoint(self.mouse):
                self.camera.zoom_at(ZOOM_STEP ** float(event.precise_y or event.y), self.mouse)
            elif self.panel is not None and self.panel[1].rect.collidepoint(self.mouse):
                self.problem_scroll = max(0, self.problem_scroll - int(event.y))
            return
        if self._panning(event):
            return
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ) and not self.table.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self._click_panel(event.pos)
            if not (self.tool.busy and event.type == pygame.MOUSEBUTTONUP):
                return
        if event.type == pygame.MOUSEMOTION and self.tool_name == "select" and not self.tool.busy:
            found = self.item_at(event.pos) if self.table.collidepoint(event.pos) else None
            self.hover = found.ref if found is not None else None
        before = self.doc.version
        self.tool.handle(event, self)
        if self.doc.version != before:
            self.changed_at = self.clock_s

    def _click_panel(self, pos: tuple[int, int]) -> None:
        buttons = list(self.bar)
        if self.panel is not None:
            buttons += self.panel[0].buttons + self.panel[1].buttons
        for b in buttons:
            if b.enabled and b.rect.collidepoint(pos) and b.value is not None:
                self.act(b.value)
                return

    def _panning(self, event: pygame.event.Event) -> bool:
        down = event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3)
        if down and self.table.collidepoint(event.pos):
            self.pan_from = event.pos
            return True
        if event.type == pygame.MOUSEMOTION and self.pan_from is not None:
            self.camera.pan(event.pos[0] - self.pan_from[0], event.pos[1] - self.pan_from[1])
            self.pan_from = event.pos
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (2, 3)
            and self.pan_from is not None
        ):
            self.pan_from = None
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """Keys: the tool's own first, then the editor's; True when one was used."""
        key, mod = event.key, event.mod
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl:
            shortcuts = {
                pygame.K_z: self.redo if shift else self.undo,
                pygame.K_y: self.redo,
                pygame.K_s: self.save_as if shift else self.save,
                pygame.K_e: self.export_map,
                pygame.K_d: lambda: self.act(("duplicate",)),
                pygame.K_q: self.request_quit,
            }
            action = shortcuts.get(key)
            if action is not None:
                action()
                return True
            return False
        if self.tool.handle(event, self):
            self.changed_at = self.clock_s
            return True
        if key == pygame.K_ESCAPE:
            if not self.tool.cancel(self):
                if self.tool_name != "select":
                    self.set_tool("select")
                else:
                    self.select(None)
            return True
        if key in toolbar.TOOL_KEYS:
            self.set_tool(toolbar.TOOL_KEYS[key])
            return True
        simple = {
            pygame.K_g: ("snap",),
            **OVERLAY_KEYS,
            pygame.K_F5: ("raid",),
            pygame.K_DELETE: ("delete",),
            pygame.K_BACKSPACE: ("delete",),
            pygame.K_r: ("turn", -15 if shift else 15),
        }
        if key in simple:
            self.act(simple[key])
            return True
        if key in (pygame.K_HOME, pygame.K_0):
            self.camera.fit()
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(ZOOM_STEP, self.table.center)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(1 / ZOOM_STEP, self.table.center)
            return True
        arrows = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1),
        }
        if key in arrows:
            dx, dy = arrows[key]
            item = self.selected_item()
            if item is not None:
                step = 10.0 if shift else 1.0
                self.do(edits.moved(item, dx * step, dy * step))
            else:
                self.camera.pan(-dx * PAN_KEY_PX, dy * PAN_KEY_PX)
            return True
        return False

    def request_quit(self) -> None:
        """Close the window; with unsaved changes only when asked twice."""
        if not self.history.dirty or (
            self.quit_armed and self.clock_s - self.quit_armed <= QUIT_ARM_S
        ):
            self.running = False
            return
        self.quit_armed = self.clock_s or 1e-9
        self.say(tr("editor.msg.unsaved_quit"))

    # -- the loop -------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.status, self.table, self.bar_rect, self.side_rect = layout(size)
        self.camera.resize(_rect4(self.table))

    def update(self, dt: float) -> None:
        self.clock_s += dt
        self.message_t = max(0.0, self.message_t - dt)
        if self.report_stale and not self.tool.busy:
            self.validate()
        if self.camera.board_size != self.doc.board_size():
            self.camera.board_size = self.doc.board_size()
            self.camera.fit()
        self.look.update(self.doc)
        self.poll_jobs()
        self.request_overlays()

    def frame(self, dt: float) -> None:
        for event in pygame.event.get():
            self.dispatch(event)
        self.update(dt)
        self.render()
        pygame.display.flip()
        self.frames += 1

    def run(self) -> int:
        clock = pygame.time.Clock()
        limit = self.options.frames
        try:
            while self.running:
                dt = 1 / 60 if limit is not None else min(0.25, clock.tick(self.options.fps) / 1000)
                if limit is not None:
                    clock.tick()
                self.frame(dt)
                if limit is not None and self.frames >= limit:
                    break
            if self.options.screenshot:
                path = screenshot.save(self.screen, self.options.screenshot)
                print(tr("editor.msg.screenshot", file=str(path)), file=sys.stderr)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Stop background work and remove the scratch files."""
        for job in (self.heat_job, self.export_job):
            if job is not None:
                job.cancel()
        shutil.rmtree(self.workdir, ignore_errors=True)

    # -- drawing --------------------------------------------------------------------------
    def _caption(self) -> None:
        star = " *" if self.history.dirty else ""
        pygame.display.set_caption(
            tr("editor.caption", name=self.doc.name, file=self.doc.file_name) + star
        )

    def render(self) -> None:
        screen = self.screen
        screen.fill(style.BACKGROUND)
        self.look.update(self.doc)
        self.draw_table(screen)
        left = tr("editor.status", name=self.doc.name, file=self.doc.file_name)
        if self.history.dirty:
            left += " · " + tr("editor.modified")
        right = self.message if self.message_t > 0 else self.tool.hint(self)
        hud.draw_status(screen, self.status, left, right, alert=self.message_t > 0)
        self.bar = toolbar.buttons(self, self.bar_rect)
        toolbar.draw(screen, self.bar_rect, self.bar, self.mouse)
        self.draw_side(screen)
        self._tooltip(screen)
        if self.prompt is not None:
            pygame.key.start_text_input()
            self.prompt.draw(screen, self.mouse)

    def draw_table(self, screen: pygame.Surface) -> None:
        cam, area = self.camera, self.table
        screen.set_clip(area)
        look = self.look
        look.terrain.draw(screen, cam, look.board, [])  # entries: their labels go on top
        if self.options.ruins or self.options.planned:
            built = (self.options.ruins, self.options.planned)
            draw_campaign_marks(screen, cam, self.doc.items(), *built)
        draw_entry_zones(screen, cam, look.entries)
        items = self.doc.items()
        deploy = [it for it in items if it.what == "deploy"]
        view.draw_deploy_zones(screen, cam, deploy)
        self.overlay_layer.draw(screen, cam, area, self.overlays(), self.shown, self.own_field())
        selected = self.selected_item()
        hovered = self.doc.item(self.hover) if self.hover is not None else None
        marks = Marks(
            selected=selected.id if selected is not None and selected.what == "figure" else None,
            hovered=hovered.id if hovered is not None and hovered.what == "figure" else None,
        )
        tags = [*entry_tags(cam, look.entries, 12, style.TEXT, style.INK)]
        tags += view.deploy_tags(cam, deploy)
        view.draw_table_figures(screen, cam, look.figures, look.side_index, marks, look.board, tags)
        if selected is not None:
            view.draw_selection(screen, cam, selected, self.radius_of(selected))
        bad = self.report.refs() if not self.report_stale else set()
        radius = {it.ref: self.radius_of(it) for it in items if it.at is not None}
        chosen = None
        if self.problem_index is not None and self.problem_index < len(self.report.problems):
            chosen = self.report.problems[self.problem_index].ref
        view.draw_problems(screen, cam, [it for it in items if it.ref in bad], radius, chosen)
        if hovered is not None and (selected is None or hovered.ref != selected.ref):
            view.outline(screen, cam, hovered, style.WHITE, 1, self.radius_of(hovered))
        if selected is not None:
            facing = self.facing_of(selected)
            view.draw_handles(screen, cam, selected, facing, self.radius_of(selected))
        self.tool.draw(screen, self)
        view.draw_scale_bar(screen, cam, self.options.units)
        screen.set_clip(None)

    def draw_side(self, screen: pygame.Surface) -> None:
        rect = self.side_rect
        pygame.draw.rect(screen, style.PANEL, rect)
        pygame.draw.line(screen, style.PANEL_EDGE, rect.topleft, rect.bottomleft)
        self.panel = sidebar.build(self, rect)
        top, bottom = self.panel
        pygame.draw.line(
            screen, style.PANEL_EDGE, (rect.x, bottom.rect.y), (rect.right, bottom.rect.y)
        )
        top.draw(screen, self.mouse)
        bottom.draw(screen, self.mouse)

    def _tooltip(self, screen: pygame.Surface) -> None:
        buttons = list(self.bar)
        if self.panel is not None:
            buttons += self.panel[0].buttons
        for b in buttons:
            if b.rect.collidepoint(self.mouse) and getattr(b, "tooltip", ""):
                tooltip(screen, b.tooltip, self.mouse)
                return


def run(doc: Document, options: EditorOptions | None = None) -> int:
    """Open the editor on a document and edit until the window is closed."""
    try:
        app = EditorApp(doc, options)
        return app.run()
    finally:
        pygame.quit()
