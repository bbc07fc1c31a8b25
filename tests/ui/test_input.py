"""The table driven with synthetic pygame events: select, move, attack, the tools."""

from __future__ import annotations

import math

import pygame
import pytest
from shapely.geometry import LineString, Polygon
from table_kit import activate, click, drag, hover, key, make_app, screen_pos, settle, shot

from game import actions as act
from game.narration import narrate
from game.play.events import ActivationStarted, FirstChosen, WaveArrived
from game.play.movement import Charged, Moved
from game.play.overwatch import OverwatchDeclared
from game.rules.attack import ToHitRolled
from game.rules.combatant import Condition
from game.ui.dialogs import choice_menu
from game.ui.tools.attack import AttackTool
from game.ui.tools.move import MoveTool


@pytest.fixture
def app():
    return make_app("table")


def test_choose_first_by_key_then_click_activates(app) -> None:
    assert app.game.pending().kind == "choose_first"
    assert app.input.menu is not None
    events = key(app, pygame.K_1)
    assert isinstance(events[0], FirstChosen)
    events = activate(app, "ferdl")
    assert any(isinstance(e, ActivationStarted) and e.figures == ("ferdl",) for e in events)
    assert app.game.pending().kind == "act"
    assert app.input.selected == "ferdl"


def test_clicking_an_enemy_or_empty_table_activates_nothing(app) -> None:
    key(app, pygame.K_1)
    assert click(app, screen_pos(app, 45, 30)) == []
    assert click(app, screen_pos(app, 50, 10)) == []
    assert app.game.pending().kind == "activate"


def test_move_by_hotkey_and_click_ends_where_clicked(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    assert isinstance(app.input.tool, MoveTool)
    pos = screen_pos(app, 14, 40)
    goal = app.camera.to_board(*pos)
    events = click(app, pos)
    moved = [e for e in events if isinstance(e, Moved)]
    assert moved and moved[-1].figure == "ferdl"
    assert moved[-1].end == pytest.approx(goal, abs=2e-3)
    assert app.game.state.figures["ferdl"].pos == pytest.approx(goal, abs=2e-3)


def test_move_path_bends_around_the_building_and_stops_at_the_allowance(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    hover(app, screen_pos(app, 34, 30))
    preview = app.input.tool.preview
    assert preview is not None and preview.problem is None
    assert len(preview.walk) > 2  # it bends
    assert preview.cost_cm == pytest.approx(15.0, abs=0.05)
    assert preview.left_cm == pytest.approx(0.0, abs=0.05)
    block = Polygon([(22, 22), (30, 22), (30, 38), (22, 38)])
    assert not LineString(preview.walk).crosses(block.buffer(1.2))
    events = key(app, pygame.K_RETURN)
    moved = [e for e in events if isinstance(e, Moved)]
    assert moved[-1].until == "allowance"
    assert moved[-1].end == pytest.approx(preview.walk[-1], abs=1e-6)


def test_drag_plans_backspace_undoes_enter_commits(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    fig = app.game.state.figures["ferdl"]
    start = fig.pos
    events = drag(app, screen_pos(app, *fig.pos), screen_pos(app, 12, 20))
    assert events == []
    tool = app.input.tool
    assert tool.planned is not None and app.game.state.figures["ferdl"].pos == start
    key(app, pygame.K_BACKSPACE)
    assert tool.planned is None
    drag(app, screen_pos(app, *fig.pos), screen_pos(app, 16, 34))
    goal = app.camera.to_board(*screen_pos(app, 16, 34))
    events = key(app, pygame.K_RETURN)
    assert [e for e in events if isinstance(e, Moved)][-1].end == pytest.approx(goal, abs=2e-3)


def test_escape_cancels_the_move_without_moving(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    hover(app, screen_pos(app, 15, 35))
    key(app, pygame.K_ESCAPE)
    assert app.input.tool is None
    assert app.game.state.figures["ferdl"].pos == (10, 30)


def test_hover_enemy_shows_sight_cover_and_odds_before_the_shot(app) -> None:
    activate(app, "mira")
    key(app, pygame.K_a)
    assert isinstance(app.input.tool, AttackTool)
    hover(app, screen_pos(app, 45, 50))
    preview = app.preview
    assert preview is not None and preview.target == "raider-2" and preview.problem is None
    assert preview.cover_from == ("hedge",)
    assert 0 < preview.odds.p_hit < 1
    assert sum(preview.odds.wounds) == pytest.approx(1.0)
    lines = app.input.tool.lines()
    assert "Cover from: Hedge" in lines  # the kind, never the piece's id
    shot(app, "input_attack_hover.png")
    settle(app)
    events = click(app, screen_pos(app, 45, 50))
    hits = [e for e in events if isinstance(e, ToHitRolled)]
    assert len(hits) == 1


def test_target_behind_the_building_is_shaded_and_named(app) -> None:
    activate(app, "ferdl")
    legal = [a for a in app.game.legal_actions() if isinstance(a, act.Attack)]
    tool = AttackTool(app.input.ctx, app.game.state.figures["ferdl"], "action", legal)
    app.input.tool = tool
    hover(app, screen_pos(app, 45, 30))
    preview = tool.preview
    assert preview is not None and not preview.los.visible
    assert preview.blocking == ("block",)
    assert preview.problem is not None and preview.odds is None
    assert preview.hidden  # the hidden part of the base
    assert click(app, screen_pos(app, 45, 30)) == []


def test_only_legal_verbs_are_enabled_and_disabled_ones_say_why(app) -> None:
    activate(app, "ferdl")
    app.update(1 / 60)
    buttons = {b.value: b for b in app.input.bar.buttons}
    assert buttons["move"].enabled and buttons["end"].enabled
    assert not buttons["aid"].enabled and buttons["aid"].tooltip
    assert not buttons["charge"].enabled and "reach" in buttons["charge"].tooltip
    legal_verbs = {a.verb for a in app.game.legal_actions()}
    for verb, b in buttons.items():
        if verb not in ("ruler", "fit", "legend", "help"):
            assert b.enabled == (verb in legal_verbs)
    key(app, pygame.K_h)  # First aid: disabled, nothing happens
    assert app.input.tool is None and app.input.menu is None


def test_run_uses_both_actions_and_is_refused_after_a_move(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    click(app, screen_pos(app, 12, 33))
    settle(app)
    app.update(1 / 60)
    buttons = {b.value: b for b in app.input.bar.buttons}
    assert not buttons["run"].enabled and not buttons["move"].enabled
    assert "move" in buttons["move"].tooltip.lower()


def test_overwatch_drag_sets_direction_and_width(app) -> None:
    activate(app, "mira")
    key(app, pygame.K_o)
    fig = app.game.state.figures["mira"]
    east = screen_pos(app, fig.x + 20, fig.y)
    hover(app, east)
    north_east = screen_pos(app, fig.x + 20, fig.y + 5)
    events = drag(app, east, north_east)
    declared = [e for e in events if isinstance(e, OverwatchDeclared)]
    assert declared
    width = 2 * math.degrees(math.atan2(5, 20))
    assert declared[0].direction == pytest.approx(0.0, abs=1.0)
    assert declared[0].angle == pytest.approx(width, abs=1.5)
    assert app.game.state.figures["mira"].overwatch is not None


def test_throw_template_shows_who_it_touches(app) -> None:
    activate(app, "ferdl")
    app.input.choose("throw")
    tool = app.input.tool
    assert tool is not None and tool.name == "throw"
    hover(app, screen_pos(app, 10, 56))
    assert tool.preview is not None and tool.preview.problem is not None  # out of reach
    hover(app, screen_pos(app, 10, 45.2))
    assert tool.preview.problem is None and tool.preview.radius > 0
    assert tool.preview.touched == ("mira",)
    assert app.input.marks().targets == {"mira": "touched"}
    shot(app, "input_throw.png")


def test_ruler_measures_in_cm_and_inches(app) -> None:
    key(app, pygame.K_r)
    drag(app, screen_pos(app, 10, 10), screen_pos(app, 40, 50))
    tool = app.input.tool
    a, b = tool.a, tool.b
    assert math.dist(a, b) == pytest.approx(50.0, abs=0.3)
    app.options.units = "in"
    shot(app, "input_ruler_in.png")
    key(app, pygame.K_r)
    assert app.input.tool is None


def test_right_click_opens_the_info_card(app) -> None:
    click(app, screen_pos(app, 45, 30), button=3)
    assert app.input.info == "raider-1"
    shot(app, "input_info.png")
    click(app, screen_pos(app, 45, 30), button=3)
    assert app.input.info is None


def test_right_drag_pans_and_wheel_zooms_around_the_cursor(app) -> None:
    cam = app.camera
    before = cam.centre
    drag(app, (600, 500), (700, 450), button=3)
    assert cam.centre != before and app.input.info is None
    pos = screen_pos(app, 20, 20)
    under = cam.to_board(*pos)
    hover(app, pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0))
    assert cam.to_board(*pos) == pytest.approx(under, abs=0.05)
    key(app, pygame.K_f)
    assert cam.fitted


def test_a_click_during_a_move_animation_skips_it(app) -> None:
    activate(app, "ferdl")
    key(app, pygame.K_m)
    click(app, screen_pos(app, 14, 40))
    assert app.animating
    assert app.animator.positions()["ferdl"] != app.game.state.figures["ferdl"].pos
    click(app, screen_pos(app, 30, 50))
    assert not app.animating


def test_end_activation_by_hotkey_hands_over(app) -> None:
    activate(app, "ferdl")
    events = key(app, pygame.K_n)
    assert events and app.game.state.figures["ferdl"].activated
    assert isinstance(app.game.history[-1], act.EndActivation)


def test_charge_hover_shows_melee_odds_and_click_charges(app) -> None:
    raider = app.game.state.figures["raider-1"]
    raider.x, raider.y = 18.0, 30.0  # within Ferdl's charge reach (set up before play)
    activate(app, "ferdl")
    key(app, pygame.K_c)
    tool = app.input.tool
    assert isinstance(tool, AttackTool) and tool.mode == "charge"
    hover(app, screen_pos(app, 18, 30))
    preview = app.preview
    assert preview is not None and preview.mode == "charge" and preview.odds is not None
    settle(app)
    events = click(app, screen_pos(app, 18, 30))
    assert any(isinstance(e, Charged) for e in events)
    assert isinstance(app.game.history[-1], act.Charge)


def test_choose_entry_dialog_lights_up_the_zone() -> None:
    app = make_app("refuge_horde", human=("horde",))
    pending = app.game.pending()
    assert pending.kind == "choose_entry" and app.input.menu is not None
    first = app.input.menu.buttons[0]
    hover(app, first.rect.center)
    scene = app.scene()
    assert scene.entry_hover == pending.data["entries"][0]
    shot(app, "input_choose_entry.png")
    events = click(app, first.rect.center)
    assert any(isinstance(e, WaveArrived) for e in events) or isinstance(
        app.game.history[-1], act.ChooseEntry
    )


def test_single_option_verbs_apply_at_once(app) -> None:
    app.game.state.figures["ferdl"].weapon("Shotgun").loaded = 0
    activate(app, "ferdl")
    events = key(app, pygame.K_l)
    assert isinstance(app.game.history[-1], act.Reload) and events
    events = key(app, pygame.K_i)
    assert isinstance(app.game.history[-1], act.Aim) and events


def test_menus_pick_by_click_or_number_and_cancel_with_escape(app) -> None:
    activate(app, "ferdl")
    legal = [a for a in app.game.legal_actions() if isinstance(a, act.Action)]
    app.input.menu = choice_menu(app.game, "end", legal[:2])
    app.input.menu.place(app.input.table)
    key(app, pygame.K_ESCAPE)
    assert app.input.menu is None
    app.input.menu = choice_menu(app.game, "end", [act.EndActivation("ferdl")])
    app.input.menu.place(app.input.table)
    events = click(app, app.input.menu.buttons[0].rect.center)
    assert events and isinstance(app.game.history[-1], act.EndActivation)


def test_arrow_keys_pan_while_held(app) -> None:
    app.camera.zoom_at(3.0, app.layout.table.center)
    before = app.camera.centre
    key(app, pygame.K_RIGHT)
    for _ in range(10):
        app.update(1 / 60)
    moved = app.camera.centre
    assert moved[0] > before[0] and moved[1] == pytest.approx(before[1])
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    app.update(1 / 60)
    assert app.camera.centre == moved


def test_illegal_choice_changes_nothing_and_says_why(app) -> None:
    activate(app, "ferdl")
    history = len(app.game.history)
    assert app.apply(act.Attack("ferdl", "raider-1", "Shotgun")) == []
    assert len(app.game.history) == history
    assert "sight" in app.message or "cm" in app.message


def test_move_preview_lights_up_the_overwatch_zones_it_crosses() -> None:
    app = make_app("table", human=("a", "b"))
    key(app, pygame.K_1)  # a goes first
    click(app, screen_pos(app, 10, 50))  # Mira
    key(app, pygame.K_o)
    fig = app.game.state.figures["mira"]
    east = screen_pos(app, fig.x + 20, fig.y - 6)
    hover(app, east)
    key(app, pygame.K_RETURN)
    assert app.game.state.figures["mira"].overwatch is not None
    key(app, pygame.K_n)
    settle(app)
    click(app, screen_pos(app, 45, 50))  # Raider 2 (side b, hot-seat)
    key(app, pygame.K_m)
    hover(app, screen_pos(app, 34, 44))
    tool = app.input.tool
    assert tool.preview.watchers == ("mira",)
    assert app.input.lit_watchers() == frozenset({"mira"})
    assert any(kind == "overwatch" for kind, _, _ in tool.preview.stops)
    app.camera.zoom_at(1.6, screen_pos(app, 30, 45))
    hover(app, screen_pos(app, 34, 44))
    shot(app, "input_move_overwatch.png")
    key(app, pygame.K_ESCAPE)
    assert app.input.lit_watchers() == frozenset()


def test_hovering_an_enemy_out_of_shots_offers_the_charge(app) -> None:
    raider = app.game.state.figures["raider-1"]
    raider.x, raider.y = 18.0, 30.0
    app.game.state.figures["ferdl"].weapon("Shotgun").loaded = 0  # no shot left
    activate(app, "ferdl")
    assert app.input.tool is None and app.input.default_tool is not None
    hover(app, screen_pos(app, 18, 30))
    assert app.preview is not None and app.preview.mode == "charge"
    settle(app)
    events = click(app, screen_pos(app, 18, 30))
    assert any(isinstance(e, Charged) for e in events)


def test_f1_shows_the_controls(app) -> None:
    key(app, pygame.K_F1)
    assert app.input.help
    shot(app, "input_help.png")
    key(app, pygame.K_ESCAPE)
    assert not app.input.help


def _finish_button(app):  # type: ignore[no-untyped-def]
    return next(b for b in app.input.bar.buttons if b.value == "finish")


def test_g_finishes_off_an_incapacitated_enemy_in_contact() -> None:
    """The Finish off button [Gnadenstoß] is open only with a downed enemy in base
    contact; its hotkey commits the single coup-de-grâce and the log explains it."""
    app = make_app("table", seed=1)
    activate(app, "mira")
    settle(app)
    button = _finish_button(app)
    assert not button.enabled and "no incapacitated enemy" in button.tooltip

    app = make_app("table", seed=1)
    st = app.game.state
    raider, mira = st.figures["raider-1"], st.figures["mira"]
    raider.x, raider.y = mira.x + 2.6, mira.y  # a fallen raider beside Mira
    raider.tp, raider.condition = 0, Condition.OUT_UNSTABLE
    activate(app, "mira")
    settle(app)
    button = _finish_button(app)
    assert button.enabled and button.hotkey == "g"
    assert button.tooltip == "Finish off Raider 1 with Knife [Gnadenstoß]"
    hover(app, button.rect.center)
    events = key(app, pygame.K_g)
    assert [type(e).__name__ for e in events] == ["FinishedOff"]
    settle(app)
    hovered = app.input.bar.hovered  # still under the mouse: now closed, and says why
    assert hovered is not None and hovered.value == "finish" and not hovered.enabled
    assert hovered.tooltip == "Mira already took finish this activation (no repeats, §4)"
    assert (raider.condition, raider.on_table) == (Condition.DEAD, False)
    assert "coup-de-grâce [Gnadenstoß], no roll" in narrate(events[0])
