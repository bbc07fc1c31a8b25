"""`main.py los` and `main.py path` load a scenario exactly as `main.py check` does
(the same problems, exit 2) and apply its [knobs]; both reject a base that
overlaps solid terrain; a target seen only through its own sight lines explains
itself.

Scenes are the hand-made ones in tests/board/data with a [knobs] table appended
(both TOML forms: a dotted key, which TOML reads as a nested table, and a quoted
dotted name).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from game.board.sight import SightParams
from game.cli import run_cli
from game.cli.los import sight_params
from game.rules.loader import load_rules

DATA = Path(__file__).parent / "data"


def with_knobs(tmp_path: Path, scene: str, knobs: str) -> str:
    """A copy of a data scene with a [knobs] table appended."""
    text = (DATA / scene).read_text(encoding="utf-8")
    out = tmp_path / f"knobs_{scene}"
    out.write_text(f"{text}\n[knobs]\n{knobs}\n", encoding="utf-8")
    return str(out)


def call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = run_cli(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = call(capsys, *argv, "--json")
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


# -- knobs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "knob",
    ["move.difficult_cost = 3.0", '"move.difficult_cost" = 3.0', "move = {difficult_cost = 3}"],
)
def test_path_costs_difficult_ground_by_the_scenario_knob(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, knob: str
) -> None:
    scene = with_knobs(tmp_path, "paths_rubble.toml", knob)
    assert call(capsys, "check", scene)[0] == 0
    # 10,20 -> 40,20 crosses the band x = 20..30: 30 cm, 10 of them in rubble.
    data = as_json(capsys, "path", scene, "--from", "10,20", "--to", "40,20")
    assert data["length_cm"] == pytest.approx(30.0)
    assert data["cost_cm"] == pytest.approx(30.0 + (3.0 - 1.0) * 10.0)  # 50, not 40
    plain = as_json(
        capsys, "path", str(DATA / "paths_rubble.toml"), "--from", "10,20", "--to", "40,20"
    )
    assert plain["cost_cm"] == pytest.approx(40.0)
    code, out, _ = call(capsys, "path", scene, "--from", "10,20", "--to", "40,20")
    assert code == 0
    assert "movement cost 50.00 cm (each cm of difficult ground costs 3 cm)" in out


def test_figures_take_their_base_radius_from_the_rules_with_the_knobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The guard at 60,30 blocks 55,30 -> 65,30; the mover (radius 1.25) goes round a
    # circle of radius R = guard + 1.25 at distance d = 5 from both ends:
    # 2·√(d² − R²) + R·(π − 2·acos(R/d)).
    def around(r: float) -> float:
        big = r + 1.25
        return 2 * math.sqrt(25 - big * big) + big * (math.pi - 2 * math.acos(big / 5))

    args = ("--from", "55,30", "--to", "65,30")
    plain = as_json(capsys, "path", str(DATA / "paths_enclosed.toml"), *args)
    assert plain["length_cm"] == pytest.approx(around(1.25), rel=0.01)  # 11.28
    scene = with_knobs(tmp_path, "paths_enclosed.toml", '"profile.Militia.base_radius" = 3.0')
    wide = as_json(capsys, "path", scene, *args)
    assert wide["length_cm"] == pytest.approx(around(3.0), rel=0.01)  # 13.90


def test_los_takes_the_sight_knobs_from_the_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Lane B: half the lines pass through the building. With K = 4 two of four are
    # blocked; with cover_share 0.75 two heavy lines of four are not enough.
    scene = with_knobs(tmp_path, "los_range.toml", "sight_lines = 4\ncover_share = 0.75")
    code, out, _ = call(capsys, "los", scene, "--from", "10,20", "--to", "30,20")
    assert code == 0
    assert out.splitlines()[1:3] == [
        "Visible: 2 of 4 sight lines clear (50 %)",
        "Cover: none",
    ]
    default = as_json(
        capsys, "los", str(DATA / "los_range.toml"), "--from", "10,20", "--to", "30,20"
    )
    assert default["cover"] == "heavy"


def test_sight_params_read_the_rules_data() -> None:
    rules = load_rules()
    assert sight_params(rules) == SightParams(sight_lines=16, cover_share=0.5, contact_gap=0.5)
    changed = rules.with_overrides({"sight_lines": 8, "base_contact_gap": 0.3})
    assert sight_params(changed) == SightParams(sight_lines=8, cover_share=0.5, contact_gap=0.3)


# -- loading exactly as check ---------------------------------------------------------


@pytest.mark.parametrize(
    "knob",
    [
        '"move.difficult_kost" = 3.0',  # an unknown knob
        'cover_share = "half"',  # a bad value
        "move.difficult_cost = 0.5",  # out of range (at least 1)
    ],
)
@pytest.mark.parametrize("command", ["los", "path"])
def test_a_scenario_check_rejects_is_rejected_with_checks_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, knob: str, command: str
) -> None:
    scene = with_knobs(tmp_path, "los_range.toml", knob)
    code, checked, _ = call(capsys, "check", scene)
    assert code == 2 and checked.startswith(f"{scene}: knobs")
    code, out, err = call(capsys, command, scene, "--from", "10,20", "--to", "30,20")
    assert (code, out) == (2, "")
    assert err == f"error: {checked}"


@pytest.mark.parametrize("command", ["los", "path"])
def test_every_problem_check_lists_is_listed(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    scene = str(DATA / "broken_geometry.toml")
    _, checked, _ = call(capsys, "check", scene)
    assert len(checked.splitlines()) > 5
    code, _, err = call(capsys, command, scene, "--from", "1,1", "--to", "2,2")
    assert code == 2 and err == f"error: {checked}"


def test_a_file_check_accepts_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    for scene in ("los_range.toml", "paths_wall.toml", "paths_rubble.toml", "paths_enclosed.toml"):
        assert call(capsys, "check", str(DATA / scene))[0] == 0


# -- bases clear of solid terrain -----------------------------------------------------


@pytest.mark.parametrize(
    ("point", "radius", "message"),
    [
        # the wall spans x = 19..21: a centre 1 cm from it leaves no room for 1.25 cm
        ("18,5", "1.25", "--to 18,5: a base of radius 1.25 cm overlaps solid terrain"),
        # the barricade (solid, not sight-blocking) spans x = 28.25..28.75
        ("29.5,45", "1.25", "--to 29.5,45: a base of radius 1.25 cm overlaps solid terrain"),
        ("20,5", "1.25", "--to (20, 5) is inside wall 'wall'"),
        ("59,30", "1.25", "--to 59,30: a base of radius 1.25 cm off the table"),
    ],
)
def test_los_rejects_a_base_overlapping_solid_terrain(
    capsys: pytest.CaptureFixture[str], point: str, radius: str, message: str
) -> None:
    scene = str(DATA / "los_range.toml")
    code, out, err = call(
        capsys, "los", scene, "--from", "10,20", "--to", point, "--radius", radius
    )
    assert (code, out) == (2, "")
    assert err.strip() == f"error: {message}"
    # path says the same about the same base
    code, _, path_err = call(capsys, "path", scene, "--from", "10,20", "--to", point)
    assert (code, path_err) == (2, err)


def test_a_smaller_base_fits_where_a_larger_does_not(capsys: pytest.CaptureFixture[str]) -> None:
    scene = str(DATA / "los_range.toml")
    data = as_json(capsys, "los", scene, "--from", "18,5", "--to", "10,5", "--radius", "0.9")
    assert data["visible"] and data["distance_cm"] == 8.0


# -- seen only by the target's own lines ------------------------------------------------


PEEK = """
[scenario]
name = "peek"
max_rounds = 1

[board]
width_cm = 60.0
height_cm = 60.0

[[terrain]]
id = "wall"
kind = "wall"
polygon = [[10, 39], [40, 39], [40, 40], [10, 40]]

[[side]]
id = "a"
name = "A"
controller = "human"
[[side.squad]]
id = "a1"
[[side.squad.figure]]
id = "f1"
profile = "Militia"
at = [55, 5]

[[side]]
id = "b"
name = "B"
controller = "ai:horde"
[[side.squad]]
id = "b1"
[[side.squad.figure]]
id = "z1"
profile = "Shambler"
at = [55, 55]
"""


def test_seen_only_through_the_targets_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The viewer at 42,38.5 peeks past the wall's corner 40,40: all its lines to the
    # base at 30,45 run into the wall, but 5 of the 16 lines back from 30,45 pass
    # above the corner (tests/board/test_sight_rules.py, moved by 40,40).
    scene = tmp_path / "peek.toml"
    scene.write_text(PEEK, encoding="utf-8")
    args = ("los", str(scene), "--from", "42,38.5", "--to", "30,45")
    data = as_json(capsys, *args)
    assert data["visible"] is True
    assert (data["visible_fraction"], data["visible_fraction_back"]) == (0.0, 0.3125)
    assert (data["cover"], data["blocking"]) == ("heavy", ["wall"])
    code, out, _ = call(capsys, *args)
    assert code == 0
    assert out.splitlines()[1] == (
        "Visible: 0 of 16 sight lines clear, but 5 of the target's own 16 lines reach "
        "the viewer (sight is symmetric; cover counts the blocked lines as heavy)"
    )
    back = as_json(capsys, "los", str(scene), "--from", "30,45", "--to", "42,38.5")
    assert (back["visible_fraction"], back["visible_fraction_back"]) == (0.3125, 0.0)


# -- a layout that is no battle yet ---------------------------------------------------

WALL_ONLY = """
[scenario]
name = "Just a wall"
max_rounds = 5

[board]
width_cm = 60.0
height_cm = 60.0

[[terrain]]
id = "w1"
kind = "wall"
polygon = [[29, 10], [31, 10], [31, 50], [29, 50]]
"""


def test_a_layout_without_sides_can_be_measured_though_check_refuses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scene = tmp_path / "wall_only.toml"
    scene.write_text(WALL_ONLY, encoding="utf-8")
    code, out, err = call(capsys, "check", str(scene))
    assert code == 2 and "a battle needs at least 2 sides" in out + err
    sight = as_json(capsys, "los", str(scene), "--from", "10,30", "--to", "50,30")
    assert sight["visible"] is False and sight["blocking"] == ["w1"]
    route = as_json(capsys, "path", str(scene), "--from", "10,30", "--to", "50,30")
    # around the wall's end (30, 50) or (30, 10) with a 1.25 cm base: longer than 40
    assert route["reachable"] and 56.0 < route["length_cm"] < 60.0
