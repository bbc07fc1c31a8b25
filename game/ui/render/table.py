"""The table area of the window, drawn in two parts:

- the still picture — terrain layer, noise discs, overwatch sectors, the tool's
  areas, every figure not under way, the names and the modules' labels (placed
  clear of the bases) — kept in a screen-sized surface and redrawn
  only when its key changes (the board, the camera, any figure's state, the
  highlights, the tool);
- each frame on top: the noise pulses, figures being animated, the tool's paths and
  sight lines, the AI's attack preview and the scale bar.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game import actions as act
from game.engine import Game
from game.i18n import current_language
from game.state import Figure
from game.ui.camera import Camera
from game.ui.overlay_draw import entry_tags
from game.ui.preview import TemplatePreview
from game.ui.render import draw, markers, overlays, style
from game.ui.render.figures import Marks, draw_figures
from game.ui.render.terrain import EntryZone, TerrainLayer, module_labels

ENTRY_TEXT = 12
"""px of an entry zone's name (placed with the figures' names and the modules')."""

Point = tuple[float, float]


@dataclass
class Scene:
    """What the table shows this frame (gathered by the app)."""

    game: Game
    camera: Camera
    area: pygame.Rect
    entries: Sequence[EntryZone]
    side_index: Mapping[str, int]
    marks: Marks
    lit: frozenset[str]
    positions: Mapping[str, Point]  # figures under way (animation)
    under: Callable[[pygame.Surface], None]  # the tool's areas (under the figures)
    under_key: object
    over: Callable[[pygame.Surface], None]  # the tool's lines and labels
    entry_hover: str | None
    ai_preview: Any
    units: str
    clock: float


def figure_signature(figures: Collection[Figure]) -> tuple[object, ...]:
    """Everything about the figures that shows on the table."""
    return tuple(
        (
            f.id,
            f.x,
            f.y,
            f.facing,
            f.tp,
            f.max_tp,
            f.presence,
            f.condition,
            f.aimed,
            f.took_cover,
            f.suppressed,
            f.infected,
            f.loot,
            None if f.overwatch is None else (f.overwatch.direction, f.overwatch.angle),
        )
        for f in figures
    )


class TableView:
    """Draws the table area; caches the still picture."""

    def __init__(self) -> None:
        self.terrain = TerrainLayer(labels=False)  # module labels: placed clear of figures
        self._still: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None
        self.rebuilds = 0  # how often the still picture was redrawn (tests, benchmark)
        self._noise_born: dict[tuple[float, float, float, int], float] = {}
        """The clock each noise marker was first drawn at (it pulses a few times)."""

    def _still_key(self, s: Scene) -> tuple[object, ...]:
        st = s.game.state
        cam = s.camera
        marks = s.marks
        return (
            id(s.game),
            style.PALETTE,
            current_language(),
            st.board.version,
            cam.scale,
            cam.centre,
            cam.view,
            figure_signature(list(st.figures.values())),
            tuple((n.x, n.y, n.radius) for n in st.noise),
            tuple((m.x, m.y, m.lying) for m in st.markers.values()),
            marks.selected,
            marks.hovered,
            marks.eligible,
            tuple(sorted(marks.targets.items())),
            frozenset(s.positions),
            s.lit,
            s.under_key,
            s.entry_hover,
            len(s.entries),
        )

    def draw(self, screen: pygame.Surface, s: Scene) -> None:
        key = self._still_key(s)
        size = screen.get_size()
        if self._still is None or self._still.get_size() != size or key != self._key:
            if self._still is None or self._still.get_size() != size:
                self._still = pygame.Surface(size).convert()
            self._paint_still(self._still, s)
            self._key = key
            self.rebuilds += 1
        screen.blit(self._still, s.area.topleft, area=s.area)
        screen.set_clip(s.area)
        self._paint_moving(screen, s)
        screen.set_clip(None)

    def _board_clip(self, s: Scene) -> pygame.Rect:
        return s.area.clip(pygame.Rect(s.camera.board_rect()))

    def _paint_still(self, surface: pygame.Surface, s: Scene) -> None:
        st = s.game.state
        surface.set_clip(s.area)
        surface.fill(style.BACKGROUND, s.area)
        self.terrain.draw(surface, s.camera, st.board, s.entries)
        surface.set_clip(self._board_clip(s))
        if st.noise:
            markers.draw_noise(surface, s.camera, st.noise, None)
        if st.markers:
            exits = [
                (s.side_index.get(side.id, 0), side.exit)
                for side in s.game.scenario.side
                if side.exit is not None
            ]
            markers.draw_finds(surface, s.camera, st.markers.values(), exits)
        figs = [f for f in st.figures.values() if f.id not in s.positions]
        markers.draw_sectors(surface, s.camera, figs, s.side_index, s.lit)
        surface.set_clip(s.area)
        self._entry_choice(surface, s)
        s.under(surface)
        labels = [
            *module_labels(st.board, s.camera),
            *entry_tags(s.camera, s.entries, ENTRY_TEXT, style.TEXT, style.INK),
        ]
        draw_figures(surface, s.camera, figs, s.side_index, s.marks, fixed=labels)
        surface.set_clip(None)

    def _paint_moving(self, screen: pygame.Surface, s: Scene) -> None:
        st = s.game.state
        if len(self._noise_born) > 4 * len(st.noise) + 64:  # markers of past rounds
            self._noise_born.clear()
        if st.noise:
            screen.set_clip(self._board_clip(s))
            markers.draw_pulses(screen, s.camera, st.noise, s.clock, self._noise_born)
            screen.set_clip(s.area)
        if s.positions:
            moving = [st.figures[fid] for fid in s.positions if fid in st.figures]
            draw_figures(screen, s.camera, moving, s.side_index, s.marks, s.positions)
        s.over(screen)
        preview = s.ai_preview
        if isinstance(preview, TemplatePreview) and preview.figure in st.figures:
            overlays.draw_template(screen, s.camera, preview, st.figures[preview.figure].pos)
        elif preview is not None:
            overlays.draw_sight(screen, s.camera, preview)
        markers.draw_scale_bar(screen, s.camera, s.units)

    def _entry_choice(self, surface: pygame.Surface, s: Scene) -> None:
        """The entry zone under the mouse in the choose-entry dialog, lit up."""
        if s.entry_hover is None:
            return
        for entry in s.entries:
            if entry.id == s.entry_hover:
                pts = s.camera.many_to_screen(entry.polygon)
                draw.blend_polygon(surface, (*style.YELLOW, 90), pts)
                pygame.draw.polygon(surface, style.YELLOW, pts, 3)


def entry_hover(menu: Any) -> str | None:
    """The entry a choose-entry menu's hovered button stands for."""
    value = menu.hovered_value() if menu is not None else None
    return value.entry if isinstance(value, act.ChooseEntry) else None
