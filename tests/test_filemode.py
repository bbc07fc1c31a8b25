"""Files written through a temporary file get the user's umask (or keep their own
mode), not mkstemp's owner-only 0600: replays and settings (write_json_atomic),
scenarios (the editor's write_atomic), printed maps (game.files.write_atomic)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from game.filemode import mode_for, umask
from game.files import write_atomic as write_file_atomic
from game.files import write_json_atomic
from game.ui.editor.files import write_atomic


@pytest.fixture
def usual_umask() -> Iterator[int]:
    old = os.umask(0o022)
    try:
        yield 0o022
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_umask_is_read_without_changing_it(usual_umask: int) -> None:
    assert umask() == usual_umask
    assert umask() == usual_umask


def test_new_files_get_the_umask_and_old_ones_keep_their_mode(
    tmp_path: Path, usual_umask: int
) -> None:
    replay = tmp_path / "game.json"
    write_json_atomic(replay, {"a": 1})
    scenario = tmp_path / "refuge.toml"
    write_atomic(scenario, "x = 1\n")
    picture = tmp_path / "map.png"
    write_file_atomic(picture, lambda tmp: Image.new("RGB", (4, 4)).save(tmp, "PNG"))
    for path in (replay, scenario, picture):
        assert _mode(path) == 0o644, path
    os.chmod(replay, 0o600)  # the user made it private: a new save keeps that
    write_json_atomic(replay, {"a": 2})
    assert _mode(replay) == 0o600
    assert mode_for(tmp_path / "new") == 0o644
