"""Why an action is refused, in the player's language (the narrator's reason_text)."""

from __future__ import annotations

from game import actions as act
from game.i18n import set_language
from game.ui.preview import problem_of
from tests.ui.panel_kit import new_game


def test_a_refused_action_is_explained_in_the_players_language() -> None:
    game = new_game("open_skirmish")
    figure = next(iter(game.state.figures.values()))
    action = act.EndActivation(figure.id)
    wanted = game.pending()
    assert wanted is not None and wanted.kind != "act"
    english = problem_of(game, action)
    set_language("de")
    try:
        german = problem_of(game, action)
    finally:
        set_language("en")
    assert english == f"the game waits for {wanted.kind}, not act"
    assert german == f"das Spiel wartet auf {wanted.kind}, nicht auf act"
