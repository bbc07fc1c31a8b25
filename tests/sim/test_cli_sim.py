"""`main.py sim`: deterministic reports, JSON fields, errors with exit 2, the plot."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from game.ai_choice import preset_names
from game.batch import game_seeds
from tests.sim.conftest import DUEL, RAID, Sim, deterministic, sim_json


def test_the_same_command_twice_prints_the_same_json(sim: Sim) -> None:
    args = (RAID, "--games", 3, "--seed", 4, "--workers", 2)
    first = sim_json(sim, *args)
    second = sim_json(sim, *args, "--workers", 1)
    assert deterministic(first) == deterministic(second)
    assert first["timing"]["workers"] == 2 and second["timing"]["workers"] == 1
    assert first["timing"]["games_per_second"] > 0


def test_json_fields_are_present_and_consistent(sim: Sim) -> None:
    data = sim_json(
        sim, RAID, "--games", 4, "--seed", 9, "--workers", 1, "--set", "cover_share=0.6"
    )
    for key in ("games", "seed", "outcomes", "defender_win_rate", "mean_rounds", "casualties"):
        assert key in data
    assert data["games"] == 4 and data["seed"] == 9
    assert set(data["outcomes"]) == {"repelled", "partial", "defeat"}
    assert sum(data["outcomes"].values()) == 4
    assert data["defender_win_rate"] == round(data["outcomes"]["repelled"] / 4, 4)
    assert [g["seed"] for g in data["per_game"]] == game_seeds(9, 4)
    rounds = [g["rounds"] for g in data["per_game"]]
    assert data["mean_rounds"] == round(sum(rounds) / 4, 4)
    assert {g["outcome"] for g in data["per_game"]} <= set(data["outcomes"])
    assert set(data["casualties"]) == {"refuge", "horde"}
    horde = sum(g["casualties"]["horde"] for g in data["per_game"])
    assert data["casualties"]["horde"]["total"] == horde
    assert data["knobs"]["set"] == {"cover_share": 0.6}


def test_text_report_is_the_same_twice_but_for_the_timing(sim: Sim) -> None:
    code1, out1, _ = sim(DUEL, "--games", 3, "--workers", 1)
    code2, out2, _ = sim(DUEL, "--games", 3, "--workers", 2)
    assert code1 == code2 == 0
    lines1, lines2 = out1.splitlines(), out2.splitlines()
    assert lines1[:-1] == lines2[:-1]
    assert lines1[-1].startswith("Timing: 3 games") and "games/s" in lines1[-1]
    assert "Tiny duel" in lines1[0] and "3 games, seed 3" in lines1[1]
    assert any(line.startswith("Victory") for line in lines1)


def test_unknown_knob_exits_2_listing_the_valid_knobs(sim: Sim) -> None:
    code, out, err = sim(DUEL, "--games", 1, "--set", "cover_shar=0.5")
    assert code == 2 and out == ""
    assert "cover_shar" in err and "did you mean 'cover_share'" in err
    assert "valid knobs:" in err and "noise_threshold" in err and "move.base" in err


def test_bad_knob_value_exits_2_naming_it_and_the_valid_knobs(sim: Sim) -> None:
    code, _, err = sim(DUEL, "--games", 1, "--set", "cover_share=lots")
    assert code == 2
    assert "cover_share" in err and "'lots'" in err
    assert "valid knobs:" in err
    code, _, err = sim(DUEL, "--games", 1, "--set", "cover_share")
    assert code == 2 and "KNOB=VALUE" in err


def test_bad_scenario_exits_2_with_its_errors(sim: Sim, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(DUEL.read_text().replace('profile = "Raider"', 'profile = "Raidr"'))
    code, out, err = sim(broken, "--games", 1)
    assert code == 2 and out == ""
    assert "broken.toml" in err and "Raidr" in err
    code, _, err = sim(tmp_path / "missing.toml", "--games", 1)
    assert code == 2 and "file not found" in err


def test_bad_ai_choice_exits_2_naming_the_valid_ones(sim: Sim) -> None:
    code, _, err = sim(DUEL, "--games", 1, "--ai", "c=random")
    assert code == 2 and "no side 'c'" in err and "a, b" in err
    code, _, err = sim(DUEL, "--games", 1, "--ai", "b=berserk")
    assert code == 2 and "no preset 'berserk'" in err and "random, passive" in err
    code, _, err = sim(DUEL, "--games", 1, "--ai", "b")
    assert code == 2 and "--ai needs SIDE=NAME" in err


def test_random_baseline_for_a_side(sim: Sim) -> None:
    data = sim_json(sim, DUEL, "--games", 2, "--workers", 1, "--ai", "b=random")
    assert data["sides"]["b"]["preset"] == "random"
    assert sum(data["outcomes"].values()) == 2


def test_bad_numbers_exit_2(sim: Sim) -> None:
    assert sim(DUEL, "--games", 0)[0] == 2
    assert sim(DUEL, "--games", 1, "--workers", 0)[0] == 2
    assert sim(DUEL, "--games", 1, "--seed", -1)[0] == 2


def test_plot_writes_a_png_of_sensible_size(sim: Sim, tmp_path: Path) -> None:
    target = tmp_path / "report.png"
    code, out, _ = sim(DUEL, "--games", 3, "--workers", 1, "--plot", target)
    assert code == 0 and str(target) in out
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1320, 880)
    assert 30_000 < len(data) < 2_000_000
    code, _, err = sim(DUEL, "--games", 1, "--plot", tmp_path / "no" / "such" / "dir.png")
    assert code == 2 and "no such folder" in err


def test_plot_message_goes_to_stderr_with_json(sim: Sim, tmp_path: Path) -> None:
    target = tmp_path / "r.png"
    code, out, err = sim(DUEL, "--games", 1, "--workers", 1, "--json", "--plot", target)
    assert code == 0 and target.exists()
    assert out.lstrip().startswith("{") and str(target) in err


def test_ai_preset_for_a_side_changes_its_play(sim: Sim) -> None:
    presets = preset_names("ai:tactical")
    if not presets:
        pytest.skip("the ai package offers no presets yet")
    name = presets[-1]  # not the default (the first)
    tuned = sim_json(sim, DUEL, "--games", 2, "--workers", 1, "--ai", f"b={name}")
    plain = sim_json(sim, DUEL, "--games", 2, "--workers", 1)
    assert tuned["sides"]["b"]["preset"] == name and plain["sides"]["b"]["preset"] is None
    assert [g["seed"] for g in tuned["per_game"]] == [g["seed"] for g in plain["per_game"]]
    assert [g["events_hash"] for g in tuned["per_game"]] != [
        g["events_hash"] for g in plain["per_game"]
    ]
    code, _, err = sim(DUEL, "--games", 1, "--ai", "b=berserk")
    assert code == 2 and all(p in err for p in presets)
