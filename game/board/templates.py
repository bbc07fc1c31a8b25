"""Blast and burn templates (docs/RULES.md §5.5).

A round template touches every base whose edge it reaches (centre distance ≤
template radius + base radius). Each touched figure's cover is traced as in §10
from the template's centre — a point, so the sight lines fan out from the centre to
the figure's base — and a figure whose every line meets a sight blocker is
shielded completely. Cover terrain the centre lies in or on is ignored (the blast
is inside it), as a viewer ignores the cover it is in contact with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike
from shapely.geometry import Point, Polygon

from game.board.sight import (
    DEFAULT_BASE_RADIUS,
    DEFAULT_PARAMS,
    SightParams,
    line_of_sight_batch,
)
from game.board.terrain import Board
from game.cover import Cover

_CIRCLE_SEGMENTS = 16


@dataclass(frozen=True, slots=True)
class TemplateHit:
    """A base the template touches."""

    index: int  # index into the figures given
    distance: float  # template centre to base centre, cm
    visible_fraction: float  # sight lines from the centre that reach the base
    cover: Cover  # cover as seen from the centre (§10)

    @property
    def shielded(self) -> bool:
        """Every sight line from the centre is blocked: the figure takes nothing."""
        return self.visible_fraction == 0.0


def template_polygon(centre: Sequence[float], radius: float) -> Polygon:
    """The template's area (e.g. to leave a burning zone on the board)."""
    return Point(float(centre[0]), float(centre[1])).buffer(radius, quad_segs=_CIRCLE_SEGMENTS)


def touched(
    centre: Sequence[float],
    radius: float,
    figures: ArrayLike,
    radii: float | ArrayLike = DEFAULT_BASE_RADIUS,
) -> np.ndarray:
    """Indices of the bases a template of `radius` at `centre` touches."""
    pts = np.asarray(figures, dtype=np.float64).reshape(-1, 2)
    r = np.broadcast_to(np.asarray(radii, dtype=np.float64), (len(pts),))
    dist = np.hypot(pts[:, 0] - centre[0], pts[:, 1] - centre[1])
    return np.nonzero(dist <= radius + r + 1e-9)[0]


def template_hits(
    board: Board,
    centre: Sequence[float],
    radius: float,
    figures: ArrayLike,
    radii: float | ArrayLike = DEFAULT_BASE_RADIUS,
    *,
    params: SightParams = DEFAULT_PARAMS,
) -> list[TemplateHit]:
    """Every base the template touches, with its cover from the centre; shielded
    ones are included (`shielded`), so the caller can report them."""
    pts = np.asarray(figures, dtype=np.float64).reshape(-1, 2)
    r = np.broadcast_to(np.asarray(radii, dtype=np.float64), (len(pts),))
    idx = touched(centre, radius, pts, r)
    if len(idx) == 0:
        return []
    batch = line_of_sight_batch(
        board,
        centre,
        pts[idx],
        viewer_radius=0.0,
        target_radii=r[idx],
        params=replace(params, contact_gap=0.0),
        symmetric=False,
    )
    return [
        TemplateHit(
            index=int(i),
            distance=float(batch.distance[n]),
            visible_fraction=float(batch.visible_fraction[n]),
            cover=Cover(int(batch.cover[n])),
        )
        for n, i in enumerate(idx)
    ]
