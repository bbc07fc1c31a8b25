"""`main.py path`: JSON and text output for hand-computed cases, bad input exit 2."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from main import main

DATA = Path(__file__).parent / "data"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["path", *args])
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    assert set(data) >= {"reachable", "length_cm", "cost_cm", "points"}
    return data


def test_open_ground_is_a_straight_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = as_json(capsys, str(DATA / "paths_wall.toml"), "--from", "10,55", "--to", "90,55")
    assert data == {
        "reachable": True,
        "length_cm": 80.0,
        "cost_cm": 80.0,
        "points": [[10.0, 55.0], [90.0, 55.0]],
    }


def test_rubble_band_costs_double(capsys: pytest.CaptureFixture[str]) -> None:
    data = as_json(capsys, str(DATA / "paths_rubble.toml"), "--from", "10,20", "--to", "40,20")
    assert data["length_cm"] == pytest.approx(30.0)
    assert data["cost_cm"] == pytest.approx(40.0)


def test_around_the_wall_end(capsys: pytest.CaptureFixture[str]) -> None:
    data = as_json(capsys, str(DATA / "paths_wall.toml"), "--from", "45,30", "--to", "55,30")
    # tangent from 45,30 to the circle of radius 1.25 round the corner 49,50, the arc
    # over the top, 2 cm along it, and the mirror image down to 55,30
    r = 1.25
    d = math.hypot(4, 20)
    arc = r * (math.atan2(20, 4) + math.asin(r / d))
    exact = 2 * (math.sqrt(d * d - r * r) + arc) + 2
    assert data["length_cm"] == pytest.approx(exact, rel=0.005)


def test_unreachable_is_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    args = (str(DATA / "paths_enclosed.toml"), "--from", "60,30", "--to", "40,30")
    data = as_json(capsys, *args)
    assert data["reachable"] is False and data["points"] == []
    code, out, _ = run(capsys, *args)
    assert code == 0 and "cannot get there" in out


def test_figures_are_obstacles_unless_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    scene = str(DATA / "paths_enclosed.toml")  # the guard stands at 60,30
    blocked = as_json(capsys, scene, "--from", "55,30", "--to", "65,30")
    ignored = as_json(capsys, scene, "--from", "55,30", "--to", "65,30", "--ignore-figures")
    assert ignored["length_cm"] == pytest.approx(10.0)
    assert isinstance(blocked["length_cm"], float) and blocked["length_cm"] > 10.5
    mover = as_json(capsys, scene, "--from", "60,30", "--to", "70,30")  # the guard moves
    assert mover["length_cm"] == pytest.approx(10.0)


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "paths_rubble.toml"), "--from", "10,20", "--to", "40,20")
    assert code == 0
    assert "length 30.00 cm, movement cost 40.00 cm" in out
    assert "a straight line (no corners)" in out


def test_text_output_in_german_for_the_same_spot(capsys: pytest.CaptureFixture[str]) -> None:
    scene = str(DATA / "paths_rubble.toml")
    code, out, _ = run(capsys, scene, "--from", "10,20", "--to", "10,20", "--lang", "de")
    assert code == 0
    assert out.splitlines()[:3] == [
        "Weg von 10,20 nach 10,20:",
        "  Länge 0.00 cm, Bewegungskosten 0.00 cm",
        "  eine gerade Linie (keine Ecken); Start und Ziel:",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("paths_enclosed.toml", "--from", "31,30", "--to", "60,30"), "inside wall 'west'"),
        (("paths_enclosed.toml", "--from", "60,30", "--to", "81,30"), "outside the board"),
        (("paths_enclosed.toml", "--from", "60,30", "--to", "51,24"), "overlaps solid terrain"),
        (("paths_enclosed.toml", "--from", "1;2", "--to", "60,30"), "--from"),
        (("paths_enclosed.toml", "--from", "61,30", "--to", "70,30"), "overlaps a figure"),
        (("no_such_file.toml", "--from", "1,1", "--to", "2,2"), "file not found"),
        (("paths_enclosed.toml", "--from", "5,5", "--to", "9,9", "--radius", "0"), "--radius"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, _, err = run(capsys, str(DATA / args[0]), *args[1:])
    assert code == 2
    assert message in err
    assert "Traceback" not in err
