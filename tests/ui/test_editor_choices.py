"""Choices that used to need a text editor: the militia's weapon (pistol or spear,
RULES.md §15) and smoke among the terrain kinds (SCENARIO.md)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.loading import check_file
from tests.ui.test_editor_kit import (
    answer,
    at,
    click,
    drag,
    editor,
    key,
    press,
    saved_data,
    settle,
    shot,
)

CTRL = pygame.KMOD_CTRL


def figure_table(app, ref):  # type: ignore[no-untyped-def]
    return dict(app.doc.table(ref))


def test_the_militias_weapon_is_chosen_in_the_panel(tmp_path: Path) -> None:
    app = editor()
    key(app, pygame.K_d)
    press(app, ("profile", "Militia"))
    click(app, at(app, 60, 60))
    key(app, pygame.K_v)
    click(app, at(app, 60, 60))
    item = app.selected_item()
    assert item is not None and item.what == "figure"
    ref = item.ref
    shown = [b for b in app.panel[0].buttons if b.value == ("cycle_loadout", 1)]  # type: ignore[index]
    assert shown, "no weapons row for the militia"
    assert figure_table(app, ref)["profile"] == "Militia"
    press(app, ("cycle_loadout", 1))
    table = figure_table(app, ref)
    assert "profile" not in table
    assert table["stats"] == {"base": "Militia", "weapons": ["Spear"]}
    settle(app)
    spear = next(f for f in app.look.figures if f.id == "militia-1")
    assert [w.name for w in spear.weapons] == ["Spear"]  # drawn as it will play
    shot(app, "militia_spear")
    # the file says so, in SCENARIO.md's words, and loads back the same
    path = tmp_path / "spear.toml"
    key(app, pygame.K_s, CTRL)
    answer(app, str(path))
    figure = saved_data(path)["side"][0]["squad"][0]["figure"][0]
    assert figure["stats"] == {"base": "Militia", "weapons": ["Spear"]}
    layout = check_file(path).layout
    assert layout is not None
    assert [f.stats.weapons for _, _, f in layout.figures()] == [["Spear"]]  # type: ignore[union-attr]
    # round the cycle: back to the plain profile (the pistol, its default)
    press(app, ("cycle_loadout", 1))
    table = figure_table(app, ref)
    assert table["profile"] == "Militia" and "stats" not in table
    press(app, ("cycle_loadout", -1))
    assert figure_table(app, ref)["stats"]["weapons"] == ["Spear"]
    # another profile drops the militia's weapon choice
    press(app, ("cycle_profile", -1))
    table = figure_table(app, ref)
    assert table["profile"] == "Oda" and "stats" not in table
    assert not any(b.value == ("cycle_loadout", 1) for b in app.panel[0].buttons)  # type: ignore[index]
    key(app, pygame.K_z, CTRL)
    assert figure_table(app, ref)["stats"]["weapons"] == ["Spear"]  # undone exactly
    app.close()


def test_the_weapon_choice_keeps_other_inline_stats() -> None:
    from game.rules.loader import load_rules
    from game.ui.editor import edits
    from game.ui.editor.commands import History
    from game.ui.editor.document import Document

    doc = Document.blank("Stats")
    history = History(doc)
    history.run(edits.place_defender(doc, "Militia", (60, 60)))
    item = next(doc.figures())
    doc.put((*item.ref, "profile"), "Militia")
    rules = load_rules()
    history.run(edits.set_loadout(doc, item, rules, 1))
    item = next(doc.figures())
    doc.table(item.ref)["stats"]["TP"] = 4  # a hand-written extra
    history.run(edits.set_loadout(doc, item, rules, 0))
    table = doc.table(next(doc.figures()).ref)
    assert table["stats"] == {"base": "Militia", "TP": 4} and "profile" not in table
    assert edits.loadout_index(doc, next(doc.figures()), rules) == 0


def test_undoing_a_new_field_takes_it_away_again() -> None:
    """A step that adds a key remembers it was absent (MISSING survives the copy)."""
    from game.ui.editor import edits
    from game.ui.editor.commands import History
    from game.ui.editor.document import Document

    doc = Document.blank("Undo")
    history = History(doc)
    history.run(edits.place_defender(doc, "Mira", (60, 60)))
    item = next(doc.figures())
    before = doc.to_text()
    history.run(edits.set_field(item, "overwatch", True))
    history.undo()
    assert "overwatch" not in doc.table(item.ref)
    assert doc.to_text() == before


def test_smoke_is_a_drawable_terrain_kind(tmp_path: Path) -> None:
    app = editor()
    key(app, pygame.K_p)
    press(app, ("kind", "smoke"))
    drag(app, at(app, 20, 20), at(app, 35, 30))
    terrain = app.doc.get(("terrain",))
    assert [(t["id"], t["kind"]) for t in terrain] == [("smoke-1", "smoke")]
    settle(app)
    assert not any(p.field.startswith("terrain") for p in app.report.problems)
    shot(app, "smoke")
    app.close()
