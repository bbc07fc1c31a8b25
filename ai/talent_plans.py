"""What the AI makes of the talents that are actions (rulebook §13.1): Furchtbrüller's
roar, a gift paid with Blutmagie or with strain, Schildschlag's free stun, raising a
fallen figure with Wandelnde Plage.
(Durchbruch's free Move is a Move: `Situation.can` offers it.)

Values are in "figures" as everywhere in ai/ (ai/scoring.py): an enemy action lost is
worth `ACTION_SHARE` of that enemy's value; a TP of the caster `TP_SHARE` of its own
value per TP it has left to lose.
"""

from __future__ import annotations

from ai.scorer import Plan, Scorer
from ai.scoring import attack_value, book, figure_value
from ai.situation import Situation
from game import actions as act
from game.play import abilities, bridge, combat, context, talent_room
from game.rules import abilities as rules_abilities
from game.rules.checks import Outcome, outcome_probabilities
from game.rules.talents import BLUTMAGIE, FURCHTBRUELLER, WANDELNDE_PLAGE
from game.rules.talents import has as has_talent
from game.state import Figure

ACTION_SHARE = 0.2
"""An enemy's lost action, as a share of what taking it out is worth."""
TP_SHARE = 0.3
"""The caster's TP paid or lost: this share of its own value, over the TP it has (the
first TP of many matter less than the last of few: the share is below 1)."""
SUPPRESS_SHARE = 0.3
"""A suppressed enemy (Grauen), as a share of its value."""
RISEN_ACTIONS = 2
"""A risen figure's actions for its new side (one round's activation)."""


def talent_plans(sit: Situation, sc: Scorer, others: list[Plan]) -> list[Plan]:
    """The talent plans of the figure now: each worth its gain on top of what
    the figure's position is worth (a free one on top of its best other plan)."""
    here = sc.at(0)
    best = max((p.value for p in others), default=here)
    out: list[Plan] = []
    bash = _bash(sit, best)
    if bash is not None:
        out.append(bash)
    if sit.can("ability"):
        out += _roar(sit, here) + _gifts(sit, here) + _raise(sit, here)
    return out


def _fails(bonus: int, target: int) -> float:
    """P(a save or check with `bonus` against `target` fails)."""
    probs = outcome_probabilities(bonus, target, 0)
    return probs[Outcome.FAILURE] + probs[Outcome.FUMBLE]


def _bash(sit: Situation, best: float) -> Plan | None:
    """Schildschlag is free: the most valuable enemy in contact loses an action."""
    game, fig = sit.game, sit.fig
    if not talent_room.bash_open(game, fig):
        return None
    near = talent_room.bashable(game, fig)
    if not near:
        return None
    target = max(near, key=lambda e: (figure_value(game, e), e.id))
    gain = ACTION_SHARE * figure_value(game, target)
    return Plan(act.ShieldBash(fig.id, target.id), best + gain, "bash", target=target.name)


def roar_gain(sit: Situation) -> float:
    """Furchtbrüller: each enemy it reaches loses an action when its WIL save fails."""
    game, fig = sit.game, sit.fig
    data = game.rules.talent(FURCHTBRUELLER)
    gain = 0.0
    for enemy in abilities.roar_targets(game, fig):
        wil = bridge.combatant(game, enemy).attribute(data.attribute or "wil")
        lost = _fails(wil, data.target or 0) * (data.actions or 0)
        gain += lost * ACTION_SHARE * figure_value(game, enemy)
    return gain


def _roar(sit: Situation, here: float) -> list[Plan]:
    game, fig = sit.game, sit.fig
    if not has_talent(game.profile(fig).talents, FURCHTBRUELLER):
        return []
    if FURCHTBRUELLER not in abilities.abilities_of(game, fig):
        return []
    gain = roar_gain(sit)
    if gain <= 0.0:
        return []
    return [Plan(act.UseAbility(fig.id, FURCHTBRUELLER), here + gain, "roar")]


def _raise(sit: Situation, here: float) -> list[Plan]:
    """Wandelnde Plage: the best fresh fallen rises for a round — its actions, against
    the strain's cost."""
    game, fig = sit.game, sit.fig
    if not has_talent(game.profile(fig).talents, WANDELNDE_PLAGE):
        return []
    fallen = talent_room.raisable(game, fig)
    if not fallen:
        return []
    target = max(fallen, key=lambda f: (figure_value(game, f), f.id))
    gain = RISEN_ACTIONS * ACTION_SHARE * figure_value(game, target) - strain_cost(sit)
    if gain <= 0.0:
        return []
    use = act.UseAbility(fig.id, WANDELNDE_PLAGE, target.id)
    return [Plan(use, here + gain, "raise", target=target.name)]


def tp_cost(sit: Situation, tp: int) -> float:
    """What losing `tp` TP costs the caster (dearer the fewer it has)."""
    fig = sit.fig
    if fig.tp <= tp:
        return figure_value(sit.game, fig)
    return TP_SHARE * figure_value(sit.game, fig) * tp / fig.tp


def strain_cost(sit: Situation) -> float:
    """The expected cost of a gift's strain: nothing below the limit (or tamed), else
    the backlash — a wound, or an action lost."""
    game, rules = sit.game, sit.game.rules
    comb = bridge.combatant(game, sit.fig)
    if rules_abilities.tames(comb, rules):
        return 0.0
    if comb.strain + rules.strain.cost <= rules_abilities.strain_limit(comb, rules):
        return 0.0
    die = rules.strain.backlash_die
    cost = 0.0
    for face in range(1, die + 1):
        effect = rules.strain.backlash_for(face)
        if effect == "wound":
            cost += tp_cost(sit, 1) / die
        elif effect == "lose_action":
            cost += ACTION_SHARE * figure_value(game, sit.fig) / die
    return cost


def _gifts(sit: Situation, here: float) -> list[Plan]:
    """A Hexer with Blutmagie casts its gifts, paid the cheaper way: 1 TP or the strain
    (the AI casts gifts only with the talent; without it, as before, none)."""
    game, fig = sit.game, sit.fig
    if not has_talent(game.profile(fig).talents, BLUTMAGIE):
        return []
    blood = tp_cost(sit, game.rules.talent(BLUTMAGIE).tp or 0)
    strain = strain_cost(sit)
    paid = abilities.BLOOD if blood < strain else ""
    out: list[Plan] = []
    for use in abilities.legal(game, fig):
        if not isinstance(use, act.UseAbility) or use.target is None:
            continue
        name, _, option = use.ability.partition(":")
        if name not in game.profile(fig).gifts or option != paid:
            continue
        target = game.state.figures[use.target]
        gain = _gift_gain(sit, name, target) - min(blood, strain)
        if gain > 0.0:
            what = "blood_gift" if paid else "gift"
            out.append(Plan(use, here + gain, what, target=target.name))
    return out


def _gift_gain(sit: Situation, name: str, target: Figure) -> float:
    """What a gift does to the target, in figures: an attack gift's odds, Grauen's
    suppression when the save fails."""
    game, fig = sit.game, sit.fig
    gift = game.rules.gift(name)
    worth = figure_value(game, target)
    if gift.effect == "attack" and gift.weapon is not None:
        if combat.attack_problem(game, fig, target, gift.weapon, mode="gift") is not None:
            return 0.0
        weapon = game.rules.weapon(gift.weapon)
        measured = context.measure(game, fig, target, weapon, mode="gift")
        table = game.system.situation(game, fig, target, measured)
        comb, victim = bridge.combatant(game, fig), bridge.combatant(game, target)
        odds = book(game).odds(game, comb, victim, weapon, measured.ctx, table)
        return attack_value(odds, target, worth)
    if gift.effect == "save" and gift.attribute is not None and gift.target is not None:
        bonus = bridge.combatant(game, target).attribute(gift.attribute)
        return _fails(bonus, gift.target) * SUPPRESS_SHARE * worth
    return 0.0
