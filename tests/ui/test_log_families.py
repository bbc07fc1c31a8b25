"""Log families of single event kinds: a kind without one falls back to "info"."""

from __future__ import annotations

import pytest

from game.i18n import tr
from game.rules.morale import MoraleImmune, StoodFast
from game.ui.log import FAMILY_OF_KIND, family_of


def test_standing_fast_beside_a_hueter_is_a_morale_line() -> None:
    assert family_of(StoodFast("Steady", "Jonas")) == "morale"
    assert family_of(MoraleImmune("Bruno")) == "morale"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_removed_ignited_text_is_gone(language: str) -> None:
    """Burning is told by the zone's events now; no event is "ignited"."""
    assert "ignited" not in FAMILY_OF_KIND
    with pytest.raises(KeyError, match=r"no string 'rules\.ignited'"):
        tr("rules.ignited", language=language)
