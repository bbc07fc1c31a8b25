"""Edits as commands with do/undo, and the undo history (no pygame here).

Every change to a Document is one of three steps — set a value (or delete it),
insert into an array, remove from an array — or a `Batch` of them. Each step
remembers what it replaced, so undo restores the data exactly. Steps address the
data by path; undo and redo run strictly in stack order, so a path always means
what it meant when the step was done.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.ui.editor.document import MISSING, Document, Path

_serials = itertools.count(1)


class Command(Protocol):
    """One undoable edit."""

    label: str
    focus: Path | None  # what to select after doing it (None: keep the selection)

    def do(self, doc: Document) -> None: ...

    def undo(self, doc: Document) -> None: ...


@dataclass
class SetValue:
    """Set the value at `path` (MISSING: delete the key)."""

    path: Path
    value: Any
    label: str = ""
    focus: Path | None = None
    old: Any = field(default=MISSING, repr=False)

    def do(self, doc: Document) -> None:
        self.old = copy.deepcopy(doc.get(self.path))
        doc.put(self.path, self.value)

    def undo(self, doc: Document) -> None:
        doc.put(self.path, self.old)


@dataclass
class Insert:
    """Insert `value` into the array at `path` at `index` (the array is made if
    missing, and removed again on undo)."""

    path: Path
    index: int
    value: Any
    label: str = ""
    focus: Path | None = None
    made: bool = field(default=False, repr=False)

    def do(self, doc: Document) -> None:
        self.made = doc.get(self.path) is MISSING
        doc.insert(self.path, self.index, self.value)

    def undo(self, doc: Document) -> None:
        doc.pop(self.path, self.index)
        if self.made:
            doc.put(self.path, MISSING)


@dataclass
class Remove:
    """Remove the element at `index` of the array at `path`."""

    path: Path
    index: int
    label: str = ""
    focus: Path | None = None
    old: Any = field(default=None, repr=False)

    def do(self, doc: Document) -> None:
        self.old = doc.pop(self.path, self.index)

    def undo(self, doc: Document) -> None:
        doc.insert(self.path, self.index, self.old)


@dataclass
class Batch:
    """Several steps as one edit (undone in reverse order)."""

    steps: list[Command]
    label: str = ""
    focus: Path | None = None

    def do(self, doc: Document) -> None:
        for step in self.steps:
            step.do(doc)

    def undo(self, doc: Document) -> None:
        for step in reversed(self.steps):
            step.undo(doc)


class History:
    """The undo and redo stacks of one document, and whether it is saved."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self._undo: list[tuple[int, Command]] = []
        self._redo: list[tuple[int, Command]] = []
        self._saved: int = 0  # serial of the edit on top when last saved (0: none)

    def run(self, command: Command) -> Command:
        """Do an edit and remember it."""
        command.do(self.doc)
        return self.done(command)

    def done(self, command: Command) -> Command:
        """Remember an edit that is already done (e.g. a drag shown live)."""
        self._undo.append((next(_serials), command))
        self._redo.clear()
        return command

    def undo(self) -> Command | None:
        if not self._undo:
            return None
        serial, command = self._undo.pop()
        command.undo(self.doc)
        self._redo.append((serial, command))
        return command

    def redo(self) -> Command | None:
        if not self._redo:
            return None
        serial, command = self._redo.pop()
        command.do(self.doc)
        self._undo.append((serial, command))
        return command

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _top(self) -> int:
        return self._undo[-1][0] if self._undo else 0

    def mark_saved(self) -> None:
        self._saved = self._top()

    @property
    def dirty(self) -> bool:
        """Changed since the last save (or since it was opened)."""
        return self._top() != self._saved
