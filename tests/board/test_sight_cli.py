"""`main.py los` against hand-computed geometry (tests/board/data/los_range.toml)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import run_cli

DATA = Path(__file__).parent / "data"
RANGE = str(DATA / "los_range.toml")


def los_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert run_cli(["los", RANGE, *args, "--json"]) == 0
    out = capsys.readouterr().out
    result: dict[str, Any] = json.loads(out)
    return result


def los_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert run_cli(["los", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    return captured.err


def test_wall_lane(capsys: pytest.CaptureFixture[str]) -> None:
    assert los_json(capsys, "--from", "10,5", "--to", "30,5") == {
        "visible": False,
        "visible_fraction": 0.0,
        "visible_fraction_back": 0.0,
        "cover": "heavy",
        "blocking": ["wall"],
        "cover_from": [],
        "distance_cm": 20.0,
    }


def test_building_corner_lane_hides_half(capsys: pytest.CaptureFixture[str]) -> None:
    # 8 of 16 lines pass below y = 20 through the building: half visible, and the
    # blocked half counts heavy (8 >= 0.5 * 16).
    for radius in ("1.25", "2"):
        res = los_json(capsys, "--from", "10,20", "--to", "30,20", "--radius", radius)
        assert res["visible"] and res["visible_fraction"] == 0.5
        assert res["cover"] == "heavy" and res["blocking"] == ["corner"]


def test_crates_lane_is_light(capsys: pytest.CaptureFixture[str]) -> None:
    res = los_json(capsys, "--from", "10,32", "--to", "30,32")
    assert (res["visible_fraction"], res["cover"], res["cover_from"]) == (1.0, "light", ["crates"])


def test_barricade_lane_counts_only_for_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    res = los_json(capsys, "--from", "10,45", "--to", "30,45")
    assert (res["cover"], res["cover_from"]) == ("heavy", ["barricade"])
    back = los_json(capsys, "--from", "30,45", "--to", "10,45")
    assert (back["visible"], back["cover"], back["cover_from"]) == (True, "none", [])


def test_gate_lane_and_diagonal_distance(capsys: pytest.CaptureFixture[str]) -> None:
    res = los_json(capsys, "--from", "10,55", "--to", "30,55")
    assert not res["visible"] and res["blocking"] == ["gate"]
    diag = los_json(capsys, "--from", "40,10", "--to", "43,14")
    assert diag["distance_cm"] == 5.0 and diag["cover"] == "none"


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["los", RANGE, "--from", "10,20", "--to", "30,20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "Line of sight from (10, 20) to (30, 20), bases 1.25 cm, 20.0 cm apart",
        "Visible: 8 of 16 sight lines clear (50 %)",
        "Cover: heavy (+2)",
        "Blocked by: corner",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([RANGE, "--from", "20,5", "--to", "30,5"], "--from (20, 5) is inside wall 'wall'"),
        ([RANGE, "--from", "10,5", "--to", "20,55"], "--to (20, 55) is inside gate 'gate'"),
        ([RANGE, "--from=-1,5", "--to", "30,5"], "--from (-1, 5) is outside the board"),
        ([RANGE, "--from", "10;5", "--to", "30,5"], "--from expects X,Y in cm"),
        ([RANGE, "--from", "nan,5", "--to", "30,5"], "--from expects X,Y in cm"),
        ([RANGE, "--from", "10,5", "--to", "10,5"], "--from and --to are the same point"),
        ([RANGE, "--from", "10,5", "--to", "30,5", "--radius", "0"], "--radius must be between"),
        (
            [str(DATA / "missing.toml"), "--from", "1,1", "--to", "2,2"],
            "missing.toml: file not found",
        ),
        (
            [str(DATA / "broken_geometry.toml"), "--from", "1,1", "--to", "2,2"],
            "broken_geometry.toml: terrain[1].polygon: self-intersecting",
        ),
    ],
)
def test_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in los_error(capsys, *argv)
