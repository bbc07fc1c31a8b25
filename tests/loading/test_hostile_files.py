"""Game records, the settings file and the one atomic writer under hostile input
(issue #17): deep nesting, huge numbers, a BOM, files that are no files, unknown
settings kept, leftover temporary files removed, the user's umask."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import main
from game import files, limits
from game.replay import RecordError, load_record
from game.ui.settings import Settings, SettingsWarning, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]
HASH = "0" * 64


def record_text(**change: object) -> str:
    data: dict[str, object] = {
        "version": 3,
        "scenario": "",
        "seed": 1,
        "actions": [],
        "events_hash": HASH,
    }
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"a": ' * 5000 + "1" + "}" * 5000, "nested more than 16 levels deep (the limit)"),
        ("[" * 100 + "]" * 100, "nested more than 16 levels deep (the limit)"),
        (record_text().replace('"version": 3', '"version": ' + "9" * 5000), "more than 30 digits"),
        (record_text(seed=float("nan")), "NaN is not a number JSON allows"),
        ("{not json", "not JSON: Expecting property name"),
    ],
    ids=["deep-object", "deep-list", "huge-version", "nan", "not-json"],
)
def test_bad_records_are_one_clear_error(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value).startswith(f"{path}: ") and reason in str(err.value)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"version": "3"}, "version: a whole number, not text"),
        ({"version": True}, "version: a whole number, not true"),
        ({"seed": 2**64}, "seed: Input should be less than or equal to"),
        ({"seed": 1.5}, "seed: a whole number, not 1.5"),
        ({"version": 10**20}, "is newer than this program"),
    ],
)
def test_record_fields_are_strict(tmp_path: Path, change: dict[str, object], reason: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(record_text(**change), encoding="utf-8")
    with pytest.raises(RecordError, match=reason):
        load_record(path)


def test_records_that_are_no_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target, reason in ((fifo, "is a FIFO, not a file"), ("/dev/zero", "is a character")):
        assert main.main(["replay", str(target)]) == 2
        err = capsys.readouterr().err
        assert f"error: {target}: {reason}" in err and "Traceback" not in err


def test_a_deep_record_exits_2_as_documented(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50000 + "]" * 50000, encoding="utf-8")
    assert main.main(["replay", str(deep), "--verify"]) == 2
    assert "nested more than" in capsys.readouterr().err


def test_a_byte_order_mark_is_dropped_before_json(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes("\ufeff".encode() + record_text().encode())
    assert load_record(path).seed == 1


# -- settings ------------------------------------------------------------------------------


def quiet_load(path: Path) -> tuple[Settings, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = load_settings(path)
    return loaded, [str(w.message) for w in caught if w.category is SettingsWarning]


def test_settings_with_a_bom_keep_every_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {"units": "in", "speed": 2.0, "palette": "high-contrast", "large_text": True}
    path.write_bytes("\ufeff".encode() + json.dumps(data).encode())
    loaded, found = quiet_load(path)
    assert found == []
    assert (loaded.units, loaded.speed, loaded.palette, loaded.large_text) == (
        "in",
        2.0,
        "high-contrast",
        True,
    )


@pytest.mark.parametrize(
    "text",
    ['{"a": ' * 3000 + "1" + "}" * 3000, '{"speed": ' + "9" * 5000 + "}", '{"speed": NaN}'],
    ids=["deep", "huge", "nan"],
)
def test_corrupt_settings_give_the_defaults_with_a_warning(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded, found = quiet_load(path)
    assert loaded == Settings() and len(found) == 1


def test_settings_that_are_no_file_give_the_defaults(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    loaded, found = quiet_load(fifo)
    assert loaded == Settings() and found == [
        f"{fifo}: is a FIFO, not a file; using the default settings"
    ]


def test_unknown_settings_are_kept_on_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"units": "in", "future": {"volume": 3}}), encoding="utf-8")
    loaded, _ = quiet_load(path)
    loaded.speed = 2.5
    save_settings(loaded, path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["future"] == {"volume": 3}
    assert (saved["units"], saved["speed"]) == ("in", 2.5)


# -- the atomic writer -------------------------------------------------------------------------


def test_new_files_get_the_users_umask_not_0600(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        path = tmp_path / "settings.json"
        save_settings(Settings(), path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_killed_writers_temporary_file_is_removed(tmp_path: Path) -> None:
    # A process that dies while writing leaves its temporary file behind.
    target = tmp_path / "settings.json"
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = int(child.stdout)
    leftover = tmp_path / f".settings.json.{dead}.abc123.tmp"
    leftover.write_text("half", encoding="utf-8")
    mine = tmp_path / f".settings.json.{os.getpid()}.busy.tmp"  # a live writer's: kept
    mine.write_text("busy", encoding="utf-8")
    save_settings(Settings(), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, mine.name])


def test_reading_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (limits.SETTINGS_BYTES + 1))
    with pytest.raises(files.FileProblem, match=r"larger than 64 KiB \(the limit\)"):
        files.read_text(path, limits.SETTINGS_BYTES)
