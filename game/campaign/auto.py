"""The auto player's downtime (`campaign next --auto`): a plain heuristic that makes the
same `Plan` the campaign screen makes. Tend "until treated" scars, trade spare scrap
for what runs short, scavenge when the stores run low, build with one figure, keep a
guard, train the rest; recruit when food allows; rebuild what raids destroyed before
anything new."""

from __future__ import annotations

from game.campaign import refuge
from game.campaign.downtime import Plan
from game.campaign.model import Campaign
from game.campaign.tables import CampaignTables

BUILD_ORDER = ("garden", "kitchen", "workshop", "quarters", "hall", "reliquary", "warding")
"""New campaign-only modules, in the order the auto player wants them."""

FOOD_CYCLES = 2
"""The auto player scavenges while the food store holds less than this many cycles."""
TRADE_FIRST = ("food", "ammo", "influence")
"""What the auto player trades for, most pressing first."""


def targets(c: Campaign, t: CampaignTables) -> list[str]:
    """What to build, wanted first first: ruins, then new modules, then a level once
    every module place is taken."""
    ruins = [m.id for m in c.modules if not m.standing]
    have = {m.kind for m in c.modules}
    new = [k for k in BUILD_ORDER if k in t.module and k not in have]
    full = refuge.slots_used(c, t) >= refuge.level_rules(c, t).slots
    level = ["level"] if full or not new else []
    return [*ruins, *new, *level]


def _offer(c: Campaign, t: CampaignTables, need: int, spent: dict[str, int]) -> int | None:
    """The first trade offer that turns spare scrap into what runs short: food below
    a cycle's consumption, ammunition below `downtime.ammo_reserve` (P) or the crew,
    influence (recruits) while the scrap heap is above `downtime.scrap_spare` (P);
    `downtime.trade_keep` (P) of what it gives is kept back. `spent`: what the
    traders planned so far give and get."""
    have = {r: c.resources[r] + spent.get(r, 0) for r in c.resources}
    short = {
        "food": have["food"] < need,
        "ammo": have["ammo"] < max(len(c.ready()), t.downtime.ammo_reserve),
        "influence": have["scrap"] > t.downtime.scrap_spare,
    }
    keep = t.downtime.trade_keep
    for wants in TRADE_FIRST:
        for i, offer in enumerate(t.downtime.trade):
            if wants not in offer.get or not short[wants]:
                continue
            if all(have[r] >= n + keep for r, n in offer.give.items()):
                for r, n in offer.give.items():
                    spent[r] = spent.get(r, 0) - n
                for r, n in offer.get.items():
                    spent[r] = spent.get(r, 0) + n
                return i
    return None


def plan(c: Campaign, t: CampaignTables, core_posts: int, militia_posts: int) -> Plan:
    """The auto player's plan for this downtime."""
    need = refuge.consumption(c, t)
    out = Plan(build=targets(c, t))
    patients = [m for m in c.ready() if any(s.kind == "treated" for s in m.scars)]
    builders = guards = 0
    traded: dict[str, int] = {}
    for m in c.ready():
        if patients:
            out.actions[m.id] = "heal"
            out.heal[m.id] = patients.pop(0).id
        elif (offer := _offer(c, t, need, traded)) is not None:  # spare scrap first
            out.actions[m.id] = "trade"
            out.trade[m.id] = offer
        elif c.resources["food"] < need * FOOD_CYCLES:
            out.actions[m.id] = "explore"
        elif builders == 0 and refuge.buildable(c, t):
            out.actions[m.id] = "build"
            builders += 1
        elif guards == 0 and c.extras < min(militia_posts, c.population):
            out.actions[m.id] = "guard"
            guards += 1
        else:
            out.actions[m.id] = "train"
    if c.resources["food"] >= need + 2:
        out.recruits = 1
    out.recruit_core = len(c.ready()) < core_posts
    return out
