"""The 3W6 defender's choice (seed 003, "Aktive Verteidigungen"): after a successful
attack roll the attack pauses (`state.phase = "defence"`, the paused attack JSON-able
in `state.interrupted`) and the defending side answers with a `Defend` action —
Dodge, Parry, Block (the open ones) or none. Like Abfangen, only the Attack action
and a charge wait; overwatch shots and free attacks take the best defence at once
(P): they fall inside another figure's move (`movement.carry_out`: the withdrawal's
free attacks, then the walk with its overwatch shots), which runs as one engine
step and could not resume after an answer without saving it half-walked.

`pause` stops the attack, `paused_plan` rebuilds it for the answer, `offered` lists
the choices with their exact odds (for the AI, the window and `legal_actions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.events import Event
from game.play.contract import AttackMode, GameView
from game.state import Figure, Pending
from game.systems.threew6.dice import p_success
from game.systems.threew6.rules import AttackPlan, Defence, DefenceOffered, Fighter
from game.systems.threew6.tables import ThreeData

PAUSING_MODES: tuple[AttackMode, ...] = ("action", "charge")
"""The attacks that wait for the defender (the others take its best defence)."""
NONE = "none"
"""The answer that takes the hit without an active defence."""
SECTION = "§3W6 Aktive Verteidigungen"


@dataclass(frozen=True, slots=True)
class Option:
    """One answer open to the defender: a defence, its value and P(it succeeds)."""

    defence: str
    value: int
    p_success: float


def options_of(plan: AttackPlan) -> tuple[Option, ...]:
    """The open defences with their exact odds, then "none" (never succeeds)."""
    out = [Option(d.name, d.value, float(p_success(d.value))) for d in plan.options]
    return (*out, Option(NONE, 0, 0.0))


def offered(game: GameView) -> tuple[Option, ...]:
    """The answers of the pending defence decision (none when nothing waits)."""
    pending = game.state.pending
    if pending is None or pending.kind != "defence":
        return ()
    return tuple(Option(**o) for o in pending.data["options"])


def paused(game: GameView) -> bool:
    """Is a 3W6 attack waiting for the defender's choice?"""
    return game.state.phase == "defence" and bool(game.state.interrupted)


def pause(
    game: GameView, attacker: Figure, target: Figure, plan: AttackPlan, mode: AttackMode
) -> list[Event]:
    """Stop the attack after its successful roll and ask the defending side."""
    st = game.state
    st.interrupted = {
        "system": "3w6",
        "attacker": attacker.id,
        "target": target.id,
        "weapon": plan.weapon,
        "mode": mode,
        "zone": plan.zone,
        "parts": [list(p) for p in plan.parts],
        "defences": [{"name": d.name, "parts": [list(p) for p in d.parts]} for d in plan.options],
    }
    choices = options_of(plan)
    st.pending = Pending(
        target.side,
        "defence",
        (target.id,),
        data={
            "attacker": attacker.id,
            "target": target.id,
            "weapon": plan.weapon,
            "zone": plan.zone,
            "section": SECTION,
            "options": [
                {"defence": o.defence, "value": o.value, "p_success": o.p_success} for o in choices
            ],
        },
    )
    st.phase = "defence"
    options = tuple((d.name, d.value) for d in plan.options)
    return [DefenceOffered(plan.target.name, plan.attacker.name, options)]


def _parts(raw: list[Any]) -> tuple[tuple[str, int], ...]:
    return tuple((str(k), int(v)) for k, v in raw)


def paused_plan(game: GameView, data: ThreeData, attacker: Fighter, target: Fighter) -> AttackPlan:
    """The paused attack's plan (its defence still to be chosen) from `interrupted`."""
    saved = game.state.interrupted
    weapon = game.rules.weapon(saved["weapon"])
    options = tuple(Defence(d["name"], _parts(d["parts"])) for d in saved["defences"])
    return AttackPlan(
        attacker=attacker,
        target=target,
        weapon=weapon.name,
        row=data.weapon(weapon),
        parts=_parts(saved["parts"]),
        defence=None,
        zone=saved["zone"],
        options=options,
    )


def resumed(game: GameView) -> None:
    """The decision is made: the round goes on."""
    st = game.state
    st.interrupted = {}
    st.pending = None
    st.phase = "activations"
