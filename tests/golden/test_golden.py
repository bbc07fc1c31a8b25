"""Golden playthroughs: whole games of the shipped scenarios, pinned event by event.

Each `tests/golden/NAME.seedN.txt` is one game (format: tests/golden/playthrough.py):
its actions, and every event they caused as English text and as data. Two checks
per game:

- the replay test applies the file's actions to a fresh `Game` and compares every
  event with the file: a change in the rules, the dice or the events' data or text
  shows here, with the first differing event as text and as data;
- the AI test lets the AI play the scenario from the seed again (as `main.py run
  SCENARIO --seed N`) and checks it chooses the same actions: a change in the AI's
  behaviour shows here.

When a change of behaviour is meant, regenerate the files from the repository's root
and read the diff before committing it (say in the commit why the games changed):

    python -m tests.golden.regen            # rewrite every golden file
    python -m tests.golden.regen --check    # only report the differences (exit 1)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from game.i18n import set_language
from tests.golden import playthrough as pt
from tests.golden import regen

FILES = [pt.file_name(name, seed) for name, seed in pt.GAMES]


@cache
def golden(file: str) -> pt.Playthrough:
    return pt.read(pt.HERE / file)


@cache
def played(name: str, seed: int) -> pt.Playthrough:
    """The AI's game (played once per test run)."""
    return pt.record(name, seed)


@pytest.fixture(params=pt.GAMES, ids=FILES)
def game(request: pytest.FixtureRequest) -> tuple[str, int]:
    name, seed = request.param
    return name, seed


def _fail_on(difference: str | None, file: str) -> None:
    if difference is not None:
        pytest.fail(f"{file}: {difference}\n(meant? regenerate with: {pt.REGEN})", pytrace=False)


def test_replaying_the_actions_gives_the_same_events(game: tuple[str, int]) -> None:
    """Replayed in a German session: the files' text is English whatever the user's
    language (conftest sets English again after the test)."""
    file = pt.file_name(*game)
    expected = golden(file)
    set_language("de")
    _fail_on(pt.first_difference(expected, pt.replay(expected)), file)


def test_the_ai_chooses_the_same_actions(game: tuple[str, int]) -> None:
    file = pt.file_name(*game)
    _fail_on(pt.first_difference(golden(file), played(*game)), file)


def test_every_shipped_scenario_has_a_golden_game() -> None:
    shipped = {p.stem for p in (pt.ROOT / "scenarios").glob("*.toml")}
    assert shipped <= {name for name, _ in pt.GAMES}
    on_disk = {p.name for p in pt.HERE.glob("*.txt")}
    assert on_disk == set(FILES)


@pytest.mark.parametrize("file", FILES)
def test_a_file_is_whole(file: str) -> None:
    """Its data lines hash to its header's events hash, and it reads back as written."""
    text = (pt.HERE / file).read_text(encoding="utf-8")
    playthrough = pt.parse(text, file)
    assert pt.data_hash(playthrough) == playthrough.events_hash
    assert pt.render(playthrough) == text
    assert all(json.loads(line.data)["kind"] for line in playthrough.events)


# -- the report of a difference is readable ----------------------------------------------


def _altered_event(playthrough: pt.Playthrough, step: int, event: int) -> pt.Playthrough:
    steps = list(playthrough.steps)
    lines = list(steps[step].events)
    data = json.loads(lines[event].data)
    data["seed"] = 99
    text = lines[event].en.replace("seed 1", "seed 99")
    lines[event] = pt.Line(text, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    steps[step] = dataclasses.replace(steps[step], events=tuple(lines))
    return pt.with_steps(playthrough, steps)


def test_a_differing_event_is_shown_as_text_and_as_data() -> None:
    expected = golden(pt.file_name("refuge_horde", 1))
    altered = _altered_event(expected, 0, 0)
    report = pt.first_difference(altered, expected)
    assert report is not None
    assert report.splitlines()[:6] == [
        "the opening (before the first action), event 1 of 2 (event 1 of the game):",
        "  expected: Battle begins: Ottakring refuge — night of the horde (seed 99)",
        '            {"kind":"game_started","section":"§3","names":[],'
        '"scenario":"Ottakring refuge — night of the horde","seed":99}',
        "  got:      Battle begins: Ottakring refuge — night of the horde (seed 1)",
        '            {"kind":"game_started","section":"§3","names":[],'
        '"scenario":"Ottakring refuge — night of the horde","seed":1}',
        "  fields that differ: seed: 99 → 1",
    ]


def test_a_differing_action_is_named_with_what_came_before() -> None:
    expected = golden(pt.file_name("refuge_horde", 1))
    steps = list(expected.steps)
    steps[3] = dataclasses.replace(steps[3], action="aim figure=bruno")
    report = pt.first_difference(pt.with_steps(expected, steps), expected)
    assert report is not None
    assert report.splitlines()[:4] == [
        f"action 3 of {len(expected.actions)} differs (after 5 events):",
        "  expected: aim figure=bruno",
        "  got:      activate figure=ferdl",
        "  after:    first side=refuge first=refuge",
    ]


def test_a_refused_action_is_reported() -> None:
    expected = golden(pt.file_name("refuge_horde", 1))
    steps = list(expected.steps)
    steps[4] = dataclasses.replace(steps[4], action="aim figure=nobody")
    replayed = pt.replay(pt.with_steps(expected, steps))
    assert replayed.steps[-1].refused is not None
    report = pt.first_difference(pt.with_steps(expected, steps), replayed) or ""
    total = len(expected.actions)
    assert report.startswith(f"action 4 of {total} (aim figure=nobody): the game refuses it:")


def test_a_damaged_file_names_its_line() -> None:
    text = (pt.HERE / FILES[0]).read_text(encoding="utf-8")
    lines = text.split("\n")
    body = lines.index("opening")
    lines.insert(body + 2, "  oops")
    with pytest.raises(pt.GoldenFileError, match=rf"x.txt:{body + 3}: unexpected line '  oops'"):
        pt.parse("\n".join(lines), "x.txt")
    with pytest.raises(pt.GoldenFileError, match="header says events = 1"):
        pt.parse(text.replace("\nevents = ", "\nevents = 1", 1), "x.txt")


# -- the regeneration script ---------------------------------------------------------------


@pytest.fixture
def golden_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The golden files copied to a temporary folder the script works on."""
    for file in FILES:
        (tmp_path / file).write_bytes((pt.HERE / file).read_bytes())
    monkeypatch.setattr(pt, "HERE", tmp_path)
    monkeypatch.setattr(pt, "record", played)
    yield tmp_path


def test_regen_check_reports_a_difference_and_regen_repairs_it(
    golden_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = golden_copy / pt.file_name("open_skirmish", 1)
    original = file.read_text(encoding="utf-8")
    file.write_text(original.replace("(seed 1)", "(seed 11)", 1), encoding="utf-8")
    assert regen.main(["--check", file.name]) == 1
    out = capsys.readouterr().out
    assert "open_skirmish.seed1.txt: differs" in out
    assert "fields that differ: (none: the text differs)" in out
    assert out.count("(seed 11)") == 2  # the report and the line diff
    assert regen.main([file.name]) == 0
    assert file.read_text(encoding="utf-8") == original
    assert regen.main(["--check", file.name]) == 0
