"""Shared pieces of the campaign tests: a fresh campaign on a shipped refuge, and
stand-in battles that return a given report (no engine)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from game.campaign.battle import Battle, BattleReport
from game.campaign.cycle import Context
from game.campaign.downtime import Plan
from game.campaign.model import Campaign
from game.campaign_play.store import context_of, new_campaign

ROOT = Path(__file__).resolve().parents[2]
RAIDERS = ROOT / "scenarios" / "refuge_raiders.toml"
HORDE = ROOT / "scenarios" / "refuge_horde.toml"
REFUGES = (RAIDERS, HORDE)


OPEN_MAP = {"mission.maps": ["open_skirmish.toml"]}
"""The scripted cycles' one mission map: a map without finds, its salvage rolled on
the table (one map: no die picks it)."""


def fresh(refuge: Path = RAIDERS, seed: int = 1, **overrides: object) -> tuple[Campaign, Context]:
    c = new_campaign(refuge, seed, {**OPEN_MAP, **overrides})
    return c, context_of(c)


class Scripted:
    """A Fight that hands out the given reports in order and keeps every battle."""

    def __init__(self, reports: Iterable[BattleReport]) -> None:
        self.reports = list(reports)
        self.battles: list[Battle] = []

    def __call__(self, battle: Battle) -> BattleReport:
        self.battles.append(battle)
        report = self.reports.pop(0)
        assert report.kind == battle.kind, (report.kind, battle.kind)
        return report


def planner_of(plan: Plan) -> object:
    """A planner that always makes this plan."""
    return lambda _c, _ctx: plan


def module_ids(battle: Battle) -> list[str]:
    return [m["id"] for m in battle.scenario.get("module", [])]
