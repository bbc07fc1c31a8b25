"""The jetpack's button and tool (seed 002, docs/RULES.md §18): the button shows for
a figure carrying a jetpack; the tool draws the straight flight to the mouse and
commits Fly on a click."""

from __future__ import annotations

from pathlib import Path

from table_kit import SHOTS, click, hover, screen_pos

from game.actions import Activate, ChooseFirst
from game.engine import Game
from game.loading import parse_scenario
from game.ui import screenshot
from game.ui.app import App, UiOptions
from game.ui.tools.fly import FlyTool, flight_preview

ROOT = Path(__file__).resolve().parents[2]


def _app(kit: str) -> tuple[Game, App]:
    """Open skirmish; Bruno at (52, 20), north of the low wall (42–54, 27–28)."""
    text = (ROOT / "scenarios" / "open_skirmish.toml").read_text(encoding="utf-8")
    text = text.replace('profile = "Bruno"\n', f'profile = "Bruno"\nequipment = {kit}\n', 1)
    game = Game(parse_scenario(text), seed=3)
    game.apply(ChooseFirst("survivors", "survivors"))
    game.apply(Activate("bruno"))
    sides = {s.id: None for s in game.scenario.side}
    app = App(game, sides, UiOptions(size=(1600, 1000), panels=False, ai_thread=False))
    app.update(1 / 60)
    app.render()
    return game, app


def test_the_button_shows_only_with_a_jetpack() -> None:
    _, app = _app("[]")
    assert "fly" not in [b.value for b in app.input.bar.buttons]
    _, app = _app('["Jetpack"]')
    assert "fly" in [b.value for b in app.input.bar.buttons]


def test_the_tool_flies_over_the_low_wall_on_a_click() -> None:
    game, app = _app('["Jetpack"]')
    bruno = game.state.figures["bruno"]
    assert app.input.choose("fly") is None
    assert isinstance(app.input.tool, FlyTool)
    hover(app, screen_pos(app, 50.0, 31.0))
    app.render()
    screenshot.save(app.screen, SHOTS / "fly_tool.png")
    far = flight_preview(game, bruno, (52.0, 36.0))  # 16 cm: too far
    assert far.problem is not None and "at most 15" in far.problem
    events = click(app, screen_pos(app, 50.0, 31.0))
    assert events
    assert app.input.tool is None or not isinstance(app.input.tool, FlyTool)
    assert abs(bruno.x - 50.0) < 0.2 and abs(bruno.y - 31.0) < 0.2
