"""Worker processes that end with their parent (local batches, game/batch.py).

A batch's workers must not outlive it: not when it finishes, not when it is stopped
with Ctrl-C or SIGTERM, not when it is killed outright (SIGKILL leaves no time to
clean up). So each worker (`start_worker`, the pool's initializer):

- ignores Ctrl-C: the terminal sends it to the whole process group, and the batch
  itself stops its workers (`end_workers`) instead of each printing a traceback;
- ends on SIGTERM (a forked worker would otherwise inherit the batch's
  `stop_on_sigterm` handler, and its pool would catch `Terminated` like an error);
- on Linux asks the kernel to send it SIGTERM when its parent dies
  (prctl PR_SET_PDEATHSIG, through ctypes);
- everywhere, watches its parent from a thread and exits when the parent is gone
  (the batch's process has ended, or the worker was adopted by another), within
  `WATCH_SECONDS`.

`stop_on_sigterm` turns SIGTERM into the exception `Terminated` in the main thread,
so a command ends its batch the way Ctrl-C does and exits cleanly.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from types import FrameType
from typing import Any

from game.files import process_alive

WATCH_SECONDS = 0.5
"""How often a worker looks whether its parent is still there."""
PR_SET_PDEATHSIG = 1
"""prctl option: the signal this process gets when its parent dies (Linux)."""


class Terminated(BaseException):
    """SIGTERM arrived (`stop_on_sigterm`): stop what is running, then exit."""


def start_worker(parent: int) -> None:
    """Set up a worker process of the batch run by process `parent`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a fork inherits `stop_on_sigterm`'s
    _die_with_parent()
    if not process_alive(parent):  # the parent died before the worker was set up
        os._exit(1)
    watch = threading.Thread(target=_watch, args=(parent, os.getppid()), name="parent-watch")
    watch.daemon = True
    watch.start()


def _die_with_parent() -> bool:
    """Linux: SIGTERM to this process when its parent dies; whether it was set."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int, direct: int) -> None:
    """Exit the process when the batch's process is gone, or its own parent (a fork
    server between them) is: it has been adopted by another."""
    while os.getppid() == direct and process_alive(parent):
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel the work not begun and end its worker processes
    (ProcessPoolExecutor offers no public way to end them before Python 3.14's
    `terminate_workers`)."""
    terminate = getattr(pool, "terminate_workers", None)
    if callable(terminate):
        terminate()
        return
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    for process in processes.values():
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.join(timeout=5)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """SIGTERM raises `Terminated` in the main thread while the block runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
