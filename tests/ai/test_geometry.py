"""The controllers' base-clearance kernels: hand-computed cases, and the same answers
as plain numpy broadcasting (the reference they replaced) on random scenes."""

from __future__ import annotations

import numpy as np
import pytest

from ai.geometry import MARGIN, clear_of_bases, polyline_clear_of_bases, segments_clear_of_bases


def _gap(a: np.ndarray, b: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """(k, m): distance from each centre to each segment a[k] → b[k] (reference)."""
    d = b - a
    length2 = np.maximum((d * d).sum(axis=1), 1e-12)
    rel = centres[None, :, :] - a[:, None, :]
    t = np.clip((rel * d[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)
    closest = a[:, None, :] + t[:, :, None] * d[:, None, :]
    return np.hypot(*(closest - centres[None, :, :]).transpose(2, 0, 1))


def _need(start: np.ndarray, radius: float, centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    at_start = np.hypot(centres[:, 0] - start[0], centres[:, 1] - start[1])
    return np.minimum(radii + radius + MARGIN, at_start - 1e-9)


def test_hand_computed_clearances() -> None:
    centres = np.array([[10.0, 0.0]])
    radii = np.array([1.25])
    pts = np.array([[7.45, 0.0], [7.46, 0.0], [10.0, 2.56]])  # 2.55 cm is the least gap
    assert clear_of_bases(pts, 1.25, centres, radii).tolist() == [True, False, True]
    ends = np.array([[20.0, 0.0], [20.0, 2.54], [20.0, 2.56 * 2]])
    # from (0, 2.56): the straight line passes the base 2.56 cm off its centre
    ok = segments_clear_of_bases((0.0, 2.56), ends, 1.25, centres, radii)
    assert ok.tolist() == [False, False, True]
    assert polyline_clear_of_bases(np.array([[0, 3.0], [20, 3.0]]), 1.25, centres, radii)
    assert not polyline_clear_of_bases(np.array([[0, 3.0], [10, 2.0]]), 1.25, centres, radii)


def test_a_base_already_touched_may_not_come_closer() -> None:
    centres, radii = np.array([[2.0, 0.0]]), np.array([1.0])
    away = segments_clear_of_bases(
        (0.0, 0.0), np.array([[-5.0, 0.0], [5.0, 0.0]]), 1.0, centres, radii
    )
    assert away.tolist() == [True, False]


@pytest.mark.parametrize("seed", range(5))
def test_same_answers_as_numpy_broadcasting(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(300):
        m, n = int(rng.integers(0, 25)), int(rng.integers(1, 25))
        centres = rng.uniform(0, 20, (m, 2))
        radii = rng.choice([1.25, 1.6, 2.0], m)
        pts = rng.uniform(0, 20, (n, 2))
        r = 1.25
        d = np.hypot(pts[:, None, 0] - centres[None, :, 0], pts[:, None, 1] - centres[None, :, 1])
        want = np.all(d >= radii[None, :] + r + MARGIN, axis=1)
        assert np.array_equal(clear_of_bases(pts, r, centres, radii), want)
        start = pts[0]
        gap = _gap(np.broadcast_to(start, pts.shape), pts, centres)
        want = np.all(gap >= _need(start, r, centres, radii)[None, :], axis=1)
        assert np.array_equal(segments_clear_of_bases(tuple(start), pts, r, centres, radii), want)
        if n >= 2:
            gap = _gap(pts[:-1], pts[1:], centres)
            want_one = bool(np.all(gap >= _need(pts[0], r, centres, radii)[None, :]))
            assert polyline_clear_of_bases(pts, r, centres, radii) == want_one
