"""The edges of a visibility graph as they are found: growable arrays and, per node,
a list of its edges (see `vgraph_kernels.link_edges`)."""

from __future__ import annotations

from typing import TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from game.board.vgraph_kernels import bump_blocks, link_edges

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]
A = TypeVar("A", bound=NDArray[np.generic])
Adjacency = tuple[IntArray, IntArray, IntArray, IntArray, FloatArray, NDArray[np.int32], BoolArray]
"""What the search kernels read: head, link, from, to, cost, blocks, alive."""


class EdgeList:
    """Edges (from, to, cost, how many bases block it, alive) and each node's list."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.version = 0
        """Counts every change (the searches' CSR copy is made again after one)."""
        self.count = 0
        self._eu = np.empty(0, np.int64)
        self._ev = np.empty(0, np.int64)
        self._cost = np.empty(0)
        self._block = np.empty(0, np.int32)
        self._alive = np.empty(0, np.bool_)
        self._link = np.empty(0, np.int64)
        self._head = np.empty(0, np.int64)

    @property
    def eu(self) -> IntArray:
        return self._eu[: self.count]

    @property
    def ev(self) -> IntArray:
        return self._ev[: self.count]

    @property
    def cost(self) -> FloatArray:
        return self._cost[: self.count]

    @property
    def block(self) -> NDArray[np.int32]:
        return self._block[: self.count]

    @property
    def alive(self) -> BoolArray:
        return self._alive[: self.count]

    def adjacency(self) -> Adjacency:
        """The arrays the search kernels read."""
        return self._head, self._link, self.eu, self.ev, self.cost, self.block, self.alive

    def add_nodes(self, n: int) -> None:
        """Room for n more nodes (with no edges)."""
        self._head = np.concatenate([self._head, np.full(n, -1, np.int64)])

    def append(
        self, eu: IntArray, ev: IntArray, cost: FloatArray, block: NDArray[np.int32]
    ) -> None:
        """Add live edges eu[k] → ev[k]."""
        first, n = self.count, len(eu)
        if first + n > len(self._eu):
            self._grow(first + n)
        end = first + n
        self._eu[first:end] = eu
        self._ev[first:end] = ev
        self._cost[first:end] = cost
        self._block[first:end] = block
        self._alive[first:end] = True
        self.count = end
        self.version += 1
        link_edges(self._head, self._link, self._eu, self._ev, first, end)

    def _grow(self, need: int) -> None:
        cap = max(need, 2 * len(self._eu), 1024)

        def grown(a: A, size: int, fill: object) -> A:
            out = np.full(size, fill, a.dtype)
            out[: len(a)] = a
            return cast(A, out)

        self._eu = grown(self._eu, cap, 0)
        self._ev = grown(self._ev, cap, 0)
        self._cost = grown(self._cost, cap, 0.0)
        self._block = grown(self._block, cap, 0)
        self._alive = grown(self._alive, cap, False)
        self._link = grown(self._link, 2 * cap, -1)

    def kill(self, dead_nodes: BoolArray) -> None:
        """Mark the edges of these nodes (a mask) dead."""
        self.alive[dead_nodes[self.eu] | dead_nodes[self.ev]] = False
        self.version += 1

    def bump(self, pos: FloatArray, circle: tuple[float, float, float], delta: int) -> None:
        """Add delta to the block count of every live edge the circle blocks."""
        bump_blocks(
            self.eu, self.ev, self.alive, pos, self.block, np.array(circle, np.float64), delta
        )
        self.version += 1

    def dead(self) -> int:
        return int(self.count - self.alive.sum())

    def usable(self) -> int:
        return int((self.alive & (self.block == 0)).sum())

    def compact(self, remap: IntArray, n_nodes: int) -> None:
        """Drop the dead edges; node i becomes remap[i] (of n_nodes)."""
        keep = np.flatnonzero(self.alive)
        eu, ev = remap[self.eu[keep]], remap[self.ev[keep]]
        cost, block = self.cost[keep], self.block[keep]
        version = self.version
        self._reset()
        self.version = version + 1
        self.add_nodes(n_nodes)
        self.append(eu, ev, cost, block)
