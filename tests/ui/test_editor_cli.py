"""`main.py edit`: a new table, a file with problems opened and listed, a broken
file refused with exit code 2, bad arguments."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from main import main
from tests.ui.test_editor_kit import SCENARIOS


def test_a_new_table_opens_and_nothing_is_written(tmp_path: Path) -> None:
    target = tmp_path / "new_refuge.toml"
    shot = tmp_path / "shot.png"
    code = main(
        ["edit", str(target), "--frames", "2", "--screenshot", str(shot), "--size", "1200x800"]
    )
    assert code == 0
    assert not target.exists()
    assert Image.open(shot).size == (1200, 800)


def test_a_file_with_problems_is_opened_and_they_are_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "refuge_horde.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("[[50, 38], [56, 38]", "[[50, 38], [156, 38]"), encoding="utf-8")
    assert main(["edit", str(path), "--frames", "1"]) == 0
    err = capsys.readouterr().err
    assert "problems found: 1" in err and "terrain[0].polygon" in err


def test_a_file_that_is_not_toml_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[scenario\nname = ", encoding="utf-8")
    assert main(["edit", str(path), "--frames", "1"]) == 2
    assert f"{path}: toml:" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "5x5"],
        ["--board", "wide"],
        ["--board", "401x120"],  # beyond the format's board limit
        ["--frames", "0"],
        ["--screenshot", "x.png"],
        ["--frames", "1", "--screenshot", "."],  # a folder: refused before the window opens
    ],
)
def test_bad_arguments_exit_2(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit", str(tmp_path / "x.toml"), *args]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_new_file_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    assert main(["edit", str(tmp_path / "nope" / "x.toml"), "--frames", "1"]) == 2
