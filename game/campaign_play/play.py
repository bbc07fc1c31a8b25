"""A cycle as the commands play it: the campaign's context, the auto player's plan
(`campaign next --auto`) and the headless battles."""

from __future__ import annotations

from typing import Any

from game.campaign.auto import plan as auto_plan
from game.campaign.battle import Fight
from game.campaign.cycle import Context, Planner, play_cycle
from game.campaign.downtime import Plan
from game.campaign.model import Campaign
from game.campaign_play.fight import fight_headless
from game.campaign_play.store import context_of


def auto_planner(c: Campaign, ctx: Context) -> Plan:
    """The auto player decides the downtime (game/campaign/auto.py)."""
    return auto_plan(c, ctx.tables, ctx.core_posts, ctx.militia_posts)


def next_cycle(
    c: Campaign,
    *,
    planner: Planner = auto_planner,
    fight: Fight = fight_headless,
    context: Context | None = None,
) -> dict[str, Any]:
    """Play the campaign's next cycle (changes `c`); its summary."""
    return play_cycle(c, context or context_of(c), planner, fight)
