"""The editor's background work: the heat map's simulated raids with their progress
(and cancelling them), the map export to a file at true size."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
from PIL import Image

from game.ui.editor.app import EditorApp
from game.ui.editor.document import Document
from tests.ui.test_editor_kit import (
    ROOT,
    answer,
    editor,
    key,
    opened,
    press,
    shot,
    step,
    wait,
)

MINI = ROOT / "tests" / "overlays" / "data" / "mini_raid.toml"


def mini(tmp_path: Path, **kw: Any) -> EditorApp:
    path = tmp_path / "mini_raid.toml"
    shutil.copy(MINI, path)
    return editor(Document.load(path), heat_workers=1, **kw)


def test_the_heat_map_is_simulated_in_the_background(tmp_path: Path) -> None:
    app = mini(tmp_path)
    app.heat_games = 2
    key(app, pygame.K_4)
    job = app.heat_job
    assert job is not None and job.running
    assert app.tab == "defence"
    step(app)
    shot(app, "heat_running")
    wait(app, lambda: app.heat is not None or (app.heat_job is None and app.message), 300)
    assert app.heat is not None, app.message
    assert app.heat.games == 2
    overlays = app.overlays()
    assert overlays["heat"] is app.heat
    assert "2" in app.heat_summary
    shot(app, "heat_done")
    app.close()


def test_a_simulation_can_be_cancelled(tmp_path: Path) -> None:
    app = mini(tmp_path)
    app.heat_games = 200
    press(app, ("tab", "defence"))
    press(app, ("heat_run",))
    job = app.heat_job
    assert job is not None
    press(app, ("heat_cancel",))
    job.wait(30)
    assert not job.running and job.cancelled
    wait(app, lambda: app.heat_job is None, 10)
    assert app.heat is None
    app.close()


def test_export_map_writes_a_true_size_png(tmp_path: Path) -> None:
    app = mini(tmp_path, export_dpi=40.0)
    key(app, pygame.K_1)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    assert app.prompt is not None
    assert app.prompt.text.endswith("mini_raid-map.pdf")
    out = tmp_path / "map.png"
    answer(app, str(out))
    assert app.export_job is not None
    wait(app, lambda: app.export_job is None, 300)
    assert out.is_file(), app.message
    image = Image.open(out)
    board_px = round(60 / 2.54 * 40)  # a 60 cm table at 40 dpi, 1:1
    assert image.size[0] > board_px and image.size[1] > board_px
    assert image.info["dpi"][0] == 40 or abs(image.info["dpi"][0] - 40) < 0.1
    assert "map.png" in app.message
    app.close()


def test_each_overlay_is_computed_once_per_version() -> None:
    """A finished overlay must not send the others shown back to be computed again
    (a second result would replace the first and redraw the layer)."""
    app = opened("refuge_horde")
    asked: list[tuple[int, tuple[str, ...]]] = []
    request = app.overlay_job.request

    def recording(version: int, scenario: Any, names: Any) -> None:
        asked.append((version, tuple(names)))
        request(version, scenario, names)

    app.overlay_job.request = recording  # type: ignore[method-assign]
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    app.update(1.0)
    wait(app, lambda: all(n in app.overlay_values for n in ("fire", "dead")))
    for _ in range(5):
        app.update(0.05)
    computed = [n for _, names in asked for n in names]
    assert sorted(computed) == ["dead", "fire"], asked
    app.close()


def test_a_request_for_the_same_version_adds_to_one_not_yet_begun() -> None:
    from game.ui.editor.jobs import OverlayJob

    job = OverlayJob()
    job._thread = type("Alive", (), {"is_alive": lambda self: True})()  # type: ignore[assignment]
    job.request(3, None, ("fire",))  # type: ignore[arg-type]
    job.request(3, None, ("dead", "fire"))  # type: ignore[arg-type]
    assert job._wanted is not None and job._wanted[2] == ("fire", "dead")
    job.request(4, None, ("dead",))  # type: ignore[arg-type]
    assert job._wanted[0] == 4 and job._wanted[2] == ("dead",)
