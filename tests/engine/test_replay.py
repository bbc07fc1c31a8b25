"""Game records (game/replay.py), `run_game` (game/sim.py) and the run / replay commands."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import main
from game.engine import Game
from game.loading import load_scenario
from game.narration import narrate
from game.play.events import GameStarted
from game.replay import (
    VERSION,
    GameRecord,
    RecordError,
    canonical_json,
    events_hash,
    load_record,
    make_record,
    save_record,
    verify,
    write_json_atomic,
)
from game.scenario import Scenario
from game.sim import GameResult, run_game

ROOT = Path(__file__).resolve().parents[2]
SMALL = Path(__file__).parent / "data" / "valid_small.toml"  # a short raid, 3 rounds
SEED = 11


@pytest.fixture(scope="module")
def small() -> Scenario:
    return load_scenario(SMALL)


@pytest.fixture(scope="module")
def played(small: Scenario) -> GameResult:
    return run_game(small, SEED, scenario_name=small.scenario.name)


def record_of(result: GameResult, scenario: Scenario) -> GameRecord:
    return make_record(
        SMALL.read_text(encoding="utf-8"),
        scenario_name=scenario.scenario.name,
        seed=result.seed,
        knobs={},
        actions=result.actions,
        events=result.events,
        outcome=result.outcome,
        rounds=result.rounds,
    )


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# -- hashing ------------------------------------------------------------------------------


def test_events_hash_is_sha256_of_the_canonical_event_list(played: GameResult) -> None:
    data = [e.to_dict() for e in played.events]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert played.events_hash == hashlib.sha256(text.encode()).hexdigest()
    assert events_hash(played.events) == played.events_hash
    assert canonical_json({"b": 1, "a": [1.5, "ü"]}) == '{"a":[1.5,"\\u00fc"],"b":1}'


def test_the_hash_includes_the_opening_events(played: GameResult) -> None:
    assert isinstance(played.events[0], GameStarted)
    assert events_hash(played.events[1:]) != played.events_hash


# -- run_game ------------------------------------------------------------------------------


def test_run_game_result_describes_the_game(small: Scenario, played: GameResult) -> None:
    assert played.outcome in ("repelled", "partial", "defeat")
    assert 1 <= played.rounds <= small.scenario.max_rounds
    assert set(played.casualties) == {s.id for s in small.side}
    assert played.summary() == {
        "outcome": played.outcome,
        "rounds": played.rounds,
        "seed": SEED,
        "events_hash": played.events_hash,
        "casualties": played.casualties,
        "winners": list(played.winners),
        "losers": list(played.losers),
    }
    assert set(played.winners) | set(played.losers) <= {s.id for s in small.side}
    again = Game(small, seed=SEED)
    for action in played.actions:
        again.apply(action)
    assert again.is_over() and again.outcome() == played.outcome


def test_run_game_is_deterministic_and_seeds_matter(small: Scenario, played: GameResult) -> None:
    same = run_game(small, SEED, scenario_name=small.scenario.name)
    assert same.events_hash == played.events_hash
    assert [str(a) for a in same.actions] == [str(a) for a in played.actions]
    other = run_game(small, SEED + 1, scenario_name=small.scenario.name)
    assert other.events_hash != played.events_hash


# -- records ------------------------------------------------------------------------------


def test_record_round_trips_through_json(
    tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    record = record_of(played, small)
    path = tmp_path / "game.json"
    save_record(record, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == SEED
    assert data["scenario"] == SMALL.read_text(encoding="utf-8")
    assert data["scenario_name"] == small.scenario.name
    assert data["knobs"] == {}
    assert data["actions"] == [str(a) for a in played.actions]
    assert data["events_hash"] == played.events_hash
    assert data["version"] == VERSION
    assert len(data["events"]) == len(played.events)
    assert load_record(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    write_json_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"a": object()})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_verify_matches_a_true_record(small: Scenario, played: GameResult) -> None:
    result = verify(record_of(played, small))
    assert result.ok and result.replayed_hash == played.events_hash
    assert result.events == len(played.events)


def test_verify_names_the_first_differing_event(small: Scenario, played: GameResult) -> None:
    record = record_of(played, small)
    changed = GameRecord.from_dict({**record.to_dict(), "seed": SEED + 1})
    result = verify(changed)
    assert not result.ok
    assert result.index == 0  # GameStarted carries the seed
    assert result.recorded is not None and f"(seed {SEED})" in result.recorded
    assert result.replayed is not None and f"(seed {SEED + 1})" in result.replayed


def test_an_illegal_recorded_action_stops_the_replay(small: Scenario, played: GameResult) -> None:
    record = record_of(played, small)
    actions = list(record.actions)
    actions[3] = "activate figure=nobody"
    result = verify(GameRecord.from_dict({**record.to_dict(), "actions": actions}))
    assert not result.ok
    assert result.illegal == "action 3 'activate figure=nobody': there is no figure 'nobody'"
    assert result.index is not None


BAD_RECORDS: dict[str, tuple[Any, str]] = {
    "not_an_object": ([1, 2], "not a game record"),
    "missing_seed": ({"version": 1}, "seed: required field is missing"),
    "newer": ({"version": 9}, "version 9 is newer than this program"),
    "bad_hash": ({"events_hash": "xyz"}, "events_hash: String should match pattern"),
    "negative_seed": ({"seed": -1}, "seed: Input should be greater than or equal to 0"),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_bad_records_are_named(
    name: str, tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    change, message = BAD_RECORDS[name]
    data: Any = change
    if isinstance(change, dict):
        data = record_of(played, small).to_dict()
        data.update(change)
        if name == "missing_seed":
            del data["seed"]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        load_record(path)


def test_bad_action_text_and_scenario_are_record_errors(
    small: Scenario, played: GameResult
) -> None:
    data = record_of(played, small).to_dict()
    with pytest.raises(RecordError, match=r"actions\[0\]: unknown action 'teleport'"):
        verify(GameRecord.from_dict({**data, "actions": ["teleport figure=mira"]}))
    with pytest.raises(RecordError, match="the recorded scenario is not valid"):
        verify(GameRecord.from_dict({**data, "scenario": "[scenario]\nname = 'x'\n"}))


# -- the commands -----------------------------------------------------------------------------


def test_run_prints_the_outcome_the_same_way_twice(
    capsys: pytest.CaptureFixture[str], played: GameResult
) -> None:
    args = ["run", str(SMALL), "--seed", str(SEED)]
    code, out, err = cli(capsys, *args)
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith(
        f"after {played.rounds} round(s) — seed {SEED}, "
        f"{len(played.actions)} actions, {len(played.events)} events"
    )
    assert cli(capsys, *args)[1] == out


def test_run_json_prints_one_object(capsys: pytest.CaptureFixture[str], played: GameResult) -> None:
    code, out, _ = cli(capsys, "run", str(SMALL), "--seed", str(SEED), "--json")
    assert code == 0
    assert played.outcome == "partial"
    consequences = ["module_damaged", "supplies_lost", "morale_minus_one"]  # §12: a Partial
    assert json.loads(out) == {**played.summary(), "consequences": consequences}


def test_run_names_a_raids_consequences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "run", str(SMALL), "--seed", str(SEED))
    assert code == 0
    assert out.splitlines()[-1] == (
        "Consequences: One refuge module is damaged or destroyed. Some supplies or "
        "population are lost. The refuge's morale drops by one."
    )


def test_run_log_is_the_battle_report(
    capsys: pytest.CaptureFixture[str], played: GameResult
) -> None:
    code, out, _ = cli(capsys, "run", str(SMALL), "--seed", str(SEED), "--log")
    lines = out.splitlines()
    assert code == 0
    said = [line for line in lines if line.startswith("  » ")]  # the AI's intent lines
    told = [line for line in lines if not line.startswith("  » ")]
    assert told[: len(played.events)] == [narrate(e) for e in played.events]
    assert len(said) == len(played.intents)
    assert lines[0].startswith("Battle begins: ")


def test_run_default_seed_is_the_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "run", str(SMALL), "--json")
    assert code == 0 and json.loads(out)["seed"] == 77


def test_run_record_then_replay_verify(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out, _ = cli(capsys, "run", str(SMALL), "--seed", "3", "--record", str(path))
    assert code == 0 and out.splitlines()[-1] == f"Game record written to {path}"
    code, out, _ = cli(capsys, "replay", str(path), "--verify")
    assert code == 0
    assert out.startswith(f"{path}: the replay matches the record — ")
    code, report, _ = cli(capsys, "replay", str(path))
    code_log, log, _ = cli(capsys, "run", str(SMALL), "--seed", "3", "--log")
    assert code == code_log == 0
    told = [line for line in log.splitlines() if not line.startswith("  » ")]  # no intents
    assert report.splitlines()[1:] == told[: len(report.splitlines()) - 1]


def test_run_with_knobs_records_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    args = ["run", str(SMALL), "--seed", "3", "--knob", "cover_share=0.75", "--record"]
    assert cli(capsys, *args, str(path))[0] == 0
    assert json.loads(path.read_text(encoding="utf-8"))["knobs"] == {"cover_share": 0.75}
    assert cli(capsys, "replay", str(path), "--verify")[0] == 0


def test_replay_verify_mismatch_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    data = record_of(played, small).to_dict()
    data["seed"] = SEED + 1
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(path), "--verify")
    lines = out.splitlines()
    assert code == 1
    assert lines[0].startswith(f"{path}: the replay differs from the record")
    assert lines[1] == "first differing event #0:"
    assert lines[2].startswith("  recorded: Battle begins:") and f"(seed {SEED})" in lines[2]
    assert lines[3].startswith("  replayed: Battle begins:") and f"(seed {SEED + 1})" in lines[3]


def test_a_mismatching_record_of_an_older_format_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    data = record_of(played, small).to_dict()
    data["version"] = VERSION - 1
    data["events_hash"] = "0" * 64
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(path), "--verify")
    assert code == 1
    assert out.splitlines()[-1].startswith(
        f"the record was written by an older version of the engine (record format {VERSION - 1}"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"version": 1}', "required field is missing"),
        (None, "file not found"),
    ],
)
def test_replay_bad_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    for extra in ([], ["--verify"]):
        code, out, err = cli(capsys, "replay", str(path), *extra)
        assert code == 2 and out == ""
        assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "-4"], "--seed must be 0 or more"),
        (["--knob", "cover_share"], "--set needs KNOB=VALUE"),
        (["--set", "cover_shar=0.5"], "--set cover_shar: unknown knob"),
        (["--knob", "cover_share=7"], "--set cover_share: value 7: input should be"),
        (["--ai", "nobody=random"], "--ai nobody=random: no side 'nobody'"),
    ],
)
def test_run_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = cli(capsys, "run", str(SMALL), *args)
    assert code == 2 and out == ""
    assert message in err


def test_run_bad_scenario_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    bad = Path(__file__).parent / "data" / "unknown_profile.toml"
    code, out, err = cli(capsys, "run", str(bad))
    assert code == 2 and out == ""
    assert err.startswith(f"{bad}: side[1].raid.roster[0].profile: unknown profile 'Zombie'")


def test_run_cannot_write_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("the game was played although the record cannot be written")

    monkeypatch.setattr("game.cli.run.run_game", no_game)  # it fails before playing
    folder = tmp_path / "no" / "such" / "dir"
    code, out, err = cli(capsys, "run", str(SMALL), "--record", str(folder / "g.json"))
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"error: cannot write the record {folder / 'g.json'}: there is no folder {folder}"
    )
    code, out, err = cli(capsys, "run", str(SMALL), "--record", str(tmp_path))
    assert (code, out) == (2, "") and err.strip().endswith(": that is a folder")


def test_replay_verify_with_only_the_hash_changed_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    data = record_of(played, small).to_dict()
    data["events_hash"] = "0" * 64
    path = tmp_path / "h.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(path), "--verify")
    assert code == 1
    assert out.splitlines()[1:] == [
        f"all {len(played.events)} recorded events match the replay, event by event: only "
        "the recorded events_hash differs (it was changed or damaged)"
    ]
    data["events"] = []  # no notes: nothing to compare event by event
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(path), "--verify")
    assert code == 1 and out.splitlines()[1:] == ["the record names no events to compare"]


def test_log_and_json_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main.main(["run", str(SMALL), "--log", "--json"])
    assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_german_battle_report(capsys: pytest.CaptureFixture[str]) -> None:
    from game.i18n import set_language

    try:
        code, out, _ = cli(capsys, "run", str(SMALL), "--seed", "2", "--lang", "de")
    finally:
        set_language("en")
    assert code == 0 and " nach " in out.splitlines()[0] and "Runde(n)" in out


def test_run_plays_the_players_side_with_the_ai_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Headless, nobody sits at the table: a "human" side is played by the tactical
    AI; `--ai side=random` asks for the random bot instead (a baseline)."""
    args = ["run", str(SMALL), "--seed", "5", "--json"]
    _, ai_out, _ = cli(capsys, *args)
    sides = [s.id for s in load_scenario(SMALL).side if s.controller == "human"]
    assert sides, "the small scenario has no human side"
    _, random_out, _ = cli(capsys, *args, "--ai", f"{sides[0]}=random")
    assert json.loads(ai_out)["events_hash"] != json.loads(random_out)["events_hash"]


def test_a_cut_short_record_says_so_and_the_report_ends_with_the_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small: Scenario, played: GameResult
) -> None:
    whole = tmp_path / "whole.json"
    save_record(record_of(played, small), whole)
    _, report, _ = cli(capsys, "replay", str(whole))
    *_, casualties, consequences = report.splitlines()
    assert casualties.startswith("Casualties (not standing at the end): ")
    assert consequences.startswith("Consequences: ")
    data = record_of(played, small).to_dict()
    data["actions"] = data["actions"][:3]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(cut))
    assert code == 0
    assert "the record ends after 3 actions, before the battle is decided" in out
    assert "undecided after" in out
