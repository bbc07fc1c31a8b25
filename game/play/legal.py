"""`Game.legal_actions()`: the decisions open now, as actions or templates."""

from __future__ import annotations

from game import actions as act
from game.play import budget, retreat
from game.play.contract import GameView, Legal
from game.play.handlers import ACTION_ROOMS


def legal_actions(game: GameView) -> list[Legal]:
    """Everything the pending decision allows."""
    st = game.state
    pending = game.pending()
    if pending is None:
        return []
    if pending.kind == "choose_first":
        return [act.ChooseFirst(pending.side, s) for s in pending.data["sides"]]
    if pending.kind == "choose_entry":
        return [act.ChooseEntry(pending.side, e) for e in pending.data["entries"]]
    if pending.kind == "activate":
        flee = [act.Retreat(pending.side)] if retreat.may_retreat(game, pending.side) else []
        return [*[act.Activate(f) for f in pending.figures], *flee]
    if pending.kind == "intercept":
        return [act.Intercept(f, accept) for f in pending.figures for accept in (True, False)]
    if pending.kind == "defence":
        answers = [o["defence"] for o in pending.data["options"]]
        return [act.Defend(f, d) for f in pending.figures for d in answers]
    out: list[Legal] = []
    for fid in pending.figures:
        fig = st.figures[fid]
        for room in ACTION_ROOMS:
            out += room.legal(game, fig)
        out.append(act.EndActivation(fid))
    return [a for a in out if _affordable(game, a)]


def _affordable(game: GameView, action: Legal) -> bool:
    """Drop concrete actions the budget or the no-repeat rule forbids."""
    if not isinstance(action, act.Action) or isinstance(action, act.EndActivation):
        return True
    figure_id = getattr(action, "figure", None)
    if not isinstance(figure_id, str):
        return True
    fig = game.state.figures[figure_id]
    spent = [budget.base_verb(v) for v in game.state.spent.get(fig.id, [])]
    if action.verb not in budget.REPEATABLE and action.verb in spent:
        return False
    cost = budget.action_cost(game, fig, action.verb) if action.cost else 0
    return budget.used(game, fig) + cost <= budget.action_budget(game, fig)
