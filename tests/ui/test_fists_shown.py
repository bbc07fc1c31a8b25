"""The implicit fists (docs/RULES.md §5.4 "Fists / improvised", knob melee.unarmed_weapon)
in the window: the info card lists them after the carried weapons of a figure with no
melee weapon, and the attack tool falls back on them when nothing else is usable."""

from __future__ import annotations

from game.engine import Game
from game.ui import info
from game.ui.tools.attack import AttackTool
from game.ui.tools.base import Context
from tests.engine.combat_kit import Fig, scenario, start


def _game(*weapons: str) -> Game:
    """A militia carrying `weapons` (none: its own pistol) facing a raider far off."""
    stats: dict[str, object] = {"base": "Militia", "weapons": list(weapons)} if weapons else {}
    scen = scenario(
        [
            Fig("a", "m", (10, 10), None if weapons else "Militia", stats=stats),
            Fig("b", "r1", (40, 10), "Raider"),
        ]
    )
    return start(scen, "m")


def _weapon_lines(game: Game, fid: str) -> list[str]:
    lines = info.card_lines(game, game.state.figures[fid], "cm")
    start_at = next(i for i, (t, _) in enumerate(lines) if t.startswith("Weapons"))
    end = next(i for i, (_, h) in enumerate(lines) if h and i > start_at)
    return [t for t, _ in lines[start_at + 1 : end]]


def test_the_card_of_a_pistol_militia_lists_its_fists_after_the_pistol() -> None:
    game = _game()
    assert _weapon_lines(game, "m") == [
        "  Pistol: ranged · 30 cm · 2d6 · 4/4 loaded · Loud [Laut]",
        "  Fists: melee · 1d6 · Quiet [Leise]",
    ]
    # A raider carries a knife: no fists on its card.
    assert not any("Fists" in line for line in _weapon_lines(game, "r1"))


def test_the_attack_tool_falls_back_on_the_fists_of_a_grenadier() -> None:
    game = _game("Hand grenade")
    fig = game.state.figures["m"]
    tool = AttackTool(Context(game, None, lambda: "cm"), fig, "action", [])  # type: ignore[arg-type]
    assert tool.option("r1") == (("Fists", False), "action")
    assert tool.preview is None
