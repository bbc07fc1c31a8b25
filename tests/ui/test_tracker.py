"""The tracker: round, initiative, the activation under way, who is still to act."""

from __future__ import annotations

from panel_kit import distinct_colours, fake_app, new_game, played, shot, surface

from game.i18n import set_language
from game.ui.tracker import TrackerPanel, units_to_act, waiting


def _panel(name: str = "refuge_raiders", actions: int = 60) -> TrackerPanel:
    game, events = played(name, actions=actions)
    app = fake_app(game)
    app.human_sides = ("refuge",)
    panel = TrackerPanel(app)
    panel.on_events(events)
    return panel


def test_lines_name_round_initiative_and_sides() -> None:
    panel = _panel()
    game = panel.game
    assert game is not None
    lines = panel.lines_for()
    text = "\n".join(t for _, t, _ in lines)
    rounds = game.scenario.objective.rounds  # the raid is over after the objective's rounds
    assert rounds is not None and rounds < game.scenario.scenario.max_rounds
    assert f"Round {game.state.round} of {rounds}" in lines[0][1]
    for side in game.state.sides.values():
        assert side.name in text
    assert "(you)" in text and "(AI)" in text
    assert any(line.startswith("Last:") for _, line, _ in lines)


def test_intent_replaces_the_last_action() -> None:
    panel = _panel()
    panel.app.intent = ("raiders", "looting the storage")
    lines = panel.lines_for()
    assert any("looting the storage" in t for _, t, _ in lines)
    assert not any(t.startswith("Last:") for _, t, _ in lines)


def test_waiting_counts_packs_as_one_only_when_packs_activate_as_one() -> None:
    game = new_game("refuge_horde")
    figures = list(game.state.figures.values())
    horde = waiting(figures, "refuge")  # stand-ins: the horde is not on the table yet
    for i, fig in enumerate(horde):  # two packs, as two waves would make them
        fig.pack = f"pack-{i % 2}"
    assert len(horde) >= 4
    assert len(units_to_act(horde, packs=True)) == 2
    assert len(units_to_act(horde, packs=False)) == len(horde)  # the rulebook: one by one


def test_draws_readable_panels() -> None:
    for name in ("refuge_raiders", "refuge_horde", "open_skirmish"):
        panel = _panel(name, actions=40)
        target = surface((420, 240))
        panel.rect = target.get_rect()
        panel.draw(target)
        assert distinct_colours(target) > 10
        shot(target, f"tracker_{name}")
    set_language("de")
    try:
        panel = _panel()
        panel.app.options.large_text = True
        target = surface((460, 320))
        panel.rect = target.get_rect()
        panel.draw(target)
        shot(target, "tracker_large_de")
        assert "Runde" in panel.lines_for()[0][1]
    finally:
        set_language("en")


def test_without_a_game_nothing_breaks() -> None:
    panel = TrackerPanel(fake_app(None))
    target = surface((300, 100))
    panel.rect = target.get_rect()
    panel.draw(target)
    assert panel.lines_for() == []


def test_the_header_status_line_and_end_screen_agree_on_the_rounds() -> None:
    from panel_kit import until_over

    from game.ui.describe import round_limit, shown_round
    from game.ui.endscreen import summary
    from game.ui.render.hud import situation

    game, events = until_over("refuge_horde")
    assert round_limit(game) == 8  # protect the shelter for 8 rounds (max_rounds 10)
    rounds = summary(game).rounds
    assert shown_round(game) == rounds <= 8
    app = fake_app(game)
    panel = TrackerPanel(app)
    panel.on_events(events)
    assert panel.lines_for()[0][1] == f"Battle over — round {rounds}"
    assert situation(game, ()).startswith(f"Round {rounds} · the battle is over")
