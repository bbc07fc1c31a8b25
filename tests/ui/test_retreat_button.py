"""The hasty retreat in the window (§10.5): a "Flee" button while the player's side
may flee, a confirmation menu, and only a yes applies `act.Retreat`."""

from __future__ import annotations

from table_kit import SHOTS, click, make_app

from game.actions import ChooseFirst, Retreat
from game.rules.combatant import Condition
from game.ui import screenshot
from game.ui.app import App


def _threatened_crew() -> App:
    app = make_app("salvage_depot", seed=1, human=("crew",))
    game = app.game
    pending = game.pending()
    assert pending is not None and pending.kind == "choose_first"
    game.apply(ChooseFirst(pending.side, "crew"))
    crew = [f for f in game.state.figures.values() if f.side == "crew"]
    for f in crew[: (len(crew) + 1) // 2]:
        f.condition = Condition.OUT
    app.update(1 / 60)
    app.render()
    return app


def _button(app: App, value: str) -> tuple[int, int]:
    hit = next(b for b in app.input.bar.buttons if b.value == value)
    return hit.rect.center


def test_the_flee_button_asks_first_and_a_yes_flees() -> None:
    app = _threatened_crew()
    assert Retreat("crew") in app.game.legal_actions()
    assert click(app, _button(app, "retreat")) == []  # only the question
    menu = app.input.menu
    assert menu is not None and "§10.5" in menu.title
    app.render()
    screenshot.save(app.screen, SHOTS / "retreat_confirm.png")
    no = next(b for b in menu.buttons if b.value is None)
    assert click(app, no.rect.center) == [] and not app.game.is_over()
    click(app, _button(app, "retreat"))
    assert app.input.menu is not None
    yes = next(b for b in app.input.menu.buttons if b.value == Retreat("crew"))
    click(app, yes.rect.center)
    assert app.game.is_over() and app.game.outcome() == "defeat"


def test_no_flee_button_while_the_side_is_not_threatened() -> None:
    app = make_app("salvage_depot", seed=1, human=("crew",))
    game = app.game
    pending = game.pending()
    assert pending is not None
    game.apply(ChooseFirst(pending.side, "crew"))
    app.update(1 / 60)
    assert "retreat" not in [b.value for b in app.input.bar.buttons]
