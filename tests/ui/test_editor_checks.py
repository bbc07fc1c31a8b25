"""The editor checks what `main.py check` checks (one shared function), and a layout
that is no battle yet still gets its overlays, its map and its save."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.editor.document import Document
from main import main
from tests.ui.test_editor_kit import (
    answer,
    at,
    click,
    editor,
    key,
    overlays_ready,
    press,
    settle,
    shot,
    wait,
)

CTRL = pygame.KMOD_CTRL
DATA = Path(__file__).resolve().parents[1] / "engine" / "data"

WALLS_ONLY = """
[scenario]
name = "Walls only"
rules = "deadearth"
max_rounds = 10

[board]
width_cm = 120.0
height_cm = 120.0

[[terrain]]
id = "wall-1"
kind = "wall"
polygon = [[40, 40], [80, 40], [80, 41], [40, 41]]
"""

DEFENDERS_ONLY = """
[scenario]
name = "Defenders only"
rules = "deadearth"
max_rounds = 10

[board]
width_cm = 120.0
height_cm = 120.0

[[side]]
id = "refuge"
name = "The refuge"
controller = "human"

[[side.squad]]
id = "core"

[[side.squad.figure]]
id = "bruno"
profile = "Bruno"
at = [60, 60]
facing = 90
"""

BROKEN_AND_ALONE = (
    DEFENDERS_ONLY
    + """
[[terrain]]
id = "bowtie"
kind = "wall"
polygon = [[10, 10], [20, 20], [20, 10], [10, 20]]
"""
)


def check_lines(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What `main.py check` prints for a file, without the file name."""
    main(["check", str(path)])
    return [line.removeprefix(f"{path}: ") for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize(
    "text",
    [WALLS_ONLY, DEFENDERS_ONLY, BROKEN_AND_ALONE],
    ids=["walls_only", "defenders_only", "broken_and_alone"],
)
def test_the_editor_lists_what_check_prints(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "layout.toml"
    path.write_text(text, encoding="utf-8")
    app = editor(Document.load(path))
    settle(app)
    listed = [p.text for p in app.report.problems]
    assert listed == check_lines(path, capsys)
    assert any("a battle needs at least 2 sides" in line for line in listed)
    app.close()


def test_a_defenders_only_layout_is_saved_but_does_not_pass_check_yet(tmp_path: Path) -> None:
    path = tmp_path / "wip.toml"
    path.write_text(DEFENDERS_ONLY, encoding="utf-8")
    app = editor(Document.load(path))
    key(app, pygame.K_l)
    press(app, ("preset", "crates"))
    click(app, at(app, 30, 30))
    key(app, pygame.K_s, CTRL)
    assert not app.history.dirty  # saved: a work in progress may be saved
    assert "does not pass check yet (1 problems in the list)" in app.message
    assert "crates-1" in path.read_text(encoding="utf-8")
    # the test raid waits: it names the problem
    key(app, pygame.K_F5)
    assert app.raid_count == 0
    app.close()


def test_overlays_and_the_map_work_on_a_walls_only_table(tmp_path: Path) -> None:
    """A table without sides (a refuge being drawn) still shows fields of fire and
    dead ground (empty, without defenders) and exports its map."""
    app = editor()
    key(app, pygame.K_l)
    press(app, ("preset", "wall"))
    click(app, at(app, 60, 60))
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    settle(app)
    assert not app.report.ok and app.report.drawable
    wait(app, lambda: overlays_ready(app), timeout=60)
    assert {n: v.error for n, v in app.overlay_values.items()} == {"fire": None, "dead": None}
    assert app.overlay_status() == ""
    shot(app, "walls_only_overlays")
    out = tmp_path / "walls.png"
    key(app, pygame.K_e, CTRL)
    assert app.prompt is not None
    answer(app, str(out))
    wait(app, lambda: app.export_job is None, timeout=120)
    assert app.message == f"Map written to {out}"
    assert out.stat().st_size > 0
    app.close()


def test_deleting_the_last_entry_zone_says_what_to_do() -> None:
    app = editor()
    key(app, pygame.K_e)
    click(app, at(app, 118, 60))  # an entry zone: the raiding side is made with it
    entry = app.selected_item()
    assert entry is not None and entry.what == "entry"
    key(app, pygame.K_DELETE)
    settle(app)
    found = [p for p in app.report.problems if p.field == "side[0].raid.entry"]
    assert [p.reason for p in found] == [
        "The raid needs at least one entry zone: draw one along a board edge with the "
        "Entry zone tool (E)"
    ]
    assert not any("List should have" in p.reason for p in app.report.problems)
    press(app, ("problem", app.report.problems.index(found[0])))
    assert app.tool_name == "entry"  # clicking the problem picks the tool that fixes it
    shot(app, "no_entry_problem")
    app.close()
