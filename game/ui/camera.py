"""Board cm ↔ screen px: pan, zoom around a point, fit the table to the view.

The board's origin is its south-west corner with y pointing north; the screen's
y points down, so the camera flips y. `centre` is the board point at the middle
of the view and `scale` is px per cm.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Point = tuple[float, float]
Rect4 = tuple[int, int, int, int]

MAX_SCALE = 80.0
"""px per cm at the closest zoom."""
MIN_FIT_SHARE = 0.4
"""The farthest zoom, as a share of the fitted scale."""
FIT_MARGIN = 12


@dataclass(slots=True)
class Camera:
    """Maps board cm to screen px inside a view rectangle."""

    board_size: Point
    view: Rect4
    scale: float = 1.0
    centre: Point = (0.0, 0.0)
    fitted: bool = True  # no pan or zoom since the last fit: a resize refits

    @classmethod
    def fitting(cls, board_size: Point, view: Rect4) -> Camera:
        cam = cls(board_size, view)
        cam.fit()
        return cam

    # -- the view -----------------------------------------------------------------
    def fit_scale(self) -> float:
        w, h = self.view[2] - 2 * FIT_MARGIN, self.view[3] - 2 * FIT_MARGIN
        bw, bh = self.board_size
        return max(0.05, min(max(w, 1) / bw, max(h, 1) / bh))

    def fit(self) -> None:
        """The whole table in view, centred."""
        self.scale = self.fit_scale()
        self.centre = (self.board_size[0] / 2.0, self.board_size[1] / 2.0)
        self.fitted = True

    def resize(self, view: Rect4) -> None:
        """A new view rectangle; refit if the user has not moved the camera."""
        self.view = view
        if self.fitted:
            self.fit()
        else:
            self._clamp()

    # -- conversions --------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        vx, vy, vw, vh = self.view
        return (
            round(vx + vw / 2.0 + (x - self.centre[0]) * self.scale),
            round(vy + vh / 2.0 - (y - self.centre[1]) * self.scale),
        )

    def to_screen_f(self, x: float, y: float) -> Point:
        vx, vy, vw, vh = self.view
        return (
            vx + vw / 2.0 + (x - self.centre[0]) * self.scale,
            vy + vh / 2.0 - (y - self.centre[1]) * self.scale,
        )

    def many_to_screen(self, points: Iterable[Point] | NDArray[np.float64]) -> list[Point]:
        """Board points to screen points (floats), vectorised."""
        xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        vx, vy, vw, vh = self.view
        sx = vx + vw / 2.0 + (xy[:, 0] - self.centre[0]) * self.scale
        sy = vy + vh / 2.0 - (xy[:, 1] - self.centre[1]) * self.scale
        return list(zip(sx.tolist(), sy.tolist(), strict=True))

    def to_board(self, sx: float, sy: float) -> Point:
        vx, vy, vw, vh = self.view
        return (
            self.centre[0] + (sx - vx - vw / 2.0) / self.scale,
            self.centre[1] - (sy - vy - vh / 2.0) / self.scale,
        )

    def px(self, cm: float) -> float:
        """A length in px."""
        return cm * self.scale

    def board_rect(self) -> Rect4:
        """The table's rectangle on screen (x, y, w, h)."""
        x0, y0 = self.to_screen(0.0, self.board_size[1])
        x1, y1 = self.to_screen(self.board_size[0], 0.0)
        return (x0, y0, x1 - x0, y1 - y0)

    # -- moving the camera ----------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        """Move the table by (dx, dy) screen px."""
        self.centre = (self.centre[0] - dx / self.scale, self.centre[1] + dy / self.scale)
        self.fitted = False
        self._clamp()

    def zoom_at(self, factor: float, screen_point: Point) -> None:
        """Zoom by `factor`, keeping the board point under `screen_point` in place."""
        before = self.to_board(*screen_point)
        low = self.fit_scale() * MIN_FIT_SHARE
        self.scale = min(MAX_SCALE, max(low, self.scale * factor))
        after = self.to_board(*screen_point)
        self.centre = (
            self.centre[0] + before[0] - after[0],
            self.centre[1] + before[1] - after[1],
        )
        self.fitted = False
        self._clamp()

    def _clamp(self) -> None:
        """Keep the view's centre over the table."""
        bw, bh = self.board_size
        self.centre = (min(max(self.centre[0], 0.0), bw), min(max(self.centre[1], 0.0), bh))
