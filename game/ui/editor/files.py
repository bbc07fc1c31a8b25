"""Writing scenario files safely (no pygame here): a temporary file in the same
folder, flushed and fsynced, then renamed over the target — a crash leaves the old
file or the new one, never half of one."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from game.filemode import mode_for


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` (UTF-8, '\\n' line ends) atomically; the file keeps its
    permissions, a new one gets the usual ones."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def slug(name: str) -> str:
    """A file name stem from a scenario name ('Ottakring — night' → 'ottakring-night')."""
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text or "refuge"
