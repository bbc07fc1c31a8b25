"""numba's `njit` with a signature mypy understands, the kernels' interim Python
path, and a binary heap for kernels.

Every kernel is compiled by numba on first use and cached on disk. On a fresh
install that first compile costs tens of seconds of CPU for the first AI turn. The
window therefore plays on the kernels' *interim path* meanwhile (`Interim`): a
kernel that is not compiled yet runs as plain Python — its own source, called with
the same arrays, so the same answers — while a warm-up process (game.warmup)
compiles the kernels; each kernel takes its compiled form over from numba's disk
cache as soon as the warm-up has put it there. Kernels called from inside the
interim path run as Python too (their *twins*: the same code with the kernels it
calls bound to their twins), so no call ever waits for a compile.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from types import FunctionType
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numba.core import types
from numba.core.compiler_lock import global_compiler_lock
from numba.core.dispatcher import OmittedArg
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])

KERNELS: list[Any] = []
"""Every kernel made by `njit`, in the order they were defined (numba dispatchers)."""
RECHECK_S = 0.5
"""How often a kernel on the interim path looks for its compiled form on disk."""


def njit(func: F) -> F:
    """Compile `func` in nopython mode (cached on disk, GIL released); registered in
    `KERNELS` (and on the interim path while one is on)."""
    dispatcher = numba.njit(cache=True, nogil=True)(func)
    KERNELS.append(dispatcher)
    if _interim is not None:
        _interim.hook(dispatcher)
    return cast(F, dispatcher)


# -- the interim path -----------------------------------------------------------------

_faster: dict[int, Callable[..., Any]] = {}
_twins: dict[int, Callable[..., Any]] = {}
_twins_for = -1  # len(KERNELS) when the twins were made
_twin_lock = threading.Lock()


def python_path(kernel: Any) -> Callable[[F], F]:
    """Decorate a vectorised numpy function as the kernel's interim path in place of
    its twin (it must give the compiled kernel's answers bit for bit: the tests
    compare them)."""

    def register(func: F) -> F:
        _faster[id(kernel)] = func
        return func

    return register


def twin(kernel: Any) -> Callable[..., Any]:
    """The kernel as plain Python: its own code, with every kernel it calls bound to
    that kernel's twin (the same answers as the compiled kernel, far slower) — or
    the numpy function registered as its `python_path`."""
    global _twins_for
    with _twin_lock:
        if _twins_for != len(KERNELS):
            _make_twins()
            _twins_for = len(KERNELS)
        return _faster.get(id(kernel)) or _twins[id(kernel)]


def _make_twins() -> None:
    """A twin of every kernel; each module's twins share one copy of the module's
    globals in which the kernels are replaced by their twins."""
    shadows: dict[int, dict[str, Any]] = {}
    made: dict[int, Callable[..., Any]] = {}
    for kernel in KERNELS:
        func = kernel.py_func
        shadow = shadows.setdefault(id(func.__globals__), {})
        made[id(kernel)] = FunctionType(
            func.__code__, shadow, func.__name__, func.__defaults__, func.__closure__
        )
    modules = {id(k.py_func.__globals__): k.py_func.__globals__ for k in KERNELS}
    for key, shadow in shadows.items():
        for name, value in modules[key].items():
            shadow[name] = _faster.get(id(value)) or made.get(id(value), value)
    _twins.clear()
    _twins.update(made)


class Interim:
    """Kernels without their compiled form run as their twins while `compiling()`
    says a warm-up is compiling them; a kernel found in numba's disk cache is loaded
    (and runs compiled from then on). Once the warm-up is over every kernel is back
    to numba's own way (compile on first use, or load from the cache)."""

    def __init__(self, compiling: Callable[[], bool], recheck_s: float = RECHECK_S) -> None:
        self.compiling = compiling
        self.recheck_s = recheck_s
        self.python_calls = 0
        """Calls of kernels that ran as Python (for the bench and the tests)."""
        self._looked: dict[int, float] = {}

    def hook(self, kernel: Any) -> None:
        """Put a kernel on the interim path until it is compiled."""
        if not kernel.overloads:  # compiled already: nothing to wait for
            kernel._compile_for_args = _Entry(self, kernel)

    def unhook(self, kernel: Any) -> None:
        with contextlib.suppress(AttributeError):  # none of ours: numba's method stays
            del kernel._compile_for_args

    def entry(self, kernel: Any, args: tuple[Any, ...]) -> Callable[..., Any]:
        """What a call of a kernel without a matching compiled form runs."""
        if not self.compiling():
            self.unhook(kernel)
            return cast(Callable[..., Any], kernel._compile_for_args(*args))
        now = time.monotonic()
        if now - self._looked.get(id(kernel), -1e9) >= self.recheck_s:
            self._looked[id(kernel)] = now
            compiled = load_cached(kernel, args)
            if compiled is not None:
                return compiled
        self.python_calls += 1
        python = twin(kernel)
        if any(isinstance(a, OmittedArg) for a in args):  # numba's stand-in for a default
            return lambda *given: python(*(_value(a) for a in given))
        return python


class _Entry:
    """Stands in for a dispatcher's `_compile_for_args` (numba calls it when no
    compiled form matches the arguments, then calls what it returns)."""

    def __init__(self, interim: Interim, kernel: Any) -> None:
        self.interim = interim
        self.kernel = kernel

    def __call__(self, *args: Any) -> Callable[..., Any]:
        return self.interim.entry(self.kernel, args)


def _value(arg: Any) -> Any:
    return arg.value if isinstance(arg, OmittedArg) else arg


def load_cached(kernel: Any, args: tuple[Any, ...]) -> Callable[..., Any] | None:
    """The kernel's compiled form for these arguments from numba's disk cache (added
    to the kernel, as numba's own first call does), or None when it is not there."""
    argtypes = tuple(
        types.Omitted(a.value) if isinstance(a, OmittedArg) else kernel.typeof_pyval(a)  # type: ignore[no-untyped-call]
        for a in args
    )
    with global_compiler_lock:
        existing = kernel.overloads.get(argtypes)
        if existing is not None:
            return cast(Callable[..., Any], existing.entry_point)
        cres = kernel._cache.load_overload(argtypes, kernel.targetctx)
        if cres is None:
            return None
        if not cres.objectmode:
            kernel.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
        kernel.add_overload(cres)
        return cast(Callable[..., Any], cres.entry_point)


_interim: Interim | None = None


def start_interim(compiling: Callable[[], bool], recheck_s: float = RECHECK_S) -> Interim:
    """Put every kernel not compiled yet on the interim path while `compiling()`."""
    global _interim
    stop_interim()
    _interim = Interim(compiling, recheck_s)
    for kernel in KERNELS:
        _interim.hook(kernel)
    return _interim


def stop_interim() -> None:
    """Every kernel back to numba's own way."""
    global _interim
    if _interim is not None:
        for kernel in KERNELS:
            _interim.unhook(kernel)
    _interim = None


@njit
def heap_push(
    keys: NDArray[np.float64], vals: NDArray[np.int64], size: int, key: float, val: int
) -> int:
    """Push (key, val) onto the min-heap of `size` items; returns the new size."""
    i = size
    while i > 0:  # move the hole up past larger parents (as swapping would)
        parent = (i - 1) >> 1
        if keys[parent] <= key:
            break
        keys[i] = keys[parent]
        vals[i] = vals[parent]
        i = parent
    keys[i] = key
    vals[i] = val
    return size + 1


@njit
def heap_pop(
    keys: NDArray[np.float64], vals: NDArray[np.int64], size: int
) -> tuple[float, int, int]:
    """Pop the smallest item: (key, val, new size)."""
    key = keys[0]
    val = vals[0]
    size -= 1
    last_key = keys[size]
    last_val = vals[size]
    i = 0
    while True:  # sift the last item down from the root (as swapping would)
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and keys[child + 1] < keys[child]:
            child += 1
        if last_key <= keys[child]:
            break
        keys[i] = keys[child]
        vals[i] = vals[child]
        i = child
    keys[i] = last_key
    vals[i] = last_val
    return key, val, size


@njit
def heap_grow(
    keys: NDArray[np.float64], vals: NDArray[np.int64], size: int
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """The heap arrays, doubled in capacity when full."""
    if size < keys.shape[0]:
        return keys, vals
    new_keys = np.empty(keys.shape[0] * 2, np.float64)
    new_vals = np.empty(keys.shape[0] * 2, np.int64)
    new_keys[:size] = keys[:size]
    new_vals[:size] = vals[:size]
    return new_keys, new_vals
