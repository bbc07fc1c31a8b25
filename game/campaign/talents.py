"""The campaign's side of the talents that work between battles (rulebook §13.1,
docs/CAMPAIGN.md): Späherauge and Reliktkundig on a salvage mission. The numbers are
the talents' rows in `game/rules/data/talents.toml`.

The campaign plays no expedition turns (traps, ambushes, searching); a mission's
salvage is its search (P): Späherauge rolls each salvage die expression `rolls` times
and keeps the best. Reliktkundig adds `xp` to every relic the mission salvages.
Either needs its figure to come home ready with the crew.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.campaign.model import Member
from game.dice import Dice
from game.rules.loader import RulesData
from game.rules.talents import RELIKTKUNDIG, SPAEHERAUGE
from game.rules.talents import has as has_talent


def _home(crew: Iterable[Member], talent: str) -> bool:
    return any(m.ready and has_talent(m.talents, talent) for m in crew)


def salvage_rolls(crew: Iterable[Member], rules: RulesData) -> int:
    """How often each salvage expression is rolled (the best kept): Späherauge's
    `rolls` with a scout home in the crew, else once."""
    return (rules.talent(SPAEHERAUGE).rolls or 1) if _home(crew, SPAEHERAUGE) else 1


def roll_salvage(dice: Dice, table: Mapping[str, str], rolls: int) -> dict[str, int]:
    """Each entry's dice expression rolled `rolls` times, the best kept (never below 0)."""
    return {
        what: max(0, *(dice.roll(expr).total for _ in range(max(1, rolls))))
        for what, expr in table.items()
    }


def relic_xp(crew: Iterable[Member], rules: RulesData) -> int:
    """Reliktkundig: XP more per relic salvaged, with the relic-wise Tüftler home."""
    return (rules.talent(RELIKTKUNDIG).xp or 0) if _home(crew, RELIKTKUNDIG) else 0
