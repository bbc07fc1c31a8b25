"""The AI's 3W6 choices (seed 003): which active defence a hit figure takes, and
where an attack aims.

- The defence: the open one most likely to succeed. No defence costs anything in
  seed 003 (no per-round limit, nothing used up), so the odds decide; ties go to the
  first listed (Dodge, Parry, Block). "none" only when nothing else is open.
- The aim: the attack (or a charge's blow) declares the zone that most raises
  P(take-down) + LAME_WEIGHT × P(a limb or extremity lamed) — e.g. the head of a
  figure a Major Wound's knockdown roll may finish, an arm when a hit is sure to
  reach HP/2 — when that beats the rolled zone by more than MARGIN (the aim
  penalties of knobs [[zone]] count).
"""

from __future__ import annotations

from dataclasses import replace

from game import actions as act
from game.engine import Game
from game.play import context
from game.play.contract import AttackMode
from game.play.systems.threew6 import ThreeW6, ZoneOdds
from game.play.systems.threew6_react import NONE, offered

LAME_WEIGHT = 0.3
"""What a lamed limb is worth against a take-down (a lame arm cannot attack well,
a lame leg halves the figure's movement and Dodge)."""
MARGIN = 0.01
"""How much better than the rolled zone a declared one must be."""


def choose_defence(game: Game) -> act.Defend:
    """The answer to the pending defence decision: the best odds."""
    pending = game.pending()
    assert pending is not None and pending.kind == "defence"
    options = offered(game)
    best = max(options, key=lambda o: o.p_success, default=None)
    return act.Defend(pending.figures[0], best.defence if best is not None else NONE)


def worth(z: ZoneOdds) -> float:
    return z.p_takedown + LAME_WEIGHT * z.p_lamed


def best_zone(options: tuple[ZoneOdds, ...]) -> str | None:
    """The declared zone worth more than the rolled one by MARGIN (None: roll)."""
    rolled = next((o for o in options if o.zone is None), None)
    base = worth(rolled) if rolled is not None else 0.0
    best = max((o for o in options if o.zone is not None), key=worth, default=None)
    if best is None or worth(best) <= base + MARGIN:
        return None
    return best.zone


def aimed(game: Game, action: act.Action) -> act.Action:
    """A 3W6 attack or charge on a figure with the zone it should declare (else
    unchanged). A charge's blow is weighed from where the charger stands, as the
    window's odds show it."""
    system = game.system
    if not isinstance(system, ThreeW6) or not isinstance(action, act.Attack | act.Charge):
        return action
    st = game.state
    if action.zone is not None or action.target not in st.figures:
        return action
    attacker, target = st.figures[action.figure], st.figures[action.target]
    weapon = game.rules.weapon(action.weapon)
    burst = action.burst if isinstance(action, act.Attack) else False
    mode: AttackMode = "charge" if isinstance(action, act.Charge) else "action"
    measured = context.measure(game, attacker, target, weapon, burst=burst, mode=mode)
    zone = best_zone(system.aim_odds(game, attacker, target, weapon, measured))
    return action if zone is None else replace(action, zone=zone)
