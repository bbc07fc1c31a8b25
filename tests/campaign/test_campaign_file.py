"""The campaign file and `main.py campaign` (docs/CAMPAIGN.md): one full headless
cycle with a raid on the real engine, determinism, the JSON summary, and files that
are corrupt, foreign, newer or older — refused with one message, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.campaign_play.store import VERSION, load, save
from game.cli import run_cli
from tests.campaign.campaign_kit import RAIDERS, fresh

RAID_ALWAYS = "events.row.0.max=20"  # every event roll brings a raid


def _new(tmp: Path, name: str, seed: int = 4) -> Path:
    path = tmp / name
    code = run_cli(
        [
            "campaign",
            "new",
            str(path),
            "--refuge",
            str(RAIDERS),
            "--seed",
            str(seed),
            "--set",
            RAID_ALWAYS,
        ]
    )
    assert code == 0
    return path


def test_one_full_headless_cycle_with_a_raid_is_the_same_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _new(tmp_path, "a.json"), _new(tmp_path, "b.json")
    capsys.readouterr()
    assert run_cli(["campaign", "next", str(first), "--auto", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert run_cli(["campaign", "next", str(second), "--auto", "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one == two  # same seed, same campaign
    assert {"cycle", "raid", "outcome", "resources", "roster", "modules"} <= set(one)
    assert one["cycle"] == 1 and one["raid"] is True
    assert one["outcome"] in ("repelled", "partial", "defeat")
    assert one["mission"]["outcome"] in ("victory", "draw", "defeat")
    assert set(one["resources"]) == {"scrap", "parts", "relics", "influence", "food", "ammo"}
    assert {tuple(sorted(m)) for m in one["roster"]} >= {
        tuple(sorted(("name", "level", "xp", "scars", "status", "archetype", "talents", "pillar")))
    }
    saved = load(first)
    assert saved.cycle == 1 and saved.log[0]["raid_outcome"] == one["outcome"]
    assert json.loads(first.read_text())["version"] == VERSION
    assert first.read_text() == second.read_text()


def test_show_tells_the_state_and_draws_the_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c, _ = fresh()
    path = tmp_path / "c.json"
    save(c, path)
    assert run_cli(["campaign", "show", str(path), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Zyklus 0" in out and "Jonas (Hüter) Stufe 1" in out
    assert run_cli(["campaign", "show", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["cycle"] == 0 and "layout" not in state and len(state["roster"]) == 5


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("{ not json", "not JSON"),
        ('{"format": "dead-earth-record", "version": 1}', "not a campaign file"),
        ("[1, 2]", "not a campaign file"),
        ('{"format": "dead-earth-campaign", "version": 99}', "version 99"),
        ('{"format": "dead-earth-campaign", "version": 0}', "cannot read any more"),
        ('{"format": "dead-earth-campaign", "version": 1, "seed": 3}', "damaged"),
    ],
)
def test_a_bad_file_is_one_message_and_is_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, word: str
) -> None:
    path = tmp_path / "c.json"
    path.write_text(text)
    for step in (["next", str(path), "--auto"], ["show", str(path)]):
        assert run_cli(["campaign", *step]) == 2
        err = capsys.readouterr().err
        assert word in err and "Traceback" not in err and err.count("\n") == 1
    assert path.read_text() == text


@pytest.mark.parametrize(
    ("change", "word"),
    [
        (lambda d: d["modules"][0].update(status="exploded"), "modules[0].status"),
        (lambda d: d["roster"][0].update(level=-5), "roster[0].level"),
        (lambda d: d["roster"][1].update(profile="Nobody"), "unknown profile 'Nobody'"),
        (lambda d: d["roster"][2]["talents"].append("Fliegen"), "unknown talent 'Fliegen'"),
        (lambda d: d["resources"].update(scrap="lots"), "resources.scrap"),
        (lambda d: d.update(population=-3), "population"),
        (lambda d: d.update(version="1"), "version: '1'"),
        (lambda d: d.update(dice=[1, 2]), "dice"),
        (lambda d: d.update(level=9), "level: 9"),
        (lambda d: d["modules"].append(dict(d["modules"][0])), "twice"),
        (lambda d: d.update(layout="not [ toml"), "toml"),
    ],
)
def test_a_damaged_field_is_named_and_the_file_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, word: str
) -> None:
    c, _ = fresh()
    path = tmp_path / "c.json"
    save(c, path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    before = path.read_text()
    assert run_cli(["campaign", "next", str(path), "--auto"]) == 2
    err = capsys.readouterr().err
    assert "damaged campaign file" in err and word in err, err
    assert "Traceback" not in err and err.count("\n") == 1
    assert path.read_text() == before


def test_new_never_overwrites_and_refuses_a_layout_without_a_raid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.json"
    path.write_text("mine")
    assert run_cli(["campaign", "new", str(path), "--refuge", str(RAIDERS)]) == 2
    assert "exists" in capsys.readouterr().err and path.read_text() == "mine"
    skirmish = RAIDERS.parent / "open_skirmish.toml"
    assert run_cli(["campaign", "new", str(tmp_path / "d.json"), "--refuge", str(skirmish)]) == 2
    assert "not a refuge" in capsys.readouterr().err
    assert (
        run_cli(
            [
                "campaign",
                "new",
                str(tmp_path / "e.json"),
                "--refuge",
                str(RAIDERS),
                "--set",
                "x.y=1",
            ]
        )
        == 2
    )
    assert "x.y" in capsys.readouterr().err
    assert not (tmp_path / "d.json").exists() and not (tmp_path / "e.json").exists()


def test_a_finished_campaign_plays_no_further(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c, _ = fresh()
    c.over = "abandoned"
    path = tmp_path / "c.json"
    save(c, path)
    before = path.read_text()
    assert run_cli(["campaign", "next", str(path), "--auto"]) == 2
    assert "over" in capsys.readouterr().err and path.read_text() == before
