"""`main.py map` on layouts that are no battle yet (no sides, defenders only): the map
prints; the heat map, which needs raids, says why it cannot be made."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from main import main
from tests.ui.test_editor_checks import DEFENDERS_ONLY, WALLS_ONLY


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "layout.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", [WALLS_ONLY, DEFENDERS_ONLY], ids=["no_sides", "one_side"])
@pytest.mark.parametrize("overlays", ["fire,dead,threat", "none"])
def test_a_layout_without_a_raid_prints(
    text: str, overlays: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.png"
    code = main(["map", str(write(tmp_path, text)), "-o", str(out), "--overlay", overlays])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "Traceback" not in err
    with Image.open(out) as image:
        assert image.width > round(120 / 2.54 * 150)  # the table at 150 dpi, and margins


def test_heat_on_a_one_side_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, DEFENDERS_ONLY)
    out = tmp_path / "map.png"
    code = main(["map", str(path), "-o", str(out), "--overlay", "fire,heat", "--dpi", "20"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert "the heat map simulates raids, and this file cannot be played yet" in err
    assert f"{path}: side: a battle needs at least 2 sides (found 1)" in err
    assert not out.exists()


def test_all_overlays_leave_the_heat_map_out_of_a_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.png"
    code = main(["map", str(write(tmp_path, WALLS_ONLY)), "-o", str(out), "--overlay", "all"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "the heat map is left out: this file cannot be played yet" in captured.err
    assert "Map written to" in captured.out
