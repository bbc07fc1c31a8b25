"""Horde packs on and off (RULES.md §3, knob `horde_pack_activation`): what it does to
a 40-figure horde raid (not part of the default run).

    python tests/bench/bench_horde_packs.py            # seeds 1–3
    python tests/bench/bench_horde_packs.py --seeds 5

The scene is refuge_horde with a bigger horde: 40 shamblers in two waves of 20
(budget 20, shamblers only). Both sides are played by the AI, as in the window's
autoplay. For the knob off (the rulebook: one figure per activation, alternating)
and on (a wave's pack activates as one), per game:

- rounds, activations and AI actions;
- the horde AI's CPU time: per game, per activation, per decision (`choose` and the
  activation's intent line, as the window asks them);
- the window's pace at speed 1: every AI action waits `AI_PAUSE` (choosing the figure
  to activate `AI_ACTIVATE_PAUSE`), an attack, charge or throw first shows its odds
  for `AI_ATTACK_HOLD`, and every move leg plays at
  `anim.CM_PER_S` (0.12–2 s); the AI thinks in its own thread meanwhile, so an action
  takes the longer of that and the AI's thinking time.

Judged on CPU time (`time.process_time`); the window's seconds are computed from the
events, not timed.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import tomllib
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ai.base import Controller  # noqa: E402
from ai.horde import HordeAI  # noqa: E402
from ai.tactical import TacticalAI  # noqa: E402
from game import actions as act  # noqa: E402
from game.engine import Game  # noqa: E402
from game.events import Event  # noqa: E402
from game.loading import scenario_from_data  # noqa: E402
from game.play.events import ActivationStarted, RoundStarted  # noqa: E402
from game.play.movement import Moved  # noqa: E402
from game.scenario import Scenario  # noqa: E402
from game.ui import anim  # noqa: E402
from game.ui.app import AI_ACTIVATE_PAUSE, AI_ATTACK_HOLD, AI_PAUSE  # noqa: E402

HORDE = ROOT / "scenarios" / "refuge_horde.toml"
HELD = (act.Attack, act.Charge, act.Throw)
"""Actions whose odds the window shows before it rolls them."""


def big_horde() -> Scenario:
    """refuge_horde with 40 shamblers in two waves of 20."""
    raw = tomllib.loads(HORDE.read_text(encoding="utf-8"))
    horde = next(s for s in raw["side"] if s["id"] == "horde")
    horde["raid"].update(budget=20, waves="2", roster=[{"profile": "Shambler", "weight": 1}])
    return scenario_from_data(raw, "bench_horde_packs.toml")


@dataclass
class Tally:
    """One game's figures."""

    outcome: str = ""
    rounds: int = 0
    activations: int = 0
    horde_activations: int = 0
    actions: int = 0
    horde_cpu: float = 0.0
    horde_decisions: int = 0
    window_s: float = 0.0
    think: list[float] = field(default_factory=list)


def _legs(events: list[Event]) -> float:
    """Seconds the window plays the move legs of these events at speed 1."""
    total = 0.0
    for e in events:
        if isinstance(e, Moved):
            length = sum(math.dist(a, b) for a, b in pairwise(e.points))
            if length > 1e-6:
                total += min(anim.MAX_S, max(anim.MIN_S, length / anim.CM_PER_S))
    return total


def play(scenario: Scenario, seed: int, packs: bool) -> Tally:
    game = Game(scenario, seed=seed, knobs={"horde_pack_activation": packs})
    controllers: dict[str, Controller] = {"refuge": TacticalAI(), "horde": HordeAI()}
    out = Tally()
    while (pending := game.pending()) is not None:
        ai = controllers[pending.side]
        start = time.process_time()
        action = ai.choose(game)
        events = game.apply(action)
        if pending.kind == "activate":
            ai.intent(game)
        think = time.process_time() - start
        if pending.side == "horde":
            out.horde_cpu += think
            out.horde_decisions += 1
        started = sum(isinstance(e, ActivationStarted) for e in events)
        out.activations += started
        out.horde_activations += started if pending.side == "horde" else 0
        out.actions += 1
        out.rounds = max([out.rounds, *(e.round for e in events if isinstance(e, RoundStarted))])
        pause = AI_ACTIVATE_PAUSE if pending.kind == "activate" else AI_PAUSE
        shown = pause + (AI_ATTACK_HOLD if isinstance(action, HELD) else 0.0) + _legs(events)
        out.window_s += max(shown, think)
    out.outcome = game.outcome() or ""
    return out


def report(label: str, games: list[Tally]) -> str:
    def med(values: list[float]) -> float:
        return statistics.median(values)

    per_act = [1000 * g.horde_cpu / max(1, g.horde_activations) for g in games]
    per_dec = [1000 * g.horde_cpu / max(1, g.horde_decisions) for g in games]
    return (
        f"{label}: outcomes {', '.join(g.outcome for g in games)}; "
        f"median rounds {med([g.rounds for g in games]):.0f}, "
        f"activations {med([g.activations for g in games]):.0f} "
        f"(horde {med([g.horde_activations for g in games]):.0f}), "
        f"AI actions {med([g.actions for g in games]):.0f}; "
        f"horde AI {med([g.horde_cpu for g in games]):.1f} s CPU per game, "
        f"{med(per_act):.1f} ms per activation, {med(per_dec):.1f} ms per decision; "
        f"window at speed 1: {med([g.window_s for g in games]) / 60:.1f} min per game"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args(argv)
    scenario = big_horde()
    play(scenario, 99, False)  # warm-up: kernels, rules data, caches
    for packs in (False, True):
        games = [play(scenario, seed, packs) for seed in range(1, args.seeds + 1)]
        print(report(f"packs {'on ' if packs else 'off'}", games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
