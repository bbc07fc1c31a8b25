"""The editor's side panel, laid out each frame from the editor's state:

- tabs: Build (the tool's palette, or the selected item's properties), Raid (name,
  board, rounds; threat, budget, waves; objective), Defence (the overlays, the
  heat map's simulation with its progress, the map export);
- below them, always: the problems `check` finds, each a button that selects the
  item it is about, and what a test raid still needs.

Every button's value is an action tuple the editor carries out (`EditorApp.act`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.board.terrain import TerrainKind
from game.i18n import tr
from game.naming import say
from game.overlays import OVERLAY_NAMES
from game.ui import fonts
from game.ui.editor import edits
from game.ui.editor import geometry as geo
from game.ui.editor.document import Document, Item
from game.ui.editor.presets import DRAW_MODULES, DRAW_TERRAIN, PRESETS, Preset
from game.ui.editor.validation import Problem, Report
from game.ui.editor.widgets import Cell, Column, Swatch
from game.ui.overlay_draw import (
    DEAD,
    FIRE_NORMAL,
    HEAT_COLOUR,
    HEAT_GLYPH,
    HEAT_STYLE,
    THREAT,
    LegendEntry,
    draw_swatch,
    hatched,
    legend_entries,
)
from game.ui.render import draw, icons, style
from game.ui.render.terrain import ICON_OF
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.editor.app import EditorApp

TABS = ("build", "raid", "defence")
PROBLEMS_SHARE = 0.3
PROBLEMS_MIN = 150
SWATCH_SCALE = 3.0
"""px per cm of the overlay toggles' little samples."""
OVERLAY_KEYS = {"fire": "1", "dead": "2", "threat": "3", "heat": "4"}
LEGEND = {
    "fire": LegendEntry("fire", "", "area", FIRE_NORMAL),
    "dead": LegendEntry("dead", "", "area", DEAD),
    "threat": LegendEntry("threat", "", "line", None, THREAT),
    "heat": LegendEntry(
        "heat",
        "",
        "heat",
        HEAT_STYLE["attackers"],
        HEAT_COLOUR["attackers"],
        HEAT_GLYPH["attackers"],
    ),
}


# -- swatches -----------------------------------------------------------------------------


def kind_swatch(kind: str) -> Swatch:
    """A little sample of a terrain kind (its fill and hatching, a module's icon)."""
    tk = TerrainKind(kind)
    st = style.terrain_style(tk)

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.TABLE, rect)
        surface.blit(hatched(rect.size, (0, 0), st, st.spacing, 1), rect.topleft)
        pygame.draw.rect(surface, st.outline, rect, 1)
        if tk in ICON_OF:
            ic = icons.icon(ICON_OF[tk], rect.height - 2)
            surface.blit(ic, ic.get_rect(center=rect.center))

    return paint


def preset_swatch(preset: Preset) -> Swatch:
    """The preset's outline, scaled into the swatch, in its kind's colours."""
    st = style.terrain_style(TerrainKind(preset.kind))

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.TABLE, rect)
        x0, y0, x1, y1 = geo.bbox(preset.outline)
        s = min((rect.width - 4) / max(x1 - x0, 1), (rect.height - 4) / max(y1 - y0, 1))
        w, h = (x1 - x0) * s, (y1 - y0) * s
        ox, oy = rect.centerx - w / 2, rect.centery + h / 2
        pts = [(ox + (x - x0) * s, oy - (y - y0) * s) for x, y in preset.outline]
        pygame.draw.polygon(surface, st.fill[:3], pts)
        pygame.draw.polygon(surface, st.outline if st.outline != (8, 8, 8) else style.INK, pts, 1)

    return paint


def figure_swatch(side: int) -> Swatch:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        r = min(rect.width, rect.height) / 2 - 1
        colour = style.side_colour(side)
        pygame.draw.circle(surface, style.INK, rect.center, r + 1)
        pygame.draw.circle(surface, colour, rect.center, r)
        draw.draw_glyph(surface, style.side_shape(side), rect.center, r * 0.55, style.INK)

    return paint


def legend_swatch(name: str) -> Swatch:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_swatch(surface, rect, LEGEND[name], SWATCH_SCALE)

    return paint


# -- the panel -----------------------------------------------------------------------------


def build(app: EditorApp, rect: pygame.Rect) -> tuple[Column, Column]:
    """The tab area and the problems area of the side panel."""
    problems_h = max(PROBLEMS_MIN, round(rect.height * PROBLEMS_SHARE))
    top = pygame.Rect(rect.x, rect.y, rect.width, rect.height - problems_h)
    bottom = pygame.Rect(rect.x, top.bottom, rect.width, problems_h)
    col = Column(top)
    col.row(None, [Cell(tr(f"editor.tab.{t}"), ("tab", t), active=app.tab == t) for t in TABS])
    col.space(4)
    if app.tab == "build":
        build_tab(app, col)
    elif app.tab == "raid":
        raid_tab(app, col)
    else:
        defence_tab(app, col)
    return col, problems(app, bottom)


def build_tab(app: EditorApp, col: Column) -> None:
    tool = app.tool_name
    if tool == "select":
        item = app.selected_item()
        if item is None:
            col.header(tr("editor.props.title"))
            col.text(tr("editor.props.none"))
            col.header(tr("editor.start.title"))
            for i in range(1, 7):
                col.text(tr(f"editor.start.step{i}"), style.TEXT)
        else:
            properties(app, col, item)
    elif tool == "draw":
        col.header(tr("editor.palette.terrain"))
        col.grid([_kind_cell(app, k) for k in DRAW_TERRAIN])
        col.header(tr("editor.palette.modules"))
        col.grid([_kind_cell(app, k) for k in DRAW_MODULES])
        col.text(tr("editor.palette.draw_note"))
    elif tool == "preset":
        col.header(tr("editor.palette.presets"))
        col.grid(
            [
                Cell(
                    tr(f"editor.preset.{p.key}"),
                    ("preset", p.key),
                    active=app.preset == p.key,
                    swatch=preset_swatch(p),
                    tooltip=_size_text(p),
                )
                for p in PRESETS
            ]
        )
        col.text(tr("editor.palette.preset_note"))
    elif tool == "defender":
        side = app.doc.defending_side()
        placed = {it.kind.casefold() for it in app.doc.figures()}
        col.header(tr("editor.palette.defenders"))
        col.grid(
            [
                Cell(
                    say("editor.palette.placed", name=name)
                    if name.casefold() in placed and app.look.rules.profile(name).core
                    else name,
                    ("profile", name),
                    active=app.profile == name,
                    swatch=figure_swatch(side or 0),
                    tooltip=_profile_text(app, name),
                )
                for name in app.profiles
            ]
        )
        col.text(tr("editor.palette.defender_note"))
    else:
        col.header(tr(f"editor.tool.{tool}"))
        col.text(tr(f"editor.palette.{tool}_note"))
        if tool == "entry" and app.doc.raid_side() is None:
            threat_row(app, col)


def _kind_cell(app: EditorApp, kind: str) -> Cell:
    return Cell(
        tr(f"ui.table.kind.{kind}"),
        ("kind", kind),
        active=app.draw_kind == kind,
        swatch=kind_swatch(kind),
        tooltip=tr(f"editor.kind_tip.{kind}"),
    )


def _size_text(preset: Preset) -> str:
    x0, y0, x1, y1 = geo.bbox(preset.outline)
    return tr("editor.palette.size", w=f"{x1 - x0:g}", h=f"{y1 - y0:g}")


def _profile_text(app: EditorApp, name: str) -> str:
    p = app.look.rules.profile(name)
    return say(
        "editor.palette.profile_tip",
        name=p.name,
        archetype=p.archetype or tr("editor.palette.extra"),
        tp=p.tp,
        weapons=", ".join(p.weapons),
    )


def properties(app: EditorApp, col: Column, item: Item) -> None:
    """The selected item: what it is, and buttons for what can be changed."""
    doc = app.doc
    table = doc.table(item.ref)
    if item.what == "piece":
        title = tr("editor.props.piece", kind=tr(f"ui.table.kind.{item.kind}"), id=item.id)
    elif item.what == "figure":
        title = say("editor.props.figure", profile=item.kind, id=item.id)
    elif item.what == "entry":
        title = tr("editor.props.entry", id=item.id)
    else:
        title = tr("editor.props.deploy", side=item.label or item.id)
    col.header(title)
    if item.what in ("piece", "figure", "entry"):
        col.row(
            tr("editor.props.id"), [Cell(item.id, ("rename",), tooltip=tr("editor.props.rename"))]
        )
    if item.what == "piece":
        col.row(
            tr("editor.props.kind"),
            [
                Cell("◀", ("cycle_kind", -1), weight=0.4),
                Cell(tr(f"ui.table.kind.{item.kind}"), None),
                Cell("▶", ("cycle_kind", 1), weight=0.4),
            ],
        )
        if item.kind == "gate":
            is_open = table.get("open") is True
            col.row(
                tr("editor.props.gate"),
                [
                    Cell(tr("editor.props.closed"), ("gate", False), active=not is_open),
                    Cell(tr("editor.props.open"), ("gate", True), active=is_open),
                ],
            )
        if item.kind in ("gate", "barricade") and item.layer == "module":
            value = table.get("structure")
            shown = str(value) if isinstance(value, int) else tr("editor.props.default")
            col.row(
                tr("editor.props.structure"),
                [
                    Cell("−", ("structure", -1), weight=0.4),
                    Cell(shown, ("structure", 0), tooltip=tr("editor.props.structure_tip")),
                    Cell("+", ("structure", 1), weight=0.4),
                ],
            )
    if item.what == "figure":
        facing = app.facing_of(item)
        col.row(
            tr("editor.props.facing"),
            [
                Cell("⟲", ("turn", 15), weight=0.4, hotkey=""),
                Cell(f"{facing:g}°", None),
                Cell("⟳", ("turn", -15), weight=0.4),
            ],
        )
        watching = table.get("overwatch") is True
        col.row(
            tr("editor.props.overwatch"),
            [
                Cell(tr("editor.props.off"), ("overwatch", False), active=not watching),
                Cell(tr("editor.props.on"), ("overwatch", True), active=watching),
            ],
        )
        col.row(
            tr("editor.props.profile"),
            [
                Cell("◀", ("cycle_profile", -1), weight=0.4),
                Cell(item.kind, None),
                Cell("▶", ("cycle_profile", 1), weight=0.4),
            ],
        )
        weapons_row(app, col, item)
    elif item.what in ("piece", "entry", "deploy"):
        col.row(
            tr("editor.props.turn"),
            [Cell("⟲ 15°", ("turn", 15), hotkey="R"), Cell("⟳ 15°", ("turn", -15))],
        )
        x0, y0, x1, y1 = geo.bbox(item.polygon)
        col.text(
            tr("editor.props.box", x=f"{x0:g}", y=f"{y0:g}", w=f"{x1 - x0:g}", h=f"{y1 - y0:g}")
        )
    actions = [Cell(tr("editor.props.delete"), ("delete",), hotkey="Del")]
    if item.what in ("piece", "figure"):
        actions.insert(0, Cell(tr("editor.props.duplicate"), ("duplicate",), hotkey="^D"))
    col.space(4)
    col.row(None, actions)


def weapons_row(app: EditorApp, col: Column, item: Item) -> None:
    """A defender's weapons, cycled through its profile's choices (the militia's
    pistol or spear); nothing when the profile has no choice."""
    rules = app.look.rules
    choices = edits.loadouts(rules, item.kind)
    if len(choices) < 2:
        return
    index = edits.loadout_index(app.doc, item, rules)
    shown = ", ".join(choices[index]) if index is not None else tr("editor.props.own_weapons")
    col.row(
        tr("editor.props.weapons"),
        [
            Cell("◀", ("cycle_loadout", -1), weight=0.4),
            Cell(shown, None, tooltip=tr("editor.props.weapons_tip")),
            Cell("▶", ("cycle_loadout", 1), weight=0.4),
        ],
    )


def threat_row(app: EditorApp, col: Column) -> None:
    threat = app.current_threat()
    col.row(
        tr("editor.raid.threat"),
        [
            Cell(tr("editor.threat.infected"), ("threat", "infected"), active=threat == "infected"),
            Cell(tr("editor.threat.raiders"), ("threat", "raiders"), active=threat == "raiders"),
        ],
    )


def raid_tab(app: EditorApp, col: Column) -> None:
    doc = app.doc
    info = doc.table(("scenario",))
    col.header(tr("editor.raid.scenario"))
    col.row(tr("editor.raid.name"), [Cell(doc.name, ("name",), tooltip=tr("editor.raid.name_tip"))])
    w, h = doc.board_size()
    col.row(
        tr("editor.raid.board"),
        [Cell(tr("editor.raid.board_size", w=f"{w:g}", h=f"{h:g}"), ("board",))],
    )
    rounds = info.get("max_rounds")
    col.row(
        tr("editor.raid.max_rounds"),
        [
            Cell("−", ("max_rounds", -1), weight=0.4),
            Cell(str(rounds), None),
            Cell("+", ("max_rounds", 1), weight=0.4),
        ],
    )
    col.header(tr("editor.raid.raid"))
    threat_row(app, col)
    side = doc.raid_side()
    if side is None:
        col.text(tr("editor.raid.no_raid"))
    else:
        raid = doc.table(("side", side, "raid"))
        budget = raid.get("budget")
        auto = app.auto_budget()
        shown = (
            f"{budget:g}"
            if isinstance(budget, int | float)
            else tr("editor.raid.auto", n=f"{auto:g}")
        )
        col.row(
            tr("editor.raid.budget"),
            [
                Cell("−", ("budget", -1), weight=0.4),
                Cell(shown, ("budget", 0), tooltip=tr("editor.raid.budget_tip")),
                Cell("+", ("budget", 1), weight=0.4),
            ],
        )
        waves = raid.get("waves")
        col.row(
            tr("editor.raid.waves"),
            [
                Cell("◀", ("waves", -1), weight=0.4),
                Cell(
                    str(waves) if waves is not None else tr("editor.raid.default"),
                    None,
                ),
                Cell("▶", ("waves", 1), weight=0.4),
            ],
        )
        every = raid.get("wave_every")
        col.row(
            tr("editor.raid.every"),
            [
                Cell("−", ("wave_every", -1), weight=0.4),
                Cell(
                    tr("editor.raid.rounds", n=every)
                    if isinstance(every, int)
                    else tr("editor.raid.default"),
                    None,
                ),
                Cell("+", ("wave_every", 1), weight=0.4),
            ],
        )
        roster = ", ".join(
            f"{e.get('profile')} ×{e.get('weight')}"
            for e in raid.get("roster", [])
            if isinstance(e, dict)
        )
        col.text(tr("editor.raid.roster", roster=roster))
    col.header(tr("editor.raid.objective"))
    objective = doc.table(("objective",))
    kind = objective.get("kind")
    col.row(
        None,
        [
            Cell(tr(f"editor.objective.{k}"), ("objective", k), active=kind == k)
            for k in ("drive_off", "hold", "protect")
        ],
    )
    if kind == "protect":
        col.row(
            tr("editor.raid.key_point"),
            [
                Cell("◀", ("key_point", -1), weight=0.4),
                Cell(_key_point(doc, objective.get("key_point")), None),
                Cell("▶", ("key_point", 1), weight=0.4),
            ],
        )
    if kind in ("hold", "protect") or "rounds" in objective:
        col.row(
            tr("editor.raid.hold_rounds"),
            [
                Cell("−", ("objective_rounds", -1), weight=0.4),
                Cell(str(objective.get("rounds", "—")), None),
                Cell("+", ("objective_rounds", 1), weight=0.4),
            ],
        )
    if kind is not None:
        col.text(tr(f"editor.objective_tip.{kind}"))


def defence_tab(app: EditorApp, col: Column) -> None:
    col.header(tr("editor.defence.overlays"), app.overlay_status())
    for name in OVERLAY_NAMES:
        col.row(
            None,
            [
                Cell(
                    tr(f"editor.defence.{name}"),
                    ("overlay", name),
                    active=name in app.shown,
                    swatch=legend_swatch(name),
                    hotkey=OVERLAY_KEYS[name],
                    tooltip=tr(f"editor.defence.{name}_tip"),
                )
            ],
        )
    legend(app, col)
    col.header(tr("editor.defence.heat_title"))
    job = app.heat_job
    if job is not None and job.running:
        col.bar(
            job.share,
            tr("editor.defence.progress", done=job.done, games=job.total or app.heat_games),
        )
        col.row(None, [Cell(tr("editor.defence.cancel"), ("heat_cancel",))])
    else:
        col.row(
            tr("editor.defence.games"),
            [
                Cell("−", ("heat_games", -1), weight=0.4),
                Cell(str(app.heat_games), None),
                Cell("+", ("heat_games", 1), weight=0.4),
            ],
        )
        col.row(None, [Cell(tr("editor.defence.run"), ("heat_run",), enabled=app.report.ok)])
        if app.heat_summary:
            col.text(app.heat_summary)
        if app.heat is not None and app.heat_version != app.doc.version:
            col.text(tr("editor.defence.heat_stale"), style.ORANGE, 12)
    col.header(tr("editor.defence.print"))
    export = app.export_job
    if export is not None and export.running:
        col.bar(export.share, tr("editor.defence.exporting"))
    else:
        col.row(
            None,
            [
                Cell(
                    tr("editor.defence.export"),
                    ("export",),
                    hotkey="^E",
                    enabled=app.report.drawable,
                )
            ],
        )
    col.text(tr("editor.defence.print_note"))


def legend(app: EditorApp, col: Column) -> None:
    """What the overlays on the table mean (the printed map's legend lines)."""
    overlays = app.overlays()
    own = app.own_name()
    entries = legend_entries(overlays, app.shown, own=own) if overlays is not None else []
    width = col.rect.width - 2 * 10 - 46
    for entry in entries:
        lines = fonts.wrap(entry.label, 12, width)
        height = max(20, 15 * len(lines) + 4)
        col.custom(height, _legend_painter(entry, lines))


def _legend_painter(entry: LegendEntry, lines: list[str]) -> Swatch:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        box = pygame.Rect(rect.x, rect.y + 2, 38, 16)
        if entry.swatch in ("area", "heat", "line", "lane", "goal"):
            draw_swatch(surface, box, entry, SWATCH_SCALE)
        y = rect.y + 2
        for line in lines:
            surface.blit(fonts.text(line, 12, style.TEXT), (box.right + 8, y))
            y += 15

    return paint


def problems_title(report: Report) -> str:
    """The problems header: how many, or none (and whether notes for a raid follow)."""
    count = len(report.problems)
    if count:
        return tr("editor.problems.title", n=count)
    return tr("editor.problems.none_notes" if report.notes else "editor.problems.none")


def problems(app: EditorApp, rect: pygame.Rect) -> Column:
    """The problems list (each selects its item; the wheel scrolls it) and what a
    raid still needs."""
    col = Column(rect)
    report = app.report
    count = len(report.problems)
    col.header(problems_title(report))
    if app.report_stale:
        col.text(tr("editor.problems.checking"))
    notes_h = sum(16 * len(fonts.wrap("• " + n, 12, rect.width - 20)) + 2 for n in report.notes)
    first = max(0, min(app.problem_scroll, count - 1))
    app.problem_scroll = first
    if first:
        col.text(tr("editor.problems.above", n=first), style.TEXT_DIM, 12)
    shown = first
    for i in range(first, count):
        problem = report.problems[i]
        lines = fonts.wrap(problem_line(app, problem), 12, rect.width - 44)
        height = 8 + 16 * len(lines) + 14
        if col.room() < height + 4 + notes_h + (18 if i < count - 1 else 0):
            break
        chosen = i == app.problem_index
        col.custom(height, _problem_painter(lines, problem.field, chosen, problem.ref is not None))
        row = pygame.Rect(rect.x + 10, col.y - height - 4, rect.width - 20, height)
        col.buttons.append(_HitBox(row, "", ("problem", i)))
        shown = i + 1
    if shown < count:
        col.text(tr("editor.problems.below", n=count - shown), style.TEXT_DIM, 12)
    for note in report.notes:
        col.text("• " + note, style.SKY, 12)
    return col


def _key_point(doc: Document, module_id: object) -> str:
    """The objective's key point as players read it ('Shelter'), or '—'."""
    return doc.module_label(module_id) if isinstance(module_id, str) else "—"


def problem_line(app: EditorApp, problem: Problem) -> str:
    """'Bruno: base overlaps …' — the item's name first, when there is an item."""
    item = app.doc.item(problem.ref) if problem.ref is not None else None
    if item is None:
        return problem.reason[:1].upper() + problem.reason[1:]
    if item.what == "piece":
        known = item.kind in {k.value for k in TerrainKind}
        who = f"{tr(f'ui.table.kind.{item.kind}')} {item.id}" if known else item.id
    elif item.what == "deploy":
        who = tr("editor.props.deploy", side=item.label or item.id)
    elif item.what == "entry":
        who = tr("editor.props.entry", id=item.label or item.id)
    else:
        who = item.id
    return f"{who}: {problem.reason}"


def _problem_painter(lines: list[str], field: str, chosen: bool, clickable: bool) -> Swatch:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        fill = (70, 44, 30) if chosen else (46, 36, 32)
        pygame.draw.rect(surface, fill, rect, border_radius=4)
        edge = style.VERMILLION if clickable else style.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, 2 if chosen else 1, border_radius=4)
        tri = [(rect.x + 10, rect.y + 5), (rect.x + 17, rect.y + 17), (rect.x + 3, rect.y + 17)]
        pygame.draw.polygon(surface, style.YELLOW, tri)
        bang = fonts.text("!", 10, style.INK, True)
        surface.blit(bang, bang.get_rect(center=(rect.x + 10, rect.y + 13)))
        y = rect.y + 4
        for line in lines:
            surface.blit(fonts.text(line, 12, style.TEXT), (rect.x + 24, y))
            y += 16
        surface.blit(fonts.text(field, 11, style.TEXT_DIM), (rect.x + 24, y))

    return paint


@dataclass
class _HitBox(Button):
    """An invisible button (the problem rows draw themselves)."""

    def draw(self, surface: pygame.Surface, hovered: bool) -> None:
        if hovered:
            pygame.draw.rect(surface, style.WHITE, self.rect, 1, border_radius=4)
