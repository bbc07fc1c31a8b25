"""Log families of single event kinds: each event class declares its own."""

from __future__ import annotations

import pytest

from game.i18n import tr
from game.play.attention import AttentionDrawn, AttentionLost
from game.play.noise import NoiseMade
from game.rules.morale import MoraleImmune, StoodFast
from game.ui.log import family_of
from tests.events_kit import event_classes


def test_standing_fast_beside_a_hueter_is_a_morale_line() -> None:
    assert family_of(StoodFast("Steady", "Jonas")) == "morale"
    assert family_of(MoraleImmune("Bruno")) == "morale"


def test_attention_drawn_and_lost_are_noise_lines_like_the_noise_itself() -> None:
    assert family_of(AttentionDrawn("Shambler 1", "firearm", 20.0, 30.0)) == "noise"
    assert family_of(AttentionLost("Shambler 1", "Bruno")) == "noise"
    assert NoiseMade.family == "noise"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_removed_ignited_text_is_gone(language: str) -> None:
    """Burning is told by the zone's events now; no event is "ignited"."""
    assert "ignited" not in {c.kind for c in event_classes()}
    with pytest.raises(KeyError, match=r"no string 'rules\.ignited'"):
        tr("rules.ignited", language=language)
