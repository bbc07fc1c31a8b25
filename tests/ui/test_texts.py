"""What the window writes, in English and German: names and weapons in the reader's
language, rule terms with the German word in brackets, the open dialog and the
action bar following a change of language, and the small slips (no "−0", no
"a Improvised", "<1%" in the hover box as in the panel, 0° not 360°, tooltips that
say what an action does)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from panel_kit import fake_app, new_game
from table_kit import key, make_app

from game import actions as act
from game.engine import Game
from game.i18n import set_language, tr
from game.odds import plain_odds
from game.rules.structures import StructureDamaged
from game.ui import describe, info
from game.ui.actionbar import tooltip_for
from game.ui.dice_view import dice_roll
from game.ui.endscreen import Summary, headline
from game.ui.odds_panel import OddsPanel, odds_line
from game.ui.panels.settings_panel import SettingsPanel
from game.ui.render import hud
from game.ui.settings import ENV_DIR
from game.ui.tools.base import Context
from game.ui.tools.overwatch import OverwatchTool
from game.ui.tools.throw import ThrowTool


@pytest.fixture(autouse=True)
def _english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))  # the settings dialog saves there
    set_language("en")
    yield
    set_language("en")


def _horde_game() -> Game:
    """The raid with the first horde pack activated (Shamblers deciding)."""
    app = make_app("refuge_horde", seed=5, human=("refuge",))
    for _ in range(200):
        pending = app.game.pending()
        if pending.kind == "act" and pending.side == "horde":
            return app.game
        app.animator.skip()
        app.step_ai(10.0)
        if app.game.pending().side == "refuge":
            app.apply(next(a for a in app.game.legal_actions() if isinstance(a, act.Action)))
    raise AssertionError("the horde never acted")


def test_german_status_line_and_odds_title_name_figures_and_weapons_in_german() -> None:
    game = _horde_game()
    set_language("de")
    line = hud.situation(game, {"refuge"})
    assert "Schlurfer" in line and "Shambler" not in line
    panel = OddsPanel(fake_app(game))
    shambler = next(f for f in game.state.figures.values() if f.name.startswith("Shambler"))
    preview = SimpleNamespace(attacker="bruno", target=shambler.id, weapon="Assault rifle")
    title = panel.title_of(preview)
    assert title == f"Bruno → Schlurfer {shambler.name.split()[-1]} · Sturmgewehr"


def test_german_throw_box_names_the_touched_figures_in_german() -> None:
    game = _horde_game()
    set_language("de")
    ids = tuple(f.id for f in game.state.figures.values() if f.name.startswith("Shambler"))[:2]
    tool = ThrowTool(Context(game, None, lambda: "cm"), game.state.figures["ferdl"], "x")  # type: ignore[arg-type]
    assert tool._names(ids).count("Schlurfer") == 2


def test_english_card_gives_keywords_talents_and_gifts_with_the_german_term() -> None:
    game = new_game("open_skirmish")
    oda = next(f for f in game.state.figures.values() if f.name == "Oda")
    text = "\n".join(t for t, _ in info.card_lines(game, oda, "cm"))
    assert "Quiet [Leise]" in text and "Reload after each shot [Nachladen]" in text
    assert "Rift strike [Riss-Stoß]" in text and "Dread [Grauen]" in text
    bruno = next(f for f in game.state.figures.values() if f.name == "Bruno")
    assert "Loud [Laut]" in "\n".join(t for t, _ in info.card_lines(game, bruno, "cm"))
    set_language("de")
    german = "\n".join(t for t, _ in info.card_lines(game, oda, "cm"))
    assert "Leise" in german and "[Leise]" not in german and "Quiet" not in german
    assert describe.term("Wachsam") == "Wachsam"
    set_language("en")
    assert describe.term("Wachsam") == "Watchful [Wachsam]"
    assert describe.term("Something new") == "Something new"


def test_changing_the_language_rebuilds_the_open_dialog_and_the_action_bar() -> None:
    app = make_app("refuge_horde", human=("horde",), panels=True)
    app.update(1 / 60)
    assert app.input.menu is not None
    assert app.input.menu.title == "Die Toten: where does the next wave come in?"
    assert [b.label for b in app.input.bar.buttons] == ["Ruler", "Fit", "Legend", "Help"]
    settings = next(p for p in app.panels if isinstance(p, SettingsPanel))
    key(app, pygame.K_F2)
    settings.change("language")  # English → Deutsch (the next language)
    app.update(1 / 60)
    app.render()
    assert app.input.menu is not None
    assert app.input.menu.title.startswith("Die Toten:") and "Welle" in app.input.menu.title
    assert [b.label for b in app.input.bar.buttons] == ["Maßband", "Einpassen", "Legende", "Hilfe"]


def test_a_structure_roll_without_damage_shows_no_minus_zero() -> None:
    event = StructureDamaged("Plünderer 3", "gate", (1, 2), 4, 0, 1, 0, 8, 8)
    for language in ("en", "de"):
        roll = dice_roll(event, language)
        assert roll is not None and "−0" not in roll.result and "= 0 " in roll.result
    hit = StructureDamaged("Brute", "gate", (5, 6), 4, 2, 2, 4, 8, 4)
    assert "= −4 points" in dice_roll(hit, "en").result  # type: ignore[union-attr]


def test_the_tracker_and_end_screen_let_side_names_stand_alone() -> None:
    assert tr("ui.tracker.waiting", language="de", side="Die Zuflucht", what="x") == (
        "Entscheidung: Die Zuflucht — x"
    )
    raid = Summary(
        "partial", None, 9, (), 0, 0, (), (), True, defenders="Die Zuflucht", attackers="Die Toten"
    )
    assert headline(raid)[1] == "Defenders: Die Zuflucht — attackers: Die Toten"
    line = tr("ai.what.throw", weapon="Improvised bomb", target="Shambler 5")
    assert " a Improvised" not in line and "Improvised bomb" in line


def test_the_hover_box_and_the_panel_write_tiny_chances_alike() -> None:
    tiny = plain_odds(0, 11, 1, 6, tp=2)  # one die against 2 TP: only a natural 20 takes it
    assert tiny.p_takedown is not None and 0 < tiny.p_takedown < 0.005
    lines = describe.odds_lines(tiny)
    assert lines[-1] == "Takes it down: <1%"
    assert odds_line(tiny).endswith("takes it down <1%")
    assert lines[1] == "Wounds 0/1/2+: 91/9/<1% (each die 6+)"
    assert describe.percent(0.0) == "0%" and describe.percent(0.9999) == ">99%"
    assert describe.percent(0.55) == "55%"


def test_an_overwatch_sector_pointing_east_says_0_degrees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.ui.tools.overwatch as ow
    from game.ui.camera import Camera

    game = new_game("open_skirmish")
    fig = next(f for f in game.state.figures.values() if f.on_table)
    tool = OverwatchTool.__new__(OverwatchTool)
    tool.ctx = Context(game, Camera.fitting((120.0, 120.0), (0, 0, 600, 600)), lambda: "cm")
    tool.figure, tool.direction, tool.angle, tool.radius = fig, 359.7, 60.0, 30.0
    lines: list[str] = []
    monkeypatch.setattr(ow.overlays, "label_box", lambda surface, shown, at: lines.extend(shown))
    tool.draw_over(pygame.Surface((600, 600)))
    assert lines == ["Sector 60° towards 0°"]


@pytest.mark.parametrize("verb", ["aim", "cover", "end"])
def test_aim_cover_and_end_tooltips_say_what_the_action_does(verb: str) -> None:
    game = new_game("open_skirmish")
    fig = next(f for f in game.state.figures.values() if f.on_table)
    item = {
        "aim": act.Aim(fig.id),
        "cover": act.TakeCover(fig.id),
        "end": act.EndActivation(fig.id),
    }
    tip = tooltip_for(game, fig, verb, [item[verb]])
    assert tip != describe.verb_label(verb) and "§" in tip and len(tip) > 40
