"""The defence overlays come from one registry (game/ui/defence.py): every entry
has its catalogue strings in both languages, and the window's toggle, the editor,
`main.py map` and the legends list exactly the registered overlays; a broken
registration stops with an error naming it."""

from __future__ import annotations

import argparse
import dataclasses

import pytest
from table_kit import scenario

from game.cli import map as map_command
from game.engine import Game
from game.i18n import languages, tr
from game.ui import defence
from game.ui.defence import OVERLAYS, DefenceOverlays, RegistryError, UnknownOverlay
from game.ui.editor.app import OVERLAY_KEYS
from game.ui.overlay_toggle import OverlayToggle


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("entry", OVERLAYS, ids=lambda o: o.name)
def test_every_overlay_has_its_catalogue_strings(entry: defence.Overlay, language: str) -> None:
    for key in (
        f"planner.overlay.{entry.name}",
        f"editor.defence.{entry.name}",
        f"editor.defence.{entry.name}_tip",
    ):
        assert tr(key, language=language).strip(), key


def test_the_window_the_editor_and_the_map_list_the_registered_overlays() -> None:
    names = [o.name for o in OVERLAYS]
    computed = [o.name for o in OVERLAYS if o.compute is not None]
    toggle = OverlayToggle({"heat": object()})
    assert toggle.modes() == [None, *computed, "heat"]
    assert OverlayToggle().modes() == [None, *computed]
    assert sorted(action[1] for action in OVERLAY_KEYS.values()) == sorted(names)
    parser = argparse.ArgumentParser()
    map_command.add_arguments(parser, "map")
    assert ",".join(names) in parser.format_help().replace("\n", "").replace(" ", "")


def test_each_overlay_draws_and_explains_itself() -> None:
    game = Game(scenario("refuge_horde"), seed=1)
    overlays = defence.compute_overlays(game, defence.COMPUTED)
    assert overlays.shown() == list(defence.COMPUTED)
    for name, value in overlays.items():
        assert defence.BY_NAME[name].legend(value, defence.Look()), name


def test_a_broken_registration_fails_loudly() -> None:
    fire = OVERLAYS[0]
    with pytest.raises(RegistryError, match="name given twice: fire"):
        defence.checked([*OVERLAYS, fire])
    with pytest.raises(RegistryError, match="key given twice"):
        defence.checked([*OVERLAYS, dataclasses.replace(fire, name="fog")])
    with pytest.raises(RegistryError, match="not one character: fog"):
        defence.checked([dataclasses.replace(fire, name="fog", key="F1")])
    with pytest.raises(UnknownOverlay, match="fog"):
        DefenceOverlays(fog=object())
