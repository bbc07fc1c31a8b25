"""The chosen defence overlays of a game, computed together (for the map export,
the editor and the in-game table). Heat needs simulated raids: it is computed
separately (`game.overlays.heat`) and handed in."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.overlays import OVERLAY_NAMES
from game.overlays.dead_ground import DeadGround, game_dead_ground
from game.overlays.fields_of_fire import FieldsOfFire, game_fields_of_fire
from game.overlays.heat import HeatMap
from game.overlays.threat import Threat, threats

if TYPE_CHECKING:
    from game.engine import Game


class UnknownOverlay(ValueError):
    """An overlay name that is not one of OVERLAY_NAMES."""


@dataclass(frozen=True)
class DefenceOverlays:
    """Whichever overlays were asked for (None: not computed)."""

    fire: FieldsOfFire | None = None
    dead: DeadGround | None = None
    threat: tuple[Threat, ...] | None = None
    heat: HeatMap | None = None

    def shown(self) -> list[str]:
        """The names of the overlays present, in drawing order."""
        return [name for name in OVERLAY_NAMES if getattr(self, name) is not None]


def parse_names(text: str) -> list[str]:
    """'fire,threat' → ['fire', 'threat'] (in drawing order, no repeats); 'all' →
    every overlay; '' or 'none' → none (terrain only); UnknownOverlay names the bad one."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names or names == ["none"]:
        return []
    if names == ["all"]:
        return list(OVERLAY_NAMES)
    bad = [n for n in names if n not in OVERLAY_NAMES]
    if bad:
        raise UnknownOverlay(bad[0])
    return [n for n in OVERLAY_NAMES if n in names]


def compute_overlays(
    game: Game, names: Collection[str], heat: HeatMap | None = None
) -> DefenceOverlays:
    """The overlays named (heat only if given) for the game's current state."""
    bad = [n for n in names if n not in OVERLAY_NAMES]
    if bad:
        raise UnknownOverlay(bad[0])
    return DefenceOverlays(
        fire=game_fields_of_fire(game) if "fire" in names else None,
        dead=game_dead_ground(game) if "dead" in names else None,
        threat=tuple(threats(game)) if "threat" in names else None,
        heat=heat if "heat" in names else None,
    )
