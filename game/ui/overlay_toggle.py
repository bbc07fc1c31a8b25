"""The table's defence overlay, switched by a key (issue #7): off → each overlay the
registry computes (game/ui/defence.py: fields of fire → dead ground → threat) → each
one handed in (the heat map, when one was simulated, e.g. the editor's for a test
raid) → off.

The overlay is computed for the game as it stands when first shown and again only
when the board or a defender's position changes (`key()` says when; the table's
still picture includes it in its cache key). Fields of fire, dead ground and the
threat are computed in a background thread on a copy of the game (the threat takes
about a second on a full refuge): meanwhile the table shows the last overlay of that
kind, if any, and a "computing …" badge, and `key()` changes once the result is in.
Drawing is the registry's.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.engine import Game
from game.i18n import tr
from game.overlays.refuge import defenders
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.defence import (
    COMPUTED,
    OVERLAY_NAMES,
    DefenceOverlays,
    compute_overlays,
    draw_overlays,
)
from game.ui.render import style

log = logging.getLogger(__name__)

Work = Callable[[], DefenceOverlays]
Key = tuple[str, int, int, tuple[tuple[str, tuple[float, float]], ...]]
"""What an overlay was computed for: its mode, the game, the board's version and the
defenders' places."""


class Background:
    """One worker thread computing the newest request (an older one not yet begun is
    dropped); `poll()` hands back what finished."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asked: Key | None = None
        self._wanted: tuple[Key, Work] | None = None
        self._done: list[tuple[Key, DefenceOverlays]] = []
        self._thread: threading.Thread | None = None

    def request(self, key: Key, work: Work) -> None:
        """Compute `work()` for `key` (nothing new if `key` is the latest asked)."""
        with self._lock:
            if key == self._asked:
                return
            self._asked, self._wanted = key, (key, work)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="overlay", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._wanted is None:
                    return
                key, work = self._wanted
                self._wanted = None
            try:
                value = work()
            except Exception:  # the table goes on without it
                log.exception("the defence overlay could not be computed")
                value = DefenceOverlays()
            with self._lock:
                self._done.append((key, value))

    def poll(self) -> list[tuple[Key, DefenceOverlays]]:
        with self._lock:
            done, self._done = self._done, []
        return done

    def wait(self, timeout: float | None = None) -> None:
        """Until the work asked for is done (tests)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)


class OverlayToggle:
    """Which defence overlay the table shows, and its cached geometry."""

    def __init__(self, given: Mapping[str, Any] | None = None) -> None:
        self.given = {name: v for name, v in (given or {}).items() if v is not None}
        """Overlays handed in (e.g. {"heat": a heat map}), shown as they are."""
        self.mode: str | None = None
        self._last: dict[str, tuple[Key, DefenceOverlays]] = {}  # the latest of each mode
        self._job = Background()
        self.computed = 0  # how often an overlay was computed (tests)

    def modes(self) -> list[str | None]:
        """The cycle: off, the computed overlays, then those handed in."""
        given = [n for n in OVERLAY_NAMES if n in self.given and n not in COMPUTED]
        return [None, *COMPUTED, *given]

    def cycle(self) -> str | None:
        """The next overlay (or off); returns it."""
        modes = self.modes()
        index = modes.index(self.mode) if self.mode in modes else 0
        self.mode = modes[(index + 1) % len(modes)]
        return self.mode

    def label(self) -> str:
        """The overlay's name for the status line (while it is computed, a badge on the
        table says so: `draw`)."""
        return tr(f"planner.overlay.{self.mode}" if self.mode else "planner.overlay.off")

    def _base(self, game: Game) -> Key | None:
        """What the overlay depends on: the mode, the board, the defenders' places."""
        if self.mode is None:
            return None
        spots = tuple((d.id, d.pos) for d in defenders(game))
        return (self.mode, id(game), game.state.board.version, spots)

    def _poll(self) -> None:
        for key, value in self._job.poll():
            self._last[key[0]] = (key, value)
            self.computed += 1

    def key(self, game: Game) -> object:
        """Changes whenever the picture would: the mode, the board, the defenders, and
        the overlay coming in from the background."""
        base = self._base(game)
        if base is None:
            return None
        self._poll()
        return (base, self.ready(base))

    def ready(self, base: Key) -> bool:
        """Is the overlay for `base` in?"""
        last = self._last.get(base[0])
        return last is not None and last[0] == base

    def pending(self, game: Game) -> bool:
        """Is the overlay shown still being computed?"""
        base = self._base(game)
        self._poll()
        return base is not None and not self.ready(base)

    def overlays(self, game: Game) -> DefenceOverlays | None:
        """The current overlay's geometry if it is in (else the last one of its kind
        while the new one is computed in the background; None at first)."""
        base = self._base(game)
        if base is None or self.mode is None:
            return None
        self._poll()
        last = self._last.get(self.mode)
        if last is not None and last[0] == base:
            return last[1]
        if self.mode in self.given:  # nothing to compute: it was handed in
            self._last[self.mode] = (base, DefenceOverlays({self.mode: self.given[self.mode]}))
            self.computed += 1
            return self._last[self.mode][1]
        copy, mode = game.clone(), self.mode
        self._job.request(base, lambda: compute_overlays(copy, [mode]))
        return last[1] if last is not None else None

    def wait(self, timeout: float | None = None) -> None:
        """Until the overlay asked for is computed (tests)."""
        self._job.wait(timeout)
        self._poll()

    def draw(self, surface: pygame.Surface, camera: Camera, game: Game) -> None:
        """Draw the current overlay (nothing when off); 'computing …' while it is."""
        overlays = self.overlays(game)
        if overlays is not None:
            draw_overlays(surface, camera, overlays)
        if self.pending(game):
            name = tr(f"planner.overlay.{self.mode}")
            badge(surface, camera, tr("planner.toggle.computing", name=name))


def badge(surface: pygame.Surface, camera: Camera, text: str) -> None:
    """A small note at the table's top-left corner."""
    image = fonts.outlined(text, 14, style.TEXT, style.INK)
    x, y, _, _ = camera.view
    box = image.get_rect(topleft=(x + 8, y + 8)).inflate(10, 6)
    pygame.draw.rect(surface, style.INK, box, border_radius=4)
    surface.blit(image, image.get_rect(center=box.center))
