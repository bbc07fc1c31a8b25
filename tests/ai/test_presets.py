"""Sliders and presets (ai/presets.toml), the scenario's `ai` table and the registry."""

from __future__ import annotations

import pytest

import ai
from ai.horde import HordeAI
from ai.presets import SLIDER_NAMES, preset_names, presets, sliders, sliders_from_table
from ai.tactical import TacticalAI
from game.scenario import ScenarioError
from tests.ai.kit import scene


def test_the_presets_differ_where_their_names_say() -> None:
    table = presets()
    assert preset_names()[:3] == ["balanced", "cautious", "reckless"]
    calm, wild = table["cautious"], table["reckless"]
    assert calm.self_preservation > wild.self_preservation
    assert wild.aggression > calm.aggression and wild.bravery > calm.bravery
    for preset in table.values():
        assert all(0.0 <= getattr(preset, name) <= 1.0 for name in SLIDER_NAMES)


def test_sliders_override_a_preset_and_bad_names_are_named() -> None:
    mixed = sliders("cautious", aggression=0.8)
    assert (mixed.preset, mixed.aggression) == ("cautious", 0.8)
    assert mixed.self_preservation == presets()["cautious"].self_preservation
    assert sliders().preset == "balanced"
    with pytest.raises(ValueError, match=r"preset 'brave'.*balanced, cautious, reckless"):
        sliders("brave")
    with pytest.raises(ValueError, match=r"unknown AI slider.*courage"):
        sliders("balanced", courage=0.5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        sliders("balanced", herding=1.5)
    assert sliders_from_table(None) == sliders()
    assert sliders_from_table({"preset": "reckless", "herding": 0.0}).herding == 0.0


def test_a_scenario_side_takes_an_ai_table() -> None:
    figures = [("a", "bruno", "Bruno", 30, 60), ("b", "r1", "Raider", 30, 30)]
    sc = scene(figures, ai='{ preset = "reckless", bravery = 0.2 }')
    spec = next(s for s in sc.side if s.id == "b")
    assert spec.ai is not None and spec.ai.preset == "reckless" and spec.ai.bravery == 0.2
    with pytest.raises(ScenarioError, match=r"side\[1\]\.ai\.aggression"):
        scene(figures, ai="{ aggression = 2.0 }")
    with pytest.raises(ScenarioError, match=r"side\[1\]\.ai"):
        scene(figures, ai="{ courage = 0.5 }")


def test_the_registry_gives_each_controller_its_ai() -> None:
    assert isinstance(ai.controller_for("ai:tactical"), TacticalAI)
    assert isinstance(ai.controller_for("ai:horde"), HordeAI)
    assert isinstance(ai.controller_for("human"), TacticalAI)  # headless: the AI plays it
    autoplay = ai.controller_for("human", preset="cautious")
    assert isinstance(autoplay, TacticalAI)
    assert ai.presets_for("ai:tactical") == preset_names()
    assert ai.presets_for("ai:horde") == preset_names()
    with pytest.raises(ValueError, match="unknown AI preset"):
        ai.controller_for("ai:horde", preset="brave")
    with pytest.raises(ValueError, match="unknown controller"):
        ai.presets_for("ai:chess")
