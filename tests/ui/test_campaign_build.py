"""Building in the refuge editor (docs/CAMPAIGN.md "Building"): only new modules are
taken from what the editor saved; they cost a build and their price, stand in the
raid once built, and are missing from the battles while only planned."""

from __future__ import annotations

import pygame
import pytest

from game.campaign import refuge
from game.campaign.battle import BattleReport, raid_battle
from game.campaign.cycle import play_cycle
from game.campaign.downtime import Plan
from game.campaign.model import Campaign
from game.campaign.tables import CampaignTables
from game.dice import ScriptedDice
from game.i18n import set_language, tr
from game.ui.campaign_build import Drawing, draw_in_editor, drawing_from
from game.ui.campaign_screen import DowntimeScreen, choose_downtime
from game.ui.editor import edits
from game.ui.editor.app import EditorApp, EditorOptions
from tests.campaign.campaign_kit import Scripted, fresh, module_ids, planner_of

TOWER = """
[[module]]
id = "tower-east"
kind = "watchtower"
polygon = [[66, 60], [70, 60], [70, 64], [66, 64]]
"""
RADIO = "[[36, 74], [42, 74], [42, 81], [36, 81]]"


def _drawn(c: Campaign, t: CampaignTables, saved: str) -> Drawing:
    drawing = drawing_from(c, t, c.layout, saved)
    assert isinstance(drawing, Drawing), drawing
    return drawing


def _plan(drawing: Drawing) -> Plan:
    return Plan(
        build=[piece_id for piece_id, _ in drawing.pieces],
        drawn=list(drawing.pieces),
        layout_text=drawing.text,
        layout=drawing.layout,
    )


def test_a_drawn_watchtower_is_built_for_its_price_and_stands_in_the_raid() -> None:
    c, ctx = fresh(**{"events.row.0.max": 20})  # every event roll brings a raid
    drawing = _drawn(c, ctx.tables, c.layout + TOWER)
    assert drawing.pieces == (("tower-east", "watchtower"),) and not drawing.ignored
    fight = Scripted([BattleReport("mission", "draw", 1), BattleReport("raid", "repelled", 2)])
    # mission seed 1; salvage (draw): scrap 1W6 2, parts 1W3 (W6 1), relics 1W2−1
    # (W2 1), food 1W6 3, ammo 1W3 (W6 1); event W20 4 (raid); raid seed 2;
    # repelled: scrap 1W6 1, ammo 1W6 1
    dice = ScriptedDice([1, 2, 1, 1, 3, 1, 4, 2, 1, 1])
    play_cycle(c, ctx, planner_of(_plan(drawing)), fight, dice)  # type: ignore[arg-type]
    assert dice._faces == []
    tower = next(m for m in c.modules if m.id == "tower-east")
    assert (tower.status, tower.built, tower.on_map) == ("standing", 1, True)
    # scrap 10 + 2 − 6 (the tower) + 1 (the raiders' loot); parts 4 + 1 − 1
    assert (c.resources["scrap"], c.resources["parts"]) == (7, 4)
    assert "tower-east" in module_ids(fight.battles[1])  # the raid of the same cycle
    assert 'id = "tower-east"' in c.layout
    assert "# The storage on the loading dock" in c.layout  # the file's own words kept


def test_a_piece_the_refuge_cannot_pay_stays_planned_and_out_of_the_battles() -> None:
    c, ctx = fresh()
    c.resources["scrap"] = 0
    drawing = _drawn(c, ctx.tables, c.layout + TOWER)
    fight = Scripted([BattleReport("mission", "defeat", 1)])
    # mission seed 1; event W20 12 (quiet)
    play_cycle(c, ctx, planner_of(_plan(drawing)), fight, ScriptedDice([1, 12]))  # type: ignore[arg-type]
    assert next(m for m in c.modules if m.id == "tower-east").status == "planned"
    battle = raid_battle(c, ctx.tables, ctx.rules, drawing.layout, 3)
    assert "tower-east" not in module_ids(battle) and "radio" in module_ids(battle)
    assert "tower-east" not in refuge.buildable(c, ctx.tables)
    c.resources.update(scrap=6, parts=1)
    assert "tower-east" in refuge.buildable(c, ctx.tables)  # built later, like a ruin


@pytest.mark.parametrize(
    ("extra", "key"),
    [
        (TOWER.replace("watchtower", "storage"), "campaign.note.draw_kind"),
        (TOWER.replace("tower-east", "radio"), "campaign.screen.no_module_drawn"),
        (
            TOWER + TOWER.replace("tower-east", "tower-west"),
            "campaign.note.draw_places",
        ),
        ("", "campaign.screen.nothing_drawn"),
    ],
)
def test_what_cannot_be_drawn_is_told(extra: str, key: str) -> None:
    c, ctx = fresh()  # level 1: 4 module places, 3 taken (radio, infirmary, minefield)
    said = drawing_from(c, ctx.tables, c.layout, c.layout + extra)
    words = {"module": tr("campaign.module.storage"), "level": 1, "places": 4}
    assert said == tr(key, **words)


def test_other_changes_in_the_editor_are_left_out() -> None:
    c, ctx = fresh()
    moved = c.layout.replace(RADIO, "[[6, 4], [12, 4], [12, 11], [6, 11]]")
    assert moved != c.layout
    drawing = _drawn(c, ctx.tables, moved + TOWER)
    assert drawing.ignored and drawing.pieces == (("tower-east", "watchtower"),)
    assert RADIO in drawing.text  # the radio stays where it stood
    said = drawing_from(c, ctx.tables, c.layout, moved)  # moved, nothing new
    assert said == tr("campaign.screen.no_module_drawn")


def test_the_screen_takes_a_drawing_and_builds_it_first() -> None:
    pygame.font.init()
    c, ctx = fresh()
    view = DowntimeScreen(c, ctx)
    view.take(_drawn(c, ctx.tables, c.layout + TOWER))
    assert view.plan.build[0] == "tower-east"
    assert view.plan.drawn == [("tower-east", "watchtower")]
    assert view.base_layout() == view.plan.layout_text and "tower-east" in view.base_layout()
    labels = {b.value: b.label for b in view.layout(1120)}
    watchtower = tr("campaign.module.watchtower")
    assert labels[("build", "tower-east")] == tr("campaign.screen.new_piece", name=watchtower)
    assert ("draw",) in labels
    view.take(tr("campaign.screen.nothing_drawn"))
    assert view.message == tr("campaign.screen.nothing_drawn")
    assert view.plan.drawn == [("tower-east", "watchtower")]  # a message keeps the drawing


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_editor_opens_from_the_downtime_and_comes_back(language: str) -> None:
    set_language(language)
    c, ctx = fresh()
    opened: list[str] = []

    def editor(cc: Campaign, t: CampaignTables, base: str) -> Drawing | str:
        opened.append(base)
        return drawing_from(cc, t, base, base + TOWER)

    plan = choose_downtime(c, ctx, frames=2, script=lambda v: v.choose(("draw",)), editor=editor)
    assert opened == [c.layout]
    assert plan.drawn == [("tower-east", "watchtower")] and plan.build[0] == "tower-east"


def test_the_real_editor_with_nothing_saved_gives_nothing() -> None:
    c, ctx = fresh()
    said = draw_in_editor(c, ctx.tables, c.layout, EditorOptions(frames=2))
    assert said == tr("campaign.screen.nothing_drawn")


def test_a_watchtower_saved_in_the_real_editor_comes_back_planned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, ctx = fresh()
    run = EditorApp.run

    def draw_and_save(app: EditorApp) -> int:
        square = [(66.0, 60.0), (70.0, 60.0), (70.0, 64.0), (66.0, 64.0)]
        app.do(edits.add_piece(app.doc, "module", "watchtower", square))
        assert app.save()
        return run(app)

    monkeypatch.setattr(EditorApp, "run", draw_and_save)
    drawing = draw_in_editor(c, ctx.tables, c.layout, EditorOptions(frames=2))
    assert isinstance(drawing, Drawing), drawing
    assert drawing.pieces == (("watchtower-1", "watchtower"),) and not drawing.ignored
    assert drawing.text.startswith(c.layout.rstrip("\n"))


def test_the_editor_marks_ruins_and_planned_modules() -> None:
    from game.ui.camera import Camera
    from game.ui.campaign_build import editor_options
    from game.ui.editor.campaign_marks import PLAN_FILL, draw_campaign_marks
    from game.ui.editor.document import Item

    c, _ctx = fresh()
    # the raid broke the radio; a tower is drawn in the editor
    next(m for m in c.modules if m.id == "radio").status = "destroyed"
    marked = editor_options(c, EditorOptions(frames=1))
    assert (marked.ruins, marked.planned, marked.frames) == (frozenset({"radio"}), frozenset(), 1)
    pygame.init()
    surface = pygame.Surface((60, 60))
    surface.fill((0, 0, 0))
    camera = Camera((60.0, 60.0), (0, 0, 60, 60), 1.0, (30.0, 30.0))
    square = ((10.0, 10.0), (30.0, 10.0), (30.0, 30.0), (10.0, 30.0))
    items = [Item(("module", 0), "piece", "tower", "watchtower", polygon=square)]
    draw_campaign_marks(surface, camera, items, frozenset(), frozenset({"tower"}))
    inside = surface.get_at(camera.to_screen(20.0, 20.0))[:3]
    assert inside != (0, 0, 0) and inside[2] > inside[0]  # a blue blueprint
    assert PLAN_FILL[:3] == (0, 114, 178)
