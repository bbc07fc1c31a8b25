"""The overlay registry's names and computing the chosen overlays together."""

from __future__ import annotations

import pytest
from overlay_kit import walled_square

from game.ui.defence import OVERLAY_NAMES, UnknownOverlay, compute_overlays, parse_names


def test_names_parse_in_drawing_order() -> None:
    assert parse_names("threat,fire") == ["fire", "threat"]
    assert parse_names(" Fire , fire ") == ["fire"]
    assert parse_names("all") == list(OVERLAY_NAMES)
    assert parse_names("") == [] and parse_names("none") == []  # terrain only
    with pytest.raises(UnknownOverlay, match="smoke"):
        parse_names("fire,smoke")


def test_only_the_named_overlays_are_computed() -> None:
    game = walled_square()
    overlays = compute_overlays(game, ["dead", "fire"])
    assert overlays.shown() == ["fire", "dead"]
    assert "threat" not in overlays and "heat" not in overlays
    assert compute_overlays(game, ["heat"]).shown() == []  # heat only when handed in
    with pytest.raises(UnknownOverlay):
        compute_overlays(game, ["fog"])
