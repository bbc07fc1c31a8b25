"""House rules that guard the architecture."""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _core_modules() -> list[str]:
    names = []
    for pkg in ("game", "ai"):
        for info in pkgutil.walk_packages([str(ROOT / pkg)], prefix=f"{pkg}."):
            if info.name.startswith("game.ui"):
                continue
            names.append(info.name)
    return names


def test_core_and_ai_never_import_pygame() -> None:
    modules = _core_modules()
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print('PYGAME' if bad else 'CLEAN', len(sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("CLEAN"), out.stdout + out.stderr
    assert "game.dice" in modules


def test_no_unseeded_randomness_in_core() -> None:
    pattern = re.compile(r"^\s*(import random\b|from random import)|default_rng\(\s*\)", re.M)
    offenders = [
        str(p.relative_to(ROOT))
        for pkg in ("game", "ai")
        for p in (ROOT / pkg).rglob("*.py")
        if pattern.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []
