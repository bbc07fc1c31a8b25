"""Deciding the battle (docs/RULES.md §12): Repelled / Partial / Defeat for raids,
victory / defeat / draw (from the first side's view) for open skirmishes."""

from __future__ import annotations

from dataclasses import dataclass

from game.board.terrain import TerrainKind
from game.play import loot
from game.play.contract import GameView
from game.play.events import GameOver
from game.rules.combatant import Condition
from game.state import Presence

OPENED_KINDS = frozenset({TerrainKind.BARRICADE, TerrainKind.GATE})
"""Modules that are broken *open* rather than destroyed: what a barricade or a gate
is for (§12, P: `raid.opened_spoils`)."""

CONSEQUENCES: dict[str, tuple[str, ...]] = {  # §12's table; texts: engine.consequence.*
    "repelled": ("keep_everything", "loot_from_fallen"),
    "partial": ("module_damaged", "supplies_lost", "morale_minus_one"),
    "defeat": ("modules_destroyed", "population_flees", "supplies_plundered", "morale_collapses"),
}


def raid_sides(game: GameView) -> list[str]:
    """Sides that attack as a raid (they have a [side.raid])."""
    return [s.id for s in game.state.sides.values() if s.waves is not None]


def defender_sides(game: GameView) -> list[str]:
    raiders = set(raid_sides(game))
    return [s for s in game.state.sides if s not in raiders]


def _alive(game: GameView, side: str) -> int:
    """Figures of a side still in the fight (standing on the table)."""
    return sum(1 for f in game.state.figures.values() if f.side == side and f.standing)


def _to_come(game: GameView, side: str) -> bool:
    st = game.state
    waves = st.sides[side].waves
    reserve = any(f.side == side and f.presence is Presence.RESERVE for f in st.figures.values())
    return reserve or (waves is not None and waves.arrived < waves.total)


def _defenders_hurt(game: GameView) -> bool:
    """Half or more of the defenders are down (§12 Partial)."""
    sides = set(defender_sides(game))
    defenders = [f for f in game.state.figures.values() if f.side in sides]
    down = sum(1 for f in defenders if not f.standing)
    return bool(defenders) and down * 2 >= len(defenders)


@dataclass(frozen=True, slots=True)
class Spoilers:
    """What spoils a raid's full result for the defenders (§12 Partial): modules lost
    (piece ids), breaches, loot carried off, half or more of the defenders down."""

    modules: tuple[str, ...] = ()
    breaches: int = 0
    loot: int = 0
    hurt: bool = False

    def __bool__(self) -> bool:
        return bool(self.modules or self.breaches or self.loot or self.hurt)


def opened_modules(game: GameView) -> tuple[str, ...]:
    """Barricades and gates the battle broke open (damaged: the campaign repairs them)."""
    pieces = game.state.board.pieces
    return tuple(
        m
        for m in game.state.destroyed_modules
        if m in pieces and (pieces[m].destroyed_from or pieces[m].kind) in OPENED_KINDS
    )


def lost_modules(game: GameView) -> tuple[str, ...]:
    """Modules the battle destroyed outright, for the outcome and the campaign (§12):
    a barricade or gate broken open is only damaged unless `raid.opened_spoils`."""
    broken = game.state.destroyed_modules
    if game.rules.knobs.raid.opened_spoils:
        return tuple(broken)
    opened = set(opened_modules(game))
    return tuple(m for m in broken if m not in opened)


def damaged_modules(game: GameView) -> tuple[str, ...]:
    """Modules the battle broke open but did not destroy (see `lost_modules`)."""
    lost = set(lost_modules(game))
    return tuple(m for m in game.state.destroyed_modules if m not in lost)


def spoilers(game: GameView) -> Spoilers:
    """What spoils the defenders' full result so far (`Spoilers`)."""
    st = game.state
    return Spoilers(lost_modules(game), st.breaches, st.loot_taken, _defenders_hurt(game))


def check(game: GameView) -> GameOver | None:
    """The battle's outcome if it is decided now (sets `state.outcome`), else None."""
    st = game.state
    if st.outcome is not None:
        return None
    result = _raid_outcome(game) if raid_sides(game) else _skirmish_outcome(game)
    if result is None:
        return None
    st.outcome, reason = result
    consequences = CONSEQUENCES.get(st.outcome, ()) if raid_sides(game) else ()
    return GameOver(st.outcome, reason, last_round(game), consequences)


def last_round(game: GameView) -> int:
    """The last round that was played (a round that has not begun yet does not count)."""
    st = game.state
    played = st.round - 1 if st.phase == "round_start" else st.round
    return max(1, min(played, game.scenario.scenario.max_rounds))


def _time_up(game: GameView) -> bool:
    st = game.state
    return st.phase == "round_start" and st.round > game.scenario.scenario.max_rounds


def _raid_outcome(game: GameView) -> tuple[str, str] | None:
    st = game.state
    knobs = game.rules.knobs.raid
    defenders = defender_sides(game)
    attackers = raid_sides(game)
    if st.loot_taken >= knobs.loot_to_defeat or st.breaches >= knobs.breaches_to_defeat:
        return "defeat", "key_point_taken"
    if defenders and all(_alive(game, s) == 0 for s in defenders):
        return "defeat", "defenders_out"
    grade = "partial" if spoilers(game) else "repelled"
    if all(_alive(game, s) == 0 and not _to_come(game, s) for s in attackers):
        return grade, "all_attackers_gone"
    objective = game.scenario.objective
    rounds = objective.rounds if objective is not None else None
    if (
        rounds is not None
        and objective is not None
        and objective.kind in ("hold", "protect")
        and st.phase == "round_start"
        and st.round > rounds
    ):
        return grade, "held"
    if _time_up(game):
        return "partial", "max_rounds"
    return None


def _loot_outcome(game: GameView) -> tuple[str, str] | None:
    """A loot objective: the battle goes on while two sides stand on the table, or
    one that can still take a find; it is decided by the value each side carried
    off, a tie by the share of figures still standing (on the table or gone off it
    with loot)."""
    st = game.state
    sides = list(st.sides)
    on_table = [s for s in sides if _alive(game, s) > 0]
    left = loot.open_finds(game)
    if _time_up(game):
        why = "max_rounds"
    elif not left:
        why = "loot_decided"
    elif not on_table or (len(on_table) == 1 and not loot.can_loot(game, on_table[0])):
        why = "one_side_left"
    else:
        return None
    value = {s: loot.value_off(game, s) for s in sides}
    first = sides[0]
    best_other = max(value[s] for s in sides if s != first)
    if value[first] != best_other:
        return ("victory" if value[first] > best_other else "defeat"), why
    share = _kept_shares(game)
    mine, theirs = share[first], max(share[s] for s in sides if s != first)
    if abs(mine - theirs) < 1e-9:
        return "draw", why
    return ("victory" if mine > theirs else "defeat"), why


def _kept_shares(game: GameView) -> dict[str, float]:
    """Each side's share of its figures still standing, on the table or gone off it."""
    st = game.state
    out: dict[str, float] = {}
    for s in st.sides:
        figs = [f for f in st.figures.values() if f.side == s]
        kept = sum(
            1
            for f in figs
            if f.condition is Condition.STANDING and f.presence is not Presence.RESERVE
        )
        out[s] = kept / max(1, len(figs))
    return out


def _skirmish_outcome(game: GameView) -> tuple[str, str] | None:
    if loot.active(game):
        return _loot_outcome(game)
    st = game.state
    sides = list(st.sides)
    alive = {s: _alive(game, s) for s in sides}
    standing_sides = [s for s in sides if alive[s] > 0]
    if len(standing_sides) <= 1:
        if not standing_sides:
            return "draw", "one_side_left"
        return ("victory" if standing_sides[0] == sides[0] else "defeat"), "one_side_left"
    first = sides[0]
    if _time_up(game):
        start = {s: sum(1 for f in st.figures.values() if f.side == s) for s in sides}
        share = {s: alive[s] / max(1, start[s]) for s in sides}
        mine = share[first]
        best_other = max(share[s] for s in sides if s != first)
        if abs(mine - best_other) < 1e-9:
            return "draw", "max_rounds"
        return ("victory" if mine > best_other else "defeat"), "max_rounds"
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who won a finished battle, by side id: the winners and the beaten (both empty
    for a draw or a raid's Partial), and in a raid who defended and who attacked."""

    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    attackers: tuple[str, ...] = ()


def verdict(game: GameView) -> Verdict:
    """The winners and the beaten of the battle's outcome (docs/RULES.md §12): in a raid
    the defenders win when the attack is repelled and lose on a Defeat; in an open
    skirmish the sides with the largest share of their figures still standing win."""
    outcome = game.state.outcome
    attackers = tuple(raid_sides(game))
    if attackers:
        defenders = tuple(defender_sides(game))
        sides = {"repelled": (defenders, attackers), "defeat": (attackers, defenders)}
        won, lost = sides.get(outcome or "", ((), ()))
        return Verdict(won, lost, defenders, attackers)
    if outcome in (None, "draw"):
        return Verdict()
    st = game.state
    if loot.active(game):
        first = next(iter(st.sides))
        others = tuple(s for s in st.sides if s != first)
        return Verdict((first,), others) if outcome == "victory" else Verdict(others, (first,))
    share = {
        s: _alive(game, s) / max(1, sum(1 for f in st.figures.values() if f.side == s))
        for s in st.sides
    }
    best = max(share.values())
    won = tuple(s for s in st.sides if share[s] >= best - 1e-9)
    return Verdict(won, tuple(s for s in st.sides if s not in won))
