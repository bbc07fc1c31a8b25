"""The documents in the repository stay true to it.

- docs/SCENARIO.md: every TOML example is run through `main.py check`. An HTML comment
  before a block says what it must do: `<!-- check: ok -->` (a whole file that passes),
  `<!-- check: ok minimal -->` (the same, and it plays with `main.py run`),
  `<!-- check: ok after minimal -->` (a fragment that passes appended to the minimal
  example) or `<!-- check: errors -->` (a whole file whose problems are the lines of
  the next ```text block; a line ending in " …" is matched as a prefix).
- README.md, docs/*.md and scenarios/README.md: every repository path they name in
  backticks or as a link exists; none names a private path of the machine.
- docs/RULES.md: every section mark an event prints in the battle log is explained
  in its table, and every "RULES.md §N" citation in the repository is one of its
  sections (or a rulebook mark of one of its headings).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import game
from game.events import Event
from main import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULES = DOCS / "RULES.md"
SCENARIO = DOCS / "SCENARIO.md"
READMES = [ROOT / "README.md", ROOT / "scenarios" / "README.md"]


def documents() -> list[Path]:
    return [*READMES, *sorted(DOCS.glob("*.md"))]


# -- docs/SCENARIO.md's examples ---------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A TOML block of docs/SCENARIO.md, what it must do, and the expected output."""

    check: str
    toml: str
    line: int
    expected: tuple[str, ...] = ()


_BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.S)
_MARK = re.compile(r"<!-- check: ([a-z ]+) -->\s*$")


def examples() -> list[Example]:
    text = SCENARIO.read_text(encoding="utf-8")
    blocks = list(_BLOCK.finditer(text))
    out: list[Example] = []
    for i, block in enumerate(blocks):
        if block.group(1) != "toml":
            continue
        before = text[: block.start()].rstrip("\n").rsplit("\n", 1)[-1]
        mark = _MARK.search(before)
        line = text.count("\n", 0, block.start()) + 2
        assert mark, f"docs/SCENARIO.md:{line}: a TOML example without a <!-- check: … --> mark"
        expected: tuple[str, ...] = ()
        if mark.group(1) == "errors":
            follow = blocks[i + 1]
            assert follow.group(1) == "text", f"docs/SCENARIO.md:{line}: no ```text block next"
            lines = follow.group(2).strip("\n").split("\n")
            expected = tuple(ln for ln in lines if not ln.startswith("$ "))
        out.append(Example(mark.group(1), block.group(2), line, expected))
    return out


EXAMPLES = examples()
MINIMAL = next(e.toml for e in EXAMPLES if e.check == "ok minimal")


def check(
    text: str, folder: Path, capsys: pytest.CaptureFixture[str], name: str = "example.toml"
) -> tuple[int, list[str]]:
    """`main.py check` on the text saved as `name` in `folder`: (exit code, lines)."""
    (folder / name).write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["check", str(folder / name)])
    lines = capsys.readouterr().out.strip("\n").split("\n")
    return code, [ln.replace(str(folder / name), name) for ln in lines]


def test_the_examples_are_found() -> None:
    assert [e.check for e in EXAMPLES] == [
        "ok",
        "ok minimal",
        "ok after minimal",
        "ok after minimal",
        "ok",
        "errors",
    ]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"line{e.line}-{e.check}")
def test_a_scenario_example_does_what_the_document_says(
    example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tomllib.loads(example.toml)  # every block is TOML on its own
    if example.check == "errors":
        code, lines = check(example.toml, tmp_path, capsys, "bad.toml")
        assert code == 2
        assert len(lines) == len(example.expected), "\n".join(lines)
        for got, want in zip(lines, example.expected, strict=True):
            if want.endswith(" …"):
                assert got.startswith(want[:-2]), got
            else:
                assert got == want
        return
    text = MINIMAL + "\n" + example.toml if example.check == "ok after minimal" else example.toml
    code, lines = check(text, tmp_path, capsys)
    assert (code, lines) == (0, ["example.toml: ok"])


def test_the_minimal_example_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "minimal.toml").write_text(MINIMAL, encoding="utf-8")
    assert main(["run", str(tmp_path / "minimal.toml"), "--seed", "1", "--json"]) == 0
    assert '"outcome": "' in capsys.readouterr().out


# -- paths named in the documents -------------------------------------------------------------

_SPAN = re.compile(r"`([^`\s]+)`")
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
_FILE_ENDINGS = (".py", ".toml", ".md", ".txt", ".json", ".cfg", ".ini", ".yml", ".yaml")
NOT_REPO_PATHS = frozenset({"ai:tactical", "ai:horde"})


def repo_paths(doc: Path) -> Iterator[tuple[str, Path]]:
    """(as written, resolved) for each repository path a document names: a backticked
    word with a '/' or a file ending, or a relative link."""
    text = doc.read_text(encoding="utf-8")
    for word in _SPAN.findall(text):
        if word in NOT_REPO_PATHS or "://" in word or word.startswith(("-", "~")):
            continue
        if "/" in word or word.endswith(_FILE_ENDINGS):
            yield word, ROOT / word.rstrip("/")
    for target in _LINK.findall(text):
        if "://" not in target and not target.startswith("mailto:"):
            yield target, (doc.parent / target)


def _exists(path: Path) -> bool:
    """Does the path exist? A `*` or a placeholder such as `<room>` stands for any name
    (at least one file must match)."""
    pattern = re.sub(r"<[^<>/]+>", "*", str(path))
    if any(c in pattern for c in "*?["):
        anchor = Path(pattern).anchor
        return any(Path(anchor).glob(pattern.removeprefix(anchor)))
    return path.exists()


@pytest.mark.parametrize("doc", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_document_names_exists(doc: Path) -> None:
    missing = [word for word, path in repo_paths(doc) if not _exists(path)]
    assert not missing, f"{doc.relative_to(ROOT)} names paths that do not exist: {missing}"


def test_the_path_check_can_fail(tmp_path: Path) -> None:
    doc = tmp_path / "X.md"
    doc.write_text(
        "See `game/nowhere.py`, [this](missing.md), `README.md`, `game/play/<room>.py`, "
        "`game/i18n/*/reason.toml` and `game/<x>/nothing.toml`.",
        "utf-8",
    )
    found = {word: _exists(path) for word, path in repo_paths(doc)}
    assert found == {
        "game/nowhere.py": False,
        "missing.md": False,
        "README.md": True,
        "game/play/<room>.py": True,
        "game/i18n/*/reason.toml": True,
        "game/<x>/nothing.toml": False,
    }


PRIVATE = ("/" + "work/", ".." + "/shared")  # split: this file names them too


def tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.splitlines() if name.endswith(_FILE_ENDINGS)]


def test_no_file_names_a_private_path_of_this_machine() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {needle}"
        for path in tracked_text_files()
        if path.is_file()
        for needle in PRIVATE
        if needle in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert not offenders


# -- docs/RULES.md: section marks ---------------------------------------------------------------


def _rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


def log_table_marks(doc: str = "RULES.md") -> set[str]:
    """The marks in a document's table "Section marks in the battle log"."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    table = text.split("## Section marks in the battle log", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| (§[^|]+?) \|", table, re.M))


def event_sections(systems: bool = False) -> dict[str, list[str]]:
    """Section mark → event kinds, over every Event class of the game (not the UI):
    DEAD.EARTH's, or (`systems`) those of the other rule systems (`game.systems`)."""
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if not info.name.startswith("game.ui"):
            importlib.import_module(info.name)
    found: dict[str, set[str]] = {}
    todo: list[type[Event]] = [Event]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.section and cls.__module__.startswith("game.systems") == systems:
            found.setdefault(cls.section, set()).add(cls.kind)
    return {mark: sorted(kinds) for mark, kinds in found.items()}


def test_every_mark_the_log_prints_is_explained() -> None:
    sections = event_sections()
    assert "§3.4" in sections and len(sections) > 15  # the scan found the events
    missing = {mark: kinds for mark, kinds in sections.items() if mark not in log_table_marks()}
    assert not missing, f"docs/RULES.md does not explain these log marks: {missing}"


def test_every_mark_another_rule_system_prints_is_explained() -> None:
    sections = event_sections(systems=True)
    assert "§EWS FoKa: Fernkampf" in sections and "§3W6 Trefferzonen" in sections
    table = log_table_marks("SYSTEMS.md")
    missing = {mark: kinds for mark, kinds in sections.items() if mark not in table}
    assert not missing, f"docs/SYSTEMS.md does not explain these log marks: {missing}"


def rules_sections() -> set[str]:
    """This document's section numbers and the rulebook marks in its headings."""
    out: set[str] = set()
    for heading in re.findall(r"^#{2,3} (.+)$", _rules_text(), re.M):
        number = re.match(r"(\d+(?:\.\d+)?)\.? ", heading)
        if number:
            out.add(number.group(1))
        out.update(re.findall(r"§(\d+(?:\.\d+)?[A-Z]?)", heading))
    return out


_CITATION = re.compile(r"RULES\.md[,:]? §(\d+(?:\.\d+)?)(?:[–-](\d+(?:\.\d+)?))?")


def test_every_rules_citation_is_a_section() -> None:
    known = rules_sections()
    assert {"1.4", "5.5", "13.1", "16", "3.4"} <= known
    bad = [
        f"{path.relative_to(ROOT)}: §{number}"
        for path in tracked_text_files()
        if path.is_file()
        for match in _CITATION.finditer(path.read_text(encoding="utf-8", errors="replace"))
        for number in match.groups()
        if number is not None and number not in known
    ]
    assert not bad
