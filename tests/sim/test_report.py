"""The report: Wilson intervals by hand, shares and spreads from known records."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.batch import STALLED, BatchResult
from game.report import BatchInfo, SideInfo, Spread, build_report, wilson


def test_wilson_interval_by_hand() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + 0.19207) / 1.38415 = 0.71674,
    # half 1.41600 · sqrt(0.016 + 0.0096037) = 0.22658 → 0.4902 … 0.9433
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-4)
    assert high == pytest.approx(0.94332, abs=1e-4)
    # none and all of 10: one end is exact, the other 1 / (1 + 10/z²) = 0.27753
    assert wilson(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.72247, abs=1e-4), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    # half of 100: 0.5 ± 1.96·0.05/1.0384·… → 0.4038 … 0.5962
    assert wilson(50, 100) == (pytest.approx(0.40383, abs=1e-4), pytest.approx(0.59617, abs=1e-4))


def test_wilson_interval_holds_the_share_and_narrows_with_games() -> None:
    for n in (1, 7, 40, 500):
        for k in range(0, n + 1, max(1, n // 7)):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0
    assert wilson(40, 100)[1] - wilson(40, 100)[0] > wilson(400, 1000)[1] - wilson(400, 1000)[0]


def test_spread_of_numbers() -> None:
    s = Spread.of([3, 5, 7, 9])
    assert (s.mean, s.low, s.median, s.high, s.total) == (6, 3, 6, 9, 24)
    assert s.sd == pytest.approx(math.sqrt(20 / 3))
    assert Spread.of([4]).sd == 0.0


def record(i: int, outcome: str, rounds: int, lost: tuple[int, int], **kw: Any) -> dict[str, Any]:
    return {
        "index": i,
        "seed": 100 + i,
        "outcome": outcome,
        "rounds": rounds,
        "casualties": {"refuge": lost[0], "horde": lost[1]},
        "loot": kw.get("loot", 0),
        "breaches": kw.get("breaches", 0),
        "modules_destroyed": kw.get("modules", []),
        "actions": 10,
        "events_hash": f"h{i}",
        "error": kw.get("error"),
    }


INFO = BatchInfo(
    scenario_name="Test raid",
    scenario_file="raid.toml",
    mode="raid",
    sides=(
        SideInfo("refuge", "Refuge", "human", None, "defender"),
        SideInfo("horde", "Horde", "ai:horde", "reckless", "attacker"),
    ),
    max_rounds=8,
    scenario_knobs={"cover_share": 0.5},
    set_knobs={"noise_threshold": 3},
)


def test_report_from_known_records() -> None:
    records = [
        record(0, "repelled", 8, (0, 6)),
        record(1, "partial", 6, (2, 4), loot=1, modules=["gate"]),
        record(2, "defeat", 5, (3, 2), loot=3, breaches=1, modules=["gate", "tower"]),
        record(3, "repelled", 7, (1, 7)),
    ]
    report = build_report(INFO, BatchResult(9, records, 2.0, 2))
    data = report.to_json()
    assert data["games"] == 4 and data["seed"] == 9
    assert data["outcomes"] == {"repelled": 2, "partial": 1, "defeat": 1}
    assert data["defender_win_rate"] == 0.5
    assert data["defender_win_ci95"] == [round(x, 4) for x in wilson(2, 4)]
    assert data["mean_rounds"] == 6.5
    assert data["rounds"]["histogram"] == {"5": 1, "6": 1, "7": 1, "8": 1}
    assert data["casualties"]["refuge"]["mean"] == 1.5
    assert data["casualties"]["horde"]["total"] == 19
    assert data["loot"]["total"] == 4
    assert data["modules_destroyed"]["by_module"] == {"gate": 2, "tower": 1}
    assert data["knobs"] == {"scenario": {"cover_share": 0.5}, "set": {"noise_threshold": 3}}
    assert data["sides"]["horde"]["preset"] == "reckless"
    assert [g["seed"] for g in data["per_game"]] == [100, 101, 102, 103]
    assert data["timing"] == {
        "seconds": 2.0,
        "games_per_second": 2.0,
        "workers": 2,
        "scheduler": None,
    }
    text = "\n".join(report.text_lines())
    assert "50.0%" in text and "cover_share=0.5" in text and "noise_threshold=3" in text
    assert "games in which each fell: gate 2, tower 1" in text
    assert "games/s" not in text  # timing is kept apart
    assert "2.00 games/s" in report.timing_lines()[0]


def test_games_that_broke_off_are_counted_and_named() -> None:
    records = [
        record(0, "victory", 3, (0, 1)),
        {**record(1, STALLED, 0, (0, 0)), "error": "the game did not end (seed 101)"},
    ]
    info = BatchInfo("Duel", "duel.toml", "skirmish", INFO.sides, 3, {}, {})
    report = build_report(info, BatchResult(1, records, 1.0, 1))
    data = report.to_json()
    assert data["outcomes"] == {"victory": 1, "draw": 0, "defeat": 0, STALLED: 1}
    assert sum(data["outcomes"].values()) == data["games"] == 2
    assert data["errors"] == [{"seed": 101, "error": "the game did not end (seed 101)"}]
    assert data["mean_rounds"] == 3  # only games that were played out
    assert any("seed 101" in line for line in report.text_lines())
