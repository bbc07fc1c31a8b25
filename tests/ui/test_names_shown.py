"""Names, not ids, in the window: the tracker's packs and the AI's intent, the info
card, the entry dialog and the editor's labels — in English and German."""

from __future__ import annotations

from pathlib import Path

from panel_kit import fake_app, new_game, played

from game.i18n import count_text, set_language, tr
from game.ui.dialogs import entry_name
from game.ui.editor.document import Document
from game.ui.info import card_lines
from game.ui.tracker import TrackerPanel, unit_name

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _in_german(check: object) -> None:
    set_language("de")
    try:
        check()  # type: ignore[operator]
    finally:
        set_language("en")


def test_a_pack_is_named_by_its_make_up() -> None:
    game, _ = played("refuge_horde", actions=40)
    packs: dict[str, list] = {}
    for fig in game.state.figures.values():
        if fig.pack:
            packs.setdefault(fig.pack, []).append(fig)
    members = max(packs.values(), key=len)
    assert len(members) > 1
    profiles = {f.profile for f in members}
    text = unit_name(members)
    assert text.startswith(f"Pack of {len(members)} (")
    assert all(p in text for p in profiles)
    assert members[0].pack not in text
    assert unit_name(members[:1]) == members[0].name

    def german() -> None:
        assert unit_name(members).startswith(f"Rudel aus {len(members)} (")
        assert "Shambler" not in unit_name(members)

    _in_german(german)


def test_a_pack_of_several_profiles() -> None:
    game = new_game("refuge_horde")
    figs = [f for f in game.state.figures.values() if f.profile == "Militia"][:3]
    assert unit_name(figs) == "Pack of 3 (Militia ×3)"


def test_the_ai_intent_names_its_side_once() -> None:
    game, _ = played("open_skirmish", actions=20)
    app = fake_app(game)
    app.intent = ("raiders", "Die Margaretner Bande: moving to a firing position")
    lines = [t for _, t, _ in TrackerPanel(app).lines_for()]
    assert "AI: Die Margaretner Bande: moving to a firing position" in lines
    line = "Horde: closing in on Bruno"
    assert tr("cli.run.intent", side="horde", line=line) == "  » Horde: closing in on Bruno"


def test_the_info_card_in_each_language() -> None:
    game = new_game("refuge_horde")
    militia, bruno = game.state.figures["militia-1"], game.state.figures["bruno"]
    assert card_lines(game, bruno, "cm")[1][0] == "Bruno · Warrior [Krieger] · Die Zuflucht"
    assert card_lines(game, militia, "cm")[0][0] == "Militia 1 [Miliz]"

    def german() -> None:
        assert card_lines(game, bruno, "cm")[1][0] == "Bruno · Krieger · Die Zuflucht"
        assert card_lines(game, militia, "cm")[:2] == [
            ("Miliz 1", True),
            ("Miliz · Die Zuflucht", False),
        ]

    _in_german(german)


def test_the_entry_dialog_names_the_zones() -> None:
    game = new_game("refuge_horde")
    assert entry_name(game, "guertel-east") == "Gürtel"
    assert entry_name(game, "somewhere-else") == "Somewhere else"


def test_the_editor_names_sides_and_the_key_point() -> None:
    doc = Document.load(SCENARIOS / "refuge_horde.toml")
    deploy = next(i for i in doc.zones() if i.what == "deploy")
    assert deploy.label == "Die Zuflucht"
    entries = [i.label for i in doc.zones() if i.what == "entry"]
    assert entries == ["Thaliastraße", "Gürtel", "Brauerei"]
    assert doc.module_label("shelter") == "Shelter"
    assert doc.module_label("barricade-n") == "Barricade (north)"
    assert tr("editor.table.deploy", side=deploy.label) == "Deploy: Die Zuflucht"

    def german() -> None:
        assert doc.module_label("barricade-n") == "Barrikade (Nord)"

    _in_german(german)


def test_heat_map_counts_take_the_right_number() -> None:
    assert count_text("planner.raids", 1) == "1 raid"
    assert count_text("planner.raids", 3) == "3 raids"
    assert count_text("planner.in_raids", 1, language="de") == "in 1 Überfall"
    legend = tr("planner.legend.heat_defenders", n=1, in_raids=count_text("planner.in_raids", 1))
    assert legend == "Defenders fell: 1 in 1 raid"


def test_the_table_labels_entries_figures_and_lost_modules_by_name() -> None:
    from game.naming import local_figure_name, local_name
    from game.ui.app import entry_zones
    from game.ui.endscreen import module_name

    game = new_game("refuge_horde")
    assert {e.name for e in entry_zones(game)} == {"Thaliastraße", "Gürtel", "Brauerei"}
    gate = next(p.id for p in game.state.board if p.kind.value == "gate")
    assert module_name(game, gate) == "gate [Tor]"
    assert local_figure_name("Shambler 3", "de") == "Schlurfer 3"
    assert local_name("weapon", "Minefield", "de") == "Minenfeld"
    assert local_name("weapon", "Minefield", "en") == "Minefield"
