"""The refuge's numbers (docs/CAMPAIGN.md, "Die Zuflucht — Ausbau & Verteidigung"):
what its level and standing modules give, what it eats, and building.

A module kind's effect counts once however many stand (the chapter: "kein Stapeln
gleicher Effekte"); a destroyed module gives nothing until it is rebuilt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.campaign.model import Campaign, ModuleState, Note
from game.campaign.tables import CampaignTables, Level, Module


def level_rules(c: Campaign, t: CampaignTables) -> Level:
    return t.level[min(c.level, len(t.level)) - 1]


def _standing(c: Campaign, t: CampaignTables) -> list[Module]:
    """One row per standing module kind."""
    return [t.module_rules(kind) for kind in sorted(c.standing_kinds())]


def slots_used(c: Campaign, t: CampaignTables) -> int:
    """Module places taken: standing, destroyed and planned modules (a ruin keeps
    its place, a plan has one)."""
    return sum(1 for m in c.modules if t.module_rules(m.kind).slot)


def start_level(modules: list[ModuleState], t: CampaignTables) -> int:
    """The smallest level with room for a layout's modules (else the highest)."""
    used = sum(1 for m in modules if t.module_rules(m.kind).slot)
    return next((i + 1 for i, lv in enumerate(t.level) if lv.slots >= used), len(t.level))


def field_strength(c: Campaign, t: CampaignTables) -> int:
    return level_rules(c, t).field + sum(m.field for m in _standing(c, t))


def population_cap(c: Campaign, t: CampaignTables) -> int:
    return level_rules(c, t).population + sum(m.population for m in _standing(c, t))


def consumption(c: Campaign, t: CampaignTables) -> int:
    """Food and water a cycle: the population, less gardens and kitchens (never < 0)."""
    return max(0, c.population + sum(m.consumption for m in _standing(c, t)))


def event_bonus(c: Campaign, t: CampaignTables) -> int:
    return sum(m.event for m in _standing(c, t))


def relic_xp_bonus(c: Campaign, t: CampaignTables) -> int:
    return sum(m.relic_xp for m in _standing(c, t))


def can_heal(c: Campaign, t: CampaignTables) -> bool:
    """An infirmary stands: a Heal always works."""
    return any(m.heal for m in _standing(c, t))


def has_pillar(c: Campaign, pillar: str) -> bool:
    return any(m.status == "retired" and m.pillar == pillar for m in c.roster)


def morale_gain(c: Campaign, t: CampaignTables) -> tuple[int, int]:
    """(+morale per cycle, up to) from the standing modules' `morale`."""
    rows = [m for m in _standing(c, t) if m.morale]
    return sum(m.morale for m in rows), max((m.morale_cap for m in rows), default=0)


# -- resources ------------------------------------------------------------------------


def affords(c: Campaign, cost: Mapping[str, int]) -> bool:
    return all(c.resources[r] >= n for r, n in cost.items())


def pay(c: Campaign, cost: Mapping[str, int]) -> None:
    for r, n in cost.items():
        c.resources[r] -= n


def add(c: Campaign, what: str, n: int) -> int:
    """Add (or take, n < 0) a resource or population, never below 0; the change made."""
    if what == "population":
        before = c.population
        c.population = max(0, c.population + n)
        return c.population - before
    before = c.resources[what]
    c.resources[what] = max(0, before + n)
    return c.resources[what] - before


def add_morale(c: Campaign, t: CampaignTables, n: int, cap: int | None = None) -> int:
    """Change morale by n (0 … morale_max, a gain never above `cap`); the change made."""
    before = c.morale
    if n >= 0:
        top = t.refuge.morale_max if cap is None else min(cap, t.refuge.morale_max)
        c.morale = max(before, min(top, before + n))
    else:
        c.morale = max(0, before + n)
    return c.morale - before


# -- building -------------------------------------------------------------------------


def build_cost(c: Campaign, t: CampaignTables, cost: Mapping[str, int]) -> dict[str, int]:
    """A build's cost after the workshop's and the Werkmeister's discount on scrap."""
    off = sum(m.discount for m in _standing(c, t)) + (1 if has_pillar(c, "master") else 0)
    out = dict(cost)
    if "scrap" in out:
        out["scrap"] = max(0, out["scrap"] - off)
    return out


def buildable(c: Campaign, t: CampaignTables) -> list[str]:
    """What can be built now: destroyed and planned modules (by id), campaign-only
    kinds not yet there (by kind, while a place is free), and "level" — each only if
    affordable."""
    out = [
        m.id
        for m in c.modules
        if not m.standing and affords(c, build_cost(c, t, t.module_rules(m.kind).cost))
    ]
    have = {m.kind for m in c.modules}
    free = slots_used(c, t) < level_rules(c, t).slots
    for kind, row in t.module.items():
        new = row.place == "none" and row.buildable and kind not in have
        if new and (free or not row.slot) and affords(c, build_cost(c, t, row.cost)):
            out.append(kind)
    if c.level < len(t.level) and affords(c, t.level[c.level].cost):
        out.append("level")
    return out


def build(c: Campaign, t: CampaignTables, target: str) -> Note | None:
    """Build `target` (see `buildable`); None when it cannot be built now."""
    if target not in buildable(c, t):
        return None
    if target == "level":
        pay(c, t.level[c.level].cost)
        c.level += 1
        return Note("level", {"level": c.level})
    ruin = next((m for m in c.modules if m.id == target and not m.standing), None)
    if ruin is not None:
        pay(c, build_cost(c, t, t.module_rules(ruin.kind).cost))
        key = "rebuilt" if ruin.status == "destroyed" else "built"
        ruin.status, ruin.built = "standing", c.cycle
        return Note(key, {"module": ruin.kind, "id": ruin.id})
    pay(c, build_cost(c, t, t.module[target].cost))
    c.modules.append(ModuleState(target, target, "standing", c.cycle, on_map=False))
    return Note("built", {"module": target, "id": target})


def drawing_problem(
    c: Campaign, t: CampaignTables, pieces: Sequence[tuple[str, str]]
) -> Note | None:
    """Why new pieces of the map (id, kind) drawn in the refuge editor cannot be
    planned (None: they can): a kind the refuge does not build on the map, an id
    the refuge has, or more module places than its level has."""
    ids = {m.id for m in c.modules}
    for piece_id, kind in pieces:
        row = t.module.get(kind)
        if row is None or row.place != "map" or not row.buildable:
            return Note("draw_kind", {"module": kind})
        if piece_id in ids:
            return Note("draw_id", {"id": piece_id})
        ids.add(piece_id)
    places = slots_used(c, t) + sum(1 for _, kind in pieces if t.module[kind].slot)
    if places > level_rules(c, t).slots:
        return Note("draw_places", {"places": level_rules(c, t).slots, "level": c.level})
    return None


def plan_pieces(
    c: Campaign, t: CampaignTables, layout: str, pieces: Sequence[tuple[str, str]]
) -> list[Note]:
    """Take the refuge editor's layout with its new pieces, planned (not built yet:
    missing from the battles until they are); PlanError-free callers check
    `drawing_problem` first (ValueError here)."""
    problem = drawing_problem(c, t, pieces)
    if problem is not None:
        raise ValueError(f"cannot plan the drawn pieces: {problem.key} {problem.params}")
    c.layout = layout
    for piece_id, kind in pieces:
        c.modules.append(ModuleState(piece_id, kind, "planned", 0, on_map=True))
    return [Note("planned", {"module": kind, "id": piece_id}) for piece_id, kind in pieces]


def destroyable(c: Campaign, t: CampaignTables) -> list[ModuleState]:
    """Standing modules a raid's consequences may destroy (not storage or shelter)."""
    return [m for m in c.modules if m.standing and t.module_rules(m.kind).buildable]


def destroy(c: Campaign, module_id: str) -> Note | None:
    m = next((m for m in c.modules if m.id == module_id and m.standing), None)
    if m is None:
        return None
    m.status = "destroyed"
    return Note("destroyed", {"module": m.kind, "id": m.id})
