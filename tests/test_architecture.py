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


# Randomness outside game/dice.py: stdlib `random`, numpy's module-level functions and
# any generator draw not made through a Dice method. `np.random.SeedSequence` (seed
# spawning, deterministic) and the `np.random.Generator` type are allowed.
_RANDOMNESS = re.compile(
    r"^\s*import\s+random\b"
    r"|^\s*from\s+random\s+import\b"
    r"|(?<![\w.])random\.\w+\s*\("
    r"|^\s*import\s+numpy\.random\b"
    r"|^\s*from\s+numpy\.random\s+import\b"
    r"|^\s*from\s+numpy\s+import\s+(?:[\w\s,]*\b)?random\b"
    r"|\b(?:np|numpy)\.random\.(?!SeedSequence\b)(?!Generator\b(?!\s*\())\w+"
    r"|\bdefault_rng\b"
    r"|\brng\.(?!bit_generator\b)\w+\s*\(",
    re.M,
)
_DICE = Path("game") / "dice.py"


def _randomness(text: str) -> list[str]:
    return [m.group(0).strip() for m in _RANDOMNESS.finditer(text)]


def test_no_unseeded_randomness_in_core() -> None:
    """Every random number of game/ and ai/ comes through game/dice.py (house rules)."""
    offenders = {
        str(rel): found
        for pkg in ("game", "ai")
        for p in (ROOT / pkg).rglob("*.py")
        if (rel := p.relative_to(ROOT)) != _DICE
        and (found := _randomness(p.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_randomness_guard_catches_what_it_should() -> None:
    bad = [
        "import random",
        "from random import choice",
        "x = random.random()",
        "import numpy.random",
        "from numpy.random import default_rng",
        "from numpy import random",
        "from numpy import pi, random",
        "np.random.shuffle(xs)",
        "numpy.random.seed(3)",
        "g = np.random.default_rng(7)",
        "g = np.random.Generator(np.random.PCG64())",
        "order = dice.rng.permutation(5)",
        "rng.integers(1, 7)",
    ]
    good = [
        "seq = np.random.SeedSequence(seed).spawn(4)",
        "def f(rng: np.random.Generator) -> None: ...",
        "from ai.random_bot import RandomBot",
        '"""a random order of spots."""',
        "state = dice.rng.bit_generator.state",
        "order = dice.permutation(5)",
    ]
    assert [b for b in bad if not _randomness(b)] == []
    assert [g for g in good if _randomness(g)] == []


# -- issue #12 item 3: events are plain data, the rules say no words ------------------
# The rules and the event modules import neither the string catalogue nor the naming
# layer: the narrator (game/narration/) words events and reasons above them.

_WORDS_MODULES = ("game.i18n", "game.naming")
_EVENT_MODULES = ("game/events.py", "game/play/events.py", "game/play/combat_events.py")


def _imported(text: str) -> set[str]:
    """Every module an import statement of the source names (`from a import b` names
    `a` and `a.b`)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _says_words(text: str) -> list[str]:
    return sorted(
        m for m in _imported(text) if any(m == w or m.startswith(f"{w}.") for w in _WORDS_MODULES)
    )


def test_rules_and_event_modules_import_neither_catalogue_nor_naming() -> None:
    paths = sorted((ROOT / "game" / "rules").glob("*.py")) + [ROOT / p for p in _EVENT_MODULES]
    offenders = {
        str(p.relative_to(ROOT)): found
        for p in paths
        if (found := _says_words(p.read_text(encoding="utf-8")))
    }
    assert offenders == {}
    assert len(paths) >= 17


def test_the_words_import_guard_catches_what_it_should() -> None:
    bad = [
        "from game.i18n import tr",
        "import game.naming",
        "from game.naming import say as s",
        "def f():\n    from game.i18n import tr\n",
        "from game.i18n.x import y",
        "from game import i18n",
    ]
    good = ["from game.events import Event", "from game.reason import Reason", "import gamei18n"]
    assert [b for b in bad if not _says_words(b)] == []
    assert [g for g in good if _says_words(g)] == []
