"""Helpers for the editor tests: an editor window on a document, synthetic mouse and
keys, pressing the panel's buttons, waiting for background work. (The tests of the
helpers themselves are at the bottom.)"""

from __future__ import annotations

import os
import time
import tomllib
from pathlib import Path
from typing import Any

import pygame

from game.ui.editor.app import EditorApp, EditorOptions
from game.ui.editor.document import Document

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SHOTS = Path(os.environ.get("UI_SHOTS", "/tmp/ui_shots"))


def editor(
    doc: Document | None = None, size: tuple[int, int] = (1600, 1000), **kw: Any
) -> EditorApp:
    """An editor on `doc` (a blank 120 × 120 table by default), drawn once."""
    app = EditorApp(doc or Document.blank("Test refuge"), EditorOptions(size=size, **kw))
    step(app)
    return app


def opened(name: str, **kw: Any) -> EditorApp:
    return editor(Document.load(SCENARIOS / f"{name}.toml"), **kw)


def step(app: EditorApp, frames: int = 1) -> None:
    """Run the loop's update and drawing (no real time passes)."""
    for _ in range(frames):
        app.update(1 / 60)
        app.render()


def settle(app: EditorApp) -> None:
    """Let the document settle (validation, overlay requests wait for it)."""
    app.update(1.0)
    step(app)


def at(app: EditorApp, x: float, y: float) -> tuple[int, int]:
    """The screen point of a table point in cm."""
    return app.camera.to_screen(x, y)


def move(app: EditorApp, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def click(app: EditorApp, pos: tuple[int, int], button: int = 1) -> None:
    move(app, pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def drag(
    app: EditorApp, a: tuple[int, int], b: tuple[int, int], steps: int = 6, button: int = 1
) -> None:
    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        move(app, p, (1, 0, 0))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    step(app)


def key(app: EditorApp, k: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app)


def type_text(app: EditorApp, text: str) -> None:
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=text))


def answer(app: EditorApp, text: str) -> None:
    """Replace the open dialog's text and press Enter."""
    assert app.prompt is not None, "no dialog is open"
    while app.prompt.text:
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    type_text(app, text)
    key(app, pygame.K_RETURN)


def buttons(app: EditorApp) -> list[Any]:
    step(app)
    out = list(app.bar)
    if app.panel is not None:
        out += app.panel[0].buttons + app.panel[1].buttons
    return out


def press(app: EditorApp, value: tuple[Any, ...]) -> None:
    """Click the tool bar's or side panel's button with this action."""
    found = [b for b in buttons(app) if b.value == value]
    assert found, f"no button {value!r} among {[b.value for b in buttons(app)]}"
    assert found[0].enabled, f"button {value!r} is disabled"
    click(app, found[0].rect.center)


def wait(app: EditorApp, done: Any, timeout: float = 120.0) -> None:
    """Run the loop until `done()` (background work) or fail after `timeout` s."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out waiting for background work"
        time.sleep(0.05)
        app.update(0.05)
    step(app)


def overlays_ready(app: EditorApp) -> bool:
    names = [n for n in app.shown if n != "heat"]
    values = app.overlay_values
    return all(n in values and values[n].version == app.doc.version for n in names)


def saved_data(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def shot(app: EditorApp, name: str) -> Path:
    """Save the window as a PNG under $UI_SHOTS (default /tmp/ui_shots)."""
    step(app)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"editor_{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


# -- the helpers' own tests ---------------------------------------------------------------


def test_table_points_round_trip_through_the_screen() -> None:
    app = editor()
    for x, y in ((0, 0), (60, 60), (120, 120), (12.5, 80)):
        bx, by = app.camera.to_board(*at(app, x, y))
        assert abs(bx - x) < 0.2 and abs(by - y) < 0.2
    app.close()
