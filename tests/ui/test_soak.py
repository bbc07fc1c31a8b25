"""A shortened soak of the unattended demo: battle after battle in the window, the
memory the Python side holds stays level (tracemalloc between the second battle and
the last), the picture caches stay in their budgets and nothing fails."""

from __future__ import annotations

import gc
import tracemalloc

from table_kit import TABLE, make_app

from game.ui import cache
from game.ui.demo import ScenarioCycle

BATTLES = 6
MAX_FRAMES = 60_000
HELD_GROWTH_MB = 2.0
"""Python memory still held after the last battle, over what was held after the second."""
PEAK_GROWTH_MB = 32.0
"""The highest Python memory during battles 3…N over what was held after the second."""


def test_the_demo_runs_battle_after_battle_with_level_memory() -> None:
    app = make_app("table", human=(), panels=True, autoplay=True, speed=20, size=(1280, 800))
    demo = next(p for p in app.panels if type(p).__name__ == "DemoPanel")
    demo.cycle = ScenarioCycle([TABLE], seed=11, notice=demo._notice)
    demo._first = None
    tracemalloc.start()
    try:
        battles, last, base = 0, id(app.game), 0
        for _ in range(MAX_FRAMES):
            app.frame(1 / 60)
            if id(app.game) == last:
                continue
            last = id(app.game)
            battles += 1
            if battles == 2:
                gc.collect()
                base = tracemalloc.get_traced_memory()[0]
                tracemalloc.reset_peak()
            if battles == BATTLES:
                break
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    mb = 1024 * 1024
    grew, top = (held - base) / mb, (peak - base) / mb
    print(f"\n{battles} battles: held {grew:+.2f} MB, peak {top:+.1f} MB over battle 2")
    assert battles == BATTLES
    assert grew < HELD_GROWTH_MB
    assert top < PEAK_GROWTH_MB
    stores = [o for o in gc.get_objects() if isinstance(o, cache.SurfaceCache)]
    assert stores and all(s.bytes <= s.max_bytes for s in stores)
    assert app.failures == [] and app.panel_errors == [] and demo.errors == 0
