"""Finding free spots for bases: arriving waves and reinforcements (§12, §8)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon

from game.board.freespace import FreeSpace
from game.play.contract import GameView

GRID_STEP = 0.5  # cm between candidate spots
SPAWN_GAP = 0.1  # cm kept between spawned bases


def free_spots(
    game: GameView,
    zone: Polygon,
    radii: Sequence[float],
    *,
    toward: tuple[float, float] | None = None,
) -> list[tuple[float, float] | None]:
    """A spot inside `zone` for each base radius (None where the zone is full).

    Spots never overlap solid terrain, the table edge or any base on the table;
    the ones nearest `toward` (default: the zone's centre) are taken first.
    """
    st = game.state
    placed = [(f.x, f.y, f.radius) for f in st.figures.values() if f.on_table]
    target = toward or (zone.centroid.x, zone.centroid.y)
    out: list[tuple[float, float] | None] = []
    for radius in radii:
        space = FreeSpace(st.board, radius)
        area = zone.intersection(space.inner)
        if area.is_empty:
            out.append(None)
            continue
        xs, ys = _grid(area)
        inside = shapely.contains_xy(area, xs, ys)
        xs, ys = xs[inside], ys[inside]
        if placed and xs.size:
            arr = np.asarray(placed)
            dist = np.hypot(xs[:, None] - arr[:, 0], ys[:, None] - arr[:, 1])
            free = np.all(dist >= arr[:, 2] + radius + SPAWN_GAP, axis=1)
            xs, ys = xs[free], ys[free]
        if xs.size == 0:
            out.append(None)
            continue
        i = int(np.argmin(np.hypot(xs - target[0], ys - target[1])))
        spot = (round(float(xs[i]), 3), round(float(ys[i]), 3))
        out.append(spot)
        placed.append((spot[0], spot[1], radius))
    return out


def _grid(area: shapely.Geometry) -> tuple[np.ndarray, np.ndarray]:
    minx, miny, maxx, maxy = area.bounds
    gx = np.arange(np.ceil(minx / GRID_STEP) * GRID_STEP, maxx + 1e-9, GRID_STEP)
    gy = np.arange(np.ceil(miny / GRID_STEP) * GRID_STEP, maxy + 1e-9, GRID_STEP)
    xx, yy = np.meshgrid(gx, gy)
    return xx.ravel(), yy.ravel()
