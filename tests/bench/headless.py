"""The benchmark scripts' set-up: headless SDL, and the repository importable when a
script runs on its own (`python tests/bench/bench_ui.py`). Import it before pygame."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
SCENE = ROOT / "tests" / "board" / "data" / "dense_scene.toml"
"""The shared dense scene (200 figures) beside the checkout."""
