"""The raid (docs/RULES.md §12): the budget, waves bought with the game's dice, entry
zones, the surprise attack, and the threats that noise draws in (§8).

Everything a raiding side brings onto the table during the battle — its waves,
the raiders and packs noise draws in — is one band and so one morale squad (§7:
"each AI band is one squad"), with one leader across waves (the first leader to
arrive, or a newly arrived one when the band's leader is down or gone). Provisional
(P): a band arriving in waves counts as its starting figures every figure that has
come onto the table so far, so `Squad.start_size` grows as figures are placed
(figures still waiting at a full entry zone do not count yet); the half-strength
test still comes only the first time (§7). Each arrival stays its own horde pack
(it activates as one, §3).
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from game import actions as act
from game.actions import IllegalAction
from game.board.terrain import TerrainKind
from game.dice import DiceExpression
from game.events import Event
from game.play.attention import loudest
from game.play.budget import expect
from game.play.contract import GameView
from game.play.events import WaveArrived, WaveBlocked
from game.play.placement import free_spots
from game.play.profiles import new_figure
from game.reason import Reason
from game.rules.talents import WACHSAM
from game.rules.talents import has as has_talent
from game.scenario import SideSpec
from game.state import Figure, GameState, Presence, Squad, WaveState

WARNING_MODULES = (TerrainKind.WATCHTOWER, TerrainKind.RADIO)


def default_budget(game: GameView, state: GameState, attacker: str) -> float:
    """Core figures × average level × 2 × raid_budget_factor (§12, §14.3)."""
    cores = [
        game.profiles[f.id]
        for f in state.figures.values()
        if f.side != attacker and game.profiles[f.id].core
    ]
    if not cores:
        cores_n, level = 1, 1.0
    else:
        cores_n, level = len(cores), sum(p.level for p in cores) / len(cores)
    knobs = game.rules.knobs
    return cores_n * level * knobs.raid.budget_per_core_level * knobs.raid_budget_factor


def plan_waves(game: GameView, state: GameState, spec: SideSpec) -> WaveState:
    """Roll the number of waves and split the budget evenly across them."""
    raid = spec.raid
    assert raid is not None
    knobs = game.rules.knobs.raid
    expr = raid.waves_expression or DiceExpression.parse(knobs.wave_count)
    total = max(1, game.dice.roll(expr).total)
    budget = float(raid.budget) if raid.budget is not None else default_budget(game, state, spec.id)
    return WaveState(
        total=total,
        entries=[e.id for e in raid.entry],
        next_round=knobs.first_wave_round,
        every=raid.wave_every or knobs.wave_spacing,
        budget_per_wave=budget / total,
    )


def next_wave_due(game: GameView) -> str | None:
    """The first raiding side whose next wave arrives this round (None: none due)."""
    st = game.state
    for side in st.sides.values():
        w = side.waves
        if w is not None and w.arrived < w.total and w.next_round <= st.round:
            return side.id
    return None


def entry_ids(game: GameView, side: str) -> tuple[str, ...]:
    waves = game.state.sides[side].waves
    return tuple(waves.entries) if waves else ()


def entry_polygon(game: GameView, side: str, entry: str) -> Polygon:
    for spec in game.scenario.side:
        if spec.id == side and spec.raid is not None:
            for e in spec.raid.entry:
                if e.id == entry:
                    return Polygon(e.polygon)
    raise IllegalAction(Reason.of("raid.no_entry", side=side, entry=entry))


def surprise_attacker(game: GameView) -> str | None:
    """Round 1 without a watchtower or radio: the raiders win initiative (§11) —
    unless a defender with the talent Wachsam stands on the table ("du kannst nicht
    überrascht werden", §13.1; P: it warns its whole side, like a radio)."""
    raiders = [s.id for s in game.state.sides.values() if s.waves is not None]
    if not raiders:
        return None
    warned = any(p.kind in WARNING_MODULES for p in game.state.board)
    watchful = any(
        f.side not in raiders
        and f.standing
        and f.on_table
        and has_talent(game.profile(f).talents, WACHSAM)
        for f in game.state.figures.values()
    )
    return None if warned or watchful else raiders[0]


# -- waves ----------------------------------------------------------------------------


def buy_roster(game: GameView, side: str, budget: float) -> tuple[list[str], float]:
    """Profiles bought with `budget` by roster weight (the game's dice); the rest left.

    Every wave brings at least one figure (the cheapest, if nothing is affordable).
    """
    spec = next(s for s in game.scenario.side if s.id == side)
    assert spec.raid is not None
    entries = [(game.rules.profile(e.profile), float(e.weight)) for e in spec.raid.roster]
    bought: list[str] = []
    left = budget
    while True:
        affordable = [(p, w) for p, w in entries if p.cost <= left + 1e-9]
        if not affordable:
            break
        pick = _weighted(game, [w for _, w in affordable])
        profile = affordable[pick][0]
        bought.append(profile.name)
        left -= profile.cost
    if not bought:
        cheapest = min(entries, key=lambda e: e[0].cost)[0]
        bought.append(cheapest.name)
        left = max(0.0, left - cheapest.cost)
    return bought, left


def _weighted(game: GameView, weights: list[float]) -> int:
    total = sum(weights)
    r = game.dice.uniform(0.0, total)
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if r < acc:
            return i
    return len(weights) - 1


def check_choose_entry(game: GameView, action: act.ChooseEntry) -> None:
    expect(game, "choose_entry", action.side)
    if action.entry not in entry_ids(game, action.side):
        choices = ", ".join(entry_ids(game, action.side))
        raise IllegalAction(
            Reason.of("raid.not_an_entry", entry=action.entry, side=action.side, choices=choices)
        )


def do_choose_entry(game: GameView, action: act.ChooseEntry) -> list[Event]:
    """The wave is bought and enters at the chosen zone."""
    st = game.state
    waves = st.sides[action.side].waves
    assert waves is not None
    budget = waves.budget_per_wave + waves.carry
    profiles, waves.carry = buy_roster(game, action.side, budget)
    waves.arrived += 1
    waves.next_round = st.round + waves.every
    st.pending = None
    return spawn_group(game, action.side, action.entry, profiles, wave=waves.arrived, budget=budget)


def spawn_group(
    game: GameView,
    side: str,
    entry: str,
    profiles: list[str],
    *,
    wave: int,
    budget: float,
    toward: tuple[float, float] | None = None,
) -> list[Event]:
    """New figures of `side` enter at `entry`: one horde pack, members of the band."""
    st = game.state
    st.spawned += 1
    group = f"{side}-w{st.spawned}"
    band = band_squad(game, side)
    zone = entry_polygon(game, side, entry)
    centre = toward or (st.board.width / 2, st.board.height / 2)
    members: list[Figure] = []
    for name in profiles:
        profile = game.rules.profile(name)
        fid = _new_id(game, profile.name)
        game.profiles[fid] = profile
        facing = math.degrees(math.atan2(centre[1] - zone.centroid.y, centre[0] - zone.centroid.x))
        fig = new_figure(
            fid, profile, game.rules, side=side, squad=band.id, at=(0.0, 0.0), facing=facing
        )
        game.system.enlist(fig, profile)
        fig.presence = Presence.RESERVE
        fig.entry = entry
        fig.pack = group if st.sides[side].threat == "infected" else None
        st.figures[fid] = fig
        band.members.append(fid)
        members.append(fig)
    _lead(game, band, members)
    placed, blocked = place_reserve(game, members, zone, centre)
    waves = st.sides[side].waves
    events: list[Event] = [
        WaveArrived(
            side,
            wave,
            waves.total if waves else 0,
            entry,
            tuple(f.id for f in placed),
            tuple(f.profile for f in placed),
            round(budget, 3),
        )
    ]
    if blocked:
        ids = tuple(f.id for f in blocked)
        events.append(WaveBlocked(side, entry, ids))
    return events


def band_squad(game: GameView, side: str) -> Squad:
    """The morale squad of everything `side` brings during the battle (made on first
    use; its id is `<side>-band`, or with a number where the scenario took that)."""
    st = game.state
    taken = {squad.id for spec in game.scenario.side for squad in spec.squad}
    n = 1
    while True:
        sid = f"{side}-band" if n == 1 else f"{side}-band-{n}"
        if sid not in taken:
            break
        n += 1
    if sid not in st.squads:
        st.squads[sid] = Squad(sid, side, None, [], 0)
    return st.squads[sid]


def _new_id(game: GameView, profile: str) -> str:
    """A figure id for a newcomer, e.g. 'raider-7' (never one already on the roster)."""
    st = game.state
    while True:
        st.spawned += 1
        fid = f"{profile.lower().replace(' ', '-')}-{st.spawned}"
        if fid not in st.figures:
            return fid


def _lead(game: GameView, band: Squad, newcomers: list[Figure]) -> None:
    """A newcomer with a leader's profile leads the band unless its leader still
    stands (or waits to come on)."""
    st = game.state
    current = st.figures.get(band.leader) if band.leader else None
    if current is not None and (current.standing or current.presence is Presence.RESERVE):
        return
    band.leader = next((f.id for f in newcomers if game.profile(f).leader), band.leader)


def place_reserve(
    game: GameView, figures: list[Figure], zone: Polygon, toward: tuple[float, float]
) -> tuple[list[Figure], list[Figure]]:
    """Put reserve figures on the table inside `zone`; return (placed, still waiting).
    Each figure placed counts among its squad's starting figures (§7, see above)."""
    st = game.state
    spots = free_spots(game, zone, [f.radius for f in figures], toward=toward)
    placed, blocked = [], []
    for fig, spot in zip(figures, spots, strict=True):
        if spot is None:
            blocked.append(fig)
            continue
        fig.x, fig.y = spot
        fig.presence = Presence.TABLE
        if fig.squad in st.squads:
            st.squads[fig.squad].start_size += 1
        placed.append(fig)
    return placed, blocked


def place_waiting(game: GameView) -> list[Event]:
    """Figures that found no room when their wave came try again (round start)."""
    st = game.state
    events: list[Event] = []
    waiting: dict[tuple[str, str], list[Figure]] = {}
    for f in st.figures.values():
        if f.presence is Presence.RESERVE and f.entry is not None:
            waiting.setdefault((f.side, f.entry), []).append(f)
    centre = (st.board.width / 2, st.board.height / 2)
    for (side, entry), figs in waiting.items():
        placed, _ = place_reserve(game, figs, entry_polygon(game, side, entry), centre)
        if placed:
            events.append(
                WaveArrived(
                    side,
                    0,
                    0,
                    entry,
                    tuple(f.id for f in placed),
                    tuple(f.profile for f in placed),
                    0.0,
                )
            )
    return events


# -- noise draws a threat in (§8) -----------------------------------------------------


def noise_reinforcement(game: GameView) -> tuple[str, list[Event]]:
    """What a failed round-end noise roll brings: (result word, events)."""
    st = game.state
    marker = loudest(st.noise)
    at = (marker.x, marker.y) if marker else (st.board.width / 2, st.board.height / 2)
    for side in st.sides.values():
        waves = side.waves
        if waves is None:
            continue
        entry = _nearest_entry(game, side.id, at)
        if side.threat == "infected":
            count = game.dice.roll(game.rules.knobs.noise.horde_pack).total
            shambler = game.rules.profile("Shambler").name
            events = spawn_group(
                game, side.id, entry, [shambler] * count, wave=0, budget=0.0, toward=at
            )
            return "horde_pack", events
        if waves.arrived < waves.total:
            waves.next_round = max(st.round + 1, waves.next_round - 1)
            return "wave_earlier", []
        raider = game.rules.profile("Raider").name
        return "extra_raider", spawn_group(
            game, side.id, entry, [raider], wave=0, budget=0.0, toward=at
        )
    return "no_threat", []


def _nearest_entry(game: GameView, side: str, at: tuple[float, float]) -> str:
    point = Point(at)
    return min(entry_ids(game, side), key=lambda e: entry_polygon(game, side, e).distance(point))
