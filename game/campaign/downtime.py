"""Downtime in the refuge (docs/CAMPAIGN.md; rulebook §5.2, §10.2 step 4, "Der
Downtime-Zyklus"): consumption and shortage, what the pillars and modules give each
cycle, one downtime action per ready core figure (build, explore, trade, heal,
train, guard), recruiting, and building.

The player's choices come as a `Plan` (the window's campaign screen, or the auto
player of game/campaign/auto.py); `apply_plan` carries it out in that order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.campaign import refuge
from game.campaign.fortune import book, roll_table
from game.campaign.model import Campaign, Note
from game.campaign.roster import free_profile, gain_xp, heal, recruit_core
from game.campaign.tables import CampaignTables
from game.dice import Dice
from game.rules.loader import RulesData
from game.scenario import Scenario

ActionName = Literal["build", "explore", "trade", "heal", "train", "guard"]
ACTIONS: tuple[ActionName, ...] = ("build", "explore", "trade", "heal", "train", "guard")


class PlanError(ValueError):
    """A plan names a figure that cannot act or an action that does not exist."""


@dataclass(slots=True)
class Plan:
    """The player's downtime choices: an action per ready core figure (with whom a
    healer tends and which offer a trader takes), residents and a core figure to
    recruit, and what to build, in order (names from `refuge.buildable`, or the id
    of a piece drawn in the refuge editor). `drawn`: new pieces of the map (id,
    kind) in `layout_text`, the layout the refuge editor saved (`layout` parsed)."""

    actions: dict[str, ActionName] = field(default_factory=dict)
    heal: dict[str, str] = field(default_factory=dict)  # healer → patient
    trade: dict[str, int] = field(default_factory=dict)  # trader → offer index
    recruits: int = 0
    recruit_core: bool = False
    build: list[str] = field(default_factory=list)
    drawn: list[tuple[str, str]] = field(default_factory=list)
    layout_text: str | None = None
    layout: Scenario | None = None

    def guards(self) -> int:
        return sum(1 for a in self.actions.values() if a == "guard")


def consume(c: Campaign, t: CampaignTables) -> list[Note]:
    """Step 1: food and water = population (less gardens and kitchens). Short: the
    store is empty, −1 morale, and every core figure goes out at −1 TP next time."""
    need = refuge.consumption(c, t)
    notes = [Note("consumption", {"food": min(need, c.resources["food"]), "need": need})]
    short = need > c.resources["food"]
    refuge.add(c, "food", -need)
    for m in c.ready():
        m.hungry = short
    if short:
        refuge.add_morale(c, t, -t.refuge.shortage_morale)
        notes.append(Note("short", {"what": "food", "morale": -t.refuge.shortage_morale}))
    return notes


def settle(c: Campaign, t: CampaignTables) -> list[Note]:
    """What each cycle brings by itself: residents leave when morale is low, the
    hall's and the leader's morale, the Feldscher's treatment."""
    notes: list[Note] = []
    if c.morale <= t.refuge.morale_flight and c.population > 0:
        refuge.add(c, "population", -1)
        c.extras = min(c.extras, c.population)
        notes.append(Note("flight", {"population": c.population}))
    gain, cap = refuge.morale_gain(c, t)
    if gain and refuge.add_morale(c, t, gain, cap):
        notes.append(Note("morale", {"change": gain, "morale": c.morale}))
    if refuge.has_pillar(c, "leader") and refuge.add_morale(c, t, 1):
        notes.append(Note("morale", {"change": 1, "morale": c.morale}))
    if refuge.has_pillar(c, "medic"):
        patient = next((m for m in c.ready() if any(s.kind == "treated" for s in m.scars)), None)
        if patient is not None:
            notes.append(Note("healed", {"figure": patient.name, "scar": heal(patient)}))
    return notes


def _check(c: Campaign, plan: Plan) -> None:
    ready = {m.id for m in c.ready()}
    for member_id, action in plan.actions.items():
        if member_id not in ready:
            raise PlanError(f"{member_id} cannot act in downtime")
        if action not in ACTIONS:
            raise PlanError(f"no downtime action {action!r}")


def _heal(
    c: Campaign, t: CampaignTables, dice: Dice, healer: str, patient_id: str | None
) -> list[Note]:
    patient = next((m for m in c.ready() if m.id == patient_id), None)
    if patient is None or not any(s.kind == "treated" for s in patient.scars):
        return [Note("idle", {"figure": c.member(healer).name})]
    if not refuge.affords(c, t.downtime.heal_cost):
        return [Note("no_medicine", {"figure": c.member(healer).name})]
    refuge.pay(c, t.downtime.heal_cost)
    if not refuge.can_heal(c, t):
        roll = dice.die(6)
        if roll < t.downtime.heal_without:
            return [Note("heal_failed", {"figure": patient.name, "roll": roll})]
    return [Note("healed", {"figure": patient.name, "scar": heal(patient)})]


def _trade(c: Campaign, t: CampaignTables, trader: str, offer: int | None) -> list[Note]:
    offers = t.downtime.trade
    if offer is None or not 0 <= offer < len(offers) or not refuge.affords(c, offers[offer].give):
        return [Note("idle", {"figure": c.member(trader).name})]
    refuge.pay(c, offers[offer].give)
    book(c, offers[offer].get)
    return [Note("traded", {"give": dict(offers[offer].give), "get": dict(offers[offer].get)})]


def actions(
    c: Campaign,
    t: CampaignTables,
    rules: RulesData,
    dice: Dice,
    plan: Plan,
    militia_posts: int,
) -> list[Note]:
    """Step 2: each planned action, in roster order."""
    _check(c, plan)
    notes: list[Note] = []
    for m in c.ready():
        action = plan.actions.get(m.id)
        if action is None:
            continue
        notes.append(Note("action", {"figure": m.name, "action": action}))
        if action == "explore":
            found = book(c, roll_table(dice, t.downtime.explore))
            notes.append(Note("changes", {"gained": found, "lost": {}}))
        elif action == "trade":
            notes += _trade(c, t, m.id, plan.trade.get(m.id))
        elif action == "heal":
            notes += _heal(c, t, dice, m.id, plan.heal.get(m.id))
        elif action == "train":
            notes += gain_xp(m, t, rules, t.downtime.train_xp)
        elif action == "guard":
            room = min(militia_posts, c.population) - c.extras
            if room > 0:
                c.extras += min(room, t.downtime.guard_militia)
                notes.append(Note("militia", {"extras": c.extras}))
    return notes


def recruit(
    c: Campaign, t: CampaignTables, rules: RulesData, plan: Plan, core_posts: int
) -> list[Note]:
    """Residents for influence (up to the population cap), and a named core figure —
    for influence, or for free from the militia when no core figure is left."""
    notes: list[Note] = []
    for _ in range(plan.recruits):
        if c.population >= refuge.population_cap(c, t):
            break
        if not refuge.affords(c, t.downtime.recruit_cost):
            break
        refuge.pay(c, t.downtime.recruit_cost)
        refuge.add(c, "population", 1)
        notes.append(Note("recruit", {"population": c.population}))
    profile = free_profile(c, rules, t.downtime.core_profiles)
    if not c.ready() and c.extras > 0 and profile is not None:
        c.extras -= 1  # §10.3: a militia member steps up and is named (P: when none is left)
        m = recruit_core(c, rules, profile, refuge.has_pillar(c, "trainer"))
        return [*notes, Note("promoted", {"figure": m.name, "archetype": m.archetype})]
    if (
        plan.recruit_core
        and profile is not None
        and len(c.ready()) < core_posts
        and refuge.affords(c, t.downtime.core_cost)
    ):
        refuge.pay(c, t.downtime.core_cost)
        m = recruit_core(c, rules, profile, refuge.has_pillar(c, "trainer"))
        notes.append(Note("new_core", {"figure": m.name, "archetype": m.archetype}))
    return notes


def building(c: Campaign, t: CampaignTables, plan: Plan) -> list[Note]:
    """Step 4: the pieces drawn in the refuge editor are planned, then as many builds
    as the population's labour and the builders allow."""
    allowed = t.downtime.labour + sum(1 for a in plan.actions.values() if a == "build")
    notes: list[Note] = []
    if plan.layout_text is not None:
        notes += refuge.plan_pieces(c, t, plan.layout_text, plan.drawn)
    for target in plan.build:
        if allowed <= 0:
            break
        note = refuge.build(c, t, target)
        if note is not None:
            notes.append(note)
            allowed -= 1
    return notes
