"""The program's own files, read and written safely: scenarios, game records, the
settings file, maps. One reader and one atomic writer.

Reading (`read_text`): regular files only — a FIFO, a device or a socket is refused
before it is read (it could block, or never end); at most `limit` bytes; UTF-8, a
byte-order mark at the start dropped. JSON (`load_json`): NaN and Infinity refused,
integers of at most `MAX_DIGITS` digits, nesting at most `max_depth` deep. A problem
is a `FileProblem` with a short reason ("file not found", "larger than 1 MiB (the
limit)"); the caller puts the file's name in front.

Writing (`write_atomic`): a temporary file in the same folder, flushed and fsynced,
then renamed over the target, so a crash leaves the old file or the new one, never
half of one. The new file keeps the old one's permissions, else gets the user's
umask (not mkstemp's 0600). A temporary file left behind by a writer that was
killed (its process is gone) is removed by the next write to the same target.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.filemode import mode_for

MAX_DIGITS = 30
"""Digits an integer in a JSON file may have (a seed needs 20)."""
_BOM = "\ufeff"
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileProblem(Exception):
    """A file that cannot be used; `str()` is the reason, without the file's name."""


class FileMissing(FileProblem):
    """There is no file at the path."""


def size_text(size: int) -> str:
    """1048576 → '1 MiB', 65536 → '64 KiB', 500 → '500 bytes'."""
    for unit, factor in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def _kind(mode: int) -> str | None:
    """What a non-regular file is ('a FIFO' …), None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileProblem otherwise."""
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind is not None:
            raise FileProblem(f"is {kind}, not a file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise FileMissing("file not found") from None
    except OSError as exc:
        raise FileProblem(f"cannot read: {exc.strerror or exc}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)  # replaced since the first look?
        if kind is not None:
            raise FileProblem(f"is {kind}, not a file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileProblem(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileProblem(f"larger than {size_text(limit)} (the limit)")
    return b"".join(chunks)


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, without a
    byte-order mark; FileProblem otherwise."""
    try:
        text = read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("not UTF-8 text") from None
    return text.removeprefix(_BOM)


# -- JSON ---------------------------------------------------------------------------------


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number with more than {MAX_DIGITS} digits")
    return int(text)


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def depth(value: Any) -> int:
    """How deeply lists and tables nest in `value` (a scalar: 0; [] or {}: 1), without
    recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            items: Any = item.values()
        elif isinstance(item, list | tuple):
            items = item
        else:
            continue
        deepest = max(deepest, level + 1)
        stack.extend((child, level + 1) for child in items)
    return deepest


def too_deep(value: Any, max_depth: int) -> str | None:
    """The reason when `value` nests deeper than `max_depth` (None: it does not)."""
    if depth(value) > max_depth:
        return f"nested more than {max_depth} levels deep (the limit)"
    return None


def load_json(text: str, max_depth: int) -> Any:
    """JSON text as data (NaN, Infinity and huge integers refused, nesting at most
    `max_depth` deep); FileProblem naming what is wrong."""
    try:
        data = json.loads(text.removeprefix(_BOM), parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise FileProblem(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise FileProblem(f"nested more than {max_depth} levels deep (the limit)") from None
    except ValueError as exc:
        raise FileProblem(f"not usable JSON: {exc}") from None
    reason = too_deep(data, max_depth)
    if reason is not None:
        raise FileProblem(reason)
    return data


# -- writing -------------------------------------------------------------------------------

Writer = Callable[[str], None]
"""Writes the new content into the file at the path it is given."""


def write_atomic(path: str | Path, write: Writer) -> None:
    """Write a file through `write` (given a temporary file's path) so that `path`
    is either the old file or the complete new one."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    remove_leftovers(path)
    fd, tmp = tempfile.mkstemp(prefix=_prefix(path), suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.chmod(tmp, mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8, '\\n' line ends) atomically."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)

    write_atomic(path, write)


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write `data` as JSON (indented, UTF-8) atomically."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def _prefix(path: Path) -> str:
    """Temporary files of `path` written by this process start with this."""
    return f".{path.name}.{os.getpid()}."


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the temporary files of `path` whose writer process is gone; the ones
    removed."""
    folder = path.parent if str(path.parent) else Path(".")
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for candidate in folder.glob(f".{_glob_escape(path.name)}.*.tmp"):
            pid = candidate.name[len(path.name) + 2 :].split(".", 1)[0]
            if pid.isdigit() and not process_alive(int(pid)):
                with contextlib.suppress(OSError):
                    candidate.unlink()
                    removed.append(candidate)
    return removed


def _glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def process_alive(pid: int) -> bool:
    """Is there a process with this id (ours, or someone else's)?"""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, but belongs to someone else
        return True
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
