"""The campaign in the window (docs/CAMPAIGN.md): the downtime screen's choices make
the cycle's plan, it draws in both languages, and a battle left before its end
aborts the cycle."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.campaign.battle import raid_battle
from game.campaign.model import Scar
from game.i18n import set_language
from game.ui.app import UiOptions
from game.ui.campaign_screen import CycleAborted, DowntimeScreen, choose_downtime, fight_at_table
from game.ui.widgets import Button
from tests.campaign.campaign_kit import fresh
from tests.ui.table_kit import SHOTS


def _button(view: DowntimeScreen, value: tuple[object, ...]) -> Button:
    view.layout(1120)
    return next(b for b in view.buttons if b.value == value)


def test_the_screen_starts_from_the_auto_plan_and_clicks_change_it() -> None:
    pygame.font.init()
    c, ctx = fresh()
    c.member("mira").scars.append(Scar("Tiefe Wunde", "treated", 1))
    view = DowntimeScreen(c, ctx)
    assert view.plan.actions["jonas"] == "heal" and view.plan.heal["jonas"] == "mira"
    view.click(_button(view, ("action", "katz", "guard")).rect.center)
    view.click(_button(view, ("action", "jonas", "trade")).rect.center)
    assert view.plan.actions["katz"] == "guard"
    assert view.plan.actions["jonas"] == "trade" and view.plan.trade["jonas"] == 0
    assert "jonas" not in view.plan.heal
    view.click(_button(view, ("action", "oda", "heal")).rect.center)
    assert view.plan.heal["oda"] == "mira"
    view.click(_button(view, ("build", "garden")).rect.center)
    assert "garden" not in view.plan.build  # the auto plan wanted it; a click drops it
    view.click(_button(view, ("core",)).rect.center)
    assert view.plan.recruit_core is True
    view.click(_button(view, ("done",)).rect.center)
    assert view.done


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_screen_draws_and_hands_back_the_plan(language: str) -> None:
    set_language(language)
    c, ctx = fresh()

    def act(view: DowntimeScreen) -> None:
        view.choose(("action", "ferdl", "explore"))
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(SHOTS / f"campaign_{language}.png"))

    plan = choose_downtime(c, ctx, frames=2, script=act)
    assert plan.actions["ferdl"] == "explore"
    assert set(plan.actions) == {"jonas", "katz", "mira", "ferdl", "oda"}
    assert (SHOTS / f"campaign_{language}.png").stat().st_size > 5_000


def test_a_battle_left_before_its_end_aborts_the_cycle(tmp_path: Path) -> None:
    c, ctx = fresh()
    battle = raid_battle(c, ctx.tables, ctx.rules, ctx.layout, 11)
    with pytest.raises(CycleAborted):
        fight_at_table(battle, UiOptions(frames=2, panels=False))
