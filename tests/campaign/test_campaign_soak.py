"""20-cycle campaigns on every shipped refuge (docs/CAMPAIGN.md) without exception.

The default run plays them with stand-in battles whose outcomes, losses and broken
modules are drawn from each battle's seed (fast, and every rule of the cycle is
met: deaths, scars, retirements, raids, rebuilding, the end of a campaign). The
same campaigns with the real engine and the AI on every side are opt-in:

    DEADEARTH_CAMPAIGN_SOAK=1 python -m pytest tests/campaign/test_campaign_soak.py -q
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.campaign.battle import Battle, BattleReport
from game.campaign.cycle import play_cycle
from game.campaign_play.fight import fight_headless
from game.campaign_play.play import auto_planner
from game.campaign_play.plot import plot_campaign
from game.dice import Dice
from tests.campaign.campaign_kit import REFUGES, fresh

CYCLES = 20
OUTCOMES = {"mission": ("victory", "draw", "defeat"), "raid": ("repelled", "partial", "defeat")}


def stand_in(battle: Battle) -> BattleReport:
    """A battle's result drawn from its seed: each figure out with 1 in 4, dead with
    1 in 12; a raid breaks a module of the scenario with 1 in 3."""
    dice = Dice.seeded(battle.seed)
    fallen = {}
    for member in battle.members:
        face = dice.die(12)
        if face <= 3:
            fallen[member] = "dead" if face == 1 else "out"
    down = sum(1 for _ in battle.militia if dice.die(4) == 1)
    destroyed: tuple[str, ...] = ()
    modules = [m["id"] for m in battle.scenario.get("module", [])]
    if battle.kind == "raid" and modules and dice.die(3) == 1:
        destroyed = (modules[dice.choice(len(modules))],)
    outcome = OUTCOMES[battle.kind][dice.choice(3)]
    return BattleReport(battle.kind, outcome, battle.seed, 1, fallen, down, destroyed)


def _campaign(refuge: Path, fight: object, seed: int) -> list[dict[str, object]]:
    c, ctx = fresh(refuge, seed)
    for _ in range(CYCLES):
        if c.over is not None:
            break
        play_cycle(c, ctx, auto_planner, fight)  # type: ignore[arg-type]
    return c.log


@pytest.mark.parametrize("refuge", REFUGES, ids=lambda p: p.stem)
def test_twenty_cycles_with_stand_in_battles(refuge: Path, tmp_path: Path) -> None:
    for seed in range(3):
        log = _campaign(refuge, stand_in, seed)
        assert log and log[-1]["cycle"] == len(log)
        assert len(log) == CYCLES or log[-1]["over"] is not None
        assert log == _campaign(refuge, stand_in, seed)  # deterministic


def test_the_plot_of_a_campaign(tmp_path: Path) -> None:
    c, ctx = fresh(REFUGES[0], 2)
    for _ in range(6):
        if c.over is None:
            play_cycle(c, ctx, auto_planner, stand_in)
    path = plot_campaign(c, tmp_path / "campaign.png")
    assert path.stat().st_size > 10_000


@pytest.mark.skipif(
    not os.environ.get("DEADEARTH_CAMPAIGN_SOAK"), reason="opt-in: DEADEARTH_CAMPAIGN_SOAK=1"
)
@pytest.mark.parametrize("refuge", REFUGES, ids=lambda p: p.stem)
def test_twenty_cycles_with_the_engine(refuge: Path) -> None:
    log = _campaign(refuge, fight_headless, 1)
    assert len(log) == CYCLES or log[-1]["over"] is not None
