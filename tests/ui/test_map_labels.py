"""The printed map's module labels and figure names are sized in mm from its scale
(3.5 mm at 1:1, never under 1.8 mm on paper), while the window and the editor keep
their pixel sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.naming import local_figure_name
from game.state import Presence
from game.ui import fonts, mapexport
from game.ui.defence import DefenceOverlays
from game.ui.render import figures, style, terrain
from game.ui.render.figures import Marks, name_label
from tests.overlays.overlay_kit import MINI_RAID, game_at


def paper_mm(px: int, dpi: float) -> float:
    return px / dpi * 25.4


def sizes_at(dpi: float, scale: float) -> tuple[int, int, int]:
    """The text px of a module label, a figure's name and an entry label."""
    game = game_at(MINI_RAID)
    page = mapexport.Page(dpi, scale)
    board = game.state.board
    rect = pygame.Rect(
        0, 0, round(board.width * page.px_per_cm), round(board.height * page.px_per_cm)
    )
    cam = mapexport.board_camera(game, rect, page.px_per_cm)
    return (
        mapexport.label_px(page, cam, mapexport.MODULE_TEXT_CM),
        mapexport.label_px(page, cam, mapexport.NAME_TEXT_CM),
        mapexport.label_px(page, cam, mapexport.ENTRY_TEXT_CM, 12),
    )


def test_labels_grow_with_the_print_and_keep_a_floor_on_paper() -> None:
    module, name, entry = sizes_at(150, 1.0)
    assert (module, name, entry) == (21, 21, 27)  # 0.35 cm and 0.45 cm of 59 px/cm
    assert paper_mm(module, 150) >= 3.5 and paper_mm(name, 150) >= 3.5
    assert sizes_at(150, 0.5)[:2] == (11, 11)  # 10.3 px: the 1.8 mm floor (11 px)
    assert sizes_at(300, 0.5)[:2] == (21, 21)  # 3.5 mm on the table is 1.75 mm on paper
    assert sizes_at(150, 1 / 8) == (11, 11, 12)  # 1:8 on one page: 1.8 mm, 2 mm
    assert sizes_at(300, 1 / 8)[:2] == (21, 21)  # never under 1.8 mm at any dpi
    assert sizes_at(40, 1.0)[:2] == (10, 10)  # a small preview: 10 px at least


def test_the_map_passes_its_label_sizes_to_modules_and_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, Any] = {}
    modules, draw = mapexport.module_labels, mapexport.draw_figures

    def spy_modules(*args: Any, **kwargs: Any) -> list[terrain.ModuleLabel]:
        seen["module"] = kwargs.get("size")
        out = modules(*args, **kwargs)
        seen["heights"] = {label.image.get_height() for label in out}
        return out

    def spy_draw(*args: Any, **kwargs: Any) -> None:
        seen["name"] = kwargs.get("name_px")
        draw(*args, **kwargs)

    monkeypatch.setattr(mapexport, "module_labels", spy_modules)
    monkeypatch.setattr(mapexport, "draw_figures", spy_draw)
    game = game_at(MINI_RAID)
    mapexport.render_map(game, DefenceOverlays(), dpi=150, scale=1.0, palette_name="print")
    assert seen["module"] == 21 and seen["name"] == 21
    text = fonts.outlined("Shelter", 21, style.TEXT, style.INK).get_height()
    icon = round(21 * terrain.ICON_PER_TEXT)
    assert text < icon
    assert seen["heights"] == {text, icon}  # the barricade's 3.5 mm text; the shelter's icon


def test_the_window_keeps_its_pixel_sizes() -> None:
    game = game_at(MINI_RAID)
    shelter = next(p for p in game.state.board if p.kind.value == "shelter")
    for scale, text_px, icon_px in ((59.0, 14, 22), (5.0, 10, 12)):
        image = terrain.label_image(shelter, scale)
        assert image is not None
        text = fonts.outlined("Shelter", text_px, style.TEXT, style.INK)
        assert image.get_height() == max(text.get_height(), icon_px)
    fig = next(f for f in game.state.figures.values() if f.presence is Presence.TABLE)
    for r, size in ((20.0, 13), (9.0, 11)):
        label = name_label(fig, (100.0, 100.0), r, Marks())
        expected = fonts.outlined(local_figure_name(fig.name), size, style.TEXT, style.INK)
        assert label.options[0].image.get_size() == expected.get_size()
    printed = name_label(fig, (100.0, 100.0), 20.0, Marks(), 21)
    assert (
        printed.options[0].image.get_height()
        == fonts.outlined("X", 21, style.TEXT, style.INK).get_height()
    )
    assert figures.SMALL_NAME == 10
