"""Attract mode: several battles headless, errors survived, broken scenarios skipped,
and the in-window panel moving on to the next battle."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from panel_kit import SCENARIOS, fake_app, new_game, shot, surface

from game.engine import Game
from game.ui.demo import END_HOLD, AttractLoop, DemoPanel, ScenarioCycle, shipped_scenarios
from game.ui.log import LogPanel


def test_loop_plays_several_battles_through_every_scenario() -> None:
    lines: list[tuple[str, str]] = []
    seen: list[int] = []
    loop = AttractLoop(
        max_actions=40,
        notice=lambda line, fam: lines.append((line, fam)),
        on_events=lambda e: seen.append(len(e)),
    )
    shipped = len(shipped_scenarios())
    played = loop.run(games=shipped + 1)
    assert len(played) == shipped + 1
    names = [p.scenario for p in played]
    assert len(set(names[:shipped])) == shipped == 6
    assert names[shipped] == names[0]
    assert len({p.seed for p in played}) == shipped + 1
    assert all(p.error in (None, "cut off") for p in played)
    assert sum(seen) > 0 and sum(1 for _, fam in lines if fam == "intent") >= 4


def test_a_battle_played_to_its_end() -> None:
    loop = AttractLoop([SCENARIOS / "open_skirmish.toml"])
    played = loop.run(games=1)
    assert played[0].outcome is not None and played[0].error is None


def test_an_exception_in_a_battle_moves_on(monkeypatch: pytest.MonkeyPatch) -> None:
    real_apply = Game.apply
    calls = {"n": 0}

    def flaky(self: Game, action):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 7:
            raise RuntimeError("boom in the engine")
        return real_apply(self, action)

    monkeypatch.setattr(Game, "apply", flaky)
    errors: list[str] = []
    loop = AttractLoop(
        max_actions=30, notice=lambda line, fam: fam == "error" and errors.append(line)
    )
    played = loop.run(games=3)
    assert len(played) == 3
    assert "boom in the engine" in (played[0].error or "")
    assert any("boom" in line for line in errors)
    assert played[1].scenario != played[0].scenario


def test_broken_scenario_files_are_skipped(tmp_path: Path) -> None:
    shutil.copy(SCENARIOS / "open_skirmish.toml", tmp_path / "b_good.toml")
    (tmp_path / "a_broken.toml").write_text("[scenario\nname = ", encoding="utf-8")
    errors: list[str] = []
    cycle = ScenarioCycle(
        sorted(tmp_path.glob("*.toml")), notice=lambda line, fam: errors.append(line)
    )
    started = cycle.next_game()
    assert started is not None and started[0].scenario_name
    assert errors and "a_broken.toml" in errors[0]
    (tmp_path / "b_good.toml").unlink()
    empty = ScenarioCycle(sorted(tmp_path.glob("*.toml")))
    assert empty.next_game() is None
    assert AttractLoop(sorted(tmp_path.glob("*.toml"))).run(games=2) == []


class _App:
    """A stand-in window: records the battles it is asked to start."""

    def __init__(self, game: Game) -> None:
        stand_in = fake_app(game, autoplay=True)
        self.game, self.options = game, stand_in.options
        self.started: list[tuple[Game, dict]] = []
        self.log = LogPanel(self)
        self.panels = [self.log]

    def new_game(self, game: Game, controllers: dict) -> None:
        self.started.append((game, controllers))
        self.game = game


def test_panel_starts_the_next_battle_after_the_end() -> None:
    game = new_game("refuge_horde")
    app = _App(game)
    panel = DemoPanel(app)
    assert panel.visible
    panel.update(1.0)
    assert not app.started
    game.state.outcome = "repelled"  # staged: the battle is over
    panel.update(END_HOLD / 2)
    target = surface((1000, 600))
    panel.rect = target.get_rect()
    panel.draw(target)
    shot(target, "demo_banner")
    assert not app.started
    panel.update(END_HOLD)
    assert len(app.started) == 1
    nxt, controllers = app.started[0]
    assert nxt.scenario_name != game.scenario_name
    assert set(controllers) == set(nxt.state.sides)
    assert any("Demo:" in e.parts("en")[0] for e in app.log.log.entries)


def test_panel_survives_an_error_and_skips_on_n() -> None:
    app = _App(new_game("refuge_raiders"))
    panel = DemoPanel(app)
    assert panel.on_error(RuntimeError("controller exploded"))
    assert len(app.started) == 1 and panel.errors == 1
    assert any(e.family == "error" for e in app.log.log.entries)
    assert panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))
    assert len(app.started) == 2


def test_panel_is_inert_without_autoplay() -> None:
    app = _App(new_game())
    app.options.autoplay = False
    panel = DemoPanel(app)
    assert not panel.visible and not panel.on_error(RuntimeError("x"))
    assert not panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))


def test_panel_skips_a_battle_the_window_refuses() -> None:
    app = _App(new_game("refuge_raiders"))
    real = app.new_game
    refused = []

    def picky(game: Game, controllers: dict) -> None:
        if not refused:
            refused.append(game.scenario_name)
            raise RuntimeError("cannot show this one")
        real(game, controllers)

    app.new_game = picky  # type: ignore[method-assign]
    panel = DemoPanel(app)
    assert panel.next_battle()
    assert refused and app.started[0][0].scenario_name != refused[0]
