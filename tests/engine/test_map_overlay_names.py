"""`main.py map --overlay`: heat named itself (an error when it cannot be simulated)
or only through `all` (left out with a note) — from the parsed names."""

from __future__ import annotations

import pytest

from game.cli.map import named_itself


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("heat", True),
        ("fire, HEAT ,dead", True),
        ("all", False),
        ("fire,dead,threat", False),
        ("none", False),
        ("", False),
    ],
)
def test_heat_named_itself(text: str, named: bool) -> None:
    assert named_itself(text, "heat") is named
