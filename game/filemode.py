"""The permissions a file written through a temporary file should get.

`tempfile.mkstemp` makes its file owner-only (0600), so a file written to a
temporary name and renamed over its target would come out 0600 where users expect
their umask (0644 with the usual 022). `mode_for` gives the target's own mode when it
exists (a save keeps the file's permissions) and 0666 less the umask for a new file.
No pygame here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def mode_for(path: str | Path) -> int:
    """The mode for a file written at `path`: its own if it exists, else the one a
    plain `open()` would give it (0666 less the umask)."""
    try:
        return stat.S_IMODE(Path(path).stat().st_mode)
    except OSError:
        return 0o666 & ~umask()


def umask() -> int:
    """The process's umask, read without changing it where the system allows
    (Linux: /proc/self/status), else by setting it and putting it back."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old
