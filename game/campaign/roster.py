"""The core figures between battles (docs/CAMPAIGN.md): the scar table (§11.1),
retirement into a refuge pillar (§11.2), experience and level-ups (§12–§13), new
recruits, and a figure's battle stats (its profile with levels and scars).

Talents (§13.1): a level-up takes the first talent of the archetype's list in the
campaign tables that the figure may still take (`next_talent`). This is the seam
to the rules' talent data: the list holds only talents without a choice, by their
canonical names, so the engine's validation accepts them as they are.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.campaign.model import ATTRIBUTES, Campaign, Member, Note, Scar
from game.campaign.tables import CampaignTables, ScarRow
from game.dice import Dice
from game.rules.loader import RulesData
from game.rules.models import ATTRIBUTE_MAX, ATTRIBUTE_MIN

TALENT_MAX = {"Zäh": 2}
"""Talents a figure may take more than once (rulebook §13.1: Zäh "max. 2×")."""


def new_member(
    member_id: str, profile: str, rules: RulesData, *, post: str | None = None
) -> Member:
    prof = rules.profile(profile)
    return Member(
        id=member_id,
        name=prof.name,
        profile=prof.name,
        archetype=prof.archetype or "",
        post=post,
        level=prof.level,
        talents=list(prof.talents),
    )


# -- scars and retirement --------------------------------------------------------------


def scar_roll(c: Campaign, t: CampaignTables, dice: Dice, m: Member) -> list[Note]:
    """§11: a core figure that was incapacitated rolls once on the scar table."""
    roll = dice.die(t.scars.die)
    row = t.scars.result(roll)
    notes = [Note("scar_roll", {"figure": m.name, "roll": roll, "scar": row.name})]
    if row.kind == "dead":
        m.status = "dead"
        return [*notes, Note("died", {"figure": m.name})]
    if row.kind == "none":
        return notes
    m.scars.append(Scar(row.name, row.kind, c.cycle))
    if row.kind == "lasting" and m.lasting_scars() >= t.scars.retire_at:
        notes.append(retire(c, t, m))
    return notes


def retire(c: Campaign, t: CampaignTables, m: Member) -> Note:
    """§11.2: the third lasting scar: the figure becomes a pillar of the refuge."""
    m.status = "retired"
    m.pillar = t.pillars.get(m.archetype, "leader")
    return Note("retired", {"figure": m.name, "pillar": m.pillar})


def heal(m: Member) -> str | None:
    """Take away one "until treated" scar; its name (None: nothing to treat)."""
    scar = next((s for s in m.scars if s.kind == "treated"), None)
    if scar is None:
        return None
    m.scars.remove(scar)
    return scar.name


# -- experience and level-ups -------------------------------------------------------------


def next_talent(m: Member, t: CampaignTables) -> str | None:
    """The talent a level-up gives: the first of the archetype's list still open."""
    held = Counter(m.talents)
    for name in t.talents.get(m.archetype, []):
        if held[name] < TALENT_MAX.get(name, 1):
            return name
    return None


def _lead(m: Member, rules: RulesData) -> str:
    lead = rules.archetype(m.archetype).lead if m.archetype else "kor"
    return str(lead)


def gain_xp(m: Member, t: CampaignTables, rules: RulesData, xp: int) -> list[Note]:
    """Add XP and take every level it reaches (§12.2, §13)."""
    m.xp += xp
    notes = [Note("xp", {"figure": m.name, "xp": xp, "total": m.xp})] if xp else []
    while m.level < t.levels.max and m.xp >= m.level * t.levels.xp_per_level:
        m.level += 1
        gains: list[str] = []
        talent = next_talent(m, t)
        if talent is not None:
            m.talents.append(talent)
            gains.append(talent)
        if m.level in t.levels.tp_levels:
            m.tp_bonus += 1
            gains.append("+1 TP")
        if m.level in t.levels.attribute_levels:
            lead = _lead(m, rules)
            m.bonus[lead] = m.bonus.get(lead, 0) + 1
            gains.append(f"+1 {lead.upper()}")
        notes.append(Note("level_up", {"figure": m.name, "level": m.level, "gains": gains}))
    return notes


# -- recruits ------------------------------------------------------------------------------


def free_profile(c: Campaign, rules: RulesData, candidates: list[str]) -> str | None:
    """The first pre-generated core profile no figure of the roster now plays."""
    taken = {m.profile for m in c.roster if m.ready}
    return next((p for p in candidates if rules.profile(p).name not in taken), None)


def recruit_core(c: Campaign, rules: RulesData, profile: str, trainer: bool) -> Member:
    """A new named core figure at level 1 (the Ausbilder pillar: +1 lead attribute)."""
    base = rules.profile(profile).name
    n = sum(1 for m in c.roster if m.profile == base)
    member_id = base.lower() if n == 0 else f"{base.lower()}-{n + 1}"
    m = new_member(member_id, profile, rules)
    if n:
        m.name = f"{m.name} {n + 1}"
    if trainer:
        lead = _lead(m, rules)
        m.bonus[lead] = 1
    c.roster.append(m)
    return m


# -- battle stats --------------------------------------------------------------------------


def _scar_rows(m: Member, t: CampaignTables) -> list[ScarRow]:
    names = {r.name for r in t.scars.row}
    return [t.scars.named(s.name) for s in m.scars if s.name in names]


def battle_stats(m: Member, t: CampaignTables, rules: RulesData) -> dict[str, Any]:
    """The figure's inline stats for a scenario (docs/SCENARIO.md): its profile with
    its level, talents, the attributes its levels and scars change, TP and move."""
    base = rules.profile(m.profile)
    rows = _scar_rows(m, t)
    attrs = {}
    for a in ATTRIBUTES:
        value = getattr(base, a) + m.bonus.get(a, 0) + sum(getattr(r, a) for r in rows)
        attrs[a] = max(ATTRIBUTE_MIN, min(ATTRIBUTE_MAX, value))
    tp = base.tp + (attrs["kor"] - base.kor) + m.tp_bonus + sum(r.tp for r in rows)
    tp -= t.refuge.hunger_tp if m.hungry else 0
    move = base.move + sum(r.move for r in rows)
    return {
        "base": base.name,
        "name": m.name,
        "level": m.level,
        "KOER": attrs["kor"],
        "REF": attrs["ref"],
        "VER": attrs["ver"],
        "WIL": attrs["wil"],
        "TP": max(1, tp),
        "move": max(1.0, move),
        "talents": list(m.talents),
    }
