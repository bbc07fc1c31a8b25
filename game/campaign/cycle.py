"""One campaign cycle in the rulebook's order (§10.2; docs/CAMPAIGN.md):

0. the mission: a salvage skirmish with the crew on a shipped map;
1. homecoming and losses (scar rolls, extras' 1W6);
2. experience and level-ups; 3. the salvage booked (or the hasty retreat, §10.5);
4. downtime: consumption, the cycle's own changes, one action per core figure,
   recruiting, building;
5. the W20 event roll — a raid is played at once on the refuge's current layout,
   followed by its homecoming and §12's consequences;
6. the next mission (the next cycle).

Pure: the battles are played by the `Fight` the caller hands in, the downtime
choices come from its planner, and every roll comes from the campaign's one Dice
(each battle's seed is drawn from it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from game.campaign import refuge, talents
from game.campaign.battle import (
    BattleReport,
    Fight,
    core_posts,
    militia_posts,
    mission_battle,
    mission_crew,
    raid_battle,
)
from game.campaign.downtime import Plan, actions, building, consume, recruit, settle
from game.campaign.fortune import book, consequences, event, homecoming, roll_table, spend_ammo
from game.campaign.model import Campaign, Note
from game.campaign.roster import gain_xp
from game.campaign.tables import CampaignTables
from game.dice import Dice
from game.rules.loader import RulesData
from game.scenario import Scenario

SEED_SIDES = 2**31 - 1
"""A battle's seed: one roll of a die this big on the campaign's dice."""


class CampaignOver(RuntimeError):
    """The campaign has ended; no further cycle is played."""


@dataclass(frozen=True, slots=True)
class Context:
    """What a cycle needs beside the campaign: the tables, the rules data, the refuge
    layout and the mission maps (parsed)."""

    tables: CampaignTables
    rules: RulesData
    layout: Scenario
    maps: dict[str, Scenario]

    @property
    def core_posts(self) -> int:
        return len(core_posts(self.layout, self.rules))

    @property
    def militia_posts(self) -> int:
        return len(militia_posts(self.layout, self.rules))


Planner = Callable[[Campaign, Context], Plan]


def campaign_dice(c: Campaign) -> Dice:
    dice = Dice.seeded(c.seed)
    if c.dice:
        dice.state = c.dice
    return dice


def _mission(
    c: Campaign, ctx: Context, dice: Dice, fight: Fight
) -> tuple[dict[str, Any], list[Note]]:
    t = ctx.tables
    name = choose_map(ctx, dice)
    board = ctx.maps[name]
    posts = sum(len(sq.figure) for sq in board.side[0].squad)
    crew = mission_crew(c, refuge.field_strength(c, t), posts)
    if not crew:
        return {"map": name, "outcome": None, "crew": []}, [Note("no_crew", {})]
    battle = mission_battle(c, t, ctx.rules, name, board, crew, dice.die(SEED_SIDES))
    report = fight(battle)
    for m in crew:
        m.hungry = False
    notes = [Note("mission", {"map": name, "outcome": report.outcome})]
    notes += spend_ammo(c, t, len(crew))
    notes += homecoming(c, t, dice, report)
    looted = bool(board.loot)
    if looted:
        finds = ", ".join(report.finds) or "—"
        notes.append(Note("carried", {"finds": finds}))
    notes += _salvage(c, ctx, dice, report, [m.id for m in crew], looted)
    crew_names = [m.name for m in crew]
    info = {
        "map": name,
        "outcome": report.outcome,
        "crew": crew_names,
        "seed": report.seed,
        "loot": dict(report.loot) if looted else None,
        "finds": list(report.finds),
    }
    return info, notes


def choose_map(ctx: Context, dice: Dice) -> str:
    """The mission's map: one of the campaign's maps by a roll of its dice (P); with
    one map no die is rolled."""
    names = sorted(ctx.maps)
    return names[dice.die(len(names)) - 1] if len(names) > 1 else names[0]


def _salvage(
    c: Campaign,
    ctx: Context,
    dice: Dice,
    report: BattleReport,
    crew: list[str],
    looted: bool,
) -> list[Note]:
    """§10.2 steps 2–3 (experience, then the salvage booked) or §10.5's retreat. On
    a map with finds (a loot objective) the salvage is what the crew carried off —
    kept in a retreat too, which loses only what was still in hands (P); on a map
    without, it is rolled on the table by the outcome."""
    t = ctx.tables
    won = report.outcome in t.mission.salvage
    notes: list[Note] = []
    if not won:
        lost = book(c, t.mission.retreat, -1)
        notes.append(Note("retreat", {"lost": lost}))
        if not (looted and report.loot):
            return notes
    grade: Literal["victory", "draw"] = "victory" if report.outcome == "victory" else "draw"
    home = [c.member(m) for m in crew]  # Späherauge, Reliktkundig (§13.1)
    if looted:  # the finds carried off, and what the crew scavenged around the site
        found = dict(report.loot)
        for what, n in roll_table(dice, t.mission.site.get(grade, {})).items() if won else ():
            found[what] = found.get(what, 0) + n
    else:
        rolls = talents.salvage_rolls(home, ctx.rules)
        found = talents.roll_salvage(dice, t.mission.salvage[grade], rolls)
    relics = found.get("relics", 0)
    mission_xp = 0
    if won:
        mission_xp = t.mission.xp_victory if report.outcome == "victory" else t.mission.xp_draw
    per_relic = t.mission.relic_xp + refuge.relic_xp_bonus(c, t) + talents.relic_xp(home, ctx.rules)
    xp = relics * per_relic + mission_xp
    for member_id in crew:
        m = c.member(member_id)
        if m.ready and xp:
            notes += gain_xp(m, t, ctx.rules, xp)
    gained = book(c, found)
    notes.append(Note("salvage", {"gained": gained}))
    if report.outcome == "victory":
        moved = refuge.add_morale(c, t, t.mission.morale_victory)
        notes += [Note("morale", {"change": moved, "morale": c.morale})] if moved else []
    return notes


def _downtime(c: Campaign, ctx: Context, dice: Dice, planner: Planner) -> tuple[Plan, list[Note]]:
    t = ctx.tables
    notes = consume(c, t)
    notes += settle(c, t)
    plan = planner(c, ctx)
    notes += actions(c, t, ctx.rules, dice, plan, ctx.militia_posts)
    notes += recruit(c, t, ctx.rules, plan, ctx.core_posts)
    notes += building(c, t, plan)
    return plan, notes


def _raid(c: Campaign, ctx: Context, dice: Dice, fight: Fight) -> tuple[dict[str, Any], list[Note]]:
    t = ctx.tables
    battle = raid_battle(c, t, ctx.rules, ctx.layout, dice.die(SEED_SIDES))
    if not battle.members and not battle.militia:
        report = BattleReport("raid", "defeat", battle.seed)
    else:
        report = fight(battle)
    for m in c.ready():
        m.hungry = False
    notes = [Note("raid", {"outcome": report.outcome})]
    notes += spend_ammo(c, t, len(battle.members))
    notes += homecoming(c, t, dice, report)
    notes += consequences(c, t, dice, report)
    info = {"outcome": report.outcome, "seed": report.seed, "destroyed": list(report.destroyed)}
    return info, notes


def _end(c: Campaign) -> str | None:
    if c.population <= 0:
        return "abandoned"
    if not c.ready() and c.extras <= 0:
        return "wiped_out"
    return None


def play_cycle(
    c: Campaign, ctx: Context, planner: Planner, fight: Fight, dice: Dice | None = None
) -> dict[str, Any]:
    """Play the next cycle; changes `c` and returns the cycle's summary (also logged).
    `dice`: scripted dice for a test (the campaign's own dice state is then kept)."""
    if c.over is not None:
        raise CampaignOver(c.over)
    scripted = dice is not None
    dice = dice or campaign_dice(c)
    c.cycle += 1
    mission, notes = _mission(c, ctx, dice, fight)
    plan, more = _downtime(c, ctx, dice, planner)
    notes += more
    if plan.layout is not None:  # drawn in the refuge editor: the raid is on it
        ctx = replace(ctx, layout=plan.layout)
    row, more = event(c, ctx.tables, dice, plan.guards())
    notes += more
    raid = None
    if row.name == "raid":
        raid, more = _raid(c, ctx, dice, fight)
        notes += more
    c.over = _end(c)
    if c.over is not None:
        notes.append(Note("over", {"why": c.over}))
    if not scripted:
        c.dice = dice.state
    entry = summary(c, mission, row.name, raid, notes)
    c.log.append(entry)
    return entry


def summary(
    c: Campaign,
    mission: dict[str, Any],
    event_name: str,
    raid: dict[str, Any] | None,
    notes: list[Note],
) -> dict[str, Any]:
    """The cycle's summary (`campaign next --json`, the campaign log)."""
    return {
        "cycle": c.cycle,
        "mission": mission,
        "event": event_name,
        "raid": raid is not None,
        "raid_outcome": raid["outcome"] if raid else None,
        "outcome": raid["outcome"] if raid else mission["outcome"],
        "destroyed": raid["destroyed"] if raid else [],
        "resources": dict(c.resources),
        "population": c.population,
        "morale": c.morale,
        "extras": c.extras,
        "level": c.level,
        "roster": [
            {
                "name": m.name,
                "archetype": m.archetype,
                "level": m.level,
                "xp": m.xp,
                "scars": [s.name for s in m.scars],
                "talents": list(m.talents),
                "status": m.status,
                "pillar": m.pillar,
            }
            for m in c.roster
        ],
        "modules": [m.to_dict() for m in c.modules],
        "over": c.over,
        "notes": [n.to_dict() for n in notes],
    }
