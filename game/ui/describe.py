"""Words for actions and odds: button labels, menu entries, tooltips, odds lines."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from game import actions as act
from game.cover import Cover
from game.engine import Game
from game.i18n import tr
from game.naming import piece_name, say
from game.play.outcome import last_round
from game.play.systems.threew6 import ThreeW6
from game.play.systems.threew6_react import NONE
from game.systems.common import OddsView
from game.systems.threew6.dice import p_success
from game.ui.preview import TemplatePreview

VERBS = (
    "move",
    "run",
    "attack",
    "charge",
    "finish",
    "throw",
    "aim",
    "reload",
    "cover",
    "overwatch",
    "aid",
    "interact",
    "drink",
    "fly",
    "ability",
    "end",
)
"""The activation's verbs, in button order."""
ITEM_VERBS = frozenset({"drink", "fly"})
"""Verbs only an item gives (seed 002): their button shows while the figure may use it."""
HOTKEYS = {
    "move": "m",
    "run": "u",
    "attack": "a",
    "charge": "c",
    "finish": "g",
    "throw": "t",
    "aim": "i",
    "reload": "l",
    "cover": "v",
    "overwatch": "o",
    "aid": "h",
    "interact": "e",
    "drink": "s",
    "fly": "j",
    "ability": "b",
    "end": "n",
}


def verb_label(verb: str) -> str:
    return tr(f"ui.actions.{verb}")


def _name(game: Game, ref: str | None) -> str:
    if ref is None:
        return ""
    fig = game.state.figures.get(ref)
    if fig is not None:
        return fig.name
    return piece_name(game.state.board, ref)


def describe(game: Game, action: act.Action) -> str:
    """One line for a concrete action (menus, the AI's next step)."""
    if isinstance(action, act.Attack):
        key = "ui.actions.do_attack_burst" if action.burst else "ui.actions.do_attack"
        return say(key, target=_name(game, action.target), weapon=action.weapon)
    if isinstance(action, act.Charge):
        return say("ui.actions.do_charge", target=_name(game, action.target), weapon=action.weapon)
    if isinstance(action, act.FinishOff):
        return say("ui.actions.do_finish", target=_name(game, action.target), weapon=action.weapon)
    if isinstance(action, act.ShieldBash):
        return say("ui.actions.do_shield_bash", target=_name(game, action.target))
    if isinstance(action, act.Reload):
        return say("ui.actions.do_reload", weapon=action.weapon)
    if isinstance(action, act.FirstAid):
        return say("ui.actions.do_aid", target=_name(game, action.target))
    if isinstance(action, act.Interact):
        return say("ui.actions.do_interact", target=_name(game, action.target))
    if isinstance(action, act.UseAbility):
        ability, _, option = action.ability.partition(":")
        text = f"{ability} ({option})" if option else ability
        if action.target:
            return say("ui.actions.do_ability_on", ability=text, target=_name(game, action.target))
        return tr("ui.actions.do_ability", ability=text)
    if isinstance(action, act.Throw):
        return say("ui.actions.do_throw", weapon=action.weapon)
    if isinstance(action, act.Defend):
        if action.defence == "none":
            return tr("ui.dialog.defence_none")
        return f"{_name(game, action.figure)}: {tr(f'systems.part.{action.defence}')}"
    return verb_label(action.verb) if action.verb in VERBS else str(action)


def zone_line(game: Game, zone: str | None, *, keys: bool = True) -> str:
    """Under 3W6 the attack's hit zone: declared with its aim penalty, or rolled
    ("" under the systems without zones). Without `keys` (the odds panel, also when
    the AI attacks) only a declared zone, and no key to press."""
    system = game.system
    if not isinstance(system, ThreeW6) or (zone is None and not keys):
        return ""
    if zone is None:
        return tr("ui.input.zone_rolled")
    penalty = f"{system.aim_penalty(zone):+d}".replace("-", "−")
    key = "ui.input.zone_declared" if keys else "ui.dice.odds.zone"
    return tr(key, zone=tr(f"systems.zone.{zone}"), penalty=penalty)


def defence_line(defence: tuple[str, int] | None) -> str:
    """Under 3W6 the defence the hit chance is reckoned against: the target's best
    open one (it chooses when hit), or none open ("" under the other systems)."""
    if defence is None:
        return ""
    name, value = defence
    if name == NONE:
        return tr("ui.dice.odds.no_defence")
    return tr(
        "ui.dice.odds.best_defence",
        defence=tr(f"systems.part.{name}"),
        value=value,
        p=percent(float(p_success(value))),
    )


def player_number(side: str, human_sides: Collection[str], sides: Iterable[str]) -> int:
    """Hot-seat: which player (1, 2 …) plays `side`, counted in the sides' order;
    0 when only one side (or none) is played at the table, or not this one."""
    humans = [s for s in sides if s in human_sides]
    return humans.index(side) + 1 if len(humans) > 1 and side in humans else 0


def side_with_player(game: Game, side: str, human_sides: Collection[str]) -> str:
    """'Die Zuflucht (you)', 'Die Toten (AI)', in hot-seat 'Die Toten (player 2)'."""
    st = game.state
    name = st.sides[side].name if side in st.sides and st.sides[side].name else side
    n = player_number(side, human_sides, st.sides)
    if n:
        return tr("ui.input.status_player", side=name, n=n)
    return tr("ui.input.status_you" if side in human_sides else "ui.input.status_ai", side=name)


def term(name: str) -> str:
    """A rulebook term (a weapon keyword, a talent) as the reader knows it: German as
    the rulebook has it; English by its English name with the German term in
    brackets ("Loud [Laut]", as the log writes rule terms). Unknown terms stay as
    given."""
    try:
        local = tr(f"ui.term.{name}")
    except KeyError:
        return name
    return local if local.casefold() == name.casefold() else f"{local} [{name}]"


def percent(p: float) -> str:
    """'55%'; '<1%' and '>99%' for the extremes that are not exactly 0 or 1."""
    return f"{percent_number(p)}%"


def percent_number(p: float) -> str:
    """A probability as a whole percentage without its sign: '55', '<1', '>99'."""
    if 0 < p < 0.005:
        return "<1"
    if 0.995 < p < 1:
        return ">99"
    return f"{p * 100:.0f}"


def cover_word(cover: Cover) -> str:
    return tr(f"ui.input.cover_{cover.label}")


def odds_lines(odds: OddsView, tp: int | None = None) -> list[str]:
    """'Hit 55 %', 'Wounds 0/1/2+: 40/35/25 %', 'Takes it down 23 %' (under the other
    rule systems: 'Damage: expected 6.2 (MW 15)')."""
    lines = [tr("ui.input.odds_hit", hit=percent(odds.p_hit), crit=percent(odds.p_crit))]
    if odds.unit != "wounds":
        lines.append(
            tr(
                f"ui.input.odds_damage_{odds.system}",
                n=f"{odds.expected_wounds:.1f}",
                needed=odds.needed,
            )
        )
        if odds.p_takedown is not None:
            lines.append(tr("ui.input.odds_takedown", p=percent(odds.p_takedown)))
        return lines
    dist = list(odds.wounds)
    top = min(len(dist) - 1, 3)
    heads = [str(k) for k in range(top)] + [f"{top}+"]
    values = [dist[k] for k in range(top)] + [sum(dist[top:])]
    lines.append(
        tr(
            "ui.input.odds_wounds",
            heads="/".join(heads),
            values="/".join(percent_number(v) for v in values),
            needed=odds.needed if odds.needed <= 6 else 6,
        )
    )
    if odds.p_takedown is not None:
        lines.append(tr("ui.input.odds_takedown", p=percent(odds.p_takedown)))
    return lines


def throw_lines(game: Game, preview: TemplatePreview, skip: int = 0) -> list[str]:
    """A throw's odds: hitting the point, then every figure it would wound if it
    lands there (take-down and at least one wound), after the first `skip` of them."""
    fire = game.rules.weapon(preview.weapon).has("Feuer")  # a miss lands on the thrower
    key = "ui.input.throw_hit_fire" if fire else "ui.input.throw_hit"
    lines = [tr(key, hit=percent(preview.p_hit), need=preview.need)]
    figures = game.state.figures
    for fid, odds in preview.odds[skip:]:
        name = figures[fid].name if fid in figures else fid
        down = percent(odds.p_takedown or 0.0)
        lines.append(
            tr("ui.input.throw_target", name=name, down=down, one=percent(odds.at_least(1)))
        )
    return lines


def round_limit(game: Game) -> int:
    """The rounds the battle lasts at most: a hold or protect objective's rounds
    when it ends the battle sooner than the scenario's round limit."""
    limit = game.scenario.scenario.max_rounds
    objective = game.scenario.objective
    if objective is not None and objective.kind in ("hold", "protect") and objective.rounds:
        return min(limit, objective.rounds)
    return limit


def shown_round(game: Game) -> int:
    """The round to name: the current one, or once the battle is over the last one
    played (as the end screen says)."""
    return last_round(game) if game.is_over() else game.state.round
