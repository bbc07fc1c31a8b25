"""Rolls that the campaign makes on the refuge (docs/CAMPAIGN.md): salvage and the
hasty retreat (§10.5), homecoming and losses (§10.2 step 1), the W20 event roll
(§10.2 step 5) and a raid's consequences for the refuge (§12's table)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.campaign import refuge
from game.campaign.battle import BattleReport
from game.campaign.model import Campaign, Note
from game.campaign.roster import scar_roll
from game.campaign.tables import CampaignTables, EventRow, RaidOutcome
from game.dice import Dice


def roll_table(dice: Dice, table: Mapping[str, str]) -> dict[str, int]:
    """Roll each entry's dice expression (never below 0)."""
    return {what: max(0, dice.roll(expr).total) for what, expr in table.items()}


def book(c: Campaign, gains: Mapping[str, int], sign: int = 1) -> dict[str, int]:
    """Add (sign −1: take) amounts; the changes actually made."""
    return {what: refuge.add(c, what, sign * n) for what, n in gains.items() if n}


def homecoming(c: Campaign, t: CampaignTables, dice: Dice, report: BattleReport) -> list[Note]:
    """§10.2 step 1: dead core figures are gone, incapacitated ones roll on the scar
    table; every extra that went down rolls 1W6 and falls on 1–2 (a resident lost)."""
    notes: list[Note] = []
    for member_id, how in report.fallen.items():
        m = c.member(member_id)
        if how == "dead":
            m.status = "dead"
            notes.append(Note("died", {"figure": m.name}))
        else:
            notes += scar_roll(c, t, dice, m)
    for _ in range(report.extras_down):
        roll = dice.die(6)
        fell = roll <= t.refuge.extras_fall
        notes.append(Note("extra_roll", {"roll": roll, "fell": fell}))
        if fell:
            c.extras = max(0, c.extras - 1)
            refuge.add(c, "population", -1)
    return notes


def spend_ammo(c: Campaign, t: CampaignTables, figures: int) -> list[Note]:
    """A battle's ammunition (P); short: all of it, and −1 morale."""
    need = figures * t.refuge.ammo_per_figure
    notes = [Note("ammo", {"used": min(need, c.resources["ammo"])})] if need else []
    if need > c.resources["ammo"]:
        refuge.add_morale(c, t, -t.refuge.shortage_morale)
        notes.append(Note("short", {"what": "ammo", "morale": -t.refuge.shortage_morale}))
    refuge.add(c, "ammo", -need)
    return notes


def event_total(c: Campaign, t: CampaignTables, roll: int, guards: int) -> int:
    """The event roll's total: W20 + guards + modules + the leader pillar − threat."""
    bonus = min(guards, t.downtime.guard_max) * t.downtime.guard_event
    bonus += refuge.event_bonus(c, t) + (1 if refuge.has_pillar(c, "leader") else 0)
    return roll + bonus - c.cycle // t.events.threat_every


def event(c: Campaign, t: CampaignTables, dice: Dice, guards: int) -> tuple[EventRow, list[Note]]:
    """§10.2 step 5: the W20 event roll and what it brings (a raid is the caller's)."""
    roll = dice.die(t.events.die)
    total = event_total(c, t, roll, guards)
    row = t.events.result(total)
    notes = [Note("event", {"roll": roll, "total": total, "event": row.name})]
    if row.spared_by is not None and row.spared_by in c.standing_kinds():
        return row, [*notes, Note("spared", {"module": row.spared_by})]
    gained = book(c, roll_table(dice, row.gain))
    lost = book(c, roll_table(dice, row.lose), -1)
    if gained or lost:
        notes.append(Note("changes", {"gained": gained, "lost": lost}))
    return row, notes


def repair(c: Campaign, t: CampaignTables, report: BattleReport) -> list[Note]:
    """Barricades and gates the raid broke open are damaged, not destroyed (§12, P):
    the refuge repairs each at once for `raid.repair_share` of its build cost (rounded
    up); one it cannot pay for stays broken, a ruin to be rebuilt at full cost."""
    notes: list[Note] = []
    for module_id in report.damaged:
        m = next((m for m in c.modules if m.id == module_id and m.standing), None)
        if m is None:
            continue
        full = refuge.build_cost(c, t, t.module_rules(m.kind).cost)
        cost = {r: math.ceil(n * t.raid.repair_share) for r, n in full.items()}
        if refuge.affords(c, cost):
            refuge.pay(c, cost)
            notes.append(Note("repaired", {"module": m.kind, "id": m.id, "cost": cost}))
        else:
            note = refuge.destroy(c, module_id)
            notes += [note] if note is not None else []
    return notes


def consequences(c: Campaign, t: CampaignTables, dice: Dice, report: BattleReport) -> list[Note]:
    """§12: what a raid's outcome costs (or brings) the refuge. Modules the battle
    broke stay destroyed; a Partial or Defeat destroys more, chosen by the dice, up
    to the table's count."""
    rows: dict[str, RaidOutcome] = {
        "repelled": t.raid.repelled,
        "partial": t.raid.partial,
        "defeat": t.raid.defeat,
    }
    row = rows.get(report.outcome, t.raid.partial)
    notes = repair(c, t, report)
    for module_id in report.destroyed:
        note = refuge.destroy(c, module_id)
        notes += [note] if note is not None else []
    want = max(0, dice.roll(row.modules).total) - len(report.destroyed)
    for _ in range(want):
        left = refuge.destroyable(c, t)
        if not left:
            break
        note = refuge.destroy(c, left[dice.choice(len(left))].id)
        notes += [note] if note is not None else []
    gained = book(c, roll_table(dice, row.gain))
    lost = book(c, roll_table(dice, row.lose), -1)
    plunder = {r: int(c.resources[r] * row.plunder) for r in ("food", "scrap")}
    for what, n in book(c, plunder, -1).items():
        lost[what] = lost.get(what, 0) + n
    if gained or lost:
        notes.append(Note("changes", {"gained": gained, "lost": lost}))
    moved = refuge.add_morale(c, t, row.morale)
    if moved:
        notes.append(Note("morale", {"change": moved, "morale": c.morale}))
    return notes
