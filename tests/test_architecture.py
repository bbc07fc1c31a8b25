"""House rules that guard the architecture."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ai.memo import MEMO, memo
from ai.random_bot import RandomBot
from game.engine import Game
from game.loading import load_scenario
from game.play import sight, space
from game.play.cache import Entry, GameCache, Lasts, Memo, memo_entry
from game.play.sight import SIGHT
from game.play.space import PATHS

ROOT = Path(__file__).resolve().parents[1]


def _core_modules() -> list[str]:
    """Every module of game/ and ai/ but the window (game.ui) and the commands
    (game.cli: `play`, `edit` and `map` open it; the others are held to the same
    rule by tests/test_startup.py)."""
    names = []
    for pkg in ("game", "ai"):
        for info in pkgutil.walk_packages([str(ROOT / pkg)], prefix=f"{pkg}."):
            if info.name.startswith(("game.ui", "game.cli")):
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


# -- the engine stands above its rooms (issue #12) ------------------------------------


def _sources(*pkgs: str) -> list[Path]:
    return sorted(p for pkg in pkgs for p in (ROOT / pkg).rglob("*.py"))


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import run at run time (not under `if TYPE_CHECKING:`), with whether it
    stands inside a function."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child, in_function))
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            visit(child, inner)

    visit(tree, False)
    return found


def _modules(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    return [base, *(f"{base}.{a.name}" for a in node.names)]


def _internal(node: ast.Import | ast.ImportFrom) -> bool:
    return any(m.split(".")[0] in ("game", "ai") for m in _modules(node))


def test_no_room_of_game_play_imports_the_engine() -> None:
    """The rooms take a `GameView` (game/play/contract.py); the engine imports them."""
    offenders = [
        f"{p.relative_to(ROOT)}:{node.lineno}"
        for p in _sources("game/play")
        for node, _ in _imports(ast.parse(p.read_text(encoding="utf-8")))
        if "game.engine" in _modules(node)
    ]
    assert offenders == []


MAX_DEFERRED_IMPORTS = 15
_NO_REASON = re.compile(r"^\s*(noqa\b.*|type:\s*ignore\b.*)?$")


def deferred_imports(text: str) -> list[tuple[int, bool]]:
    """(line, has a reason) of each import of game/ai inside a function: a reason is
    a comment on the import's line or the line above (`# lazy: pygame only for …`)."""
    lines = text.splitlines()

    def reason(lineno: int) -> bool:
        for line in lines[max(0, lineno - 2) : lineno]:
            _, hash_, comment = line.partition("#")
            if hash_ and not _NO_REASON.match(comment):
                return True
        return False

    return [
        (node.lineno, reason(node.lineno))
        for node, in_function in _imports(ast.parse(text))
        if in_function and _internal(node)
    ]


# Files whose deferred imports another branch of issue #12 takes out (the first
# start's warm-up); empty this once it is in.
_PENDING: tuple[str, ...] = ()


def test_few_imports_hide_in_functions_and_each_says_why() -> None:
    """An import inside a function hides a cycle; the few that stay say why."""
    found = {
        f"{rel}:{line}": has_reason
        for p in _sources("game", "ai")
        if not (rel := p.relative_to(ROOT).as_posix()).startswith(_PENDING)
        for line, has_reason in deferred_imports(p.read_text(encoding="utf-8"))
    }
    assert len(found) <= MAX_DEFERRED_IMPORTS, sorted(found)
    assert [where for where, has_reason in found.items() if not has_reason] == []


def test_the_deferred_import_guard_sees_what_it_should() -> None:
    text = (
        "from game.dice import Dice\n"
        "if TYPE_CHECKING:\n"
        "    from game.engine import Game\n"
        "def f() -> None:\n"
        "    # lazy: pygame only for the window\n"
        "    from game.ui import app\n"
        "    import numpy\n"
        "    from ai import controller_for  # noqa: F401\n"
        "    def g() -> None:\n"
        "        import game.sim  # lazy: the batch only\n"
    )
    assert deferred_imports(text) == [(6, True), (8, False), (10, True)]


_GAME_ATTRIBUTES = re.compile(r"__dict__|\bvars\(|\bsetattr\(\s*[\w.]*game\b")


def test_nothing_keeps_things_on_a_game_object() -> None:
    """Caches live in the game's declared `GameCache`, never in its `__dict__`."""
    offenders = {
        str(p.relative_to(ROOT)): found
        for p in _sources("game", "ai")
        if (found := _GAME_ATTRIBUTES.findall(p.read_text(encoding="utf-8")))
    }
    assert offenders == {}
    assert _GAME_ATTRIBUTES.search("store = game.__dict__")
    assert _GAME_ATTRIBUTES.search("setattr(self.game, '_x', 1)")


# -- the game's declared caches ----------------------------------------------------------


def _entries() -> tuple[Entry[Memo[str, int]], Entry[Memo[str, int]]]:
    kept: Entry[Memo[str, int]] = memo_entry(
        "kept", holds="squares", key="a name", lasts=Lasts.WHOLE_GAME, clone=True, limit=3
    )
    brief: Entry[Memo[str, int]] = memo_entry(
        "brief", holds="squares", key="a name", lasts=Lasts.ONE_STATE, clone=False
    )
    return kept, brief


def _counting() -> tuple[list[str], Callable[[str], Callable[[], int]]]:
    built: list[str] = []

    def build(key: str) -> Callable[[], int]:
        def make() -> int:
            built.append(key)
            return len(key) ** 2

        return make

    return built, build


def test_the_cache_drops_one_state_entries_when_the_state_moves_on() -> None:
    kept, brief = _entries()
    built, build = _counting()
    cache = GameCache()
    assert cache.memo(kept, "ab", build("ab")) == 4 and cache.memo(brief, "ab", build("ab")) == 4
    assert cache.memo(kept, "ab", build("ab")) == 4 and cache.memo(brief, "ab", build("ab")) == 4
    assert built == ["ab", "ab"]  # once per entry
    cache.moved()
    assert set(cache) == {kept}
    cache.memo(kept, "ab", build("ab"))
    cache.memo(brief, "ab", build("ab"))
    assert built == ["ab", "ab", "ab"]  # only the one-state entry was built again


def test_a_memo_starts_afresh_past_its_limit() -> None:
    kept, _ = _entries()
    built, build = _counting()
    cache = GameCache()
    for key in ("a", "b", "c", "d", "a"):
        cache.memo(kept, key, build(key))
    assert built == ["a", "b", "c", "d", "a"] and len(cache.value(kept)) == 2


def test_a_clone_starts_with_copies_of_the_entries_it_may_share() -> None:
    kept, brief = _entries()
    built, build = _counting()
    cache = GameCache()
    cache.memo(kept, "ab", build("ab"))
    cache.memo(brief, "ab", build("ab"))
    twin = cache.for_clone()
    assert set(twin) == {kept}
    assert twin.value(kept) is not cache.value(kept)  # a copy: the clone adds to its own
    twin.memo(kept, "abc", build("abc"))
    assert len(twin.value(kept)) == 2 and len(cache.value(kept)) == 1
    assert built == ["ab", "ab", "abc"]  # "ab" came with the copy


def test_a_later_clone_takes_over_what_an_earlier_one_kept() -> None:
    kept, brief = _entries()
    earlier, later = GameCache(), GameCache()
    earlier.memo(kept, "ab", lambda: 1)
    earlier.memo(brief, "ab", lambda: 1)
    later.memo(kept, "x", lambda: 2)
    later.take_over(earlier)
    assert set(later) == {kept} and later.value(kept) is earlier.value(kept)


def test_one_state_values_never_go_to_a_clone() -> None:
    with pytest.raises(ValueError, match="one state"):
        memo_entry("bad", holds="-", key="-", lasts=Lasts.ONE_STATE, clone=True)


def test_every_declared_entry_says_what_it_holds_and_by_what_key() -> None:
    modules = [importlib.import_module(m) for m in _core_modules()]
    entries = {
        id(value): value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, Entry)
    }
    names = sorted(e.name for e in entries.values())
    assert {"sight", "paths", "combatants", "ai.memo", "ai.odds", "ai.fields"} <= set(names)
    assert len(names) == len(set(names))
    assert all(e.holds and e.key for e in entries.values())


def test_a_game_keeps_its_caches_in_its_cache_and_hands_them_to_clones() -> None:
    game = Game(load_scenario(ROOT / "scenarios" / "open_skirmish.toml"), seed=3)
    while (pending := game.pending()) is not None and pending.kind != "act":
        game.apply(RandomBot().choose(game))
    mover, other = game.state.standing()[0], game.state.standing()[-1]
    sight.can_see(game, mover, other)
    space.path_to(game, mover, (mover.x + 5.0, mover.y))
    assert memo(game, "answer", lambda: 42) == 42
    assert {SIGHT, PATHS, MEMO} <= set(game.cache)
    twin = game.clone()
    assert SIGHT in set(twin.cache) and MEMO not in set(twin.cache)
    assert twin.cache.value(SIGHT) is not game.cache.value(SIGHT)
    assert len(twin.cache.value(SIGHT)) == len(game.cache.value(SIGHT)) > 0
    game.apply(RandomBot().choose(game))
    assert MEMO not in set(game.cache) and SIGHT in set(game.cache)


# -- the layers (docs/ARCHITECTURE.md) -------------------------------------------------
# From the ground up; a module may import its own layer and the layers below it,
# never one above (run-time imports: `if TYPE_CHECKING:` blocks are type names only).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundation",
        (
            "game.dice",
            "game.events",
            "game.reason",
            "game.cover",
            "game.i18n",
            "game.filemode",
            "game.files",
            "game.limits",
            "game.workers",
        ),
    ),
    ("geometry and rules", ("game.board", "game.rules", "game.systems", "game.actions")),
    ("format", ("game.scenario", "game.odds")),
    ("state and words", ("game.state", "game.naming", "game.words", "game.campaign")),
    ("rooms", ("game.play",)),
    ("engine", ("game.engine", "game.loading", "game.narration")),
    ("players", ("ai", "game.replay")),
    (
        "batches",
        (
            "game.sim",
            "game.ai_choice",
            "game.warmup",
            "game.batch",
            "game.report",
            "game.lab",
            "game.campaign_play",
        ),
    ),
    ("planning", ("game.overlays",)),
    ("window", ("game.ui", "game.plot", "game.lab_plot")),
    ("commands", ("game.cli", "main")),
)


def layer_of(module: str) -> int | None:
    """The index of the layer a module belongs to (None: not ours, e.g. numpy)."""
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(f"{p}.") for p in prefixes):
            return index
    return None


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_breaches(module: str, text: str) -> list[str]:
    """Imports of `module` (its source `text`) that reach up to a higher layer."""
    own = layer_of(module)
    assert own is not None, f"{module} belongs to no layer: add it to LAYERS"
    found = []
    for node, _ in _imports(ast.parse(text)):
        targets = [a.name for a in node.names] if isinstance(node, ast.Import) else _modules(node)
        for target in targets:
            other = layer_of(target)
            if other is not None and other > own:
                found.append(f"{module} ({LAYERS[own][0]}) -> {target} ({LAYERS[other][0]})")
                break
    return found


def test_every_module_imports_only_its_own_layer_and_the_ones_below() -> None:
    paths = [p for p in _sources("game", "ai") if p != ROOT / "game" / "__init__.py"]
    paths.append(ROOT / "main.py")
    breaches = [
        b for p in paths for b in layer_breaches(_module_name(p), p.read_text(encoding="utf-8"))
    ]
    assert breaches == []
    assert len(paths) > 200


def test_the_layer_guard_sees_what_it_should() -> None:
    assert layer_of("game.play.flow") == 4 and layer_of("game.engine") == 5
    assert layer_of("game.events") == 0 and layer_of("game.play.events") == 4
    assert layer_of("numpy") is None and layer_of("gamefoo") is None
    assert layer_breaches("game.play.flow", "from game.engine import Game\n") == [
        "game.play.flow (rooms) -> game.engine (engine)"
    ]
    assert layer_breaches("game.rules.attack", "import game.ui.app\n") != []
    type_names = (
        "if TYPE_CHECKING:\n    from game.engine import Game\nfrom game.state import Figure\n"
    )
    assert layer_breaches("game.play.flow", type_names) == []
