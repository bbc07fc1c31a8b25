"""The editor's table: the selected defender's own field of fire highlighted, and the
zone labels placed clear of the modules' labels."""

from __future__ import annotations

import pygame
import pytest
import shapely

from game.ui.editor import view
from game.ui.render import labels
from tests.ui.test_editor_kit import at, click, key, opened, overlays_ready, settle, shot, wait

WHITE = (255, 255, 255)


def whites(app, points) -> list[bool]:  # type: ignore[no-untyped-def]
    """Whether there is pure white within 2 px of each table point on the screen."""
    out = []
    for p in points:
        x, y = at(app, *p)
        out.append(
            any(
                tuple(app.screen.get_at((x + dx, y + dy)))[:3] == WHITE
                for dx in range(-2, 3)
                for dy in range(-2, 3)
            )
        )
    return out


def test_the_selected_defenders_own_field_is_highlighted() -> None:
    app = opened("refuge_horde")
    key(app, pygame.K_1)
    settle(app)
    wait(app, lambda: overlays_ready(app), timeout=60)
    mira = next(it for it in app.doc.figures() if it.id == "mira")
    assert app.own_field() is None
    fire = app.overlays().fire  # type: ignore[union-attr]
    field = next(f for f in fire.each if f.figure == "mira")
    ring = max(shapely.get_parts(field.normal), key=lambda p: p.area).exterior
    edge = [ring.interpolate(i / 120, normalized=True) for i in range(120)]
    far = [(p.x, p.y) for p in edge if p.distance(shapely.Point(mira.at)) > 8]
    before = whites(app, far)
    spots = [p for p, white in zip(far, before, strict=True) if not white]
    assert len(spots) > 40
    click(app, at(app, *mira.at))
    assert app.selected_item() is not None and app.selected_item().id == "mira"  # type: ignore[union-attr]
    assert app.own_field() is field
    assert sum(whites(app, spots)) > 0.6 * len(spots)  # its outline, in white
    assert app.own_name() == "Mira"
    shot(app, "own_field")
    # the legend says whose field it is
    from game.ui.editor.sidebar import legend_entries

    keys = [e.key for e in legend_entries(app.overlays(), app.shown, own=app.own_name())]  # type: ignore[arg-type]
    assert "fire_own" in keys
    key(app, pygame.K_ESCAPE)  # select nothing: the highlight goes
    assert app.own_field() is None
    assert sum(whites(app, spots)) < 0.1 * len(spots)
    app.close()


def test_the_deploy_zones_label_keeps_clear_of_module_labels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the horde refuge the deploy label's old place (inside the zone's top-left
    corner) is under the infirmary's label: drawn, it takes another spot."""
    placed: list[list[labels.Label]] = []
    place = labels.place

    def spy(found, bases, area):  # type: ignore[no-untyped-def]
        out = place(found, bases, area)
        placed.append(out)
        return out

    monkeypatch.setattr(labels, "place", spy)
    app = opened("refuge_horde")
    settle(app)
    deploy = [it for it in app.doc.items() if it.what == "deploy"]
    old_spot = view.deploy_tags(app.camera, deploy)[0].spots[0]
    placed.clear()
    app.render()
    (drawn,) = placed
    tag = next(lab for lab in drawn if lab.options[0].rect == old_spot)
    others = [lab.chosen.rect for lab in drawn if lab is not tag and lab.chosen is not None]
    assert old_spot.collidelist(others) != -1  # where it used to go, it covers a label
    assert tag.chosen is not None
    assert tag.chosen.rect.collidelist(others) == -1
    assert app.table.contains(tag.chosen.rect)
    app.close()


def test_a_test_raid_gets_the_heat_map_of_this_very_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import numpy as np

    from game.overlays.heat import HeatMap
    from game.ui.editor import raid

    played = []

    def window(game, controllers, options, settings, warm):  # type: ignore[no-untyped-def]
        played.append(options)
        return 0

    monkeypatch.setattr(raid, "run_window", window)
    app = opened("refuge_horde")
    settle(app)
    grids = {n: np.zeros((120, 120)) for n in ("attackers", "defenders", "breaches")}
    heat = HeatMap(120.0, 120.0, 1.0, 5, grids, dict.fromkeys(grids, 0))
    app.heat, app.heat_version = heat, app.doc.version  # as a finished simulation leaves it
    key(app, pygame.K_F5)
    assert app.raid_count == 1 and played[-1].heat is heat
    app.act(("max_rounds", 1))  # another layout: its heat map is not this one's
    settle(app)
    key(app, pygame.K_F5)
    assert app.raid_count == 2 and played[-1].heat is None
    app.close()
