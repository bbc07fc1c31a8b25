"""Live validation: the same checks as `main.py check` on the document's TOML text,
each problem tied to the item it is about (no pygame here)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import tr
from game.play.validate import parse_checked
from game.scenario import Scenario, ScenarioError
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
    scenario: Scenario | None  # the validated scenario when there are no problems
    notes: tuple[str, ...]  # what a test raid still needs (not errors)

    @property
    def ok(self) -> bool:
        return not self.problems

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
    item = doc.item_for(split_path(field))
    return Problem(field, reason, item.ref if item is not None else None)


def check(doc: Document) -> Report:
    """Every problem `check` would report for the document as it would be saved."""
    try:
        scenario = parse_checked(doc.to_text(), SOURCE)
    except ScenarioError as exc:
        problems = tuple(parse_error(line, doc) for line in exc.errors)
        return Report(doc.version, problems, None, readiness(doc))
    return Report(doc.version, (), scenario, readiness(doc))


def readiness(doc: Document) -> tuple[str, ...]:
    """What the scenario lacks for a test raid (a defender, a raid with an entry)."""
    notes = []
    if not any(True for _ in doc.figures()):
        notes.append(tr("editor.note.no_defenders"))
    raid = doc.raid_side()
    if raid is None or not doc.tables(("side", raid, "raid", "entry")):
        notes.append(tr("editor.note.no_entry"))
    return tuple(notes)
