"""Camera: cm ↔ px, pan, zoom around the cursor, fit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.camera import MAX_SCALE, Camera
from game.ui.units import format_length, nice_length

VIEW = (0, 30, 1200, 900)


def test_fit_shows_the_whole_table_centred() -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    x, y, w, h = cam.board_rect()
    assert VIEW[0] <= x and x + w <= VIEW[0] + VIEW[2]
    assert VIEW[1] <= y and y + h <= VIEW[1] + VIEW[3]
    assert abs((x + w / 2) - (VIEW[0] + VIEW[2] / 2)) <= 1
    assert h == pytest.approx(VIEW[3] - 24, abs=2)  # the height is the limit here


def test_north_is_up_and_east_is_right() -> None:
    cam = Camera.fitting((120.0, 80.0), VIEW)
    sw = cam.to_screen(0, 0)
    ne = cam.to_screen(120, 80)
    assert ne[0] > sw[0] and ne[1] < sw[1]


@given(
    x=st.floats(-50, 200),
    y=st.floats(-50, 200),
    zoom=st.floats(0.3, 8.0),
)
def test_screen_and_board_round_trip(x: float, y: float, zoom: float) -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    cam.zoom_at(zoom, (500, 400))
    bx, by = cam.to_board(*cam.to_screen_f(x, y))
    assert bx == pytest.approx(x, abs=1e-6) and by == pytest.approx(y, abs=1e-6)


@given(sx=st.integers(0, 1199), sy=st.integers(30, 929), factor=st.floats(0.5, 2.0))
def test_zoom_keeps_the_point_under_the_cursor(sx: int, sy: int, factor: float) -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    cam.zoom_at(2.0, (600, 480))
    before = cam.to_board(sx, sy)
    cam.zoom_at(factor, (sx, sy))
    if 0 <= before[0] <= 120 and 0 <= before[1] <= 120:
        assert cam.to_board(sx, sy) == pytest.approx(before, abs=1e-6)


def test_zoom_is_limited_and_pan_stays_over_the_table() -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    for _ in range(60):
        cam.zoom_at(1.5, (600, 480))
    assert cam.scale == MAX_SCALE
    for _ in range(60):
        cam.zoom_at(0.5, (600, 480))
    assert cam.scale >= cam.fit_scale() * 0.4 - 1e-9
    cam.pan(1e6, -1e6)
    assert 0 <= cam.centre[0] <= 120 and 0 <= cam.centre[1] <= 120
    assert not cam.fitted


def test_pan_moves_the_table_with_the_mouse() -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    cam.zoom_at(3.0, (600, 480))
    before = cam.to_screen_f(60, 60)
    cam.pan(25, -10)
    after = cam.to_screen_f(60, 60)
    assert after[0] - before[0] == pytest.approx(25) and after[1] - before[1] == pytest.approx(-10)


def test_resize_refits_until_the_user_moves_the_camera() -> None:
    cam = Camera.fitting((120.0, 120.0), VIEW)
    cam.resize((0, 30, 600, 500))
    assert cam.fitted and cam.scale == pytest.approx(cam.fit_scale())
    cam.pan(10, 0)
    scale = cam.scale
    cam.resize((0, 30, 1600, 1000))
    assert cam.scale == scale and not cam.fitted
    cam.fit()
    assert cam.fitted


def test_lengths_in_cm_and_inches() -> None:
    assert format_length(12.5, "cm") == "12.5 cm"
    assert format_length(2.54, "in") == "1 in"
    assert format_length(10.0, "in", 1) == "3.9 in"
    assert nice_length(14.0, "cm") == 10.0
    assert nice_length(30.0, "cm") == 20.0
    assert nice_length(14.0, "in") == pytest.approx(5 * 2.54)
