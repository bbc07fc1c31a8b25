"""Heat map from simulated raids (a tiny raid, a few games)."""

from __future__ import annotations

import numpy as np
import pytest
from overlay_kit import MINI_RAID

from game.overlays.heat import LAYERS
from game.overlays.heat_raids import HeatPoints, heat_map, simulate_heat, spec_for


def test_a_few_raids_place_points_on_the_board() -> None:
    spec = spec_for(MINI_RAID.read_text(), str(MINI_RAID))
    assert spec.ai == {"refuge": "balanced"}  # AI vs AI: the defenders play too
    seen: list[tuple[int, int]] = []
    heat = simulate_heat(spec, 3, seed=1, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert heat.games == 3
    assert sum(heat.outcomes.values()) == 3
    assert seen == [(1, 3), (2, 3), (3, 3)]
    everything = [p for name in LAYERS for p in heat.points[name]]
    assert everything, "shamblers fall or break the barricade in every raid"
    assert all(0 <= x <= 60 and 0 <= y <= 60 for x, y in everything)
    # Breaches lie on the barricade (y 30–31), the only structure.
    assert all(30 <= y <= 31 and 15 <= x <= 45 for x, y in heat.points["breaches"])
    grid = heat_map(heat, 60.0, 60.0)
    for name in LAYERS:
        assert grid.grids[name].shape == (60, 60)
        assert grid.grids[name].sum() == pytest.approx(len(heat.points[name]) / 3, rel=0.02)


def test_the_same_seed_gives_the_same_points() -> None:
    spec = spec_for(MINI_RAID.read_text(), str(MINI_RAID))
    a = simulate_heat(spec, 2, seed=5, workers=1)
    b = simulate_heat(spec, 2, seed=5, workers=2)
    assert a.points == b.points


def test_binning_puts_a_point_in_its_cell() -> None:
    heat = HeatPoints(2, {"attackers": [(10.5, 20.5)], "defenders": [], "breaches": []})
    grid = heat_map(heat, 40.0, 30.0, cell=1.0, blur=0.0)
    g = grid.grids["attackers"]
    assert g.shape == (30, 40)
    assert g[20, 10] == pytest.approx(0.5)  # one point over two games
    assert g.sum() == pytest.approx(0.5)
    assert grid.counts == {"attackers": 1, "defenders": 0, "breaches": 0}
    blurred = heat_map(heat, 40.0, 30.0).grids["attackers"]
    assert blurred.sum() == pytest.approx(0.5, rel=1e-3)
    assert np.unravel_index(np.argmax(blurred), blurred.shape) == (20, 10)
