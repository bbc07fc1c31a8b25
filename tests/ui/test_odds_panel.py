"""The odds widget and panel: the summary line, buckets, drawing, keeping the last odds."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from panel_kit import distinct_colours, fake_app, played, shot, surface

from game.cover import Cover
from game.odds import plain_odds
from game.ui.odds_panel import STICKY, OddsPanel, OddsWidget, buckets, odds_line, percent
from game.ui.panels.theme import theme

ODDS = plain_odds(3, 11, 3, 3, cover=Cover.LIGHT, br=1, tp=2, edge=1)


def test_line_reads_like_the_product_text() -> None:
    line = odds_line(ODDS)
    assert line.startswith(f"hit {percent(ODDS.p_hit)} · wounds 0/1/2+: ")
    assert line.endswith(f"takes it down {percent(ODDS.p_takedown or 0)}")
    no_tp = plain_odds(3, 11, 3, 3)
    assert "takes it down" not in odds_line(no_tp)
    assert "Treffer" in odds_line(ODDS, "de")


def test_buckets_sum_to_one() -> None:
    for n in (2, 3, 5):
        parts = buckets(ODDS.wounds, n)
        assert sum(p for _, p in parts) == pytest.approx(1.0)
        assert len(parts) <= n
    assert buckets((0.5, 0.5), 3) == [("0", 0.5), ("1", 0.5)]
    assert percent(0.001) == "<1%" and percent(1.0) == "100%" and percent(0.0) == "0%"


def test_widget_draws_within_its_height() -> None:
    target = surface((420, 300))
    widget = OddsWidget(theme("okabe-ito"), 14)
    used = widget.draw(target, target.get_rect(), ODDS)
    assert 0 < used <= widget.height()
    assert distinct_colours(target) > 10


def _preview(problem: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(
        attacker="mira",
        target="raider-2",
        weapon="Pistol",
        odds=ODDS,
        problem=problem,
        zone=None,  # no declared 3W6 hit zone (AttackPreview.zone)
    )


def test_panel_shows_the_preview_and_keeps_it_a_while() -> None:
    game, _ = played(actions=10)
    app = fake_app(game)
    panel = OddsPanel(app)
    target = surface((420, 230))
    panel.rect = target.get_rect()
    panel.update(0.1)
    assert panel.current is None
    panel.draw(target)
    shot(target, "odds_empty")
    app.preview = _preview()
    panel.update(0.1)
    assert panel.current is not None and "Mira" in panel.current[0]
    panel.draw(target)
    shot(target, "odds")
    app.preview = None
    panel.update(STICKY / 2)
    assert panel.current is not None
    panel.update(STICKY)
    assert panel.current is None
    app.options.autoplay = True  # a demo keeps the last odds until the next attack
    assert panel.current is not None


def test_panel_says_why_an_attack_is_not_possible() -> None:
    game, _ = played(actions=10)
    app = fake_app(game, large_text=True)
    app.preview = _preview("out of range")
    panel = OddsPanel(app)
    target = surface((460, 360))
    panel.rect = target.get_rect()
    panel.update(0.1)
    panel.draw(target)
    shot(target, "odds_large_problem")
    assert distinct_colours(target) > 10


def test_the_players_last_hover_is_cleared_on_the_ais_turn() -> None:
    game, _ = played(actions=10)
    app = fake_app(game)
    app.human_sides = {game.pending().side}  # the player decides: the hover counts
    panel = OddsPanel(app)
    target = surface((420, 300))
    panel.rect = target.get_rect()
    app.preview = _preview()
    panel.update(0.1)
    assert panel.current is not None and panel.fresh
    app.preview, app.human_sides = None, set()  # now the AI acts, announcing no attack
    panel.update(0.1)
    assert panel.current is None
    panel.draw(target)
    shot(target, "odds_ai_idle")


def test_an_attack_no_longer_considered_is_greyed_and_says_so() -> None:
    game, _ = played(actions=10)
    app = fake_app(game, autoplay=True)
    panel = OddsPanel(app)
    target = surface((420, 300))
    panel.rect = target.get_rect()
    app.preview = _preview()
    panel.update(0.1)
    panel.draw(target)
    fresh_colours = distinct_colours(target)
    app.preview = None
    panel.update(0.1)
    assert panel.current is not None and not panel.fresh
    panel.draw(target)
    shot(target, "odds_last")
    assert distinct_colours(target) < fresh_colours  # greyed
