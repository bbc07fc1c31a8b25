"""Helpers for the batch simulator tests: tiny scenarios and the CLI in-process."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from main import main

DATA = Path(__file__).with_name("data")
RAID = DATA / "tiny_raid.toml"
DUEL = DATA / "tiny_duel.toml"

Sim = Callable[..., tuple[int, str, str]]


@pytest.fixture
def sim(capsys: pytest.CaptureFixture[str]) -> Sim:
    """Run `main.py sim ARGS…` in-process: (exit code, stdout, stderr)."""

    def call(*args: object) -> tuple[int, str, str]:
        capsys.readouterr()
        code = main(["sim", *map(str, args)])
        out, err = capsys.readouterr()
        return code, out, err

    return call


def deterministic(report: dict[str, Any]) -> dict[str, Any]:
    """A --json report without its timing (the only part that may differ)."""
    return {k: v for k, v in report.items() if k != "timing"}


def sim_json(sim: Sim, *args: object) -> dict[str, Any]:
    code, out, err = sim(*args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data
