"""No display, no invisible program: when SDL falls back to a driver without a screen
(no DISPLAY: SSH, WSL without X), the window says "no display found" and what to do,
and the commands exit 2; asked-for headless runs (a driver set on purpose, --frames)
go on. The editor never runs on without its window and never loses unsaved work.

The driver SDL opened is simulated (the tests run under the dummy driver)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_kit import make_app
from test_editor_kit import SCENARIOS, at, click, editor, key, settle

from game.cli import play, run_cli
from game.ui import display
from game.ui.editor.document import Document


@pytest.fixture
def no_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL fell back to `offscreen` and nobody asked for a headless driver."""
    monkeypatch.setattr(display, "driver", lambda: "offscreen")
    monkeypatch.setattr(display, "requested_driver", lambda: "")
    monkeypatch.setattr(display, "REOPEN_PAUSE_S", 0.0)


def test_a_driver_that_fails_to_open_says_no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail() -> None:
        raise pygame.error("x11 not available")

    monkeypatch.setattr(pygame.display, "init", fail)
    with pytest.raises(display.NoDisplay, match=r"No display found \(x11 not available\)"):
        display.open_window((640, 480), None)


def test_a_real_driver_or_an_asked_for_headless_run_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(display, "requested_driver", lambda: "")
    monkeypatch.setattr(display, "driver", lambda: "x11")
    display.check(None)
    monkeypatch.setattr(display, "driver", lambda: "offscreen")
    display.check(600)  # --frames: a run that ends by itself
    monkeypatch.setattr(display, "requested_driver", lambda: "dummy")
    display.check(None)  # SDL_VIDEODRIVER=dummy on purpose
    monkeypatch.setattr(display, "requested_driver", lambda: "")
    with pytest.raises(display.NoDisplay, match=r"No display found.*'offscreen' driver.*xvfb-run"):
        display.check(None)


@pytest.mark.usefixtures("no_screen")
def test_the_play_window_refuses_to_run_unseen() -> None:
    with pytest.raises(display.NoDisplay):
        make_app("open_skirmish")
    app = make_app("open_skirmish", frames=5)  # the same, for a fixed number of frames
    assert app.run() == 0


@pytest.mark.usefixtures("no_screen")
def test_play_and_edit_say_no_display_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play, "HEADLESS_DRIVERS", ())  # as if SDL_VIDEODRIVER were unset
    assert run_cli(["play", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: No display found") and "main.py run" in err
    assert "Traceback" not in err
    assert run_cli(["edit", "--lang", "de"]) == 2
    assert capsys.readouterr().err.startswith("error: Kein Bildschirm gefunden")
    pygame.quit()


def test_the_editor_gets_its_window_back_after_a_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = editor()
    answers = iter(["offscreen", "x11"])  # the first reopening fell back, the second not
    monkeypatch.setattr(display, "driver", lambda: next(answers))
    monkeypatch.setattr(display, "requested_driver", lambda: "")
    monkeypatch.setattr(display, "REOPEN_PAUSE_S", 0.0)
    app.reopen((1280, 720))
    assert pygame.display.get_surface() is app.screen
    assert app.screen.get_size() == (1280, 720)
    app.close()


def test_a_lost_window_after_a_test_raid_keeps_the_unsaved_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "horde.toml"
    path.write_text((SCENARIOS / "refuge_horde.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = editor(Document.load(path))
    app.raid_frames = 3
    key(app, pygame.K_d)
    click(app, at(app, 60, 75))  # an unsaved defender
    settle(app)
    assert app.history.dirty
    monkeypatch.setattr(display, "requested_driver", lambda: "")
    real_open = display.open_window

    def fallback_after_the_raid(size: tuple[int, int], frames: int | None) -> pygame.Surface:
        if app.raid_count:  # the raid's window came and went: no screen any more
            monkeypatch.setattr(display, "driver", lambda: "offscreen")
        return real_open(size, frames)

    monkeypatch.setattr(display, "open_window", fallback_after_the_raid)
    monkeypatch.setattr(display, "REOPEN_PAUSE_S", 0.0)
    with pytest.raises(display.NoDisplay, match=r"unsaved changes are in .*horde\.recovered\.toml"):
        key(app, pygame.K_F5)
    recovered = tmp_path / "horde.recovered.toml"
    assert recovered.read_text(encoding="utf-8") == app.doc.to_text()
    assert path.read_text() != app.doc.to_text()  # the file itself is not touched
    app.close()
    pygame.quit()
