"""The campaign's battles as data (docs/CAMPAIGN.md): the scenario a raid or a mission
is played on, and what the campaign needs back from it.

A raid is played on the refuge's layout as it stands: a module the campaign marks
destroyed is missing from the scenario until it is rebuilt, the roster's ready core
figures take the layout's core posts and the militia (the refuge's Verteidigung)
the militia posts. A mission is a skirmish on a shipped map whose first side is the
crew. Who plays the battle (the headless AI, the window's table) is the caller's:
it gets a `Battle` and returns a `BattleReport`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from game.campaign.model import Campaign, Member
from game.campaign.roster import battle_stats
from game.campaign.tables import CampaignTables
from game.rules.loader import RulesData
from game.scenario import FigureSpec, Scenario, SideSpec

Kind = Literal["mission", "raid"]


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle to play: its scenario (raw data, the scenario format), its seed, and
    which figure ids are the roster's core figures and militia."""

    kind: Kind
    scenario: dict[str, Any]
    seed: int
    side: str  # the campaign's side
    members: tuple[str, ...]
    militia: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True, slots=True)
class BattleReport:
    """What a battle left: its outcome (the engine's word), each core figure that
    was not standing at the end ("out" or "dead"), militia down, modules destroyed
    outright, barricades and gates broken open (damaged: repaired after it), and the
    finds the campaign's side carried off (a loot objective: resource → pieces, and
    their names)."""

    kind: Kind
    outcome: str
    seed: int
    rounds: int = 0
    fallen: dict[str, str] = field(default_factory=dict)
    extras_down: int = 0
    destroyed: tuple[str, ...] = ()
    events_hash: str = ""
    loot: dict[str, int] = field(default_factory=dict)
    finds: tuple[str, ...] = ()
    damaged: tuple[str, ...] = ()


Fight = Callable[[Battle], BattleReport]
"""Plays a battle to its end (headless: game/campaign_play/fight.py)."""


def defender_side(layout: Scenario) -> SideSpec:
    """The refuge's side: the first side that does not raid."""
    return next(s for s in layout.side if s.raid is None)


def _posts(side: SideSpec, rules: RulesData) -> tuple[list[FigureSpec], list[FigureSpec]]:
    """(core posts, militia posts) of a side, in file order."""
    core: list[FigureSpec] = []
    militia: list[FigureSpec] = []
    for squad in side.squad:
        for fig in squad.figure:
            name = fig.profile_name
            is_core = rules.profile(name).core if name else False
            (core if is_core else militia).append(fig)
    return core, militia


def core_posts(layout: Scenario, rules: RulesData) -> list[FigureSpec]:
    return _posts(defender_side(layout), rules)[0]


def militia_posts(layout: Scenario, rules: RulesData) -> list[FigureSpec]:
    return _posts(defender_side(layout), rules)[1]


def assign(members: list[Member], posts: list[FigureSpec]) -> dict[str, FigureSpec]:
    """Member id → post: a member keeps its own post, the others take the free ones
    in order; members beyond the posts stay out."""
    free = {p.id: p for p in posts}
    out: dict[str, FigureSpec] = {}
    for m in members:
        if m.post in free:
            out[m.id] = free.pop(m.post)
    for m in members:
        if m.id not in out and free:
            out[m.id] = free.pop(next(iter(free)))
    return out


def _figure(m: Member, post: FigureSpec, t: CampaignTables, rules: RulesData) -> dict[str, Any]:
    return {
        "id": m.id,
        "stats": battle_stats(m, t, rules),
        "at": list(post.at),
        "facing": post.facing,
        "overwatch": post.overwatch,
    }


def _side_with(
    side: dict[str, Any], placed: dict[str, dict[str, Any]], keep: set[str]
) -> dict[str, Any]:
    """The side's squads with core posts replaced by `placed` figures (by post id)
    and other figures kept only when their id is in `keep`; empty squads dropped."""
    squads = []
    for squad in side.get("squad", []):
        figures = []
        for fig in squad.get("figure", []):
            if fig["id"] in placed:
                figures.append(placed[fig["id"]])
            elif fig["id"] in keep:
                figures.append(fig)
        if not figures:
            continue
        ids = [f["id"] for f in figures]
        leader = squad.get("leader")
        if leader is not None and leader not in ids:
            leader = ids[0]
        squads.append({**squad, "figure": figures, "leader": leader})
    return {**side, "squad": squads}


def _dump(s: Scenario) -> dict[str, Any]:
    return s.model_dump(mode="json", exclude_none=True)


def raid_battle(
    c: Campaign, t: CampaignTables, rules: RulesData, layout: Scenario, seed: int
) -> Battle:
    """The raid on the refuge's current layout (destroyed modules left out)."""
    data = _dump(layout)
    destroyed = {m.id for m in c.modules if m.on_map and not m.standing}
    data["module"] = [m for m in data.get("module", []) if m["id"] not in destroyed]
    defenders = defender_side(layout)
    cores, militia = _posts(defenders, rules)
    members = c.ready()
    where = assign(members, cores)
    by_post = {where[m.id].id: _figure(m, where[m.id], t, rules) for m in members if m.id in where}
    kept = {p.id for p in militia[: max(0, c.extras)]}
    levels = [m.level for m in members if m.id in where] or [1]
    growth = 1 + t.raid.level_growth * (sum(levels) / len(levels) - 1)
    scale = t.raid.budget_scale * growth
    sides = []
    for side, spec in zip(data["side"], layout.side, strict=True):
        if spec.id == defenders.id:
            sides.append(_side_with(side, by_post, kept))
        elif spec.raid is not None and spec.raid.budget is not None:
            sides.append({**side, "raid": {**side["raid"], "budget": spec.raid.budget * scale}})
        else:
            sides.append(side)
    data["side"] = sides
    return Battle(
        "raid",
        data,
        seed,
        defenders.id,
        tuple(m.id for m in members if m.id in where),
        tuple(sorted(kept)),
        c.layout_file,
    )


def mission_crew(c: Campaign, field_strength: int, posts: int) -> list[Member]:
    """The ready core figures that go out: the first of the roster, as many as the
    refuge's field strength and the map's posts allow."""
    return c.ready()[: min(field_strength, posts)]


def mission_battle(
    c: Campaign,
    t: CampaignTables,
    rules: RulesData,
    map_name: str,
    board: Scenario,
    crew: list[Member],
    seed: int,
) -> Battle:
    """A salvage mission: the map's first side is the crew (at its figures' posts)."""
    data = _dump(board)
    first = board.side[0]
    posts = [fig for squad in first.squad for fig in squad.figure]
    where = assign(crew, posts)
    by_post = {where[m.id].id: _figure(m, where[m.id], t, rules) for m in crew if m.id in where}
    budget = t.mission.budget * len(where) * sum(m.level for m in crew) / max(1, len(crew))
    kept = enemies_within(board, rules, budget)
    others = [_side_with(side, {}, kept) for side in data["side"][1:]]
    data["side"] = [_side_with(data["side"][0], by_post, set()), *others]
    return Battle("mission", data, seed, first.id, tuple(where), (), map_name)


def enemies_within(board: Scenario, rules: RulesData, budget: float) -> set[str]:
    """The map's enemy figures the budget buys (§14.3), cheapest first (P), ties in
    file order; at least the cheapest one."""
    figures = [fig for side in board.side[1:] for squad in side.squad for fig in squad.figure]
    costs = [(rules.profile(f.profile_name or "").cost, i, f.id) for i, f in enumerate(figures)]
    kept: set[str] = set()
    spent = 0.0
    for cost, _, fig_id in sorted(costs):
        if spent + cost <= budget or not kept:
            kept.add(fig_id)
            spent += cost
    return kept
