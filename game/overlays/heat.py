"""The heat map overlay (issue #7): where attackers fell, where defenders fell and
where walls were breached over many simulated raids, per game, on a grid over the
table. The raids and the binning are game/overlays/heat_raids.py's; the window only
draws a heat map handed to it (numpy only here: no simulator, no scipy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

LAYERS = ("attackers", "defenders", "breaches")
"""The heat map's layers: attackers fell, defenders fell, walls breached."""

FloatGrid = NDArray[np.float64]


@dataclass(frozen=True)
class HeatMap:
    """Blurred counts per game on a grid over the table; `grids[layer][j, i]` is the
    cell with x in [i·cell, (i+1)·cell) and y in [j·cell, (j+1)·cell)."""

    width: float
    height: float
    cell: float
    games: int
    grids: Mapping[str, FloatGrid]
    counts: Mapping[str, int]

    def peak(self, layer: str) -> float:
        grid = self.grids[layer]
        return float(grid.max()) if grid.size else 0.0


def bilinear(grid: FloatGrid, rows: FloatGrid, cols: FloatGrid) -> FloatGrid:
    """`grid` sampled between its cells at every (row, col) of the 1-D `rows` × `cols`
    (fractional cell indices; beyond the edge, the edge cell): a rows × cols image.
    What `scipy.ndimage.map_coordinates(order=1, mode="nearest")` gives, in numpy."""
    h, w = grid.shape
    r = np.clip(rows, 0.0, h - 1.0)
    c = np.clip(cols, 0.0, w - 1.0)
    r0 = np.floor(r).astype(np.intp)
    c0 = np.floor(c).astype(np.intp)
    r1 = np.minimum(r0 + 1, h - 1)
    c1 = np.minimum(c0 + 1, w - 1)
    tr = (r - r0)[:, None]
    tc = (c - c0)[None, :]
    top = grid[np.ix_(r0, c0)] * (1.0 - tc) + grid[np.ix_(r0, c1)] * tc
    bottom = grid[np.ix_(r1, c0)] * (1.0 - tc) + grid[np.ix_(r1, c1)] * tc
    out: FloatGrid = top * (1.0 - tr) + bottom * tr
    return out


def local_max(grid: FloatGrid, size: int) -> FloatGrid:
    """The largest value in the size × size window around each cell (edges mirrored):
    what `scipy.ndimage.maximum_filter(grid, size)` gives, in numpy."""
    low, high = size // 2, size - 1 - size // 2
    out = grid
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (low, high)
        padded = np.pad(out, pad, mode="symmetric")
        out = np.lib.stride_tricks.sliding_window_view(padded, size, axis=axis).max(axis=-1)
    return out
