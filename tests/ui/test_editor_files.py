"""The editor's files: the TOML writer, load → save → load for every shipped
scenario, atomic saving, the document model's commands, the string catalogue."""

from __future__ import annotations

import math
import os
import stat
import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.i18n import catalogue
from game.loading import load_scenario, parse_scenario
from game.ui.editor import edits, files, tomlwrite
from game.ui.editor.commands import History
from game.ui.editor.document import Document, DocumentError
from game.ui.editor.validation import check, split_path
from tests.ui.test_editor_kit import ROOT, SCENARIOS

SHIPPED = sorted(SCENARIOS.glob("*.toml"))
MORE = [ROOT / "tests" / "overlays" / "data" / "mini_raid.toml"]


@pytest.mark.parametrize("path", SHIPPED + [p for p in MORE if p.is_file()], ids=lambda p: p.name)
def test_load_save_load_gives_the_same_scenario(path: Path, tmp_path: Path) -> None:
    doc = Document.load(path)
    out = tmp_path / path.name
    files.write_atomic(out, doc.to_text())
    assert tomllib.loads(out.read_text(encoding="utf-8")) == tomllib.loads(
        path.read_text(encoding="utf-8")
    )
    assert load_scenario(out) == load_scenario(path)
    # and once more through the editor's own model: nothing drifts
    again = Document.load(out)
    assert again.to_text() == doc.to_text()


def test_the_saved_file_reads_well() -> None:
    text = Document.load(SCENARIOS / "refuge_horde.toml").to_text()
    assert "polygon = [[50, 38], [56, 38], [56, 39], [50, 39]]" in text
    assert "at = [61, 43]" in text
    assert "\n[[side.squad.figure]]\n" in text
    lines = text.splitlines()
    assert lines[0] == "[scenario]"
    assert lines.index("[board]") < lines.index("[[terrain]]") < lines.index("[[module]]")
    assert lines.index("[[module]]") < lines.index("[[side]]") < lines.index("[objective]")
    assert max(len(line) for line in lines if not line.startswith("description")) <= 100


keys = st.text(min_size=0, max_size=8)
scalars = (
    st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)
tables = st.recursive(
    st.dictionaries(keys, values, max_size=4),
    lambda inner: st.dictionaries(
        keys, inner | st.lists(inner, min_size=1, max_size=3), max_size=4
    ),
    max_leaves=12,
)


@given(tables)
@example({"0\n": {}})  # a key ending in a newline is quoted (found by hypothesis)
@example({"0\n": []})
def test_the_writer_round_trips_any_toml_data(data: dict) -> None:  # type: ignore[type-arg]
    assert tomllib.loads(tomlwrite.dumps(data)) == data


def test_the_writer_handles_awkward_strings_keys_and_numbers() -> None:
    data = {
        "a b": 'quote " back \\ tab\t nl\n bell\x07 del\x7f ü €',
        "": 1,
        "knobs": {"noise_radius.firearm": 40, "x": {"y": {"z": [1.5, -0.0, 1e300, math.inf]}}},
        "terrain": [],
        "figure": [{"stats": {"REF": 2}}],
    }
    assert tomllib.loads(tomlwrite.dumps(data)) == data


def test_saving_is_atomic_and_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "refuge.toml"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    files.write_atomic(path, "new = 1\n")
    assert path.read_text(encoding="utf-8") == "new = 1\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["refuge.toml"]  # no temporary left


def test_a_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "refuge.toml"
    path.write_text("old = 1\n", encoding="utf-8")

    def broken(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        files.write_atomic(path, "new = 2\n")
    assert path.read_text(encoding="utf-8") == "old = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["refuge.toml"]


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[scenario\nname = 1", encoding="utf-8")
    with pytest.raises(DocumentError) as err:
        Document.load(bad)
    assert "toml" in err.value.errors[0]
    with pytest.raises(DocumentError):
        Document.load(tmp_path)


def test_commands_undo_to_the_same_data() -> None:
    doc = Document.load(SCENARIOS / "refuge_raiders.toml")
    history = History(doc)
    before = doc.snapshot()
    gate = next(it for it in doc.pieces() if it.kind == "gate")
    figure = next(doc.figures())
    steps = [
        edits.add_piece(doc, "terrain", "rubble", [(1, 1), (5, 1), (5, 4)]),
        edits.moved(gate, 3, -2),
        edits.turned(doc, gate, 90),
        edits.delete(doc, figure),  # the squad's leader: the leader entry goes too
        edits.set_deploy(doc, [(0, 0), (10, 0), (10, 10), (0, 10)]),
        edits.set_threat(doc, "infected"),
        edits.set_objective(doc, "hold"),
        edits.add_entry(doc, [(0, 50), (4, 50), (4, 70), (0, 70)]),
    ]
    snapshots = []
    for make in steps:
        assert make is not None
        history.run(make)
        snapshots.append(doc.snapshot())
    assert "leader" not in doc.get(("side", 0, "squad", 0))
    for expected in reversed([before, *snapshots[:-1]]):
        history.undo()
        assert doc.data == expected
    for expected in snapshots:
        history.redo()
        assert doc.data == expected


def test_a_blank_table_grows_into_a_valid_raid() -> None:
    doc = Document.blank("Blank", 90, 60)
    history = History(doc)
    blank = check(doc)
    assert [p.text for p in blank.problems] == ["side: a battle needs at least 2 sides (found 0)"]
    assert blank.notes and blank.scenario is not None
    history.run(edits.place_defender(doc, "Mira", (45, 30)))
    history.run(edits.place_defender(doc, "Militia", (40, 30)))
    history.run(edits.place_defender(doc, "Militia", (50, 30)))
    defenders_only = check(doc)
    assert [p.text for p in defenders_only.problems] == [
        "side: a battle needs at least 2 sides (found 1)"
    ]
    history.run(edits.add_entry(doc, [(0, 0), (30, 0), (30, 3), (0, 3)], "raiders"))
    report = check(doc)
    assert report.ok and not report.notes, report.problems
    assert [f.id for _, _, f in report.scenario.figures()] == ["mira", "militia-1", "militia-2"]  # type: ignore[union-attr]
    side = doc.get(("side", 1))
    assert side["controller"] == "ai:tactical" and side["raid"]["entry"][0]["id"] == "south"
    assert parse_scenario(doc.to_text()).board.width_cm == 90


def test_field_paths_split_like_check_writes_them() -> None:
    assert split_path("side[0].squad[12].figure[3].at") == (
        "side",
        0,
        "squad",
        12,
        "figure",
        3,
        "at",
    )
    assert split_path("objective.key_point") == ("objective", "key_point")


def test_every_editor_string_is_in_english_and_german() -> None:
    en = {k for k in catalogue("en") if k.startswith("editor.")}
    de = {k for k in catalogue("de") if k.startswith("editor.")}
    assert en == de
    assert len(en) > 200
