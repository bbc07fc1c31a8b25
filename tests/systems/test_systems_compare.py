"""The rules lab: `main.py compare` plays one layout under several systems and sums
each up the same way (game.lab)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game.batch import BatchResult
from game.lab import Comparison, Rate, summarise

ROOT = Path(__file__).resolve().parents[2]


def record(
    outcome: str, rounds: int, dead: int, cover: list[list[int]], ranges: list[list[int]]
) -> dict[str, object]:
    return {
        "index": 0,
        "seed": 1,
        "outcome": outcome,
        "rounds": rounds,
        "casualties": {"a": dead, "b": 0},
        "cover": cover,
        "range": ranges,
        "error": None,
    }


def test_a_summary_counts_what_the_games_saw() -> None:
    records = [
        record("victory", 4, 2, [[10, 2], [4, 1], [5, 0]], [[3, 1], [17, 3], [2, 0]]),
        record("defeat", 6, 1, [[6, 2], [0, 0], [5, 1]], [[1, 0], [10, 3], [1, 0]]),
    ]
    result = BatchResult(7, records, 1.0, 1)  # type: ignore[arg-type]
    s = summarise("ews", "skirmish", result)
    assert s.outcomes["victory"][0] == 1 and s.outcomes["draw"][0] == 0
    assert s.casualties_per_game == 1.5 and s.casualties_per_round == 3 / 10
    assert s.cover[0] == Rate(16, 4) and s.cover[2] == Rate(10, 1)
    assert s.attacks_per_takedown == 34 / 7
    assert s.cover_effect == pytest.approx(1 - (1 / 10) / (4 / 16))
    lines = Comparison("x", "skirmish", 2, 7, (s,)).text_lines()
    assert "EWS" in lines[2] and any("25%" in line for line in lines)


def test_compare_plays_each_system(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", str(ROOT / "scenarios" / "open_skirmish.toml"), "--rules", "deadearth,ews"]
    code = main.main([*args, "--games", "1", "--workers", "1", "--json", "--seed", "3"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and list(data["systems"]) == ["deadearth", "ews"]
    for summary in data["systems"].values():
        assert summary["games"] == 1 and summary["errors"] == 0
        assert sum(o["count"] for o in summary["outcomes"].values()) == 1
        assert set(summary["takedowns_by_cover"]) == {"none", "light", "heavy"}


def test_an_unknown_system_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(
        ["compare", str(ROOT / "scenarios" / "open_skirmish.toml"), "--rules", "ews,d20"]
    )
    assert code == 2 and "deadearth, ews, 3w6" in capsys.readouterr().err
