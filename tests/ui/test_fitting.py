"""Text that must not be cut: the status line's hint drops whole parts (keeping the
F1 hint), buttons keep their labels in two rows or at a smaller size, at 1280 × 800
and 1600 × 1000, in English and German."""

from __future__ import annotations

import pygame
import pytest
from table_kit import activate, make_app, settle, shot

from game.i18n import set_language
from game.ui import fonts
from game.ui.render.hud import SIZE, fit_hint

HINT = "Watching the other side · R ruler · right-click a figure for its profile · F1 controls"


def test_the_hint_drops_whole_parts_and_keeps_f1() -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    width = fonts.font(SIZE - 1).size("Watching the other side · F1 controls")[0] + 4
    assert fit_hint(HINT, SIZE - 1, width) == "Watching the other side · F1 controls"
    assert fit_hint(HINT, SIZE - 1, 10_000) == HINT
    narrow = fit_hint(HINT, SIZE - 1, width // 2)
    assert narrow.endswith("F1 controls") or narrow.endswith("…")
    assert "F1" in narrow


def test_the_hint_drops_its_aside_in_brackets_before_cutting() -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    hint = "Click a highlighted figure to activate it (Tab cycles, Enter activates) · F1 controls"
    short = "Click a highlighted figure to activate it · F1 controls"
    width = fonts.font(SIZE - 1).size(short)[0] + 4
    assert fit_hint(hint, SIZE - 1, width) == short
    german = "Figur anklicken, um sie zu aktivieren (Tab wechselt) · F1 Steuerung"
    first = "Figur anklicken · F1 Steuerung"
    assert fit_hint(german, SIZE - 1, fonts.font(SIZE - 1).size(first)[0] + 4) == first


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_button_keeps_its_label(lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    try:
        app = make_app("table", panels=True, size=size, language=lang)
        activate(app, "mira")
        settle(app)
        app.render()
        bar = app.input.bar
        assert bar.buttons
        for b in bar.buttons:
            assert not b.compact
            label_w = fonts.font(b.size).size(b.label)[0]
            key_w = fonts.font(11, True).size(b.hotkey.upper())[0] + 10 if b.hotkey else 0
            assert b.rect.width >= label_w + key_w + 10, b.label
        shot(app, f"fitting_{lang}_{size[0]}.png")
    finally:
        set_language("en")
