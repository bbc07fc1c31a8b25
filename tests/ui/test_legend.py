"""The legend (K): every terrain kind with its swatch and what it does, the status
icons; the name and cover of the terrain under the mouse; status icons that grow
with the zoom."""

from __future__ import annotations

import pygame
import pytest
from table_kit import activate, hover, key, make_app, screen_pos, shot

from game.board.terrain import TerrainKind
from game.ui import legend
from game.ui.render.figures import ICON_MAX, ICON_MIN, icon_size
from game.ui.render.terrain import kind_label


def test_every_terrain_kind_and_status_is_in_the_legend() -> None:
    pygame.init()
    texts = [text for _, text, _ in legend.rows()]
    for kind in TerrainKind:
        assert any(t.startswith(f"{kind_label(kind)} — ") for t in texts), kind
    for status in legend.STATUSES:
        assert any(t == legend.tr(f"ui.legend.status.{status}") for t in texts)
    pictures = [p for p, _, head in legend.rows() if not head and p is not None]
    overlays = legend.overlay_entries()
    assert len(pictures) == len(TerrainKind) + len(legend.STATUSES) + len(overlays)


def test_the_legend_explains_the_overlays_and_the_rulebooks_terms() -> None:
    pygame.init()
    texts = [text for _, text, _ in legend.rows()]
    assert "Defence overlays (D)" in texts
    assert any(t.startswith("Dead ground: Ground within 60 cm") for t in texts)  # the registry
    assert "Terms of the rulebook" in texts
    terms = {t.split(" — ")[0]: t for t in texts if " — " in t}
    for term in ("KÖR", "REF", "VER", "WIL", "TP", "VW", "WS", "BR"):
        assert term in terms
    assert terms["KÖR"].startswith("KÖR — Body [Körper]")  # English first, German in brackets
    assert terms["d20, d6"].endswith("[W20, W6]; 3d6 is a pool of three")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        (TerrainKind.WALL, ("blocks sight", "blocks movement")),
        (TerrainKind.BARRICADE, ("heavy cover +2", "blocks movement", "6/6 structure")),
        (TerrainKind.HEDGE, ("light cover +1", "difficult ground")),
        (TerrainKind.SHELTER, ("what the undead try to reach",)),
        (TerrainKind.WATCHTOWER, ("platform",)),
    ],
)
def test_a_kind_says_what_it_does(kind: TerrainKind, words: tuple[str, ...]) -> None:
    text = legend.traits(legend.sample(kind))
    for word in words:
        assert word in text


@pytest.mark.parametrize("size", [(800, 600), (1600, 1000)])
def test_k_shows_the_legend_inside_the_table_and_closes_it(size: tuple[int, int]) -> None:
    app = make_app("refuge_horde", panels=True, size=size)
    key(app, pygame.K_k)
    assert app.input.legend
    box = legend.draw_legend(app.screen, app.layout.table, app.screen.get_rect())
    assert app.screen.get_rect().contains(box)
    if size[1] >= 1000:
        assert app.layout.table.contains(box)
    _, laid, letters, squeezed = legend.layout(app.layout.table, app.screen.get_rect())
    assert not squeezed and letters >= min(legend.SIZES)  # every row shown, none cut
    assert sum(len(col) for col in laid) == len(legend.rows())
    app.render()
    shot(app, f"legend_{size[0]}x{size[1]}.png")
    key(app, pygame.K_k)
    assert not app.input.legend
    key(app, pygame.K_k)
    key(app, pygame.K_ESCAPE)
    assert not app.input.legend
    assert "legend" in [b.value for b in app.input.bar.buttons]


def test_hovering_terrain_names_it_and_its_cover() -> None:
    app = make_app("table", panels=True)
    key(app, pygame.K_1)  # past the first dialog (a menu hides the terrain line)
    hover(app, screen_pos(app, 41, 50))  # the hedge, nobody on it
    line = app.input.terrain_hover()
    assert line.startswith("Hedge") and "light cover +1" in line, line
    hover(app, screen_pos(app, 26, 30))  # the building
    assert "blocks sight" in app.input.terrain_hover()
    app.render()
    shot(app, "terrain_hover.png")
    hover(app, screen_pos(app, 50, 5))  # open ground
    assert app.input.terrain_hover() == ""
    activate(app, "mira")
    key(app, pygame.K_a)
    hover(app, screen_pos(app, 45, 50))  # an enemy: the attack's box, not the terrain's
    assert app.input.terrain_hover() == ""


def test_status_icons_grow_with_the_zoom_within_limits() -> None:
    assert icon_size(2.0) == ICON_MIN >= 12
    assert icon_size(10.0) < icon_size(20.0) < icon_size(30.0)
    assert icon_size(200.0) == ICON_MAX
