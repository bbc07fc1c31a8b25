"""Is there a screen? The window's check after it opened.

Without a display (SSH, WSL without X, a service) SDL does not fail: it quietly
falls back to its `offscreen` driver, and a window nobody can see would run until
killed. `open_window` therefore asks SDL which driver it really opened and raises
`NoDisplay` (with what to do) when that driver has no screen and nobody asked for a
headless run: `SDL_VIDEODRIVER` set to a headless driver on purpose, or a run of a
fixed number of frames (`--frames`, the tests).
"""

from __future__ import annotations

import os
import time

import pygame

from game.i18n import tr

HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers without a screen."""
REOPEN_TRIES = 3
"""Attempts at getting a real window back (the editor after a test raid)."""
REOPEN_PAUSE_S = 0.5


class NoDisplay(Exception):
    """The window opened on a driver without a screen, and nobody asked for that."""


def requested_driver() -> str:
    """The video driver the user asked for (`SDL_VIDEODRIVER`), "" for SDL's choice."""
    return os.environ.get("SDL_VIDEODRIVER", "").strip().lower()


def headless_asked(frames: int | None) -> bool:
    """Did the user ask for a run without a screen (a driver set on purpose, a fixed
    number of frames)?"""
    return frames is not None or requested_driver() in HEADLESS_DRIVERS


def driver() -> str:
    """The video driver SDL opened ("" before `pygame.display.init`)."""
    try:
        return str(pygame.display.get_driver()).lower()
    except pygame.error:
        return ""


def no_display_text(why: str) -> str:
    """ "No display found", why, and what to do."""
    return tr("newcomer.display.none", why=why)


def init() -> None:
    """Init the display and the fonts; `NoDisplay` when SDL cannot (e.g. a driver
    asked for that is not there)."""
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as exc:
        raise NoDisplay(no_display_text(str(exc))) from exc


def check(frames: int | None) -> None:
    """Raise `NoDisplay` when the opened driver has no screen and nobody asked for
    a headless run."""
    found = driver()
    if found in HEADLESS_DRIVERS and not headless_asked(frames):
        raise NoDisplay(no_display_text(tr("newcomer.display.fallback", driver=found)))


def open_window(size: tuple[int, int], frames: int | None) -> pygame.Surface:
    """Init the display and open a resizable window of `size` px; `NoDisplay` when
    there is no screen to show it on (and the user did not ask for none)."""
    init()
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        raise NoDisplay(no_display_text(str(exc))) from exc
    check(frames)
    return screen


def reopen_window(size: tuple[int, int], frames: int | None) -> pygame.Surface:
    """The window again after another window shut the display down (the editor
    after a test raid). A fall-back to a driver without a screen (or a failing
    one) is retried a few times; `NoDisplay` when the screen does not come back."""
    for attempt in range(REOPEN_TRIES):
        if attempt:
            pygame.display.quit()
            time.sleep(REOPEN_PAUSE_S)
        try:
            return open_window(size, frames)
        except NoDisplay:
            if attempt + 1 == REOPEN_TRIES:
                raise
    raise AssertionError("unreachable")
