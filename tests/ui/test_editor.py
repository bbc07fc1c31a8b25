"""The refuge editor driven by synthetic mouse and keys: a refuge drawn from a blank
table and saved, snapping, undo and redo, problems marked and selected, overlays,
saving safely, the test raid."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.loading import load_scenario
from game.ui.editor.document import Document
from tests.ui.test_editor_kit import (
    SCENARIOS,
    answer,
    at,
    buttons,
    click,
    drag,
    editor,
    key,
    opened,
    overlays_ready,
    press,
    saved_data,
    settle,
    shot,
    step,
    wait,
)

CTRL = pygame.KMOD_CTRL


def test_a_refuge_drawn_from_scratch_saves_the_expected_file(tmp_path: Path) -> None:
    app = editor()
    # a wall drawn corner by corner, closed on its first corner
    key(app, pygame.K_p)
    press(app, ("kind", "wall"))
    for p in [(40, 41), (41, 41), (41, 80), (40, 80)]:
        click(app, at(app, *p))
    click(app, at(app, 40, 41))
    # a gate dropped as a preset, a defender placed, an entry zone at the north edge
    key(app, pygame.K_l)
    press(app, ("preset", "gate"))
    click(app, at(app, 60.2, 40.4))
    key(app, pygame.K_d)
    press(app, ("profile", "Bruno"))
    click(app, at(app, 60, 44))
    key(app, pygame.K_e)
    click(app, at(app, 60, 118))
    key(app, pygame.K_s, CTRL)
    target = tmp_path / "my_refuge.toml"
    answer(app, str(target))
    assert not app.history.dirty
    data = saved_data(target)
    assert data == {
        "scenario": {"name": "Test refuge", "rules": "deadearth", "max_rounds": 10},
        "board": {"width_cm": 120.0, "height_cm": 120.0},
        "terrain": [
            {"id": "wall-1", "kind": "wall", "polygon": [[40, 41], [41, 41], [41, 80], [40, 80]]}
        ],
        "module": [
            {
                "id": "gate-1",
                "kind": "gate",
                "polygon": [[56, 40], [64, 40], [64, 41], [56, 41]],
                "open": False,
            }
        ],
        "side": [
            {
                "id": "refuge",
                "name": "The refuge",
                "controller": "human",
                "squad": [
                    {
                        "id": "core",
                        "figure": [
                            {"id": "bruno", "profile": "Bruno", "at": [60, 44], "facing": 270}
                        ],
                    }
                ],
            },
            {
                "id": "horde",
                "name": "The horde",
                "controller": "ai:horde",
                "raid": {
                    "threat": "infected",
                    "roster": [
                        {"profile": "Shambler", "weight": 6},
                        {"profile": "Runner", "weight": 2},
                        {"profile": "Brute", "weight": 1},
                    ],
                    "entry": [
                        {"id": "north", "polygon": [[45, 116], [75, 116], [75, 120], [45, 120]]}
                    ],
                },
            },
        ],
        "objective": {"kind": "drive_off"},
    }
    # what the editor saved passes `check`
    scenario = load_scenario(target)
    assert [f.id for _, _, f in scenario.figures()] == ["bruno"]
    app.close()


def test_a_blank_table_to_a_test_raid_without_a_text_editor() -> None:
    """The issue's "done when": draw, see the defence, launch a raid."""
    app = editor()
    key(app, pygame.K_l)
    for preset, where in (("wall", (60, 80.5)), ("gate", (60, 40.5)), ("shelter", (60, 60))):
        press(app, ("preset", preset))
        click(app, at(app, *where))
    key(app, pygame.K_d)
    click(app, at(app, 60, 45))
    key(app, pygame.K_e)
    click(app, at(app, 60, 119))
    settle(app)
    assert app.report.ok and not app.report.notes
    assert app.doc.get(("objective",)) == {"kind": "protect", "key_point": "shelter-1", "rounds": 8}
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    settle(app)
    wait(app, lambda: overlays_ready(app))
    assert app.overlays().fire is not None  # type: ignore[union-attr]
    draft = [b for b in buttons(app) if b.value == ("raid",)]
    assert draft and draft[0].enabled
    app.raid_frames = 3
    press(app, ("raid",))
    assert app.raid_count == 1 and "stopped" not in app.message
    app.close()


def test_a_rectangle_dragged_with_the_draw_tool() -> None:
    app = editor()
    key(app, pygame.K_p)
    press(app, ("kind", "low_wall"))
    drag(app, at(app, 10.2, 10.3), at(app, 30.4, 11.6))
    assert app.doc.get(("terrain", 0)) == {
        "id": "low-wall-1",
        "kind": "low_wall",
        "polygon": [[10, 10], [30, 10], [30, 12], [10, 12]],
    }
    assert app.selection == ("terrain", 0)
    app.close()


def test_snapping_on_and_off() -> None:
    app = editor()
    key(app, pygame.K_d)
    click(app, at(app, 20.37, 30.81))
    assert app.doc.get(("side", 0, "squad", 0, "figure", 0, "at")) == [20, 31]
    key(app, pygame.K_g)
    assert not app.snap
    press(app, ("tool", "defender"))
    click(app, at(app, 50.37, 30.81))
    x, y = app.doc.get(("side", 0, "squad", 0, "figure", 1, "at"))
    assert (x, y) != (50, 31) and abs(x - 50.37) < 0.2 and abs(y - 30.81) < 0.2
    # moving snaps the item's first corner to the grid; turning snaps to 15°
    key(app, pygame.K_g)
    key(app, pygame.K_l)
    click(app, at(app, 60, 60))  # a wall segment 60 ± 10, 60 ± 0.5
    key(app, pygame.K_v)
    drag(app, at(app, 60, 60.2), at(app, 65.4, 70.3))
    assert app.doc.get(("terrain", 0, "polygon"))[0] == [55, 70]
    app.close()


def test_select_move_stretch_turn_and_face() -> None:
    app = editor()
    key(app, pygame.K_l)
    press(app, ("preset", "shelter"))  # 14 × 12
    click(app, at(app, 60, 60))
    assert app.doc.get(("module", 0, "polygon")) == [[53, 54], [67, 54], [67, 66], [53, 66]]
    key(app, pygame.K_v)
    # stretch the north-east corner out to (70, 70)
    drag(app, at(app, 67, 66), at(app, 70, 70))
    assert app.doc.get(("module", 0, "polygon")) == [[53, 54], [70, 54], [70, 70], [53, 70]]
    # the turn handle: a quarter turn
    handles = app.panel  # drawn: the turn handle sits above the top middle
    assert handles is not None
    from game.ui.editor.view import handle_positions

    item = app.selected_item()
    assert item is not None
    turn = handle_positions(app.camera, item)["turn"]
    centre = app.camera.to_screen_f(61.5, 62)
    r = centre[1] - turn[1]
    drag(app, (round(turn[0]), round(turn[1])), (round(centre[0] - r), round(centre[1])), steps=12)
    pts = app.doc.get(("module", 0, "polygon"))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) - min(xs) == pytest.approx(16) and max(ys) - min(ys) == pytest.approx(17)
    # R turns by 15°, Shift+R back
    before = app.doc.get(("module", 0, "polygon"))
    key(app, pygame.K_r)
    key(app, pygame.K_r, pygame.KMOD_SHIFT)
    after = app.doc.get(("module", 0, "polygon"))
    assert [c for p in after for c in p] == pytest.approx([c for p in before for c in p], abs=0.02)
    # a figure's facing handle
    key(app, pygame.K_d)
    click(app, at(app, 20, 20))
    key(app, pygame.K_v)
    fig = app.selected_item()
    assert fig is not None and fig.what == "figure"
    from game.ui.editor.view import face_handle

    h = face_handle(app.camera, fig, app.facing_of(fig), app.radius_of(fig))
    drag(app, (round(h[0]), round(h[1])), at(app, 20, 30))
    assert app.doc.get((*fig.ref, "facing")) == 90
    app.close()


def test_undo_and_redo_restore_exactly() -> None:
    app = opened("refuge_horde")
    states = [app.doc.snapshot()]
    key(app, pygame.K_l)
    press(app, ("preset", "minefield"))
    click(app, at(app, 20, 50))
    states.append(app.doc.snapshot())
    key(app, pygame.K_v)
    click(app, at(app, 61, 43))  # Bruno
    assert app.selected_item() is not None and app.selected_item().id == "bruno"  # type: ignore[union-attr]
    drag(app, at(app, 61, 43), at(app, 66, 52))
    states.append(app.doc.snapshot())
    click(app, at(app, 60, 64))  # the shelter
    key(app, pygame.K_DELETE)
    states.append(app.doc.snapshot())
    press(app, ("tab", "raid"))
    press(app, ("threat", "raiders"))
    states.append(app.doc.snapshot())
    assert states[-1]["side"][1]["raid"]["threat"] == "raiders"
    for expected in reversed(states[:-1]):
        key(app, pygame.K_z, CTRL)
        assert app.doc.data == expected
    key(app, pygame.K_z, CTRL)  # nothing more to undo: no change
    assert app.doc.data == states[0]
    for expected in states[1:]:
        key(app, pygame.K_y, CTRL)
        assert app.doc.data == expected
    assert app.history.dirty
    app.close()


def test_escape_puts_a_dragged_piece_back() -> None:
    app = opened("refuge_horde")
    before = app.doc.snapshot()
    a, b = at(app, 60, 64), at(app, 90, 90)
    from tests.ui.test_editor_kit import move

    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    move(app, b, (1, 0, 0))
    assert app.doc.data != before
    key(app, pygame.K_ESCAPE)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    assert app.doc.data == before
    assert not app.history.can_undo
    app.close()


def test_invalid_pieces_are_marked_and_clicking_a_problem_selects_it() -> None:
    app = editor()
    key(app, pygame.K_l)
    press(app, ("preset", "wreck"))
    click(app, at(app, 60, 60))
    key(app, pygame.K_v)
    drag(app, at(app, 60, 60), at(app, 118, 60))  # half off the board's east edge
    settle(app)
    problems = app.report.problems
    assert [(p.field, p.ref) for p in problems] == [
        ("terrain[0].polygon", ("terrain", 0)),
        ("side", None),  # no battle yet: listed too, as `check` does
    ]
    assert "outside the board" in problems[0].reason
    # the piece is outlined in vermillion on the table
    x0, y0 = at(app, 115, 62)
    assert any(
        tuple(app.screen.get_at((x0 + dx, y0 + dy)))[:3] == (213, 94, 0)
        for dx in range(-3, 4)
        for dy in range(-3, 4)
    )
    shot(app, "problem")
    click(app, at(app, 5, 5))  # select nothing
    assert app.selection is None
    press(app, ("problem", 0))
    assert app.selection == ("terrain", 0)
    # the test raid waits until it is fixed
    key(app, pygame.K_F5)
    assert app.raid_count == 0
    key(app, pygame.K_z, CTRL)
    settle(app)
    assert [p.field for p in app.report.problems] == ["side"] and app.report.drawable
    app.close()


def test_problems_of_a_loaded_file_point_at_their_items(tmp_path: Path) -> None:
    """The same problems as `check` (its geometry first, the rules data's names once
    the geometry is sound), each tied to its item."""
    text = (SCENARIOS / "refuge_horde.toml").read_text(encoding="utf-8")
    cases = [
        ('profile = "Selma"', 'profile = "Selmaa"', "side[0].squad[0].figure[4].profile"),
        ("at = [61, 43]", "at = [61, 38.5]", "side[0].squad[0].figure[0].at"),
    ]
    for old, new, field in cases:
        path = tmp_path / "bad.toml"
        path.write_text(text.replace(old, new), encoding="utf-8")
        app = editor(Document.load(path))
        fields = {p.field: p.ref for p in app.report.problems}
        figure = int(field.split("figure[")[1][0])
        assert fields[field] == ("side", 0, "squad", 0, "figure", figure)
        shot(app, "problems_loaded")
        app.close()


def test_a_long_problem_list_scrolls() -> None:
    app = editor()
    key(app, pygame.K_l)
    press(app, ("preset", "crates"))
    for i in range(12):
        click(app, at(app, 119, 5 + 9 * i))  # each one half off the east edge
    settle(app)
    assert len(app.report.problems) == 13  # and the missing sides
    shown = [b.value for b in buttons(app) if b.value and b.value[0] == "problem"]
    assert shown[0] == ("problem", 0) and len(shown) < 12
    assert app.panel is not None
    from tests.ui.test_editor_kit import move

    move(app, app.panel[1].rect.center)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, precise_x=0.0, precise_y=-3.0))
    shown = [b.value for b in buttons(app) if b.value and b.value[0] == "problem"]
    assert shown[0] == ("problem", 3)
    app.close()


def test_raid_settings_in_the_side_panel() -> None:
    app = opened("refuge_horde")
    press(app, ("tab", "raid"))
    budget = app.doc.get(("side", 1, "raid", "budget"))
    press(app, ("budget", 1))
    assert app.doc.get(("side", 1, "raid", "budget")) == budget + 1
    press(app, ("budget", 0))
    assert app.doc.get(("side", 1, "raid", "budget"), None) is None
    press(app, ("waves", 1))
    assert app.doc.get(("side", 1, "raid", "waves")) == "1W3"
    press(app, ("wave_every", 1))
    assert app.doc.get(("side", 1, "raid", "wave_every")) == 3
    press(app, ("objective", "hold"))
    assert app.doc.get(("objective",)) == {"kind": "hold", "rounds": 8}
    press(app, ("objective", "protect"))
    assert app.doc.get(("objective",)) == {"kind": "protect", "key_point": "shelter", "rounds": 8}
    press(app, ("key_point", 1))
    assert app.doc.get(("objective", "key_point")) == "infirmary"
    press(app, ("threat", "raiders"))
    raid = app.doc.get(("side", 1))
    assert raid["controller"] == "ai:tactical" and raid["raid"]["roster"][0]["profile"] == "Raider"
    settle(app)
    assert app.report.ok, app.report.problems
    shot(app, "raid_tab")
    app.close()


def test_selected_piece_properties() -> None:
    app = opened("refuge_horde")
    click(app, at(app, 60, 38.5))  # the main gate
    item = app.selected_item()
    assert item is not None and item.id == "main-gate"
    press(app, ("gate", True))
    assert app.doc.get((*item.ref, "open")) is True
    press(app, ("structure", 1))
    assert app.doc.get((*item.ref, "structure")) == 9
    press(app, ("rename",))
    answer(app, "south-gate")
    assert app.doc.get((*item.ref, "id")) == "south-gate"
    click(app, at(app, 60, 64))  # the shelter, the objective's key point
    press(app, ("rename",))
    answer(app, "bunker")
    assert app.doc.get(("objective", "key_point")) == "bunker"
    press(app, ("cycle_kind", 1))
    assert app.doc.get(("module", 6, "kind")) == "storage"
    modules = len(app.doc.get(("module",)))
    press(app, ("duplicate",))
    assert len(app.doc.get(("module",))) == modules + 1
    copy = app.selected_item()
    assert copy is not None and copy.id == "storage-1" and copy.ref == ("module", modules)
    shot(app, "properties")
    settle(app)
    app.close()


def test_fields_of_fire_and_dead_ground_are_computed_in_the_background() -> None:
    app = opened("refuge_horde")
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    assert app.shown == ["fire", "dead"]
    settle(app)
    wait(app, lambda: overlays_ready(app))
    overlays = app.overlays()
    assert overlays is not None and overlays.fire is not None and "dead" in overlays
    assert overlays["dead"].dead.area > 0
    press(app, ("tab", "defence"))
    renders = app.overlay_layer.renders
    step(app, 3)
    assert app.overlay_layer.renders == renders  # drawn once, then reused
    shot(app, "overlays")
    # an edit makes them stale; they follow once it has settled
    key(app, pygame.K_d)
    click(app, at(app, 60, 75))
    settle(app)
    wait(app, lambda: overlays_ready(app))
    assert len(app.overlays().fire.each) == len(overlays.fire.each) + 1  # type: ignore[union-attr]
    app.close()


def test_ctrl_s_saves_an_opened_file_in_place(tmp_path: Path) -> None:
    path = tmp_path / "horde.toml"
    path.write_text((SCENARIOS / "refuge_horde.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = editor(Document.load(path))
    click(app, at(app, 60, 38.5))  # the main gate
    press(app, ("gate", True))
    assert app.history.dirty and "*" in pygame.display.get_caption()[0]
    key(app, pygame.K_s, CTRL)
    assert not app.history.dirty and "*" not in pygame.display.get_caption()[0]
    assert app.prompt is None
    data = saved_data(path)
    assert data == app.doc.data
    gate = next(m for m in data["module"] if m["id"] == "main-gate")
    assert gate["open"] is True
    assert load_scenario(path).module[0].open is True
    app.close()


def test_quitting_with_unsaved_changes_asks_twice() -> None:
    app = editor()
    key(app, pygame.K_d)
    click(app, at(app, 60, 60))
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.close()


def test_test_raid_plays_the_edited_scenario_and_comes_back(tmp_path: Path) -> None:
    app = opened("refuge_horde")
    app.raid_frames = 3
    key(app, pygame.K_d)
    click(app, at(app, 60, 75))  # an unsaved change: the raid plays a scratch copy
    settle(app)
    key(app, pygame.K_F5)
    assert app.raid_count == 1
    assert "stopped" not in app.message
    # the editor's window is back and works: draw, place another defender
    assert pygame.display.get_surface() is app.screen
    assert app.screen.get_size() == (1600, 1000)
    assert pygame.display.get_caption()[0].startswith("DEAD.EARTH refuge editor")
    figures = len(list(app.doc.figures()))
    click(app, at(app, 50, 75))
    assert len(list(app.doc.figures())) == figures + 1
    shot(app, "after_raid")
    app.close()


def test_a_blank_refuge_lists_the_missing_sides_as_check_does() -> None:
    from game.ui.editor.sidebar import problems_title

    app = editor()
    settle(app)
    assert [(p.field, p.reason, p.ref) for p in app.report.problems] == [
        ("side", "a battle needs at least 2 sides (found 0)", None)
    ]
    assert app.report.notes and app.report.drawable  # still a layout to draw on
    assert problems_title(app.report) == "Problems (1) — click one to select it"
    app.close()
