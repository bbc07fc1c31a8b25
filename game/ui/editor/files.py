"""Writing scenario files safely (no pygame here): a temporary file in the same
folder, flushed and fsynced, then renamed over the target — a crash leaves the old
file or the new one, never half of one."""

from __future__ import annotations

import re
from pathlib import Path

from game.files import write_text_atomic


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` (UTF-8, '\\n' line ends) atomically; the file keeps its
    permissions, a new one gets the usual ones (game/files.py)."""
    write_text_atomic(path, text)


def slug(name: str) -> str:
    """A file name stem from a scenario name ('Ottakring — night' → 'ottakring-night')."""
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text or "refuge"
