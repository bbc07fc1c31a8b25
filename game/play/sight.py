"""Line of sight between figures as the engine uses it (RULES.md §10, §4 Take cover).

The geometry is the board's (`game.board.sight`): K sight lines between bases,
the cover_share rule, cover the viewer touches ignored, watchtowers (a viewer on
one sees over barricades and low walls, a target on one counts heavy cover).
Figures never block sight. This module adds the game's knobs, a cache per
(board version, positions) and the Take cover step.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from shapely.geometry import Point

from game.board.sight import (
    LosResult,
    SightBatch,
    SightParams,
    line_of_sight,
    line_of_sight_batch,
    visible_batch,
)
from game.board.terrain import AREA_MODULE_KINDS
from game.cover import Cover
from game.play.cache import Entry, Lasts, Memo, memo_entry
from game.play.contract import GameView
from game.state import Figure

SIGHT: Entry[Memo[tuple[object, ...], LosResult]] = memo_entry(
    "sight",
    holds="line of sight and cover between two bases",
    key="board version, each base's centre and radius",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
    limit=4096,
)
POINT_RADIUS = 0.01
"""The 'tiny base' a point is given when a thrower traces sight to it (cm)."""


def params(game: GameView) -> SightParams:
    """The sight knobs of this game (sight_lines, cover_share, base_contact_gap)."""
    knobs = game.rules.knobs
    return SightParams(
        sight_lines=knobs.sight_lines,
        cover_share=knobs.cover_share,
        contact_gap=knobs.base_contact_gap,
    )


def los_between(
    game: GameView,
    viewer: tuple[float, float],
    viewer_radius: float,
    target: tuple[float, float],
    target_radius: float,
) -> LosResult:
    """Line of sight between two bases given by centre and radius (cached)."""
    board = game.state.board
    key = (board.version, *viewer, viewer_radius, *target, target_radius)
    return game.cache.memo(
        SIGHT,
        key,
        lambda: line_of_sight(
            board,
            viewer,
            target,
            viewer_radius=viewer_radius,
            target_radius=target_radius,
            params=params(game),
        ),
    )


def figure_los(game: GameView, viewer: Figure, target: Figure) -> LosResult:
    """Line of sight and terrain cover from one figure's base to another's (§10)."""
    return los_between(game, viewer.pos, viewer.radius, target.pos, target.radius)


def point_los(game: GameView, viewer: Figure, point: tuple[float, float]) -> LosResult:
    """Line of sight from a figure's base to a point (a tiny base there, §5.5)."""
    return los_between(game, viewer.pos, viewer.radius, point, POINT_RADIUS)


def can_see(game: GameView, viewer: Figure, target: Figure) -> bool:
    """Can the viewer see the target (symmetric, §10)?"""
    return figure_los(game, viewer, target).visible


def batch(game: GameView, viewer: Figure, targets: Sequence[Figure]) -> SightBatch:
    """Line of sight from one figure to many (at least one) in one vectorised pass."""
    if not targets:
        raise ValueError("a sight batch needs at least one target")
    return line_of_sight_batch(
        game.state.board,
        viewer.pos,
        [t.pos for t in targets],
        viewer_radius=viewer.radius,
        target_radii=[t.radius for t in targets],
        params=params(game),
    )


def seen_by(game: GameView, viewers: Sequence[Figure], targets: Sequence[Figure]) -> np.ndarray:
    """(viewers, targets): whether each viewer sees each target, one vectorised
    `visible_batch` per viewer (visibility only, no cover)."""
    seen = np.zeros((len(viewers), len(targets)), np.bool_)
    if not viewers or not targets:
        return seen
    pts = np.array([t.pos for t in targets])
    radii = np.array([t.radius for t in targets])
    sight_params = params(game)
    for i, viewer in enumerate(viewers):
        seen[i] = visible_batch(
            game.state.board,
            viewer.pos,
            pts,
            viewer_radius=viewer.radius,
            target_radii=radii,
            params=sight_params,
        )
    return seen


def near_terrain(game: GameView, figure: Figure) -> bool:
    """Is the figure's base in contact with any terrain piece (not a zone module)?"""
    gap = game.rules.knobs.base_contact_gap
    near = game.state.board.pieces_near(Point(figure.x, figure.y), figure.radius + gap)
    return any(p.kind not in AREA_MODULE_KINDS for p in near)


def improved_cover(game: GameView, figure: Figure, cover: Cover) -> Cover:
    """Cover one step better while the figure has Taken cover (§4): none → light
    only when it is in contact with some terrain; light → heavy."""
    if not figure.took_cover or cover is Cover.HEAVY:
        return cover
    if cover is Cover.NONE and not near_terrain(game, figure):
        return cover
    return cover.better()


def attack_cover(
    game: GameView, attacker: Figure, target: Figure, los: LosResult | None = None
) -> Cover:
    """The target's cover against the attacker: the sight lines' cover, one step
    better if the target Took cover (§4, §10)."""
    seen = los if los is not None else figure_los(game, attacker, target)
    return improved_cover(game, target, seen.cover)


def base_gap(a: Figure, b: Figure) -> float:
    """Distance between two bases' edges (0 when touching), cm."""
    return max(0.0, math.dist(a.pos, b.pos) - a.radius - b.radius)


def in_contact(game: GameView, a: Figure, b: Figure) -> bool:
    """Base contact: the bases are at most `base_contact_gap` apart (§1.4)."""
    return math.dist(a.pos, b.pos) - a.radius - b.radius <= game.rules.knobs.base_contact_gap


def bearing(origin: tuple[float, float], to: tuple[float, float]) -> float:
    """Degrees counter-clockwise from +x of the direction origin → to."""
    return math.degrees(math.atan2(to[1] - origin[1], to[0] - origin[0]))
