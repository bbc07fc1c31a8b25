"""The bar under the editor's table: the tools, snapping, undo and redo, saving and
the test raid, each with its key."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.ui.render import style
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.editor.app import EditorApp

TOOLS = (
    ("select", "V"),
    ("draw", "P"),
    ("preset", "L"),
    ("defender", "D"),
    ("entry", "E"),
    ("deploy", "Z"),
)
TOOL_KEYS = {
    pygame.K_v: "select",
    pygame.K_p: "draw",
    pygame.K_l: "preset",
    pygame.K_d: "defender",
    pygame.K_e: "entry",
    pygame.K_z: "deploy",
}
GAP = 6
GROUP_GAP = 18
HEIGHT = 36


def buttons(app: EditorApp, rect: pygame.Rect) -> list[Button]:
    """The bar's buttons, laid out left to right in groups (compact when narrow)."""
    groups: list[list[Button]] = [
        [
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr(f"editor.tool.{name}"),
                ("tool", name),
                key,
                tooltip=tr(f"editor.hint.{name}").split(" · ")[0],
                active=app.tool_name == name,
            )
            for name, key in TOOLS
        ],
        [
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr("editor.bar.snap"),
                ("snap",),
                "G",
                tooltip=tr("editor.bar.snap_tip"),
                active=app.snap,
            ),
        ],
        [
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr("editor.bar.undo"),
                ("undo",),
                "^Z",
                enabled=app.history.can_undo,
                tooltip=tr("editor.bar.undo_tip"),
            ),
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr("editor.bar.redo"),
                ("redo",),
                "^Y",
                enabled=app.history.can_redo,
                tooltip=tr("editor.bar.redo_tip"),
            ),
        ],
        [
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr("editor.bar.save"),
                ("save",),
                "^S",
                tooltip=tr("editor.bar.save_tip"),
            ),
            Button(
                pygame.Rect(0, 0, 0, 0),
                tr("editor.bar.raid"),
                ("raid",),
                "F5",
                enabled=app.report.ok and not app.report.notes,
                tooltip=tr("editor.bar.raid_tip"),
            ),
        ],
    ]
    flat = [b for g in groups for b in g]
    room = rect.width - 2 * GAP - GAP * (len(flat) - len(groups)) - GROUP_GAP * (len(groups) - 1)
    fit_bar(flat, room)
    x = rect.x + GAP
    y = rect.centery - HEIGHT // 2
    for group in groups:
        for b in group:
            b.rect = pygame.Rect(x, y, b.width_for(), HEIGHT)
            x += b.rect.width + GAP
        x += GROUP_GAP - GAP
    return flat


SIZES = (14, 13, 12, 11)
"""Label sizes tried, largest first, before any button drops its label."""


def fit_bar(flat: list[Button], room: int) -> None:
    """Make the buttons fit `room` px: smaller labels first; only when even the
    smallest do not fit, undo/redo and then the tools show just their hotkey (their
    tooltip names them)."""

    def width() -> int:
        return sum(b.width_for() for b in flat)

    for size in SIZES:
        for b in flat:
            b.size = size
        if width() <= room:
            return
    shrink = [b for b in flat if b.value[0] in ("undo", "redo")]
    shrink += [b for b in reversed(flat) if b.value[0] == "tool"]
    for b in shrink:
        if width() <= room:
            break
        b.compact = True


def draw(
    surface: pygame.Surface, rect: pygame.Rect, bar: list[Button], mouse: tuple[int, int]
) -> None:
    pygame.draw.rect(surface, style.PANEL, rect)
    pygame.draw.line(surface, style.PANEL_EDGE, rect.topleft, rect.topright)
    for b in bar:
        b.draw(surface, b.enabled and b.rect.collidepoint(mouse))
