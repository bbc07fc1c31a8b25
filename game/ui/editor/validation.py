"""Live validation: the same checks as `main.py check` (one shared function,
`game.loading.check_text`) on the document's TOML text, each problem tied to the
item it is about (no pygame here)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import tr
from game.loading import check_text
from game.scenario import Scenario
from game.ui.editor.document import Document, Path

SOURCE = "<editor>"
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem `check` reports: the field path, the reason, the item's ref."""

    field: str
    reason: str
    ref: Path | None

    @property
    def text(self) -> str:
        return f"{self.field}: {self.reason}"


@dataclass(frozen=True)
class Report:
    """The result of checking one version of the document."""

    version: int
    problems: tuple[Problem, ...]
    scenario: Scenario | None
    """The parsed layout (None when it does not parse): the overlays and the map
    work on it even while it is no battle yet (e.g. no raid)."""
    notes: tuple[str, ...]  # what a test raid still needs (not errors)

    @property
    def ok(self) -> bool:
        """The file passes `check`: it can be played."""
        return not self.problems

    @property
    def drawable(self) -> bool:
        """The layout parses: overlays and the map can be computed."""
        return self.scenario is not None

    def refs(self) -> set[Path]:
        return {p.ref for p in self.problems if p.ref is not None}


def split_path(text: str) -> Path:
    """'side[0].squad[1].at' → ('side', 0, 'squad', 1, 'at')."""
    return tuple(
        int(index) if index else name for name, index in _STEP.findall(text) if name or index
    )


def parse_error(line: str, doc: Document) -> Problem:
    """A `check` line ('<editor>: terrain[3].polygon: reason') as a Problem."""
    rest = line.removeprefix(f"{SOURCE}: ")
    field, sep, reason = rest.partition(": ")
    if not sep:
        return Problem("", rest, None)
    path = split_path(field)
    item = doc.item_for(path)
    return Problem(field, explained(path, reason, doc), item.ref if item is not None else None)


def explained(path: Path, reason: str, doc: Document) -> str:
    """The reason in the editor's words where the format's own would puzzle a user
    (a raid left without entry zones: 'List should have at least 1 item …')."""
    raid_entry = len(path) == 4 and path[0] == "side" and path[2:] == ("raid", "entry")
    if raid_entry and not doc.tables(path):
        return tr("editor.problem.no_entry")
    return reason


def check(doc: Document) -> Report:
    """Every problem `check` would report for the document as it would be saved."""
    result = check_text(doc.to_text(), SOURCE)
    problems = tuple(parse_error(line, doc) for line in result.problems)
    return Report(doc.version, problems, result.layout, readiness(doc))


def readiness(doc: Document) -> tuple[str, ...]:
    """What the scenario lacks for a test raid (a defender, a raid with an entry)."""
    notes = []
    if not any(True for _ in doc.figures()):
        notes.append(tr("editor.note.no_defenders"))
    if doc.raid_side() is None:  # a raid without entry zones is a problem (`explained`)
        notes.append(tr("editor.note.no_entry"))
    return tuple(notes)
