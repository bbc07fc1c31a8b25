"""numba's `njit` with a signature mypy understands, and a binary heap for kernels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

F = TypeVar("F", bound=Callable[..., Any])


def njit(func: F) -> F:
    """Compile `func` in nopython mode (cached on disk, GIL released)."""
    return cast(F, numba.njit(cache=True, nogil=True)(func))


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
