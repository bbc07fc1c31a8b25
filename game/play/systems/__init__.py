"""The rule systems as the engine plays them: the interface (`base.RuleSystem`) and its
three implementations — DEAD.EARTH (`deadearth`, a thin adapter over `game/rules/`),
the EWS with FoKa (`ews`) and 3W6 roll-under (`threew6`), wiring the pure rules of
`game/systems/` into the table. `system_for(name)` gives the one a scenario names."""

from __future__ import annotations

from collections.abc import Mapping

from game.play.systems.base import RuleSystem
from game.play.systems.deadearth import DeadEarth
from game.play.systems.ews import Ews
from game.play.systems.threew6 import ThreeW6
from game.systems import SystemName, system_name

SYSTEMS: Mapping[SystemName, RuleSystem] = {
    "deadearth": DeadEarth(),
    "ews": Ews(),
    "3w6": ThreeW6(),
}
"""Every rule system the table plays, by the name a scenario gives it."""


def system_for(name: str) -> RuleSystem:
    """The system a name means (UnknownSystemError naming the ones there are)."""
    return SYSTEMS[system_name(name)]


__all__ = ["SYSTEMS", "RuleSystem", "system_for"]
