"""Move, Run and the engine's view of bases (RULES.md §1.4, §4, §10)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from movement_kit import FakeCombat, activate, install_fake, rect, scenario, start

from game.actions import EndActivation, IllegalAction, Move, Run
from game.engine import ActionTemplate, Game
from game.narration import narrate
from game.play import space
from game.play.movement import Moved, legal
from game.play.noise import NoiseMade
from game.play.space import Pushed


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeCombat:
    return install_fake(monkeypatch)


def moved(events: list[object]) -> list[Moved]:
    return [e for e in events if isinstance(e, Moved)]


def test_move_around_a_wall_has_the_analytic_length() -> None:
    # A wall x 29..31, y 15..45; the Runner (move 20) goes from (25, 20) to (35, 20)
    # below it: tangent to the corner circle (r = 1.25 around (29, 15)), around the
    # arc, 2 cm along the bottom, and the mirror image.
    scen = scenario(
        [("a", "runner", "Runner", 25, 20), ("b", "r1", "Raider", 5, 55)],
        [("wall", "wall", rect(29, 15, 31, 45))],
    )
    game = start(scen)
    activate(game, "runner")
    events = game.apply(Move("runner", (35.0, 20.0)))
    r = 1.25
    d = math.dist((25, 20), (29, 15))
    tangent = math.sqrt(d * d - r * r)
    phi = math.atan2(20 - 15, 25 - 29)
    touch = phi + math.acos(r / d)  # the tangent point on the lower left
    sweep = 1.5 * math.pi - touch
    analytic = 2 * (tangent + r * sweep) + 2.0
    [leg] = moved(events)
    assert leg.length_cm == pytest.approx(analytic, rel=5e-3)
    assert leg.length_cm >= analytic - 1e-6  # never cuts a corner
    assert leg.cost_cm == pytest.approx(leg.length_cm)
    assert leg.until == "destination" and leg.allowance == 20.0
    fig = game.state.figures["runner"]
    assert fig.pos == (35.0, 20.0)
    assert fig.facing == pytest.approx(
        math.degrees(math.atan2(*reversed(np.subtract(leg.points[-1], leg.points[-2])))) % 360
    )
    assert space.overlap_problems(game) == []
    assert "moves" in narrate(leg) and "arrived" in narrate(leg)


def test_a_move_beyond_the_allowance_stops_where_it_runs_out() -> None:
    scen = scenario([("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)])
    game = start(scen)
    activate(game, "mira")
    [leg] = moved(game.apply(Move("mira", (50.0, 30.0))))
    assert leg.end == pytest.approx((25.0, 30.0))  # Mira's move is 15 cm
    assert (leg.length_cm, leg.cost_cm, leg.spent_cm) == pytest.approx((15.0, 15.0, 15.0))
    assert leg.until == "allowance"
    assert game.state.figures["mira"].facing == pytest.approx(0.0)
    assert game.state.spent["mira"] == ["move"]


def test_difficult_ground_halves_the_distance() -> None:
    scen = scenario(
        [("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)],
        [("rubble", "rubble", rect(5, 0.5, 58, 59.5))],
    )
    game = start(scen)
    activate(game, "mira")
    [leg] = moved(game.apply(Move("mira", (50.0, 30.0))))
    assert leg.end == pytest.approx((17.5, 30.0))
    assert leg.length_cm == pytest.approx(7.5)
    assert leg.cost_cm == pytest.approx(15.0)
    assert "difficult ground" in narrate(leg)


def test_partly_difficult_ground_costs_double_only_inside() -> None:
    # 5 cm of open ground, then rubble from x = 15: 5 + 2 × 5 = 15 → stops at x = 20.
    scen = scenario(
        [("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)],
        [("rubble", "rubble", rect(15, 0.5, 58, 59.5))],
    )
    game = start(scen)
    activate(game, "mira")
    [leg] = moved(game.apply(Move("mira", (50.0, 30.0))))
    assert leg.end == pytest.approx((20.0, 30.0))
    assert (leg.length_cm, leg.cost_cm) == pytest.approx((10.0, 15.0))


def test_run_goes_farther_and_leaves_a_noise_marker() -> None:
    scen = scenario([("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)])
    game = start(scen)
    activate(game, "mira")
    events = game.apply(Run("mira", (55.0, 30.0)))
    [leg] = moved(events)
    assert leg.mode == "run" and leg.allowance == 30.0
    assert leg.end == pytest.approx((40.0, 30.0))
    [noise] = [e for e in events if isinstance(e, NoiseMade)]
    assert (noise.source, noise.radius) == ("run", 10.0)
    assert (noise.x, noise.y) == pytest.approx((40.0, 30.0))
    marker = game.state.noise[-1]
    assert (marker.source, marker.figure, marker.round) == ("run", "mira", 1)
    mira = game.state.figures["mira"]
    assert mira.ran_round == 1
    assert game.state.spent["mira"] == ["run"]
    pending = game.pending()  # both actions used: the activation is over
    assert pending is not None and (pending.kind, pending.side) == ("activate", "b")


def test_illegal_destinations_name_the_reason_and_change_nothing() -> None:
    scen = scenario(
        [("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)],
        [
            ("wall", "wall", rect(20, 20, 22, 40)),
            ("box", "building", [(40, 5), (50, 5), (50, 15), (40, 15)]),
        ],
    )
    game = start(scen)
    activate(game, "mira")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="overlaps solid terrain"):
        game.apply(Move("mira", (21.0, 30.0)))
    with pytest.raises(IllegalAction, match="off the table"):
        game.apply(Move("mira", (70.0, 30.0)))
    with pytest.raises(IllegalAction, match="overlaps another base"):
        game.apply(Move("mira", (55.0, 55.0)))
    with pytest.raises(IllegalAction, match="would not move"):
        game.apply(Move("mira", (10.0, 30.0)))
    with pytest.raises(IllegalAction, match="not finite"):
        game.apply(Move("mira", (math.nan, 30.0)))
    assert game.to_dict() == before


def test_an_enclosed_point_is_unreachable() -> None:
    walls = [
        ("n", "wall", rect(30, 40, 50, 42)),
        ("s", "wall", rect(30, 20, 50, 22)),
        ("w", "wall", rect(30, 20, 32, 42)),
        ("e", "wall", rect(48, 20, 50, 42)),
    ]
    scen = scenario([("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)], walls)
    game = start(scen)
    activate(game, "mira")
    with pytest.raises(IllegalAction, match="no way through"):
        game.apply(Move("mira", (40.0, 31.0)))


def test_no_repeats_and_no_run_after_move() -> None:
    scen = scenario([("a", "mira", "Mira", 10, 30), ("b", "r1", "Raider", 55, 55)])
    game = start(scen)
    activate(game, "mira")
    game.apply(Move("mira", (15.0, 30.0)))
    with pytest.raises(IllegalAction, match="already took move"):
        game.apply(Move("mira", (20.0, 30.0)))
    with pytest.raises(IllegalAction, match="costs 2 actions"):
        game.apply(Run("mira", (20.0, 30.0)))


def test_bases_never_overlap_after_random_moves_and_pushes(fake: FakeCombat) -> None:
    figures = [
        ("a", "mira", "Mira", 10, 10),
        ("a", "bruno", "Bruno", 14, 10),
        ("a", "jonas", "Jonas", 18, 10),
        ("b", "r1", "Raider", 10, 50),
        ("b", "r2", "Raider", 14, 50),
        ("b", "brute", "Brute", 20, 50),
    ]
    terrain = [
        ("wall", "wall", rect(25, 25, 35, 27)),
        ("crates", "crates", rect(10, 28, 16, 34)),
        ("wreck", "wreck", rect(40, 35, 46, 39)),
    ]
    game = Game(scenario(figures, terrain), seed=3)
    rng = np.random.default_rng(7)
    moves = pushes = 0
    for _ in range(60):
        pending = game.pending()
        assert pending is not None
        if pending.kind == "choose_first":
            game.apply(game.legal_actions()[0])  # type: ignore[arg-type]
            continue
        if pending.kind == "activate":
            activate(game, pending.figures[int(rng.integers(len(pending.figures)))])
            continue
        fid = pending.figures[0]
        fig = game.state.figures[fid]
        for _attempt in range(5):
            goal = (float(rng.uniform(0, 60)), float(rng.uniform(0, 60)))
            kind = Run if rng.uniform() < 0.3 else Move
            try:
                events = game.apply(kind(fid, goal))
            except IllegalAction:
                continue
            moves += 1
            for leg in moved(events):
                assert leg.spent_cm <= leg.allowance + 1e-6
            break
        assert space.overlap_problems(game) == []
        angle = float(rng.uniform(0, 2 * math.pi))
        pushed = space.push(game, fig, (math.cos(angle), math.sin(angle)), 6.0)
        pushes += len(pushed)
        assert space.overlap_problems(game) == []
        if game.pending() is not None and game.state.active:
            game.apply(EndActivation(fid))
    assert moves > 15 and pushes > 15


def test_push_stops_at_terrain_at_bases_and_goes_full_length_in_the_open() -> None:
    scen = scenario(
        [
            ("a", "mira", "Mira", 10, 30),
            ("a", "bruno", "Bruno", 30, 10),
            ("b", "r1", "Raider", 36, 10),
            ("b", "r2", "Raider", 50, 50),
        ],
        [("wall", "wall", rect(14, 20, 16, 40))],
    )
    game = start(scen)
    st = game.state
    [e] = space.push(game, st.figures["mira"], (1.0, 0.0), 3.0)
    assert isinstance(e, Pushed) and e.stopped_by == "terrain"
    assert st.figures["mira"].x == pytest.approx(14 - 1.25, abs=0.02)  # against the wall
    assert st.figures["mira"].x <= 14 - 1.25 + 1e-6
    [e] = space.push(game, st.figures["bruno"], (1.0, 0.0), 5.0)
    assert e.stopped_by == "r1" and e.distance == pytest.approx(3.5, abs=1e-3)
    assert space.gap(st.figures["bruno"], st.figures["r1"]) == pytest.approx(0.0, abs=1e-3)
    [e] = space.push(game, st.figures["r2"], (0.0, -1.0), 3.0)
    assert e.stopped_by == "" and st.figures["r2"].pos == pytest.approx((50.0, 47.0))
    [e] = space.push(game, st.figures["r2"], (1.0, 0.0), 30.0)
    assert e.stopped_by == "table edge" and st.figures["r2"].x == pytest.approx(60 - 1.25)
    assert "table edge" in narrate(e)
    assert space.overlap_problems(game) == []


def test_legal_offers_move_and_run_templates_with_allowances() -> None:
    scen = scenario([("a", "jonas", "Jonas", 10, 30), ("b", "r1", "Raider", 55, 55)])
    game = start(scen)
    activate(game, "jonas")
    offered = [a for a in legal(game, game.state.figures["jonas"]) if isinstance(a, ActionTemplate)]
    by_verb = {a.verb: a.limits for a in offered}
    assert by_verb["move"] == {"allowance": 12.0}  # heavy armour: 15 − 3
    assert by_verb["run"] == {"allowance": 27.0}
    assert by_verb["overwatch"] == {"max_angle": 90.0, "max_radius": 60.0}  # pistol 30 × 2
    all_legal = game.legal_actions()
    assert any(isinstance(a, ActionTemplate) and a.verb == "move" for a in all_legal)


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_movement_event_explains_itself(language: str) -> None:
    from game.play.movement import (
        ChargeBroken,
        Charged,
        EnteredBurning,
        FreeAttack,
        MinefieldTriggered,
        MoveHalted,
    )
    from game.play.overwatch import OverwatchDeclared, OverwatchTriggered

    events = [
        Moved("mira", "run", (1, 2), (3, 4), ((1, 2), (3, 4)), 2.8, 5.6, 30.0, 5.6, "allowance"),
        MoveHalted("mira", (3, 4), "suppressed"),
        FreeAttack("r1", "mira", "Knife"),
        Charged("katz", "r1", "Fire axe", 9.25),
        ChargeBroken("katz", "r1", "target_down"),
        EnteredBurning("mira", "burning-1", (10, 24)),
        MinefieldTriggered("r1", "mines", (10, 25)),
        Pushed("r1", (1, 2), (4, 2), 3.0, 3.0, ""),
        Pushed("r1", (1, 2), (2, 2), 3.0, 1.0, "table edge"),
        OverwatchDeclared("mira", 90.0, 60.0, 100.0, "Hunting rifle"),
        OverwatchTriggered("mira", "r1", (12.7, 40), 7.7, 34.7, "Hunting rifle"),
    ]
    for mode in ("move", "charge"):
        for until in ("destination", "contact", "overwatch", "burning", "minefield"):
            events.append(Moved("m", mode, (0, 0), (1, 0), ((0, 0), (1, 0)), 1, 1, 15, 1, until))
    for reason in ("fell", "pushed"):
        events.append(MoveHalted("m", (0, 0), reason))
    for why in ("halted", "no_contact"):
        events.append(ChargeBroken("m", "t", why))
    events.append(Pushed("r1", (1, 2), (2, 2), 3.0, 1.0, "terrain"))
    events.append(Pushed("r1", (1, 2), (2, 2), 3.0, 1.0, "mira"))
    for event in events:
        text = narrate(event, language)
        assert event.section in text and "{" not in text
