"""The battle log panel under 12,000 events (not part of the default run).

    python tests/bench/bench_log.py

Measures CPU time (`time.process_time`; wall time beside it, stretched by whatever
else the machine runs):
1. adding 12,000 events to a log of capacity 10,000 (target ≤ 0.5 s CPU);
2. a frame of the log while it scrolls (target ≤ 20 ms CPU).
Baseline in the same run: narrating the same 12,000 events (`game.narration.narrate`,
the text the log shows), and the ratio of adding to narrating.
"""

from __future__ import annotations

import sys
import time

from headless import ROOT  # first: headless SDL, the repository importable

sys.path.insert(0, str(ROOT / "tests" / "ui"))

# isort: split
from panel_kit import fake_app, played, surface

from game.narration import narrate
from game.ui.log import LogPanel

EVENTS = 12_000
FRAMES = 60
MAX_ADD_S = 0.5
MAX_FRAME_S = 0.02


def _timed(work: object) -> tuple[float, float]:
    """(CPU s, wall s) of calling `work()`."""
    cpu, wall = time.process_time(), time.perf_counter()
    work()  # type: ignore[operator]
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> int:
    _, events = played()
    many = (events * (EVENTS // len(events) + 1))[:EVENTS]
    base_cpu, base_wall = _timed(lambda: [narrate(e) for e in many])
    panel = LogPanel(fake_app(None), capacity=10_000)
    add_cpu, add_wall = _timed(lambda: panel.on_events(many))
    target = surface((420, 900))
    panel.rect = target.get_rect()
    panel.draw(target)

    def scroll() -> None:
        for k in range(FRAMES):
            panel.log.scroll(7 if k % 2 else -3)
            panel.draw(target)

    frame_cpu, frame_wall = _timed(scroll)
    frame_cpu, frame_wall = frame_cpu / FRAMES, frame_wall / FRAMES
    print(f"narrate {EVENTS} events (baseline): CPU {base_cpu:.3f} s · wall {base_wall:.3f} s")
    print(
        f"add {EVENTS} events to the log:      CPU {add_cpu:.3f} s · wall {add_wall:.3f} s"
        f" · {add_cpu / base_cpu:.2f}× narrating (target ≤ {MAX_ADD_S} s CPU)"
    )
    print(
        f"a scrolling frame of the log:     CPU {frame_cpu * 1000:.1f} ms"
        f" · wall {frame_wall * 1000:.1f} ms (target ≤ {MAX_FRAME_S * 1000:.0f} ms CPU)"
    )
    return 0 if add_cpu <= MAX_ADD_S and frame_cpu <= MAX_FRAME_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
