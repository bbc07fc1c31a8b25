"""Hostile scenario files (issue #17): strict types at the border, declared limits,
files that are no files, and the playability checks of `check`. Each case is one
clear problem `file: field.path: reason`, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import limits
from game.loading import check_file, check_text, load_battle, parse_scenario
from game.scenario import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
HORDE = (ROOT / "scenarios" / "refuge_horde.toml").read_text(encoding="utf-8")
MINIMAL = """
[scenario]
name = "Two in the rubble"
max_rounds = 3

[board]
width_cm = 60
height_cm = 60

[[side]]
id = "survivors"
name = "Survivors"
controller = "human"

[[side.squad]]
id = "pair"

[[side.squad.figure]]
id = "mira"
profile = "Mira"
at = [10, 10]

[[side]]
id = "raiders"
name = "Raiders"
controller = "ai:tactical"

[[side.squad]]
id = "band"

[[side.squad.figure]]
id = "raider-1"
profile = "Raider"
at = [50, 50]
"""


def problems(text: str) -> list[str]:
    """What `check` says about the text (empty: ok)."""
    return list(check_text(text, "t.toml").problems)


def sub(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


# -- numbers are numbers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("width_cm = 60", 'width_cm = "60"', "t.toml: board.width_cm: a number, not text ('60')"),
        ("width_cm = 60", "width_cm = true", "t.toml: board.width_cm: a number, not true"),
        ("at = [10, 10]", 'at = ["10", 10]', "t.toml: side[0].squad[0].figure[0].at[0]: a number"),
        ("at = [10, 10]", "at = [false, 10]", "t.toml: side[0].squad[0].figure[0].at[0]: a number"),
        ("max_rounds = 3", "max_rounds = 3.0", "t.toml: scenario.max_rounds: a whole number"),
        ("max_rounds = 3", 'max_rounds = "3"', "t.toml: scenario.max_rounds: a whole number"),
        ("max_rounds = 3", "max_rounds = 3\nseed = -1", "t.toml: scenario.seed: input should be"),
        ("max_rounds = 3", "max_rounds = 3\nseed = true", "t.toml: scenario.seed: a whole number"),
        ("at = [10, 10]", "at = [" + "9" * 400 + ", 10]", "figure[0].at[0]: a number too large"),
        ("at = [10, 10]", "at = [inf, 10]", "figure[0].at[0]: input should be a finite number"),
        ("at = [10, 10]", "at = [nan, 10]", "figure[0].at[0]: input should be a finite number"),
        ("at = [10, 10]", "at = [10, 10]\nfacing = 1e300", "figure[0].facing: input should be"),
    ],
)
def test_numbers_are_numbers(old: str, new: str, expected: str) -> None:
    found = problems(sub(MINIMAL, old, new))
    assert any(expected in line for line in found), found


def test_far_coordinates_are_outside_the_board_not_without_area() -> None:
    text = sub(HORDE, "polygon = [[50, 38], [56, 38]", "polygon = [[1e308, 38], [56, 38]")
    assert problems(text) == ["t.toml: terrain[0].polygon: outside the board (0..120 x 0..120 cm)"]


def test_a_quoted_coordinate_no_longer_skips_the_geometry() -> None:
    # Before: "12" passed as a number for pydantic but was skipped by the geometry
    # stage, so a zone off the board passed `check`.
    text = sub(HORDE, "polygon = [[30, 116], [75, 116]", 'polygon = [["30", 116], [75, 116]')
    assert problems(text) == [
        "t.toml: side[1].raid.entry[0].polygon[0][0]: a number, not text ('30')"
    ]


def test_an_unknown_ai_preset_is_named_by_check() -> None:
    text = sub(
        MINIMAL, 'controller = "ai:tactical"', 'controller = "ai:tactical"\nai = { preset = "x" }'
    )
    assert problems(text) == [
        "t.toml: side[1].ai.preset: unknown preset 'x' (balanced, cautious, reckless)"
    ]


# -- limits -----------------------------------------------------------------------------


def test_deep_nesting_is_refused_by_name() -> None:
    deep = MINIMAL + "\n[knobs]\nx = " + "[" * 3000 + "]" * 3000 + "\n"
    assert problems(deep) == [
        f"t.toml: (file): lists and tables nested more than {limits.MAX_DEPTH} levels deep "
        "(the limit)"
    ]
    dotted = MINIMAL + "\n[knobs]\n" + ".".join(["a"] * 2000) + " = 1\n"
    assert "nested more than" in problems(dotted)[0]


def test_a_board_beyond_the_limit_is_refused() -> None:
    text = sub(MINIMAL, "width_cm = 60", "width_cm = 10000")
    assert problems(text) == [
        f"t.toml: board.width_cm: input should be less than or equal to {limits.MAX_BOARD_CM:g}"
    ]


def test_too_many_pieces_stop_the_checks_at_the_sizes() -> None:
    crates = "".join(
        f'[[terrain]]\nid = "c{i}"\nkind = "crates"\npolygon = [[1, 1], [2, 1], [2, 2]]\n'
        for i in range(limits.MAX_PIECES + 1)
    )
    found = problems(MINIMAL + crates)
    assert found == [
        f"t.toml: terrain: {limits.MAX_PIECES + 1} terrain pieces and modules: more than "
        f"{limits.MAX_PIECES} (the limit)"
    ]


def test_too_many_points_and_figures_are_named() -> None:
    ring = ", ".join(
        f"[{30 + 5 * (i % 2)}, {i * 0.1}]" for i in range(limits.MAX_POLYGON_POINTS + 1)
    )
    text = MINIMAL + f'[[terrain]]\nid = "w"\nkind = "rubble"\npolygon = [{ring}]\n'
    assert problems(text) == [
        f"t.toml: terrain[0].polygon: {limits.MAX_POLYGON_POINTS + 1} points: more than "
        f"{limits.MAX_POLYGON_POINTS} (the limit)"
    ]
    figures = "".join(
        f'[[side.squad.figure]]\nid = "r{i}"\nprofile = "Raider"\nat = [30, 30]\n'
        for i in range(limits.MAX_FIGURES)
    )
    assert problems(MINIMAL + figures) == [
        f"t.toml: side: {limits.MAX_FIGURES + 2} figures in all: more than "
        f"{limits.MAX_FIGURES} (the limit)"
    ]


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("budget = 20 ", "budget = 1e300 ", "side[1].raid.budget: input should be less than"),
        ('waves = "1W3+1"', "waves = 100000000", "side[1].raid.waves: '100000000' gives more"),
        ('waves = "1W3+1"', 'waves = "100W6"', "side[1].raid.waves: '100W6' can give more than"),
        ('name = "Die Toten"', f'name = "{"x" * 300}"', "side[1].name: string should have at most"),
    ],
)
def test_raid_numbers_have_limits(old: str, new: str, field: str) -> None:
    found = problems(sub(HORDE, old, new))
    assert len(found) == 1 and f"t.toml: {field}" in found[0], found


# -- files that are no files -------------------------------------------------------------


def test_fifos_devices_and_huge_files_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert check_file(fifo).problems == (f"{fifo}: is a FIFO, not a file",)
    assert check_file("/dev/zero").problems == ("/dev/zero: is a character device, not a file",)
    assert check_file(tmp_path).problems == (f"{tmp_path}: is a folder, not a file",)
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (limits.SCENARIO_BYTES + 1))
    assert check_file(big).problems == (f"{big}: larger than 1 MiB (the limit)",)


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeff".encode() + MINIMAL.encode())
    assert check_file(path).ok
    assert load_battle(path).scenario.name == "Two in the rubble"


# -- playability -----------------------------------------------------------------------------


def test_a_side_without_figures_is_no_battle() -> None:
    text = sub(MINIMAL, '[[side.squad.figure]]\nid = "mira"\nprofile = "Mira"\nat = [10, 10]\n', "")
    assert problems(text) == [
        "t.toml: side[0]: side 'survivors' has no figures: its squads are empty and it has no raid"
    ]
    with pytest.raises(ScenarioError):
        load_battle_text(text)


def load_battle_text(text: str) -> None:
    from game.loading import require_battle

    require_battle(parse_scenario(text, "t.toml"), "t.toml")


BUILDING_ON_ENTRY = """
[[terrain]]
id = "blocker"
kind = "building"
polygon = [[25, 110], [80, 110], [80, 120], [25, 120]]
"""
SEAL_EAST = """
[[terrain]]
id = "seal-n"
kind = "wall"
polygon = [[110, 70], [120, 70], [120, 71], [110, 71]]

[[terrain]]
id = "seal-s"
kind = "wall"
polygon = [[110, 14], [120, 14], [120, 15], [110, 15]]

[[terrain]]
id = "seal-w"
kind = "wall"
polygon = [[110, 14], [111, 14], [111, 71], [110, 71]]
"""


def before_terrain(extra: str) -> str:
    return sub(HORDE, '[[terrain]]\nid = "wall-s-1"', extra + '\n[[terrain]]\nid = "wall-s-1"')


def test_an_entry_zone_in_a_building_lets_no_wave_in() -> None:
    assert problems(before_terrain(BUILDING_ON_ENTRY)) == [
        "t.toml: side[1].raid.entry[0].polygon: no room for a base (1.25 cm) outside solid "
        "terrain: no wave can enter"
    ]


def test_an_entry_zone_walled_off_from_the_refuge_is_named() -> None:
    assert problems(before_terrain(SEAL_EAST)) == [
        "t.toml: side[1].raid.entry[1].polygon: no way for a base (1.25 cm) from here to the "
        "refuge (the other sides' figures or the key point): walls, buildings or wrecks close "
        "it in"
    ]


RING_OF_WALLS = """
[[terrain]]
id = "over-gate"
kind = "wall"
polygon = [[56, 38], [64, 38], [64, 39], [56, 39]]

[[terrain]]
id = "over-palisade"
kind = "wall"
polygon = [[38, 38], [50, 38], [50, 39], [39, 39], [39, 50], [38, 50]]

[[terrain]]
id = "over-west"
kind = "wall"
polygon = [[38, 58], [39, 58], [39, 66], [38, 66]]

[[terrain]]
id = "over-north"
kind = "wall"
polygon = [[54, 81], [64, 81], [64, 82], [54, 82]]

[[terrain]]
id = "over-east"
kind = "wall"
polygon = [[81, 52], [82, 52], [82, 60], [81, 60]]
"""


def test_barricades_and_gates_do_not_close_a_way() -> None:
    # The refuge is closed all round by walls, barricades and a closed gate: the raid
    # breaks its way in, so the shipped file is playable; with walls over the
    # barricades and the gate, no entry zone leads anywhere.
    assert problems(HORDE) == []
    found = problems(before_terrain(RING_OF_WALLS))
    assert [line.split(": ")[1] for line in found] == [
        f"side[1].raid.entry[{e}].polygon" for e in range(3)
    ]
    assert all("no way for a base (1.25 cm)" in line for line in found)


def test_a_deploy_zone_inside_solid_terrain_holds_no_figure() -> None:
    text = sub(
        MINIMAL,
        'controller = "human"',
        'controller = "human"\ndeploy_zone = [[0, 9], [20, 9], [20, 11], [0, 11]]',
    )
    text += '[[terrain]]\nid = "w"\nkind = "wall"\npolygon = [[0, 8], [21, 8], [21, 12], [0, 12]]\n'
    assert problems(text) == [
        "t.toml: side[0].squad[0].figure[0].at: base is not inside the deploy_zone of side "
        "'survivors'",
        "t.toml: side[0].squad[0].figure[0].at: base overlaps solid terrain 'w'",
    ]


def test_the_presets_stage_reads_the_ai_s_own_names() -> None:
    from ai.presets import preset_names as ai_preset_names
    from game.loading.presets import preset_names

    assert list(preset_names()) == ai_preset_names()


def test_every_problem_stays_on_one_line() -> None:
    # Found by the fuzzer: a key with a newline split its problem over two lines.
    text = HORDE.replace("[scenario]", '[scenario]\n"bad\\nkey\\u0007" = 1', 1)
    problems = check_text(text, "f.toml").problems
    assert problems == ("f.toml: scenario.bad\\nkey\\x07: unknown field",)


def test_check_run_and_map_print_a_file_s_problems_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every problem is `file: field.path: reason` on its own line, whichever command
    reads the file (the fuzzer found `map` putting `error: ` before the first)."""
    import main

    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nname = "x"\nwidth_cm = "120"\n', encoding="utf-8")
    printed: dict[str, list[str]] = {}
    for command in (["check"], ["run"], ["map", "-o", str(tmp_path / "m.png")]):
        assert main.main([command[0], str(bad), *command[1:]]) == 2
        seen = capsys.readouterr()
        printed[command[0]] = (seen.out + seen.err).strip().splitlines()
    for command in ("run", "map"):  # a layout needs no sides: `map` asks less
        assert printed[command] and set(printed[command]) <= set(printed["check"])
    assert all(line.startswith(f"{bad}: ") for lines in printed.values() for line in lines)
