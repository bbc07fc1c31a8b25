"""A throw's odds before it is made: the chance to hit the point and the W20 face it
needs, each touched figure's wounds and take-down if the template lands there — in
the throw box, the odds panel (for the player's throw and the AI's in demo), and the
AI's template on the table while it holds its throw."""

from __future__ import annotations

import pygame
import pytest
from table_kit import activate, hover, make_app, screen_pos, shot

from game import actions as act
from game.engine import Game
from game.odds import attack_odds
from game.play import bridge
from game.rules.combatant import AttackContext
from game.ui.odds_panel import OddsPanel
from game.ui.preview import TemplatePreview

BOMB = "Improvised bomb"


def test_the_template_preview_gives_the_throw_and_each_figures_odds() -> None:
    app = make_app("table")
    activate(app, "ferdl")
    app.input.choose("throw")
    hover(app, screen_pos(app, 10, 45.2))  # the template over Mira (friendly fire)
    preview = app.input.tool.preview  # type: ignore[union-attr]
    assert isinstance(preview, TemplatePreview) and preview.problem is None
    # Ferdl: W20 + 1 (REF) against the point's 10: faces 9 … 20 hit
    assert preview.need == 9
    assert preview.p_hit == pytest.approx(12 / 20)
    (fid, odds), *_ = preview.odds
    assert fid == "mira" and preview.target == "mira"
    game, ferdl, mira = app.game, app.game.state.figures["ferdl"], app.game.state.figures["mira"]
    bomb = game.rules.weapon(BOMB)  # 3W6 Explosiv: Mira saves on REF +3 vs 12, 60 %
    thrower, target = bridge.combatant(game, ferdl), bridge.combatant(game, mira)
    full = attack_odds(thrower, target, bomb, AttackContext(), game.rules)
    # saved: the pool halved, 3W6 → 1W6 (a natural 20's 4W6 → 2W6)
    half = attack_odds(
        thrower, target, bomb.model_copy(update={"pool": 1}), AttackContext(), game.rules
    )
    halves = [*half.wounds, *[0.0] * (len(full.wounds) - len(half.wounds))]
    mixed = [0.4 * f + 0.6 * h for f, h in zip(full.wounds, halves, strict=True)]
    assert odds.p_hit == pytest.approx(preview.p_hit)
    assert odds.wounds == pytest.approx(mixed)  # no cover between centre and Mira
    lines = app.input.tool.lines()  # type: ignore[union-attr]
    assert "Hits the point: 60% (d20 9+); a miss lands on the thrower (§5.5)" in lines
    assert any(line.startswith("Mira: takes it down ") for line in lines)


def test_the_odds_panel_shows_the_players_throw() -> None:
    app = make_app("table", panels=True)
    activate(app, "ferdl")
    app.input.choose("throw")
    hover(app, screen_pos(app, 10, 45.2))
    panel = next(p for p in app.panels if isinstance(p, OddsPanel))
    panel.update(1 / 60)
    shown = panel.current
    assert shown is not None and panel.fresh
    title, odds, problem, notes = shown
    assert title == "Ferdl → Mira · Improvised bomb" and problem is None
    assert odds is not None and odds.p_hit == pytest.approx(0.6)
    hover(app, screen_pos(app, 16, 30))  # nobody under the template
    panel.update(1 / 60)
    assert panel.current is not None
    title, odds, _, notes = panel.current
    assert title == "Ferdl → the point · Improvised bomb" and odds is None
    assert notes[0].startswith("Hits the point: 60%")
    app.render()
    shot(app, "throw_odds_panel.png")


class Thrower:
    """Side a's stand-in AI: Ferdl throws the bomb at a point 12 cm ahead, once."""

    def __init__(self) -> None:
        self.thrown = False

    def choose(self, game: Game) -> act.Action:
        pending = game.pending()
        assert pending is not None
        if pending.kind == "choose_first":
            return act.ChooseFirst(pending.side, pending.side)
        if pending.kind == "activate":
            pick = "ferdl" if "ferdl" in pending.figures else pending.figures[0]
            return act.Activate(pick)
        fig = pending.figures[0]
        if fig == "ferdl" and not self.thrown:
            self.thrown = True
            return act.Throw(fig, BOMB, (16.0, 30.0))
        return act.EndActivation(fig)

    def intent(self, game: Game) -> str | None:
        return None


def test_the_ai_shows_its_throw_and_its_odds_before_throwing() -> None:
    app = make_app("table", human=(), autoplay=True)
    app.controllers["a"] = Thrower()
    panel = OddsPanel(app)  # the panel alone: no dice to wait for
    held = None
    for _ in range(400):
        app.animator.skip()
        before = len(app.game.history)
        app.step_ai(10.0)
        if isinstance(app.ai_next, act.Throw):
            assert len(app.game.history) == before  # held while the odds show
            held = app.preview
            panel.update(1 / 60)
            app.render()
            shot(app, "throw_odds_ai.png")  # the AI's template on the table
            break
    assert isinstance(held, TemplatePreview) and held.figure == "ferdl"
    assert panel.current is not None and panel.fresh
    assert panel.current[3][0].startswith("Hits the point: 60%")
    pygame.event.clear()
