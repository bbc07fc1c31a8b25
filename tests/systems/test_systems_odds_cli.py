"""The command contract of `main.py odds --rules ews|3w6` (issue #14)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import main
from game.systems.ews.dice import p_win
from game.systems.threew6.dice import p_success


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, err = cli(capsys, "odds", *args, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_ews_test_and_contest(capsys: pytest.CaptureFixture[str]) -> None:
    assert as_json(capsys, "--rules", "ews", "--value", "12", "--mw", "9")["p_success"] == 5 / 6
    assert as_json(capsys, "--rules", "ews", "--value", "12", "--mw", "18")["p_success"] == 1 / 6
    auto = as_json(capsys, "--rules", "ews", "--value", "18", "--mw", "12")
    assert auto["p_success"] == 1 and auto["automatic"] is True
    win = as_json(capsys, "--rules", "ews", "--value", "12", "--vs", "12")["p_win"]
    assert win == pytest.approx(7 / 12) and win == float(p_win(12, 12))


def test_threew6_test_and_attack(capsys: pytest.CaptureFixture[str]) -> None:
    assert as_json(capsys, "--rules", "3w6", "--skill", "10")["p_success"] == 0.5
    hit = as_json(capsys, "--rules", "3w6", "--skill", "13", "--defence", "9")["p_hit"]
    assert hit == pytest.approx(float(p_success(13) * (1 - p_success(9))))
    assert float(p_success(9)) == float(Fraction(81, 216))


def test_from_profiles_under_each_system(capsys: pytest.CaptureFixture[str]) -> None:
    for system in ("ews", "3w6"):
        data = as_json(capsys, "--rules", system, "--attacker", "Katz", "--target", "Raider")
        assert data["system"] == system and 0 < data["p_hit"] < 1  # type: ignore[operator]
        assert sum(data["damage"]) == pytest.approx(1.0)  # type: ignore[arg-type]
    code, out, _ = cli(capsys, "odds", "--rules", "ews", "--attacker", "Mira", "--target", "Raider")
    assert code == 0 and "EWS" in out and "15" in out


def test_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "odds", "--rules", "gurps")
    assert code == 2 and "deadearth, ews, 3w6" in err and "gurps" in err
    code, _, err = cli(capsys, "odds", "--value", "12", "--mw", "9")
    assert code == 2 and "--rules ews" in err
    code, _, err = cli(capsys, "odds", "--rules", "ews", "--skill", "12")
    assert code == 2 and "--skill" in err
    code, _, err = cli(capsys, "odds", "--rules", "ews", "--value", "12")
    assert code == 2 and "--mw" in err
    code, _, err = cli(capsys, "odds", "--rules", "3w6", "--defence", "9")
    assert code == 2 and "--skill" in err


def test_threew6_declared_zone_shows_its_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    """The skull's aim −7 (knobs [[zone]], P): skill 13 rolls against 6 (20/216)."""
    data = as_json(capsys, "--rules", "3w6", "--skill", "13", "--zone", "skull")
    assert data["p_success"] == float(Fraction(20, 216))
    assert data["aim"] == -7 and data["effective_skill"] == 6 and data["zone"] == "skull"
    code, out, _ = cli(capsys, "odds", "--rules", "3w6", "--skill", "13", "--zone", "left_arm")
    assert code == 0 and "aimed at the left arm" in out and "3d6 ≤ 11" in out
    plain = as_json(capsys, "--rules", "3w6", "--attacker", "Katz", "--target", "Runner")
    arm = as_json(
        capsys, "--rules", "3w6", "--attacker", "Katz", "--target", "Runner", "--zone", "left_arm"
    )
    assert arm["needed"] == plain["needed"] - 2  # type: ignore[operator]
    code, _, err = cli(capsys, "odds", "--rules", "3w6", "--skill", "13", "--zone", "tail")
    assert code == 2 and "no hit zone 'tail'" in err and "skull" in err
    code, _, err = cli(
        capsys, "odds", "--rules", "ews", "--value", "12", "--mw", "9", "--zone", "x"
    )
    assert code == 2 and "--zone goes with --rules 3w6" in err
    code, _, err = cli(capsys, "odds", "--zone", "torso")
    assert code == 2 and "--zone goes with --rules 3w6" in err
