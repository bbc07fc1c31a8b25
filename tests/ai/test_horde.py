"""`ai:horde` in small scenes: goals in order, breaking in, fire, shared fields."""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point, Polygon

from ai.fields import field_cache
from ai.horde import HordeAI
from ai.pack import plan_pack
from game import actions as act
from game.engine import Game
from game.play import noise
from game.state import Presence
from tests.ai.kit import drive_to, scene

SHELTER = ("shelter", "shelter", [(30, 10), (50, 10), (50, 25), (30, 25)])
# A ring of walls around the shelter, shut by a barricade in the north side.
RING = [
    ("wall-w", "wall", [(25, 5), (26, 5), (26, 35), (25, 35)]),
    ("wall-e", "wall", [(54, 5), (55, 5), (55, 35), (54, 35)]),
    ("wall-s", "wall", [(25, 5), (55, 5), (55, 6), (25, 6)]),
    ("wall-n1", "wall", [(25, 34), (36, 34), (36, 35), (25, 35)]),
    ("wall-n2", "wall", [(44, 34), (55, 34), (55, 35), (44, 35)]),
]
BARRICADE = ("barricade", "barricade", [(36, 34), (44, 34), (44, 35), (36, 35)])
HIDE = [  # Bruno's corner: nobody outside sees him
    ("hide-e", "building", [(8, 0), (12, 0), (12, 16), (8, 16)]),
    ("hide-n", "building", [(0, 12), (8, 12), (8, 16), (0, 16)]),
]


PACKS = {"horde_pack_activation": True}
"""The knob that lets a pack activate as one (off by default, docs/RULES.md §3)."""


def horde_scene(shamblers: list[tuple[str, float, float]], *, ring: bool = True, **kw: object):  # type: ignore[no-untyped-def]
    figures = [("a", "bruno", "Bruno", 4, 5)] + [
        ("b", i, "Shambler", x, y) for i, x, y in shamblers
    ]
    terrain = [*RING, *HIDE] if ring else HIDE
    modules = [SHELTER, BARRICADE] if ring else [SHELTER]
    return scene(
        figures,
        terrain=terrain,
        modules=modules,
        raid="infected",
        key_point="shelter",
        controllers=("human", "ai:horde"),
        **kw,  # type: ignore[arg-type]
    )


def test_with_nothing_seen_or_heard_it_runs_for_the_shelter() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 60)], ring=False), seed=1), "z1")
    choice = HordeAI().choose(game)
    assert isinstance(choice, act.Run)
    shelter = Polygon(SHELTER[2])
    before = shelter.distance(Point(70, 60))
    assert shelter.distance(Point(choice.to)) < before - 20.0  # most of 25 cm gained


def test_a_living_figure_in_sight_comes_first() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 45)], ring=False), seed=1), "z1")
    bruno = game.state.figures["bruno"]
    bruno.x, bruno.y = 70.0, 72.0  # the shelter is farther than a Run: the living first
    ai = HordeAI()
    choice = ai.choose(game)
    assert isinstance(choice, act.Run) and choice.to[1] > 60.0
    assert ai.intent(game) == "Horde: closing in on Bruno"


def test_noise_draws_it_when_nothing_is_seen() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 60)], ring=False), seed=1), "z1")
    noise.make_noise(game, "firearm", (70.0, 20.0), None)
    ai = HordeAI()
    choice = ai.choose(game)
    assert isinstance(choice, act.Run) and choice.to[1] < 40.0
    assert ai.intent(game) == "Horde: drawn by gunfire at the east side"


def test_it_charges_a_figure_within_reach_and_strikes_in_contact() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 40)], ring=False), seed=1), "z1")
    bruno = game.state.figures["bruno"]
    bruno.x, bruno.y = 70.0, 48.0
    assert HordeAI().choose(game) == act.Charge("z1", "bruno", "Claws")
    bruno.y = 42.6
    assert HordeAI().choose(game) == act.Attack("z1", "bruno", "Claws")


def test_it_breaks_the_barricade_that_shuts_the_way() -> None:
    game = drive_to(Game(horde_scene([("z1", 40, 36.4)]), seed=1), "z1")
    assert HordeAI().choose(game) == act.Attack("z1", "barricade", "Claws")


def test_it_walks_up_to_the_barricade_then_strikes() -> None:
    game = drive_to(Game(horde_scene([("z1", 40, 44)]), seed=1), "z1")
    ai = HordeAI()
    first = ai.choose(game)
    assert isinstance(first, act.Move)  # not a Run: the barricade is within a Move
    game.apply(first)
    assert ai.choose(game) == act.Attack("z1", "barricade", "Claws")


def test_it_goes_around_a_burning_zone() -> None:
    fire = ("fire", "burning", [(30, 40), (50, 40), (50, 50), (30, 50)])
    sc = horde_scene([("z1", 40, 60)], ring=False)
    game = Game(sc, seed=1)
    game.state.board.add_zone("burning", Polygon(fire[2]), expires_round=5, piece_id="fire")
    drive_to(game, "z1")
    choice = HordeAI().choose(game)
    assert isinstance(choice, act.Run | act.Move)
    path = LineString([(40, 60), choice.to])
    assert not path.intersects(Polygon(fire[2]))
    assert not Polygon(fire[2]).contains(Point(choice.to))


def test_a_pack_shares_one_field_per_goal() -> None:
    shamblers = [(f"z{i}", 60.0 + 3.0 * (i % 5), 60.0 + 3.0 * (i // 5)) for i in range(10)]
    game = Game(horde_scene(shamblers, ring=False), seed=1, knobs=PACKS)
    for fid, _, _ in shamblers:  # one pack, as a wave would be
        game.state.figures[fid].pack = "pack-1"
    drive_to(game, "z0")
    ai = HordeAI()
    cache = field_cache(game)
    before = cache.built
    for _ in range(10):
        pending = game.pending()
        assert pending is not None and pending.kind == "act"
        game.apply(ai.choose(game))
    assert cache.built - before <= 1  # every member read the same shelter field


def test_the_pack_plan_orders_the_front_first() -> None:
    game = Game(horde_scene([("z1", 70, 60), ("z2", 60, 40)], ring=False), seed=1)
    members = [game.state.figures["z1"], game.state.figures["z2"]]
    plan = plan_pack(game, members, ("test",))
    assert plan.order == ["z2", "z1"]
    assert all(a.goal == "shelter" for a in plan.aims.values())


def test_it_never_takes_cover() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 60), ("z2", 70, 65)]), seed=3), "z1")
    ai = HordeAI()
    for _ in range(60):
        pending = game.pending()
        if pending is None:
            break
        if pending.side == "b":
            action = ai.choose(game)
            assert not isinstance(action, act.TakeCover)
        else:
            action = _pass(pending)
        game.apply(action)
    assert any(f.presence is Presence.TABLE for f in game.state.figures.values())


def _pass(pending):  # type: ignore[no-untyped-def]
    if pending.kind == "choose_first":
        return act.ChooseFirst(pending.side, pending.data["sides"][0])
    if pending.kind == "activate":
        return act.Activate(pending.figures[0])
    return act.EndActivation(pending.figures[0])


def test_distances_are_sane() -> None:
    assert math.isclose(Polygon(SHELTER[2]).area, 300.0)


def test_a_front_runner_waits_for_its_pack_when_herding() -> None:
    shamblers = [("z0", 40, 34), ("z1", 20, 76), ("z2", 40, 76), ("z3", 60, 76)]
    game = Game(horde_scene(shamblers, ring=False), seed=1, knobs=PACKS)
    for fid, _, _ in shamblers:
        game.state.figures[fid].pack = "pack-1"
    drive_to(game, "z0")
    keen = HordeAI("balanced", herding=1.0).choose(game)
    loose = HordeAI("balanced", herding=0.0).choose(game)
    assert isinstance(keen, act.Move) and keen.figure == "z0"  # walks: the pack is far behind
    assert isinstance(loose, act.Run) and loose.figure == "z0"


def test_horde_decisions_never_draw_the_games_dice() -> None:
    game = drive_to(Game(horde_scene([("z1", 70, 60)], ring=False), seed=5), "z1")
    before = dict(game.dice.rng.bit_generator.state)
    picks = {str(HordeAI().choose(game)) for _ in range(2)}
    assert game.dice.rng.bit_generator.state == before and len(picks) == 1
